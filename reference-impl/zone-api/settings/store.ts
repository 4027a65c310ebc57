// Zone settings and DNS settings: their table on the reference's database (zone-api/store.ts),
// zone-scoped and deleted with their zone (ON DELETE CASCADE), so the control API's reset clears
// them too.

import type { Store } from '../store.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS settings_zone_values (
    zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
    scope TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, modified_on TEXT,
    PRIMARY KEY (zone_id, scope, name));
`;

/** 'zone': /settings/{id}; 'dns': fields of /dns_settings kept apart from any zone setting. */
export type Scope = 'zone' | 'dns';

export interface StoredValue { value: unknown; modified_on: string | null }

export class SettingsStore {
  constructor(private readonly store: Store) {
    store.db.exec(SCHEMA);
  }

  get(zoneId: string, scope: Scope, name: string): StoredValue | undefined {
    const row = this.store.prepare('SELECT value, modified_on FROM settings_zone_values WHERE zone_id = ? AND scope = ? AND name = ?')
      .get(zoneId, scope, name) as { value: string; modified_on: string | null } | undefined;
    return row && { value: JSON.parse(row.value) as unknown, modified_on: row.modified_on };
  }

  put(zoneId: string, scope: Scope, name: string, value: unknown, modifiedOn: string): void {
    this.store.prepare(`INSERT INTO settings_zone_values (zone_id, scope, name, value, modified_on) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT(zone_id, scope, name) DO UPDATE SET value = excluded.value, modified_on = excluded.modified_on`)
      .run(zoneId, scope, name, JSON.stringify(value), modifiedOn);
  }

  /** All or nothing. */
  transaction<T>(work: () => T): T { return this.store.transaction(work); }
}
