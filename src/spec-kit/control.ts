// Client of a target's control API (docs/guide-zone-api.md, "The control API"; its shapes are in
// contract/control.ts): how a spec sets up the world that no public endpoint sets, such as a
// zone with a given plan, quota and features.

import type { SpecBudget } from './budget.js';
import type { RequestCount } from './request-count.js';
import type { Certificate, CertificateAuthority, ControlClock, ControlUser, ControlZone, DnsFacts, Route, WafLegacySetup, WafLegacyState, ZoneSetup } from '../../contract/control.js';

export type { Certificate, CertificateAuthority, ControlClock, ControlUser, ControlZone, DnsFacts, Plan, Route, WafLegacySetup, WafLegacyState, ZoneSetup } from '../../contract/control.js';

/** Checks what a control endpoint answered; a target's control API may be broken like any other. */
type Check<T> = { what: string; holds: (result: unknown) => boolean; _?: T };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.length > 0;
const check = <T>(what: string, holds: (result: unknown) => boolean): Check<T> => ({ what, holds });

const ANYTHING = check<unknown>('any result', () => true);
const ZONE = check<ControlZone>('a zone {id, name} (strings)', (r) => isObject(r) && nonEmpty(r.id) && nonEmpty(r.name));
const CLOCK = check<ControlClock>('the clock {now, epoch_ms (a number)}', (r) => isObject(r) && Number.isFinite(r.epoch_ms));
const isCa = (ca: unknown) => isObject(ca) && nonEmpty(ca.name) && nonEmpty(ca.caa_domain);
const AUTHORITIES = check<{ preferred: CertificateAuthority; other: CertificateAuthority }>('{preferred, other}, each {name, caa_domain}', (r) => isObject(r) && isCa(r.preferred) && isCa(r.other));
const ROUTE = check<Route>('a route {routable (boolean), ...}', (r) => isObject(r) && typeof r.routable === 'boolean');
const CERTIFICATE = check<Certificate>('a certificate {hostname, issuer (a string or null)}', (r) => isObject(r) && (r.issuer === null || nonEmpty(r.issuer)));
const WAF_STATE = check<WafLegacyState>('the legacy WAF state (an object)', isObject);
const VENDOR = check<{ vendor: string }>('{vendor} (a string)', (r) => isObject(r) && nonEmpty(r.vendor));
const USER = check<ControlUser>('a user {email, key, token} (strings)', (r) => isObject(r) && nonEmpty(r.email) && nonEmpty(r.key) && nonEmpty(r.token));

export class ControlClient {
  /**
   * `headers` go with every call (a spec's SPEC_HEADER); the time a call waits on the target is
   * not counted against the spec's `budget`; each call counts in `count.control`.
   */
  constructor(private readonly url: string, private readonly headers: Record<string, string> = {}, private readonly budget?: SpecBudget, private readonly count?: RequestCount) {}

  reset(): Promise<unknown> { return this.call('POST', '/reset', undefined, ANYTHING); }
  createZone(setup: ZoneSetup = {}): Promise<ControlZone> { return this.call('POST', '/zones', setup, ZONE); }
  updateZone(id: string, setup: ZoneSetup): Promise<ControlZone> { return this.call('PATCH', `/zones/${id}`, setup, ZONE); }
  /** The global clock, or (on a target with zone clocks: `per_zone`) that zone's. */
  now(zone?: string): Promise<ControlClock> { return this.call('GET', zone === undefined ? '/clock' : `/clock?zone=${encodeURIComponent(zone)}`, undefined, CLOCK); }
  /** Sets the global clock, or only these zones' clocks (a target with zone clocks). */
  setClock(now: string | number, zones?: readonly string[]): Promise<unknown> { return this.call('PUT', '/clock', { now, ...(zones && { zones }) }, ANYTHING); }
  /** Puts the global clock back on real time (DELETE /clock): what a run does when it ends. */
  releaseClock(): Promise<unknown> { return this.call('DELETE', '/clock', undefined, ANYTHING); }
  /** Moves the global clock, or only these zones' clocks (a target with zone clocks). */
  advanceClock(ms: number, zones?: readonly string[]): Promise<unknown> { return this.call('POST', '/clock/advance', { ms, ...(zones && { zones }) }, ANYTHING); }

