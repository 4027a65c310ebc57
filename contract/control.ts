// The shapes of the control API: how a suite sets up the world that no public endpoint sets (a
// zone's plan, quota and features, the customer's DNS facts, holds, the clock, the legacy WAF state
// a zone migrates from). Part of the contract layer: the reference server answers these shapes and
// the spec kit's control client asks for them; imports nothing. The endpoints are listed in the
// README ("The control API") and docs/*-contract.md.

/** A zone's plan; the order is the plans' order, cheapest first. */
export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export interface ZoneSetup {
  plan?: Plan;
  name?: string;
  rule_quota?: number;
  features?: string[];
  /** Successful custom hostname POSTs allowed per minute (custom hostnames; default 15). */
  certificate_rate_limit?: number;
  /**
   * On a target whose zones have clocks of their own (GET /clock answers per_zone: true): the new
   * zone's clock stands at this time (ISO 8601 or ms since epoch) until moved. Without it a zone
   * follows the global clock.
   */
  now?: string | number;
}

export interface ControlZone extends Required<Omit<ZoneSetup, 'certificate_rate_limit' | 'now'>> { id: string; certificate_rate_limit?: number }

/**
 * A clock as GET /clock, PUT /clock and POST /clock/advance answer it. `per_zone: true` says that
 * the target keeps a clock per zone: those calls take `zones` (ids) to read (`?zone=`) or move only
 * those zones' clocks, and POST /zones takes `now`.
 */
/**
 * The control API's clock: its time; `frozen`, whether it stands still until moved (optional: a run
 * puts a running clock back on real time when it ends, DELETE /clock); `per_zone`, that zones can
 * have clocks of their own (optional: the capability that lets clock specs run alongside the rest).
 */
export interface ControlClock { now: string; epoch_ms: number; frozen?: boolean; per_zone?: boolean }

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

/**
 * The certificate a TLS client meets at a custom hostname: the name of the CA that issued it (one of
 * GET /certificate_authorities), or null while none is issued. How the document's CA choice is
 * observed without reading a record field the document does not show.
 */
export interface Certificate { hostname: string; issuer: string | null }

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
