// Whether a zone can be migrated by its user: compatibility (URI overrides), phase-one
// eligibility, and the limits beyond which only support can migrate it.

import type { LegacyWafState } from './model.js';

export const MAX_MIGRATED_FIREWALL_RULES = 200;
export const MAX_MIGRATED_EXPRESSION_BYTES = 4096;

export type Phase = 'one' | 'two';

export interface Obstacle {
  /** needs_support: the limits; the user cannot fix it through the API. */
  kind: 'incompatible' | 'ineligible' | 'needs_support';
  message: string;
}

function overrideObstacles(uriOverrides: number): Obstacle[] {
  return uriOverrides === 0 ? [] : [{
    kind: 'incompatible',
    message: `The zone has ${uriOverrides} URI-based WAF override(s); delete them with the delete-WAF-override operation before migrating`,
  }];
}

/** Phase one admits only simple zones; phase two admits every zone, partner accounts included. */
function phaseOneObstacles(state: LegacyWafState): Obstacle[] {
  const found: string[] = [];
  if (state.partner_account) found.push('the zone belongs to a partner account');
  if (state.enabled && state.core_ruleset_enabled) found.push('the open web-application core rule set is enabled');
  if (state.firewall_rules.length > 0) found.push('firewall rules bypass WAF managed rules');
  if (state.page_rules.length > 0) found.push('page rules enable, disable or bypass WAF');
  return found.map((why) => ({ kind: 'ineligible', message: `Not eligible in phase one: ${why}; use phase_two=1` }));
}

function limitObstacles(state: LegacyWafState): Obstacle[] {
  const found: Obstacle[] = [];
  const count = state.firewall_rules.length;
  if (count > MAX_MIGRATED_FIREWALL_RULES) {
    found.push({ kind: 'needs_support', message: `The zone has ${count} firewall rules to migrate, more than ${MAX_MIGRATED_FIREWALL_RULES}: it cannot be migrated by the user; contact support` });
  }
  const long = state.firewall_rules.filter((r) => Buffer.byteLength(r.expression) > MAX_MIGRATED_EXPRESSION_BYTES);
  if (long.length > 0) {
    found.push({ kind: 'needs_support', message: `Firewall rule expression longer than ${MAX_MIGRATED_EXPRESSION_BYTES} bytes (rule ${long[0]!.id}): the zone cannot be migrated by the user; contact support` });
  }
  return found;
}

/** Everything standing between the zone and its migration in that phase; empty when compatible. */
export function migrationObstacles(state: LegacyWafState, uriOverrides: number, phase: Phase): Obstacle[] {
  return [
    ...overrideObstacles(uriOverrides),
    ...(phase === 'one' ? phaseOneObstacles(state) : []),
    ...limitObstacles(state),
  ];
}
