// The reference server's state: one SQLite database (in memory, or a file that survives restarts).
// Every table is scoped by zone; list order is creation order (the seq column).

import Database from '../sqlite-driver.js';
import { StatementCache } from '../sqlite-statements.js';
import { randomBytes } from 'node:crypto';
import type { ClockState } from '../clock.js';
import { defaultLegacyState, type LegacyWafState, type UriOverride } from './waf/model.js';

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

export interface CustomHostnameRow {
  id: string;
  zone_id: string;
  /** Lower-case; may start with `*.` (a wildcard). */
  hostname: string;
  method: string;
  type: string;
  /** What was asked: '' for the default CA, else a CA name. */
  certificate_authority: string;
  /** The CA whose certificate the hostname has; null while none is issued. */
  issuer: string | null;
  status: string;
  verification_errors: string[];
  created_at: string;
  /** Virtual-clock ms when the hostname became moved; null otherwise. */
  moved_at: number | null;
}

export interface CaaRecord { tag: 'issue' | 'issuewild'; value: string }

/** What the customer's DNS says about one hostname (set through the control API). */
export interface DnsFacts { cname: string | null; caa: CaaRecord[] }

export interface Hold { domain: string; include_subdomains: boolean }

export interface FallbackOrigin { origin: string | null; dns_record: boolean }

export interface Page<T> { rows: T[]; total: number }
export interface PageRequest { page: number; perPage: number }

/**
 * Column equality/substring/prefix conditions for list queries. The prefix one exists for the
 * custom hostname list's `hostname.startsWith`, a filter the official client sends.
 */
