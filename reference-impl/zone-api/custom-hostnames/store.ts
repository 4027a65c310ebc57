// Custom hostnames and the facts around them: their tables on the reference's database
// (zone-api/store.ts). The hostnames of each zone; what the control API sets about the world
// outside (the customer's DNS facts, holds, standalone zones, fallback origins;
// docs/custom-hostnames-contract.md); and the certificate issuance limit's record of issuances and
// penalties.

import type { DnsFacts } from '../../../contract/control.js';
import type { Conditions, Page, PageRequest, Store } from '../store.js';
import { newId, toBool } from '../store.js';

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

/** What the customer's DNS says about one hostname: the control API's DnsFacts, every field given. */
export type HostnameFacts = Required<DnsFacts>;

export type CaaRecord = HostnameFacts['caa'][number];

export interface Hold { domain: string; include_subdomains: boolean }

export interface FallbackOrigin { origin: string | null; dns_record: boolean }

const SCHEMA = `
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
`;

export class CustomHostnameStore {
  constructor(private readonly store: Store) {
    store.db.exec(SCHEMA);
    store.onReset(() => store.db.exec(`DELETE FROM custom_hostnames; DELETE FROM dns_facts; DELETE FROM holds; DELETE FROM standalone_zones;
      DELETE FROM fallback_origins; DELETE FROM certificate_issuances; DELETE FROM certificate_penalties;`));
  }

  /** All or nothing. */
  transaction<T>(work: () => T): T { return this.store.transaction(work); }

  // --- custom hostnames -------------------------------------------------------------------------

