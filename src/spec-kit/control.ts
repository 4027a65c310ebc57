// Client of a target's control API (see DESIGN.md "The control API"): how a spec sets up the
// world that no public endpoint sets, such as a zone with a given plan, quota and features.

export type Plan = 'free' | 'pro' | 'business' | 'enterprise';

export interface ZoneSetup {
  plan?: Plan;
  name?: string;
  rule_quota?: number;
  features?: string[];
  /** Successful custom hostname POSTs allowed per minute (custom hostnames; default 15). */
  certificate_rate_limit?: number;
}

export interface ControlZone extends Required<Omit<ZoneSetup, 'certificate_rate_limit'>> { id: string; certificate_rate_limit?: number }

/** A certificate authority the target can issue from; caa_domain is the value CAA records name. */
export interface CertificateAuthority { name: string; caa_domain: string }

/** The customer's DNS facts for one hostname (custom hostnames). */
export interface DnsFacts {
  cname?: string | null;
  caa?: { tag: 'issue' | 'issuewild'; value: string }[];
}

/** What a request for a hostname meets: a custom hostname of a zone, or error 1016 with its cause. */
export type Route =
  | { routable: true; zone_id: string; custom_hostname_id: string }
  | { routable: false; error: 1016; cause: 'validation_incomplete' | 'fallback_origin' | 'shadowed_by_zone' | 'no_custom_hostname' | string };

/** A user the control API made: its email and key (key pair) and its token (bearer). */
export interface ControlUser { email: string; key: string; token: string }

/** What PUT /zones/:zone_id/waf_legacy sets (WAF migration; every field optional). */
export interface WafLegacySetup {
  enabled?: boolean;
  managed_ruleset_enabled?: boolean;
  core_ruleset_enabled?: boolean;
  partner_account?: boolean;
  sensitivity?: 'high' | 'medium' | 'low' | 'default';
  action_mode?: 'simulate' | 'block' | 'challenge';
  firewall_rules?: { expression: string; description?: string }[];
  page_rules?: { target: string; setting: 'disable_security' | 'waf_on' | 'waf_off' | string }[];
}

/** A zone's previous-version WAF configuration as GET /zones/:zone_id/waf_legacy answers it. */
export interface WafLegacyState extends Omit<Required<WafLegacySetup>, 'firewall_rules' | 'page_rules'> {
  firewall_rules: { id: string; expression: string; description?: string }[];
  page_rules: { id: string; target: string; setting: string }[];
  group_modes: Record<string, string>;
  rule_modes: Record<string, string>;
  migration_state: string;
  entrypoint: unknown;
  uri_overrides: unknown[];
  [key: string]: unknown;
}

/** Checks what a control endpoint answered; a target's control API may be broken like any other. */
type Check<T> = { what: string; holds: (result: unknown) => boolean; _?: T };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): boolean => typeof value === 'string' && value.length > 0;
const check = <T>(what: string, holds: (result: unknown) => boolean): Check<T> => ({ what, holds });

const ANYTHING = check<unknown>('any result', () => true);
const ZONE = check<ControlZone>('a zone {id, name} (strings)', (r) => isObject(r) && nonEmpty(r.id) && nonEmpty(r.name));
const CLOCK = check<{ now: string; epoch_ms: number }>('the clock {now, epoch_ms (a number)}', (r) => isObject(r) && Number.isFinite(r.epoch_ms));
const isCa = (ca: unknown) => isObject(ca) && nonEmpty(ca.name) && nonEmpty(ca.caa_domain);
const AUTHORITIES = check<{ preferred: CertificateAuthority; other: CertificateAuthority }>('{preferred, other}, each {name, caa_domain}', (r) => isObject(r) && isCa(r.preferred) && isCa(r.other));
const ROUTE = check<Route>('a route {routable (boolean), ...}', (r) => isObject(r) && typeof r.routable === 'boolean');
const WAF_STATE = check<WafLegacyState>('the legacy WAF state (an object)', isObject);
const VENDOR = check<{ vendor: string }>('{vendor} (a string)', (r) => isObject(r) && nonEmpty(r.vendor));
const USER = check<ControlUser>('a user {email, key, token} (strings)', (r) => isObject(r) && nonEmpty(r.email) && nonEmpty(r.key) && nonEmpty(r.token));

export class ControlClient {
  constructor(private readonly url: string) {}

  reset(): Promise<unknown> { return this.call('POST', '/reset', undefined, ANYTHING); }
  createZone(setup: ZoneSetup = {}): Promise<ControlZone> { return this.call('POST', '/zones', setup, ZONE); }
  updateZone(id: string, setup: ZoneSetup): Promise<ControlZone> { return this.call('PATCH', `/zones/${id}`, setup, ZONE); }
  now(): Promise<{ now: string; epoch_ms: number }> { return this.call('GET', '/clock', undefined, CLOCK); }
  setClock(now: string | number): Promise<unknown> { return this.call('PUT', '/clock', { now }, ANYTHING); }
  advanceClock(ms: number): Promise<unknown> { return this.call('POST', '/clock/advance', { ms }, ANYTHING); }

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
    const response = await fetch(this.url + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
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
