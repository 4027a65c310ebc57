// Filters and firewall rules: their tables on the reference's database (zone-api/store.ts). A rule
// refers to its filter (which cannot be deleted while a rule uses it); a filter made by the
// combined create of POST /firewall/rules is marked via_rule.

import type { Conditions, Page, PageRequest, Store } from '../store.js';
import { newId, toBool } from '../store.js';

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

const SCHEMA = `
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

export class FirewallStore {
  constructor(private readonly store: Store) {
    store.db.exec(SCHEMA);
    // Rules first: they refer to their filters.
    store.onReset(() => store.db.exec('DELETE FROM firewall_rules; DELETE FROM filters;'));
  }

  /** All or nothing. */
  transaction<T>(work: () => T): T { return this.store.transaction(work); }

  // --- filters ----------------------------------------------------------------------------------

  insertFilter(filter: Omit<FilterRow, 'id'>): FilterRow {
    const row = { id: newId(), ...filter };
    this.store.prepare('INSERT INTO filters (id, zone_id, expression, paused, description, ref, via_rule) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(row.id, row.zone_id, row.expression, Number(row.paused), row.description, row.ref, Number(row.via_rule));
    return row;
  }

  getFilter(zoneId: string, id: string): FilterRow | undefined {
    const row = this.store.prepare('SELECT * FROM filters WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? filterFromRow(row) : undefined;
  }

  /**
   * The zone's filters with these ids, by id, in one query. Performance only: a list of rules
   * used to look its filters up one by one (bench/server-throughput.ts).
   */
  getFilters(zoneId: string, ids: readonly string[]): Map<string, FilterRow> {
    const rows = this.store.prepare('SELECT * FROM filters WHERE zone_id = ? AND id IN (SELECT value FROM json_each(?))').all(zoneId, JSON.stringify(ids));
    return new Map(rows.map((row) => {
      const filter = filterFromRow(row);
      return [filter.id, filter];
    }));
  }

  updateFilter(row: FilterRow): void {
    this.store.prepare('UPDATE filters SET expression = ?, paused = ?, description = ?, ref = ? WHERE id = ?')
      .run(row.expression, Number(row.paused), row.description, row.ref, row.id);
  }

  deleteFilter(id: string): void {
    this.store.prepare('DELETE FROM filters WHERE id = ?').run(id);
  }

  listFilters(zoneId: string, where: Conditions, page: PageRequest): Page<FilterRow> {
    return this.store.listPage('filters', zoneId, where, page, filterFromRow);
  }

  rulesUsingFilter(filterId: string): number {
    return (this.store.prepare('SELECT count(*) AS n FROM firewall_rules WHERE filter_id = ?').get(filterId) as { n: number }).n;
  }

  // --- firewall rules ---------------------------------------------------------------------------

  insertRule(rule: Omit<RuleRow, 'id'>): RuleRow {
    const row = { id: newId(), ...rule };
    this.store.prepare(`INSERT INTO firewall_rules (id, zone_id, filter_id, action, paused, priority, description, ref, created_on, modified_on)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(row.id, row.zone_id, row.filter_id, row.action, Number(row.paused), row.priority, row.description, row.ref, row.created_on, row.modified_on);
    return row;
  }

  getRule(zoneId: string, id: string): RuleRow | undefined {
    const row = this.store.prepare('SELECT * FROM firewall_rules WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? ruleFromRow(row) : undefined;
  }

  updateRule(row: RuleRow): void {
    this.store.prepare(`UPDATE firewall_rules SET filter_id = ?, action = ?, paused = ?, priority = ?, description = ?, ref = ?, modified_on = ?
      WHERE id = ?`).run(row.filter_id, row.action, Number(row.paused), row.priority, row.description, row.ref, row.modified_on, row.id);
  }

  deleteRule(id: string): void {
    this.store.prepare('DELETE FROM firewall_rules WHERE id = ?').run(id);
  }

  countRules(zoneId: string): number {
    return (this.store.prepare('SELECT count(*) AS n FROM firewall_rules WHERE zone_id = ?').get(zoneId) as { n: number }).n;
  }

  listRules(zoneId: string, where: Conditions, page: PageRequest): Page<RuleRow> {
    return this.store.listPage('firewall_rules', zoneId, where, page, ruleFromRow);
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