  insertCustomHostname(hostname: Omit<CustomHostnameRow, 'id'>): CustomHostnameRow {
    const row = { id: newId(), ...hostname };
    this.store.prepare(`INSERT INTO custom_hostnames (id, zone_id, hostname, method, type, certificate_authority, issuer, status,
      verification_errors, created_at, moved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(row.id, row.zone_id, row.hostname, row.method, row.type, row.certificate_authority, row.issuer, row.status,
        JSON.stringify(row.verification_errors), row.created_at, row.moved_at);
    return row;
  }

  getCustomHostname(zoneId: string, id: string): CustomHostnameRow | undefined {
    const row = this.store.prepare('SELECT * FROM custom_hostnames WHERE zone_id = ? AND id = ?').get(zoneId, id);
    return row ? customHostnameFromRow(row) : undefined;
  }

  findCustomHostname(zoneId: string, hostname: string): CustomHostnameRow | undefined {
    const row = this.store.prepare('SELECT * FROM custom_hostnames WHERE zone_id = ? AND hostname = ?').get(zoneId, hostname);
    return row ? customHostnameFromRow(row) : undefined;
  }

  /** Every zone's custom hostnames with that exact name, oldest first. */
  customHostnamesNamed(hostname: string): CustomHostnameRow[] {
    return this.store.prepare('SELECT * FROM custom_hostnames WHERE hostname = ? ORDER BY seq').all(hostname).map(customHostnameFromRow);
  }

  /** All custom hostnames of one zone, or of every zone. */
  allCustomHostnames(zoneId?: string): CustomHostnameRow[] {
    const rows = zoneId === undefined
      ? this.store.prepare('SELECT * FROM custom_hostnames ORDER BY seq').all()
      : this.store.prepare('SELECT * FROM custom_hostnames WHERE zone_id = ? ORDER BY seq').all(zoneId);
    return rows.map(customHostnameFromRow);
  }

  updateCustomHostname(row: CustomHostnameRow): void {
    this.store.prepare(`UPDATE custom_hostnames SET method = ?, type = ?, certificate_authority = ?, issuer = ?, status = ?,
      verification_errors = ?, moved_at = ? WHERE id = ?`)
      .run(row.method, row.type, row.certificate_authority, row.issuer, row.status, JSON.stringify(row.verification_errors), row.moved_at, row.id);
  }

  deleteCustomHostname(id: string): void {
    this.store.prepare('DELETE FROM custom_hostnames WHERE id = ?').run(id);
  }

  listCustomHostnames(zoneId: string, where: Conditions, page: PageRequest): Page<CustomHostnameRow> {
    return this.store.listPage('custom_hostnames', zoneId, where, page, customHostnameFromRow);
  }

  // --- the customer's DNS, holds, standalone zones, fallback origins (control API facts) --------

  getDnsFacts(hostname: string): HostnameFacts | undefined {
    const row = this.store.prepare('SELECT cname, caa FROM dns_facts WHERE hostname = ?').get(hostname) as { cname: string | null; caa: string } | undefined;
    return row && { cname: row.cname, caa: JSON.parse(row.caa) as CaaRecord[] };
  }

  putDnsFacts(hostname: string, facts: HostnameFacts): void {
    this.store.prepare('INSERT INTO dns_facts (hostname, cname, caa) VALUES (?, ?, ?) ON CONFLICT(hostname) DO UPDATE SET cname = excluded.cname, caa = excluded.caa')
      .run(hostname, facts.cname, JSON.stringify(facts.caa));
  }

  putHold(hold: Hold): void {
    this.store.prepare('INSERT INTO holds (domain, include_subdomains) VALUES (?, ?) ON CONFLICT(domain) DO UPDATE SET include_subdomains = excluded.include_subdomains')
      .run(hold.domain, Number(hold.include_subdomains));
  }

  /** False when there was no hold on that domain. */
  deleteHold(domain: string): boolean {
    return this.store.prepare('DELETE FROM holds WHERE domain = ?').run(domain).changes > 0;
  }

  listHolds(): Hold[] {
    return (this.store.prepare('SELECT domain, include_subdomains FROM holds').all() as { domain: string; include_subdomains: number }[])
      .map((r) => ({ domain: r.domain, include_subdomains: toBool(r.include_subdomains) }));
  }

  addStandaloneZone(domain: string): void {
    this.store.prepare('INSERT INTO standalone_zones (domain) VALUES (?) ON CONFLICT(domain) DO NOTHING').run(domain);
  }

  listStandaloneZones(): string[] {
    return (this.store.prepare('SELECT domain FROM standalone_zones ORDER BY seq').all() as { domain: string }[]).map((r) => r.domain);
  }

  getFallbackOrigin(zoneId: string): FallbackOrigin | undefined {
    const row = this.store.prepare('SELECT origin, dns_record FROM fallback_origins WHERE zone_id = ?').get(zoneId) as { origin: string | null; dns_record: number } | undefined;
    return row && { origin: row.origin, dns_record: toBool(row.dns_record) };
  }

  putFallbackOrigin(zoneId: string, fallback: FallbackOrigin): void {
    this.store.prepare('INSERT INTO fallback_origins (zone_id, origin, dns_record) VALUES (?, ?, ?) ON CONFLICT(zone_id) DO UPDATE SET origin = excluded.origin, dns_record = excluded.dns_record')
      .run(zoneId, fallback.origin, Number(fallback.dns_record));
  }

  // --- certificate issuance rate limit (the limit itself is a zone's: zones/store.ts) -----------

  recordIssuance(zoneId: string, at: number): void {
    this.store.prepare('INSERT INTO certificate_issuances (zone_id, at) VALUES (?, ?)').run(zoneId, at);
  }

  /** Issuances strictly after `since`. */
  countIssuances(zoneId: string, since: number): number {
    return (this.store.prepare('SELECT count(*) AS n FROM certificate_issuances WHERE zone_id = ? AND at > ?').get(zoneId, since) as { n: number }).n;
  }

  forgetIssuances(zoneId: string, upTo: number): void {
    this.store.prepare('DELETE FROM certificate_issuances WHERE zone_id = ? AND at <= ?').run(zoneId, upTo);
  }

  getPenaltyEnd(zoneId: string): number | undefined {
    const row = this.store.prepare('SELECT until FROM certificate_penalties WHERE zone_id = ?').get(zoneId) as { until: number } | undefined;
    return row?.until;
  }

  setPenaltyEnd(zoneId: string, until: number): void {
    this.store.prepare('INSERT INTO certificate_penalties (zone_id, until) VALUES (?, ?) ON CONFLICT(zone_id) DO UPDATE SET until = excluded.until')
      .run(zoneId, until);
  }
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
