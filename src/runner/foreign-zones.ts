// The notice a run prints once, before any spec, when it works in zones it does not own (a zone
// API target without a control API): what it creates, what may remain, which quotas it uses and
// what it changes, zone by zone, as the config's `allow` lists let it (core/zone-safety.ts).

import type { Suite } from '../catalog/suites.js';
import type { ZoneAllowance } from '../../requirements/declarations.js';
import { EFFECT_MEANING } from '../core/zone-safety.js';
import type { ZoneApiTarget } from '../spec-kit/target.js';

/** The notice's lines (each to be printed as is), or none for a target whose zones the run creates. */
export function foreignZoneNotice(target: ZoneApiTarget, suite: Suite): string[] {
  if (target.controlUrl !== undefined || !suite.zoneSafety) return [];
  const zones = Object.entries(target.settings.zones ?? {}).map(([plan, zone]) => ({ plan, ...zone }));
  const label = (z: { plan: string; name: string }) => `zones.${z.plan} (${z.name})`;
  const allowing = (effect: ZoneAllowance) => zones.filter((z) => z.allow?.includes(effect)).map(label);
  const where = (effect: ZoneAllowance, none: string) => {
    const named = allowing(effect);
    return named.length === 0 ? `${none} (no zone allows '${effect}')` : `in ${named.join(', ')}: ${effect === 'undeletable-objects' ? suite.zoneSafety!.leftovers.map((l) => l.what).join('; ') : EFFECT_MEANING[effect]}`;
  };
  const lines = [
    `${target.name} has no control API: the run works in zones it does not own: ${zones.length === 0 ? 'none given (zones in specgate.config.ts)' : zones.map(label).join(', ')}`,
    `  it creates, and deletes when each spec ends: ${suite.zoneSafety.marked.join('; ')}`,
    `  what may remain: ${where('undeletable-objects', 'nothing')}`,
    `  quotas it uses: ${where('cert-quota', 'none')}`,
    `  zone-wide settings it changes: ${where('zone-settings', 'none')}`,
    '  never: the WAF migration (one-way), accounts (the API cannot delete one); specs that need what a zone does not allow are skipped with the reason',
  ];
  return lines.map((line) => `specgate: ${line}`);
}