  /**
   * Another user of the target, with credentials of both schemes of its own (the reference's
   * POST /users): for the specs that tell one account's credentials from another's.
   */
  createUser(): Promise<ControlUser> { return this.call('POST', '/users', {}, USER); }

  // Custom hostnames (docs/custom-hostnames-contract.md)
  certificateAuthorities(): Promise<{ preferred: CertificateAuthority; other: CertificateAuthority }> {
    return this.call('GET', '/certificate_authorities', undefined, AUTHORITIES);
  }
  /** Replaces the customer's DNS facts for a hostname. */
  setDns(hostname: string, facts: DnsFacts): Promise<unknown> { return this.call('PUT', `/dns/${encodeURIComponent(hostname)}`, facts, ANYTHING); }
  hold(domain: string, includeSubdomains: boolean): Promise<unknown> { return this.call('POST', '/holds', { domain, include_subdomains: includeSubdomains }, ANYTHING); }
  release(domain: string): Promise<unknown> { return this.call('DELETE', `/holds/${encodeURIComponent(domain)}`, undefined, ANYTHING); }
  /** Makes a domain exist as its own zone (with no DNS records). */
  addStandaloneZone(domain: string): Promise<unknown> { return this.call('POST', '/standalone_zones', { domain }, ANYTHING); }
  setFallbackOrigin(zoneId: string, setting: { origin: string | null; dns_record: boolean }): Promise<unknown> {
    return this.call('PUT', `/zones/${zoneId}/fallback_origin`, setting, ANYTHING);
  }
  route(hostname: string): Promise<Route> { return this.call('GET', `/route/${encodeURIComponent(hostname)}`, undefined, ROUTE); }
  /** The CA whose certificate a TLS client meets at the hostname (null while none is issued). */
  certificate(hostname: string): Promise<Certificate> { return this.call('GET', `/certificate/${encodeURIComponent(hostname)}`, undefined, CERTIFICATE); }

  // WAF migration (docs/waf-migration-contract.md)
  /** The zone's previous-version WAF configuration plus migration_state, entrypoint and uri_overrides. */
  wafLegacy(zoneId: string): Promise<WafLegacyState> { return this.call('GET', `/zones/${zoneId}/waf_legacy`, undefined, WAF_STATE); }
  /** Replaces the given fields of the zone's previous-version WAF configuration. */
  setWafLegacy(zoneId: string, state: WafLegacySetup): Promise<WafLegacyState> {
    return this.call('PUT', `/zones/${zoneId}/waf_legacy`, state, WAF_STATE);
  }

  // Settings (docs/settings-contract.md)
  /** The operator's name in the <vendor>.standard nameserver types. */
  vendor(): Promise<{ vendor: string }> { return this.call('GET', '/vendor', undefined, VENDOR); }

  private async call<T>(method: string, path: string, body: unknown, expected: Check<T>): Promise<T> {
    if (!this.budget) return this.exchange(method, path, body, expected);
    const result = await this.budget.waitingOnTarget(`control API ${method} ${path}`, () => this.exchange(method, path, body, expected));
    this.budget.note(`control API ${method} ${path} answered`);
    return result;
  }

  private async exchange<T>(method: string, path: string, body: unknown, expected: Check<T>): Promise<T> {
    this.count?.controlRequest();
    const response = await fetch(this.url + path, {
      method,
      headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let envelope: { success?: boolean; result?: unknown; errors?: { message: string }[] } | undefined;
    try { envelope = JSON.parse(text); } catch { envelope = undefined; }
    if (!response.ok || !envelope?.success) {
      throw new Error(`control API ${method} ${path} failed: ${response.status} ${text.slice(0, 300)}`);
    }
    if (!expected.holds(envelope.result)) {
      throw new Error(`control API ${method} ${path} answered a result that is not ${expected.what}: HTTP ${response.status} ${text.slice(0, 300)}`);
    }
    return envelope.result as T;
  }
}
