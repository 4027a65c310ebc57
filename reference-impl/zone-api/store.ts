// The reference server's state: one SQLite database (in memory, or a file that survives restarts).
// Every table is scoped by zone; list order is creation order (the seq column).

import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import type { ClockState } from './clock.js';

export type Plan = 'free' | 'pro' | 'business' | 'enterprise';
export const PLANS: readonly Plan[] = ['free', 'pro', 'business', 'enterprise'];

export interface Zone {
  id: string;
  name: string;
  plan: Plan;
  rule_quota: number;
  features: string[];
}

export interface FilterRow {
  id: string;
  zone_id: string;
  expression: string;
  paused: boolean;
  description: string | null;
  ref: string | null;
  /** Created by the combined create of POST /firewall/rules: PUT and DELETE are refused on it. */
  via_rule: boolean;
}

export interface RuleRow {
  id: string;
  zone_id: string;
  filter_id: string;
  action: string;
  paused: boolean;
  priority: number | null;
  description: string | null;
  ref: string | null;
  created_on: string;
  modified_on: string;
}

export interface Page<T> { rows: T[]; total: number }
export interface PageRequest { page: number; perPage: number }

/** Column equality/substring conditions for list queries. */
export type Conditions = Record<string, { equals: unknown } | { contains: string }>;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS zones (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
    plan TEXT NOT NULL, rule_quota INTEGER NOT NULL, features TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS filters (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, zone_id TEXT NOT NULL,
    expression TEXT NOT NULL, paused INTEGER NOT NULL, description TEXT, ref TEXT,
    via_rule INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS firewall_rules (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, zone_id TEXT NOT NULL,
    filter_id TEXT NOT NULL REFERENCES filters(id), action TEXT NOT NULL, paused INTEGER NOT NULL,
    priority REAL, description TEXT, ref TEXT, created_on TEXT NOT NULL, modified_on TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS filters_zone ON filters(zone_id, seq);
  CREATE INDEX IF NOT EXISTS rules_zone ON firewall_rules(zone_id, seq);
  CREATE INDEX IF NOT EXISTS rules_filter ON firewall_rules(filter_id);
`;

export const newId = (): string => randomBytes(16).toString('hex');

const toBool = (v: unknown): boolean => v === 1 || v === true;

export class Store {
  readonly db: Database.Database;

  constructor(file = ':memory:') {
    this.db = new Database(file);
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
  }

  close(): void { this.db.close(); }

  transaction<T>(work: () => T): T { return this.db.transaction(work)(); }

  /** Drops every zone and everything in it (the control API's reset). */
  reset(): void {
    this.transaction(() => this.db.exec('DELETE FROM firewall_rules; DELETE FROM filters; DELETE FROM zones;'));
  }

  // --- clock persistence ------------------------------------------------------------------------

  loadClock(): ClockState | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get('clock') as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as ClockState) : undefined;
  }

  saveClock(state: ClockState): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run('clock', JSON.stringify(state));
  }

  // --- zones ------------------------------------------------------------------------------------

  createZone(zone: Omit<Zone, 'id'>): Zone {
    const created = { id: newId(), ...zone };
    this.db.prepare('INSERT INTO zones (id, name, plan, rule_quota, features) VALUES (?, ?, ?, ?, ?)')
      .run(created.id, created.name, created.plan, created.rule_quota, JSON.stringify(created.features));
    return created;
  }

  getZone(id: string): Zone | undefined {
    const row = this.db.prepare('SELECT id, name, plan, rule_quota, features FROM zones WHERE id = ?').get(id) as
      (Omit<Zone, 'features'> & { features: string }) | undefined;
    return row && { ...row, features: JSON.parse(row.features) as string[] };
  }

  updateZone(zone: Zone): void {
    this.db.prepare('UPDATE zones SET name = ?, plan = ?, rule_quota = ?, features = ? WHERE id = ?')
      .run(zone.name, zone.plan, zone.rule_quota, JSON.stringify(zone.features), zone.id);
  }

  countZones(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM zones').get() as { n: number }).n;
  }

  firstZone(): Zone | undefined {
    const row = this.db.prepare('SELECT id FROM zones ORDER BY seq LIMIT 1').get() as { id: string } | undefined;
    return row && this.getZone(row.id);
  }

  // --- filters ----------------------------------------------------------------------------------

  insertFilter(filter: Omit<FilterRow, 'id'>): FilterRow {
    const row = { id: newId(), ...filter };
    this.db.prepare('INSERT INTO filters (id, zone_id, expression, paused, description, ref, via_rule) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(row.id, row.zone_id, row.expression, Number(row.paused), row.description, row.ref, Number(row.via_rule));
    return row;
  }

  getFilter(zoneId: string, id: string): FilterRow | undefined {
    const row = this.db.prepare('SELECT * FROM filters WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? filterFromRow(row) : undefined;
  }

  updateFilter(row: FilterRow): void {
    this.db.prepare('UPDATE filters SET expression = ?, paused = ?, description = ?, ref = ? WHERE id = ?')
      .run(row.expression, Number(row.paused), row.description, row.ref, row.id);
  }

  deleteFilter(id: string): void {
    this.db.prepare('DELETE FROM filters WHERE id = ?').run(id);
  }

  listFilters(zoneId: string, where: Conditions, page: PageRequest): Page<FilterRow> {
    return this.list('filters', zoneId, where, page, filterFromRow);
  }

  rulesUsingFilter(filterId: string): number {
    return (this.db.prepare('SELECT count(*) AS n FROM firewall_rules WHERE filter_id = ?').get(filterId) as { n: number }).n;
  }

  // --- firewall rules ---------------------------------------------------------------------------

  insertRule(rule: Omit<RuleRow, 'id'>): RuleRow {
    const row = { id: newId(), ...rule };
    this.db.prepare(`INSERT INTO firewall_rules (id, zone_id, filter_id, action, paused, priority, description, ref, created_on, modified_on)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(row.id, row.zone_id, row.filter_id, row.action, Number(row.paused), row.priority, row.description, row.ref, row.created_on, row.modified_on);
    return row;
  }

  getRule(zoneId: string, id: string): RuleRow | undefined {
    const row = this.db.prepare('SELECT * FROM firewall_rules WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? ruleFromRow(row) : undefined;
  }

  updateRule(row: RuleRow): void {
    this.db.prepare(`UPDATE firewall_rules SET filter_id = ?, action = ?, paused = ?, priority = ?, description = ?, ref = ?, modified_on = ?
      WHERE id = ?`).run(row.filter_id, row.action, Number(row.paused), row.priority, row.description, row.ref, row.modified_on, row.id);
  }

  deleteRule(id: string): void {
    this.db.prepare('DELETE FROM firewall_rules WHERE id = ?').run(id);
  }

  countRules(zoneId: string): number {
    return (this.db.prepare('SELECT count(*) AS n FROM firewall_rules WHERE zone_id = ?').get(zoneId) as { n: number }).n;
  }

  listRules(zoneId: string, where: Conditions, page: PageRequest): Page<RuleRow> {
    return this.list('firewall_rules', zoneId, where, page, ruleFromRow);
  }

  private list<T>(table: string, zoneId: string, where: Conditions, page: PageRequest, map: (row: unknown) => T): Page<T> {
    const clauses = ['zone_id = ?'];
    const params: unknown[] = [zoneId];
    for (const [column, condition] of Object.entries(where)) {
      if ('equals' in condition) {
        clauses.push(`${column} = ?`);
        params.push(typeof condition.equals === 'boolean' ? Number(condition.equals) : condition.equals);
      } else {
        clauses.push(`instr(lower(coalesce(${column}, '')), lower(?)) > 0`);
        params.push(condition.contains);
      }
    }
    const whereSql = clauses.join(' AND ');
    const total = (this.db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${whereSql}`).get(...params) as { n: number }).n;
    const rows = this.db.prepare(`SELECT * FROM ${table} WHERE ${whereSql} ORDER BY seq LIMIT ? OFFSET ?`)
      .all(...params, page.perPage, (page.page - 1) * page.perPage);
    return { rows: rows.map(map), total };
  }
}

function filterFromRow(raw: unknown): FilterRow {
  const r = raw as Record<string, unknown>;
  return {
    id: r.id as string, zone_id: r.zone_id as string, expression: r.expression as string, paused: toBool(r.paused),
    description: r.description as string | null, ref: r.ref as string | null, via_rule: toBool(r.via_rule),
  };
}

function ruleFromRow(raw: unknown): RuleRow {
  const r = raw as Record<string, unknown>;
  return {
    id: r.id as string, zone_id: r.zone_id as string, filter_id: r.filter_id as string, action: r.action as string,
    paused: toBool(r.paused), priority: r.priority as number | null, description: r.description as string | null,
    ref: r.ref as string | null, created_on: r.created_on as string, modified_on: r.modified_on as string,
  };
}
