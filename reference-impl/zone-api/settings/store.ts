// The settings' state, in tables of their own on the reference's SQLite database: zone settings
// and DNS settings (zone-scoped, deleted with their zone) and accounts with their DNS settings.
// Accounts belong to no zone: they are cleared by the control API's reset through Store.onReset.

import { newId, type Store } from '../store.js';
import { NAMESERVER_TYPES, VENDOR, type NameserverType } from './schedule.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS settings_zone_values (
    zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
    scope TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, modified_on TEXT,
    PRIMARY KEY (zone_id, scope, name));
  CREATE TABLE IF NOT EXISTS settings_accounts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
    nameservers_type TEXT NOT NULL, created_on TEXT NOT NULL);
`;

/** 'zone': /settings/{id}; 'dns': fields of /dns_settings kept apart from any zone setting. */
export type Scope = 'zone' | 'dns';

export interface StoredValue { value: unknown; modified_on: string | null }

export interface AccountRow {
  id: string;
  name: string;
  /** zone_defaults.nameservers.type, which the legacy account fields are read from and written to. */
  nameservers_type: NameserverType;
  created_on: string;
}

export const DEFAULT_NAMESERVER_TYPE: NameserverType = `${VENDOR}.standard`;

export class SettingsStore {
  constructor(private readonly store: Store) {
    store.db.exec(SCHEMA);
    store.onReset(() => store.db.exec('DELETE FROM settings_accounts'));
  }

  get(zoneId: string, scope: Scope, name: string): StoredValue | undefined {
    const row = this.store.db.prepare('SELECT value, modified_on FROM settings_zone_values WHERE zone_id = ? AND scope = ? AND name = ?')
      .get(zoneId, scope, name) as { value: string; modified_on: string | null } | undefined;
    return row && { value: JSON.parse(row.value) as unknown, modified_on: row.modified_on };
  }

  put(zoneId: string, scope: Scope, name: string, value: unknown, modifiedOn: string): void {
    this.store.db.prepare(`INSERT INTO settings_zone_values (zone_id, scope, name, value, modified_on) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT(zone_id, scope, name) DO UPDATE SET value = excluded.value, modified_on = excluded.modified_on`)
      .run(zoneId, scope, name, JSON.stringify(value), modifiedOn);
  }

  transaction<T>(work: () => T): T { return this.store.transaction(work); }

  // --- accounts ---------------------------------------------------------------------------------

  createAccount(name: string, type: NameserverType, createdOn: string): AccountRow {
    const row: AccountRow = { id: newId(), name, nameservers_type: type, created_on: createdOn };
    this.store.db.prepare('INSERT INTO settings_accounts (id, name, nameservers_type, created_on) VALUES (?, ?, ?, ?)')
      .run(row.id, row.name, row.nameservers_type, row.created_on);
    return row;
  }

  getAccount(id: string): AccountRow | undefined {
    return this.store.db.prepare('SELECT id, name, nameservers_type, created_on FROM settings_accounts WHERE id = ?').get(id) as AccountRow | undefined;
  }

  updateAccount(row: AccountRow): void {
    this.store.db.prepare('UPDATE settings_accounts SET name = ?, nameservers_type = ? WHERE id = ?').run(row.name, row.nameservers_type, row.id);
  }

  listAccounts(page: number, perPage: number): { rows: AccountRow[]; total: number } {
    const total = (this.store.db.prepare('SELECT count(*) AS n FROM settings_accounts').get() as { n: number }).n;
    const rows = this.store.db.prepare('SELECT id, name, nameservers_type, created_on FROM settings_accounts ORDER BY seq LIMIT ? OFFSET ?')
      .all(perPage, (page - 1) * perPage) as AccountRow[];
    return { rows, total };
  }
}

export const isNameserverType = (value: unknown): value is NameserverType => (NAMESERVER_TYPES as readonly unknown[]).includes(value);
