// The WAF migration's state: each zone's previous-version (legacy) WAF state, with the deployed
// entry point and the migration state in it, and its URI-based overrides, in tables on the
// reference's database (zone-api/store.ts).

import type { Store } from '../store.js';
import { defaultLegacyState, type LegacyWafState, type UriOverride } from './model.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS waf_states (zone_id TEXT PRIMARY KEY, state TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS waf_overrides (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, zone_id TEXT NOT NULL, body TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS waf_overrides_zone ON waf_overrides(zone_id, seq);
`;

export class WafStore {
  constructor(private readonly store: Store) {
    store.db.exec(SCHEMA);
    store.onReset(() => store.db.exec('DELETE FROM waf_states; DELETE FROM waf_overrides;'));
  }

  /** A zone's previous-version WAF state; the default one when never set. */
  getState(zoneId: string): LegacyWafState {
    const row = this.store.prepare('SELECT state FROM waf_states WHERE zone_id = ?').get(zoneId) as { state: string } | undefined;
    // Spread over the default so that states saved before a field existed still have it.
    return row ? { ...defaultLegacyState(), ...(JSON.parse(row.state) as Partial<LegacyWafState>) } : defaultLegacyState();
  }

  putState(zoneId: string, state: LegacyWafState): void {
    this.store.prepare('INSERT INTO waf_states (zone_id, state) VALUES (?, ?) ON CONFLICT(zone_id) DO UPDATE SET state = excluded.state')
      .run(zoneId, JSON.stringify(state));
  }

  listOverrides(zoneId: string): UriOverride[] {
    return (this.store.prepare('SELECT body FROM waf_overrides WHERE zone_id = ? ORDER BY seq').all(zoneId) as { body: string }[])
      .map((r) => JSON.parse(r.body) as UriOverride);
  }

  getOverride(zoneId: string, id: string): UriOverride | undefined {
    const row = this.store.prepare('SELECT body FROM waf_overrides WHERE zone_id = ? AND id = ?').get(zoneId, id) as { body: string } | undefined;
    return row && (JSON.parse(row.body) as UriOverride);
  }

  /** Inserts the override, or replaces the one with its id (keeping its place in the list). */
  putOverride(zoneId: string, override: UriOverride): void {
    this.store.prepare('INSERT INTO waf_overrides (id, zone_id, body) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body')
      .run(override.id, zoneId, JSON.stringify(override));
  }

  deleteOverride(id: string): void {
    this.store.prepare('DELETE FROM waf_overrides WHERE id = ?').run(id);
  }

  countOverrides(zoneId: string): number {
    return (this.store.prepare('SELECT count(*) AS n FROM waf_overrides WHERE zone_id = ?').get(zoneId) as { n: number }).n;
  }
}
