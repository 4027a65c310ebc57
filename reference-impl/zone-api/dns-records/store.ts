// DNS records: their table on the reference's database (zone-api/store.ts). Rows go with their zone
// (ON DELETE CASCADE), so the control API's reset clears them too.

import { newId, type Page, type PageRequest, type Store } from '../store.js';

export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS', 'SRV'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** The SRV data a record keeps; the name of an SRV record lives only in `name`. */
export interface SrvData { priority: number; weight: number; port: number; target: string }

export interface DnsRecordRow {
  id: string;
  zone_id: string;
  type: RecordType;
  /** Full, lower-case name. */
  name: string;
  content: string;
  /** MX and SRV; null otherwise. */
  priority: number | null;
  /** SRV only. */
  data: SrvData | null;
  ttl: number;
  proxied: boolean;
  comment: string | null;
  tags: string[];
  created_on: string;
  modified_on: string;
}

/** The fields a write decides (everything but identity and timestamps). */
export type DnsRecordFields = Omit<DnsRecordRow, 'id' | 'zone_id' | 'created_on' | 'modified_on'>;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS dns_records (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
    zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
    type TEXT NOT NULL, name TEXT NOT NULL, content TEXT NOT NULL, priority INTEGER, data TEXT,
    ttl INTEGER NOT NULL, proxied INTEGER NOT NULL, comment TEXT, tags TEXT NOT NULL,
    created_on TEXT NOT NULL, modified_on TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS dns_records_zone ON dns_records(zone_id, seq);
`;

export interface RecordFilter { type?: string; name?: string; content?: string }

export class DnsRecordStore {
  constructor(private readonly store: Store) {
    store.db.exec(SCHEMA);
  }

  /** All or nothing. */
  transaction<T>(work: () => T): T { return this.store.transaction(work); }

  insert(zoneId: string, fields: DnsRecordFields, now: string): DnsRecordRow {
    const row: DnsRecordRow = { id: newId(), zone_id: zoneId, ...fields, created_on: now, modified_on: now };
    this.store.prepare(`INSERT INTO dns_records (id, zone_id, type, name, content, priority, data, ttl, proxied, comment, tags, created_on, modified_on)
      VALUES (@id, @zone_id, @type, @name, @content, @priority, @data, @ttl, @proxied, @comment, @tags, @created_on, @modified_on)`).run(toColumns(row));
    return row;
  }

  get(zoneId: string, id: string): DnsRecordRow | undefined {
    const row = this.store.prepare('SELECT * FROM dns_records WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? fromColumns(row as Columns) : undefined;
  }

  update(row: DnsRecordRow): void {
    this.store.prepare(`UPDATE dns_records SET type = @type, name = @name, content = @content, priority = @priority, data = @data,
      ttl = @ttl, proxied = @proxied, comment = @comment, tags = @tags, modified_on = @modified_on WHERE id = @id`).run(toColumns(row));
  }

  delete(id: string): void {
    this.store.prepare('DELETE FROM dns_records WHERE id = ?').run(id);
  }

  /** Records of a zone with the given name (every type), in creation order. */
  byName(zoneId: string, name: string): DnsRecordRow[] {
    return (this.store.prepare('SELECT * FROM dns_records WHERE zone_id = ? AND name = ? ORDER BY seq').all(zoneId, name) as Columns[]).map(fromColumns);
  }

  list(zoneId: string, filter: RecordFilter, page: PageRequest): Page<DnsRecordRow> {
    const clauses = ['zone_id = @zoneId'];
    const params: Record<string, unknown> = { zoneId };
    for (const column of ['type', 'name', 'content'] as const) {
      if (filter[column] === undefined) continue;
      clauses.push(`${column} = @${column}`);
      params[column] = filter[column];
    }
    const where = clauses.join(' AND ');
    const total = (this.store.prepare(`SELECT count(*) AS n FROM dns_records WHERE ${where}`).get(params) as { n: number }).n;
    const rows = this.store.prepare(`SELECT * FROM dns_records WHERE ${where} ORDER BY seq LIMIT @limit OFFSET @offset`)
      .all({ ...params, limit: page.perPage, offset: (page.page - 1) * page.perPage }) as Columns[];
    return { rows: rows.map(fromColumns), total };
  }
}

interface Columns {
  id: string; zone_id: string; type: string; name: string; content: string; priority: number | null; data: string | null;
  ttl: number; proxied: number; comment: string | null; tags: string; created_on: string; modified_on: string;
}

const toColumns = (row: DnsRecordRow): Columns => ({
  ...row, data: row.data && JSON.stringify(row.data), proxied: Number(row.proxied), tags: JSON.stringify(row.tags),
});

const fromColumns = (c: Columns): DnsRecordRow => ({
  id: c.id, zone_id: c.zone_id, type: c.type as RecordType, name: c.name, content: c.content, priority: c.priority,
  data: c.data === null ? null : JSON.parse(c.data) as SrvData, ttl: c.ttl, proxied: c.proxied === 1,
  comment: c.comment, tags: JSON.parse(c.tags) as string[], created_on: c.created_on, modified_on: c.modified_on,
});
