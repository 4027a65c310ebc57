// Accounts, with their DNS settings: their table on the reference's database (zone-api/store.ts).
// Accounts belong to no zone: the control API's reset deletes them.

import type { NameserverType } from '../settings/nameservers.js';
import type { Store } from '../store.js';
import { newId } from '../store.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS settings_accounts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
    nameservers_type TEXT NOT NULL, created_on TEXT NOT NULL);
`;

export interface AccountRow {
  id: string;
  name: string;
  /** zone_defaults.nameservers.type, which the legacy account fields are read from and written to. */
  nameservers_type: NameserverType;
  created_on: string;
}

export class AccountStore {
  constructor(private readonly store: Store) {
    store.db.exec(SCHEMA);
    store.onReset(() => store.db.exec('DELETE FROM settings_accounts'));
  }

  create(name: string, type: NameserverType, createdOn: string): AccountRow {
    const row: AccountRow = { id: newId(), name, nameservers_type: type, created_on: createdOn };
    this.store.prepare('INSERT INTO settings_accounts (id, name, nameservers_type, created_on) VALUES (?, ?, ?, ?)')
      .run(row.id, row.name, row.nameservers_type, row.created_on);
    return row;
  }

  get(id: string): AccountRow | undefined {
    return this.store.prepare('SELECT id, name, nameservers_type, created_on FROM settings_accounts WHERE id = ?').get(id) as AccountRow | undefined;
  }

  update(row: AccountRow): void {
    this.store.prepare('UPDATE settings_accounts SET name = ?, nameservers_type = ? WHERE id = ?').run(row.name, row.nameservers_type, row.id);
  }

  list(page: number, perPage: number): { rows: AccountRow[]; total: number } {
    const total = (this.store.prepare('SELECT count(*) AS n FROM settings_accounts').get() as { n: number }).n;
    const rows = this.store.prepare('SELECT id, name, nameservers_type, created_on FROM settings_accounts ORDER BY seq LIMIT ? OFFSET ?')
      .all(perPage, (page - 1) * perPage) as AccountRow[];
    return { rows, total };
  }
}
