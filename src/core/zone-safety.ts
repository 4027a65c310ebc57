// What a run may do to zones it does not own. Without a control API the zones are the target's own
// (specgate.config.ts `zones`: a staging or production deployment's), so every request that would
// change zone-wide state, use up a shared quota, leave an object the API cannot delete, or start a
// one-way transition is held back, and its spec is skipped with the reason, unless the user allowed
// that effect for that zone (`zones.<plan>.allow`). A suite lists those requests as data
// (requirements/zone-api/zone-safety.ts), as it lists the collections it cleans up (cleanup.ts).

import type { GuardedRequest, ZoneAllowance, ZoneEffect } from '../../requirements/declarations.js';

/** What a guarded request would do, and in which zone (none: the account's, e.g. a new account). */
export interface GuardedEffect { effect: ZoneEffect; what: string; zoneId?: string }

/** The guarded request `method path` (with its body and query) is, or undefined. */
export function guardedEffect(guarded: readonly GuardedRequest[], method: string, pathAndQuery: string, body: unknown): GuardedEffect | undefined {
  const [path = '', query = ''] = pathAndQuery.split('?', 2);
  const hit = guarded.find((g) => g.method === method.toUpperCase() && g.path.test(path) && (g.when?.({ body, query: new URLSearchParams(query) }) ?? true));
  if (!hit) return undefined;
  const zoneId = /^\/zones\/([^/]+)/.exec(path)?.[1];
  return { effect: hit.effect, what: hit.what, ...(zoneId !== undefined && { zoneId: decodeURIComponent(zoneId) }) };
}

/** A zone the run does not own, as the guard sees it: its plan, name and what its owner allowed. */
export interface ForeignZone { plan: string; id: string; name: string; allow?: readonly ZoneAllowance[] }

/**
 * Why a guarded request may not go to a zone the run does not own, or undefined when it may (its
 * effect allowed there). A zone the config does not name allows nothing.
 */
export function refusal(hit: GuardedEffect, zones: readonly ForeignZone[]): string | undefined {
  const zone = zones.find((z) => z.id === hit.zoneId);
  const where = zone ? `zone ${zone.name} (zones.${zone.plan})` : hit.zoneId !== undefined ? `zone ${hit.zoneId}` : 'the target\'s account';
  switch (hit.effect) {
    case 'waf-migration':
      return `not run in ${where}, which the run does not own: it ${hit.what}, which is one-way and is never started in a zone the run did not create (a target with a control API lets the run create its own)`;
    case 'accounts':
      return `not run on a target without a control API: it ${hit.what} (the target's accounts are its owner's)`;
    default:
      if (zone?.allow?.includes(hit.effect)) return undefined;
      return `not run in ${where}, which the run does not own: it ${hit.what}; to allow it there, add '${hit.effect}' to zones.${zone?.plan ?? '<plan>'}.allow in specgate.config.ts`;
  }
}

/** What each allowable effect means for the zone's owner (the pre-run notice). */
export const EFFECT_MEANING: Record<ZoneAllowance, string> = {
  'zone-settings': 'changes a zone-wide setting, which other traffic of the zone sees while it lasts',
  'cert-quota': 'uses the zone\'s certificate issuance quota (15 a minute by default; 30 s without new certificates once exceeded)',
  'undeletable-objects': 'leaves an object the API refuses to delete',
};
