// Zones: their table on the reference's database (zone-api/store.ts), and what a new zone of each
// plan starts with. A zone is what the control API creates and shows (contract/control.ts); its
// certificate issuance limit, a column of the same table, is read by the custom hostnames; its own
// clock, another column, by zones/clocks.ts.

import type { ControlZone } from '../../../contract/control.js';
import type { ClockState } from '../../clock.js';
import type { Store } from '../store.js';
import { newId } from '../store.js';

/** A zone as the control API shows it, without its certificate issuance limit (kept apart, below). */
export type Zone = Omit<ControlZone, 'certificate_rate_limit'>;

/** The rule quota and features of a new zone, by plan (the control API may set others). */
export const DEFAULTS_BY_PLAN = {
  free: { rule_quota: 5, features: [] as string[] },
  pro: { rule_quota: 20, features: [] as string[] },
  business: { rule_quota: 100, features: [] as string[] },
  enterprise: { rule_quota: 1000, features: ['firewall_rules.log_action'] },
} as const;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS zones (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
    plan TEXT NOT NULL, rule_quota INTEGER NOT NULL, features TEXT NOT NULL);
`;

export class ZoneStore {
  constructor(private readonly store: Store) {
    store.db.exec(SCHEMA);
    store.addColumnIfMissing('zones', 'certificate_rate_limit', 'INTEGER');
    store.addColumnIfMissing('zones', 'clock', 'TEXT');
    // Deletes the zones' DNS records and settings with them (ON DELETE CASCADE).
    store.onReset(() => store.db.exec('DELETE FROM zones;'));
  }

  create(zone: Omit<Zone, 'id'>): Zone {
    const created = { id: newId(), ...zone };
    this.store.prepare('INSERT INTO zones (id, name, plan, rule_quota, features) VALUES (?, ?, ?, ?, ?)')
      .run(created.id, created.name, created.plan, created.rule_quota, JSON.stringify(created.features));
    return created;
  }

  get(id: string): Zone | undefined {
    const row = this.store.prepare('SELECT id, name, plan, rule_quota, features FROM zones WHERE id = ?').get(id) as
      (Omit<Zone, 'features'> & { features: string }) | undefined;
    return row && { ...row, features: JSON.parse(row.features) as string[] };
  }

  update(zone: Zone): void {
    this.store.prepare('UPDATE zones SET name = ?, plan = ?, rule_quota = ?, features = ? WHERE id = ?')
      .run(zone.name, zone.plan, zone.rule_quota, JSON.stringify(zone.features), zone.id);
  }

  /** The oldest zone. */
  first(): Zone | undefined {
    const row = this.store.prepare('SELECT id FROM zones ORDER BY seq LIMIT 1').get() as { id: string } | undefined;
    return row && this.get(row.id);
  }

  /** The zone's own certificate issuance limit; null when it uses the default. */
  getCertificateRateLimit(zoneId: string): number | null {
    const row = this.store.prepare('SELECT certificate_rate_limit AS n FROM zones WHERE id = ?').get(zoneId) as { n: number | null } | undefined;
    return row?.n ?? null;
  }

  setCertificateRateLimit(zoneId: string, limit: number | null): void {
    this.store.prepare('UPDATE zones SET certificate_rate_limit = ? WHERE id = ?').run(limit, zoneId);
  }

  /** The state of the zone's own clock; undefined when it has none (it follows the global clock) or does not exist. */
  getClock(zoneId: string): ClockState | undefined {
    const row = this.store.prepare('SELECT clock FROM zones WHERE id = ?').get(zoneId) as { clock: string | null } | undefined;
    return row?.clock ? (JSON.parse(row.clock) as ClockState) : undefined;
  }

  setClock(zoneId: string, state: ClockState): void {
    this.store.prepare('UPDATE zones SET clock = ? WHERE id = ?').run(JSON.stringify(state), zoneId);
  }
}