export type Conditions = Record<string, { equals: unknown } | { contains: string } | { startsWith: string }>;

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
  CREATE TABLE IF NOT EXISTS custom_hostnames (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, zone_id TEXT NOT NULL,
    hostname TEXT NOT NULL, method TEXT NOT NULL, type TEXT NOT NULL, certificate_authority TEXT NOT NULL,
    issuer TEXT, status TEXT NOT NULL, verification_errors TEXT NOT NULL, created_at TEXT NOT NULL,
    moved_at INTEGER);
  CREATE INDEX IF NOT EXISTS custom_hostnames_zone ON custom_hostnames(zone_id, seq);
  CREATE INDEX IF NOT EXISTS custom_hostnames_name ON custom_hostnames(hostname, seq);
  CREATE TABLE IF NOT EXISTS dns_facts (hostname TEXT PRIMARY KEY, cname TEXT, caa TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS holds (domain TEXT PRIMARY KEY, include_subdomains INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS standalone_zones (seq INTEGER PRIMARY KEY AUTOINCREMENT, domain TEXT NOT NULL UNIQUE);
  CREATE TABLE IF NOT EXISTS fallback_origins (zone_id TEXT PRIMARY KEY, origin TEXT, dns_record INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS certificate_issuances (zone_id TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS certificate_issuances_zone ON certificate_issuances(zone_id, at);
  CREATE TABLE IF NOT EXISTS certificate_penalties (zone_id TEXT PRIMARY KEY, until INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS waf_states (zone_id TEXT PRIMARY KEY, state TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS waf_overrides (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, zone_id TEXT NOT NULL, body TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS waf_overrides_zone ON waf_overrides(zone_id, seq);
  CREATE INDEX IF NOT EXISTS filters_zone ON filters(zone_id, seq);
  CREATE INDEX IF NOT EXISTS rules_zone ON firewall_rules(zone_id, seq);
  CREATE INDEX IF NOT EXISTS rules_filter ON firewall_rules(filter_id);
`;

export const newId = (): string => randomBytes(16).toString('hex');

const MAX_CACHED_ANSWERS = 256;

const toBool = (v: unknown): boolean => v === 1 || v === true;

export class Store {
  readonly db: Database.Database;

  constructor(file = ':memory:') {
    this.db = new Database(file);
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
    this.addColumnIfMissing('zones', 'certificate_rate_limit', 'INTEGER');
    // What says how far the database has moved (see `cached`), each a single number.
    this.versions = [
      // Every row this connection inserted, updated or deleted, through any statement (also those a
      // test variant runs on store.db directly, and those of a transaction later rolled back).
      this.db.prepare('SELECT total_changes()').pluck(),
      // The schema (a dropped table loses its rows without counting them as changes).
      this.db.prepare('PRAGMA schema_version').pluck(),
      // A file may also be written by another connection: data_version moves when one commits.
      ...(file === ':memory:' ? [] : [this.db.prepare('PRAGMA data_version').pluck()]),
    ];
  }

  /** Data files written before a column existed get it on open (CREATE IF NOT EXISTS keeps old tables). */
  private addColumnIfMissing(table: string, column: string, type: string): void {
    const columns = this.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((c) => c.name === column)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }

  close(): void { this.db.close(); }

  private readonly statements = new StatementCache(() => this.db);

  /** The compiled statement for this SQL text (see sqlite-statements.ts). */
  prepare(sql: string): Database.Statement { return this.statements.get(sql); }

  transaction<T>(work: () => T): T { return this.db.transaction(work)(); }

  // --- answers computed from the database, kept until it changes ---------------------------------

  private readonly answers = new Map<string, unknown>();
  /** What the `versions` statements answered when the kept answers were computed. */
  private readonly answersVersion: number[] = [];
  private readonly versions: Database.Statement[];

  /**
   * The value `compute` gives for `key`, computed once and reused until the database changes in
   * any way (see `versions`): a key names everything the value depends on besides the
   * database (zone, query), and a value must depend on nothing else (not the clock) and never be
   * changed by its users (a string, say: a serialized answer). Never kept
   * from inside a transaction, whose rows a rollback may undo. Performance only: a list request
   * read the same rows and serialized the same body again and again (bench/server-throughput.ts).
   */
  cached<T>(key: string, compute: () => T): T {
    if (this.db.inTransaction) return compute();
    let moved = false;
    for (let i = 0; i < this.versions.length; i++) {
      const version = this.versions[i]!.get() as number;
      if (version !== this.answersVersion[i]) {
        this.answersVersion[i] = version;
        moved = true;
      }
    }
    if (moved) this.answers.clear();
    if (this.answers.has(key)) return this.answers.get(key) as T;
    const value = compute();
    // Bounded: many distinct queries between two writes start the cache afresh.
    if (this.answers.size >= MAX_CACHED_ANSWERS) this.answers.clear();
    this.answers.set(key, value);
    return value;
  }

  /** Drops every zone and everything in it (the control API's reset). */
  reset(): void {
    this.transaction(() => {
      this.db.exec(`DELETE FROM firewall_rules; DELETE FROM filters; DELETE FROM zones;
      DELETE FROM custom_hostnames; DELETE FROM dns_facts; DELETE FROM holds; DELETE FROM standalone_zones;
      DELETE FROM fallback_origins; DELETE FROM certificate_issuances; DELETE FROM certificate_penalties;
      DELETE FROM waf_states; DELETE FROM waf_overrides;`);
      for (const hook of this.resetHooks) hook();
    });
  }

  private readonly resetHooks: (() => void)[] = [];
  /** State kept in tables of other modules (not scoped by zone) is cleared with the rest on reset. */
  onReset(hook: () => void): void { this.resetHooks.push(hook); }

  // --- clock persistence ------------------------------------------------------------------------

  loadClock(): ClockState | undefined {
    const row = this.prepare('SELECT value FROM meta WHERE key = ?').get('clock') as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as ClockState) : undefined;
  }

  saveClock(state: ClockState): void {
    this.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run('clock', JSON.stringify(state));
  }

  // --- zones ------------------------------------------------------------------------------------

  createZone(zone: Omit<Zone, 'id'>): Zone {
    const created = { id: newId(), ...zone };
    this.prepare('INSERT INTO zones (id, name, plan, rule_quota, features) VALUES (?, ?, ?, ?, ?)')
      .run(created.id, created.name, created.plan, created.rule_quota, JSON.stringify(created.features));
    return created;
  }

  getZone(id: string): Zone | undefined {
    const row = this.prepare('SELECT id, name, plan, rule_quota, features FROM zones WHERE id = ?').get(id) as
      (Omit<Zone, 'features'> & { features: string }) | undefined;
    return row && { ...row, features: JSON.parse(row.features) as string[] };
  }

  updateZone(zone: Zone): void {
    this.prepare('UPDATE zones SET name = ?, plan = ?, rule_quota = ?, features = ? WHERE id = ?')
      .run(zone.name, zone.plan, zone.rule_quota, JSON.stringify(zone.features), zone.id);
  }

  firstZone(): Zone | undefined {
    const row = this.prepare('SELECT id FROM zones ORDER BY seq LIMIT 1').get() as { id: string } | undefined;
    return row && this.getZone(row.id);
  }

  // --- filters ----------------------------------------------------------------------------------

  insertFilter(filter: Omit<FilterRow, 'id'>): FilterRow {
    const row = { id: newId(), ...filter };
    this.prepare('INSERT INTO filters (id, zone_id, expression, paused, description, ref, via_rule) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(row.id, row.zone_id, row.expression, Number(row.paused), row.description, row.ref, Number(row.via_rule));
    return row;
  }

  getFilter(zoneId: string, id: string): FilterRow | undefined {
    const row = this.prepare('SELECT * FROM filters WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? filterFromRow(row) : undefined;
  }

  /**
   * The zone's filters with these ids, by id, in one query. Performance only: a list of rules
   * used to look its filters up one by one (bench/server-throughput.ts).
   */
  getFilters(zoneId: string, ids: readonly string[]): Map<string, FilterRow> {
    const rows = this.prepare('SELECT * FROM filters WHERE zone_id = ? AND id IN (SELECT value FROM json_each(?))').all(zoneId, JSON.stringify(ids));
    return new Map(rows.map((row) => {
      const filter = filterFromRow(row);
      return [filter.id, filter];
    }));
  }

  updateFilter(row: FilterRow): void {
    this.prepare('UPDATE filters SET expression = ?, paused = ?, description = ?, ref = ? WHERE id = ?')
      .run(row.expression, Number(row.paused), row.description, row.ref, row.id);
  }

  deleteFilter(id: string): void {
    this.prepare('DELETE FROM filters WHERE id = ?').run(id);
  }

  listFilters(zoneId: string, where: Conditions, page: PageRequest): Page<FilterRow> {
    return this.list('filters', zoneId, where, page, filterFromRow);
  }

  rulesUsingFilter(filterId: string): number {
    return (this.prepare('SELECT count(*) AS n FROM firewall_rules WHERE filter_id = ?').get(filterId) as { n: number }).n;
  }

  // --- firewall rules ---------------------------------------------------------------------------

  insertRule(rule: Omit<RuleRow, 'id'>): RuleRow {
    const row = { id: newId(), ...rule };
    this.prepare(`INSERT INTO firewall_rules (id, zone_id, filter_id, action, paused, priority, description, ref, created_on, modified_on)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(row.id, row.zone_id, row.filter_id, row.action, Number(row.paused), row.priority, row.description, row.ref, row.created_on, row.modified_on);
    return row;
  }

  getRule(zoneId: string, id: string): RuleRow | undefined {
    const row = this.prepare('SELECT * FROM firewall_rules WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? ruleFromRow(row) : undefined;
  }

  updateRule(row: RuleRow): void {
    this.prepare(`UPDATE firewall_rules SET filter_id = ?, action = ?, paused = ?, priority = ?, description = ?, ref = ?, modified_on = ?
      WHERE id = ?`).run(row.filter_id, row.action, Number(row.paused), row.priority, row.description, row.ref, row.modified_on, row.id);
  }

  deleteRule(id: string): void {
    this.prepare('DELETE FROM firewall_rules WHERE id = ?').run(id);
  }

  countRules(zoneId: string): number {
    return (this.prepare('SELECT count(*) AS n FROM firewall_rules WHERE zone_id = ?').get(zoneId) as { n: number }).n;
  }

  listRules(zoneId: string, where: Conditions, page: PageRequest): Page<RuleRow> {
    return this.list('firewall_rules', zoneId, where, page, ruleFromRow);
  }

  // --- custom hostnames -------------------------------------------------------------------------

  insertCustomHostname(hostname: Omit<CustomHostnameRow, 'id'>): CustomHostnameRow {
    const row = { id: newId(), ...hostname };
    this.prepare(`INSERT INTO custom_hostnames (id, zone_id, hostname, method, type, certificate_authority, issuer, status,
      verification_errors, created_at, moved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(row.id, row.zone_id, row.hostname, row.method, row.type, row.certificate_authority, row.issuer, row.status,
        JSON.stringify(row.verification_errors), row.created_at, row.moved_at);
    return row;
  }

  getCustomHostname(zoneId: string, id: string): CustomHostnameRow | undefined {
    const row = this.prepare('SELECT * FROM custom_hostnames WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? customHostnameFromRow(row) : undefined;
  }

  findCustomHostname(zoneId: string, hostname: string): CustomHostnameRow | undefined {
    const row = this.prepare('SELECT * FROM custom_hostnames WHERE zone_id = ? AND hostname = ?').get(zoneId, hostname);
    return row ? customHostnameFromRow(row) : undefined;
  }

  /** Every zone's custom hostnames with that exact name, oldest first. */
  customHostnamesNamed(hostname: string): CustomHostnameRow[] {
    return this.prepare('SELECT * FROM custom_hostnames WHERE hostname = ? ORDER BY seq').all(hostname).map(customHostnameFromRow);
  }

  /** All custom hostnames of one zone, or of every zone. */
  allCustomHostnames(zoneId?: string): CustomHostnameRow[] {
    const rows = zoneId === undefined
      ? this.prepare('SELECT * FROM custom_hostnames ORDER BY seq').all()
      : this.prepare('SELECT * FROM custom_hostnames WHERE zone_id = ? ORDER BY seq').all(zoneId);
    return rows.map(customHostnameFromRow);
  }

  updateCustomHostname(row: CustomHostnameRow): void {
    this.prepare(`UPDATE custom_hostnames SET method = ?, type = ?, certificate_authority = ?, issuer = ?, status = ?,
      verification_errors = ?, moved_at = ? WHERE id = ?`)
      .run(row.method, row.type, row.certificate_authority, row.issuer, row.status, JSON.stringify(row.verification_errors), row.moved_at, row.id);
  }

  deleteCustomHostname(id: string): void {
    this.prepare('DELETE FROM custom_hostnames WHERE id = ?').run(id);
  }

  listCustomHostnames(zoneId: string, where: Conditions, page: PageRequest): Page<CustomHostnameRow> {
    return this.list('custom_hostnames', zoneId, where, page, customHostnameFromRow);
  }

  // --- the customer's DNS, holds, standalone zones, fallback origins (control API facts) --------

  getDnsFacts(hostname: string): DnsFacts | undefined {
    const row = this.prepare('SELECT cname, caa FROM dns_facts WHERE hostname = ?').get(hostname) as { cname: string | null; caa: string } | undefined;
    return row && { cname: row.cname, caa: JSON.parse(row.caa) as CaaRecord[] };
  }

  putDnsFacts(hostname: string, facts: DnsFacts): void {
    this.prepare('INSERT INTO dns_facts (hostname, cname, caa) VALUES (?, ?, ?) ON CONFLICT(hostname) DO UPDATE SET cname = excluded.cname, caa = excluded.caa')
      .run(hostname, facts.cname, JSON.stringify(facts.caa));
  }

  putHold(hold: Hold): void {
    this.prepare('INSERT INTO holds (domain, include_subdomains) VALUES (?, ?) ON CONFLICT(domain) DO UPDATE SET include_subdomains = excluded.include_subdomains')
      .run(hold.domain, Number(hold.include_subdomains));
  }

  /** False when there was no hold on that domain. */
  deleteHold(domain: string): boolean {
    return this.prepare('DELETE FROM holds WHERE domain = ?').run(domain).changes > 0;
  }

  listHolds(): Hold[] {
    return (this.prepare('SELECT domain, include_subdomains FROM holds').all() as { domain: string; include_subdomains: number }[])
      .map((r) => ({ domain: r.domain, include_subdomains: toBool(r.include_subdomains) }));
  }

  addStandaloneZone(domain: string): void {
    this.prepare('INSERT INTO standalone_zones (domain) VALUES (?) ON CONFLICT(domain) DO NOTHING').run(domain);
  }

  listStandaloneZones(): string[] {
    return (this.prepare('SELECT domain FROM standalone_zones ORDER BY seq').all() as { domain: string }[]).map((r) => r.domain);
  }

  getFallbackOrigin(zoneId: string): FallbackOrigin | undefined {
    const row = this.prepare('SELECT origin, dns_record FROM fallback_origins WHERE zone_id = ?').get(zoneId) as { origin: string | null; dns_record: number } | undefined;
    return row && { origin: row.origin, dns_record: toBool(row.dns_record) };
  }

  putFallbackOrigin(zoneId: string, fallback: FallbackOrigin): void {
    this.prepare('INSERT INTO fallback_origins (zone_id, origin, dns_record) VALUES (?, ?, ?) ON CONFLICT(zone_id) DO UPDATE SET origin = excluded.origin, dns_record = excluded.dns_record')
      .run(zoneId, fallback.origin, Number(fallback.dns_record));
  }

  // --- certificate issuance rate limit ----------------------------------------------------------

  /** The zone's own limit; null when it uses the default. */
  getCertificateRateLimit(zoneId: string): number | null {
    const row = this.prepare('SELECT certificate_rate_limit AS n FROM zones WHERE id = ?').get(zoneId) as { n: number | null } | undefined;
    return row?.n ?? null;
  }

  setCertificateRateLimit(zoneId: string, limit: number | null): void {
    this.prepare('UPDATE zones SET certificate_rate_limit = ? WHERE id = ?').run(limit, zoneId);
  }

  recordIssuance(zoneId: string, at: number): void {
    this.prepare('INSERT INTO certificate_issuances (zone_id, at) VALUES (?, ?)').run(zoneId, at);
  }

  /** Issuances strictly after `since`. */
  countIssuances(zoneId: string, since: number): number {
    return (this.prepare('SELECT count(*) AS n FROM certificate_issuances WHERE zone_id = ? AND at > ?').get(zoneId, since) as { n: number }).n;
  }

  forgetIssuances(zoneId: string, upTo: number): void {
    this.prepare('DELETE FROM certificate_issuances WHERE zone_id = ? AND at <= ?').run(zoneId, upTo);
  }

  getPenaltyEnd(zoneId: string): number | undefined {
    const row = this.prepare('SELECT until FROM certificate_penalties WHERE zone_id = ?').get(zoneId) as { until: number } | undefined;
    return row?.until;
  }

  setPenaltyEnd(zoneId: string, until: number): void {
    this.prepare('INSERT INTO certificate_penalties (zone_id, until) VALUES (?, ?) ON CONFLICT(zone_id) DO UPDATE SET until = excluded.until')
      .run(zoneId, until);
  }

  // --- WAF: the previous version's state and URI-based overrides, the migration ----------------

  /** A zone's previous-version WAF state; the default one when never set. */
  getWafState(zoneId: string): LegacyWafState {
    const row = this.prepare('SELECT state FROM waf_states WHERE zone_id = ?').get(zoneId) as { state: string } | undefined;
    // Spread over the default so that states saved before a field existed still have it.
    return row ? { ...defaultLegacyState(), ...(JSON.parse(row.state) as Partial<LegacyWafState>) } : defaultLegacyState();
  }

  putWafState(zoneId: string, state: LegacyWafState): void {
    this.prepare('INSERT INTO waf_states (zone_id, state) VALUES (?, ?) ON CONFLICT(zone_id) DO UPDATE SET state = excluded.state')
      .run(zoneId, JSON.stringify(state));
  }

  listWafOverrides(zoneId: string): UriOverride[] {
    return (this.prepare('SELECT body FROM waf_overrides WHERE zone_id = ? ORDER BY seq').all(zoneId) as { body: string }[])
      .map((r) => JSON.parse(r.body) as UriOverride);
  }

  getWafOverride(zoneId: string, id: string): UriOverride | undefined {
    const row = this.prepare('SELECT body FROM waf_overrides WHERE zone_id = ? AND id = ?').get(zoneId, id) as { body: string } | undefined;
    return row && (JSON.parse(row.body) as UriOverride);
  }

  /** Inserts the override, or replaces the one with its id (keeping its place in the list). */
  putWafOverride(zoneId: string, override: UriOverride): void {
    this.prepare('INSERT INTO waf_overrides (id, zone_id, body) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body')
      .run(override.id, zoneId, JSON.stringify(override));
  }

  deleteWafOverride(id: string): void {
    this.prepare('DELETE FROM waf_overrides WHERE id = ?').run(id);
  }

  countWafOverrides(zoneId: string): number {
    return (this.prepare('SELECT count(*) AS n FROM waf_overrides WHERE zone_id = ?').get(zoneId) as { n: number }).n;
  }

  private list<T>(table: string, zoneId: string, where: Conditions, page: PageRequest, map: (row: unknown) => T): Page<T> {
    const clauses = ['zone_id = ?'];
    const params: unknown[] = [zoneId];
    for (const [column, condition] of Object.entries(where)) {
      if ('equals' in condition) {
        clauses.push(`${column} = ?`);
        params.push(typeof condition.equals === 'boolean' ? Number(condition.equals) : condition.equals);
      } else if ('startsWith' in condition) {
        clauses.push(`substr(lower(coalesce(${column}, '')), 1, length(?)) = lower(?)`);
        params.push(condition.startsWith, condition.startsWith);
      } else {
        clauses.push(`instr(lower(coalesce(${column}, '')), lower(?)) > 0`);
        params.push(condition.contains);
      }
    }
    const whereSql = clauses.join(' AND ');
    const total = (this.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${whereSql}`).get(...params) as { n: number }).n;
    const rows = this.prepare(`SELECT * FROM ${table} WHERE ${whereSql} ORDER BY seq LIMIT ? OFFSET ?`)
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

function customHostnameFromRow(raw: unknown): CustomHostnameRow {
  const r = raw as Record<string, unknown>;
  return {
    id: r.id as string, zone_id: r.zone_id as string, hostname: r.hostname as string, method: r.method as string,
    type: r.type as string, certificate_authority: r.certificate_authority as string, issuer: r.issuer as string | null,
    status: r.status as string, verification_errors: JSON.parse(r.verification_errors as string) as string[],
    created_at: r.created_at as string, moved_at: r.moved_at as number | null,
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
