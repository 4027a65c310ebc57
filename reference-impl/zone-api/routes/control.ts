// The control API (test mode only): sets up what no public endpoint sets.
//   POST /reset                         drop every zone and reset the clock
//   GET  /clock[?zone=ID]               {now} (ISO 8601), {epoch_ms}, {frozen} and {per_zone: true}: the global
//                                       clock, or that zone's (zones/clocks.ts)
//   PUT  /clock {now, zones?}           freeze the clock at a time: the global one, or only these zones'
//   DELETE /clock                       the global clock back to real time (a run does it when it ends)
//   POST /clock/advance {ms, zones?}    move the clock forward: the global one, or only these zones'
//   POST /zones {plan?, name?, rule_quota?, features?, now?}   create a zone (with now: a clock of its own)
//   PATCH /zones/:zone_id {plan?, rule_quota?, features?, certificate_rate_limit?} change a zone's quotas and features
//   POST /users                         another user, with a token and a key pair of its own: {email, key, token}
// Custom hostname facts (docs/custom-hostnames-contract.md):
//   GET  /certificate_authorities       {preferred, other}: {name, caa_domain}
//   PUT  /dns/:hostname {cname?, caa?}  replace the customer's DNS facts for a hostname
//   POST /holds {domain, include_subdomains}   hold a domain; DELETE /holds/:domain releases it
//   POST /standalone_zones {domain}     the domain exists as its own zone
//   PUT  /zones/:zone_id/fallback_origin {origin, dns_record}
//   GET  /route/:hostname               what a request for the hostname meets
//   GET  /certificate/:hostname         {hostname, issuer}: the CA whose certificate a TLS client meets there
// Every change of facts re-evaluates the custom hostnames it may affect.
// WAF migration facts (docs/waf-migration-contract.md):
//   GET  /zones/:zone_id/waf_legacy     the zone's previous-version WAF state, with its URI overrides
//   PUT  /zones/:zone_id/waf_legacy {enabled?, managed_ruleset_enabled?, core_ruleset_enabled?,
//        sensitivity?, action_mode?, firewall_rules?, page_rules?, partner_account?}   replace those fields
// Settings (docs/settings-contract.md):
//   GET  /vendor                        {vendor}: the <vendor> of zone_defaults.nameservers.type values

import { PLANS, type ControlClock, type ControlZone, type Plan, type WafLegacyState, type ZoneSetup } from '../../../contract/control.js';
import { generateUser, type Users } from '../auth.js';
import { dnsFactsInput, fallbackOriginInput, holdInput, nameFromPath, rateLimitInput, standaloneZoneInput } from '../custom-hostnames/input.js';
import { HostnameLifecycle } from '../custom-hostnames/lifecycle.js';
import type { CustomHostnamePolicy } from '../custom-hostnames/policy.js';
import { badRequest, codes, notFound, successEnvelope } from '../errors.js';
import { requireObject, type Json } from '../input.js';
import { VirtualClock, type ClockState } from '../../clock.js';
import type { Router } from '../router.js';
import { VENDOR } from '../settings/nameservers.js';
import { newId } from '../store.js';
import { legacyStateInput } from '../waf/input.js';
import type { WafStore } from '../waf/store.js';
import type { ZoneClocks } from '../zones/clocks.js';
import { DEFAULTS_BY_PLAN, type Zone, type ZoneStore } from '../zones/store.js';

const isPlan = (value: unknown): value is Plan => (PLANS as readonly unknown[]).includes(value);

/** The fields of a zone body but its certificate issuance limit (rateLimitOf) and clock, checked. */
function checkZoneFields(body: Json): Omit<ZoneSetup, 'certificate_rate_limit' | 'now'> {
  const fields: Omit<ZoneSetup, 'certificate_rate_limit' | 'now'> = {};
  if (body.plan !== undefined) {
    if (!isPlan(body.plan)) throw badRequest(`plan must be one of ${PLANS.join(', ')}`, codes.validation);
    fields.plan = body.plan;
  }
  if (body.name !== undefined) {
    if (typeof body.name !== 'string' || body.name === '') throw badRequest('name must be a non-empty string', codes.validation);
    fields.name = body.name;
  }
  if (body.rule_quota !== undefined) {
    if (!Number.isInteger(body.rule_quota) || (body.rule_quota as number) < 0) throw badRequest('rule_quota must be a non-negative integer', codes.validation);
    fields.rule_quota = body.rule_quota as number;
  }
  if (body.features !== undefined) {
    if (!Array.isArray(body.features) || !body.features.every((f) => typeof f === 'string')) throw badRequest('features must be an array of strings', codes.validation);
    fields.features = body.features as string[];
  }
  return fields;
}

/**
 * A clock answer: its time, whether it stands still (a run puts a running clock back on real time
 * when it ends), and on a server with zone clocks that it has them (the capability the suite looks for).
 */
const clockJson = (clock: ClockState, zoneClocks: boolean): ControlClock => {
  const ms = new VirtualClock(clock).now();
  return { now: new Date(ms).toISOString(), epoch_ms: ms, frozen: clock.mode === 'frozen', ...(zoneClocks && { per_zone: true }) };
};

/** On a server without zone clocks, a call asking for one is refused, not served on the global clock. */
function refuseZoneClock(asked: boolean, zoneClocks: boolean): void {
  if (asked && !zoneClocks) throw badRequest('this server has one clock: zones have no clock of their own', codes.validation);
}

/** A time given as an ISO 8601 date or ms since epoch (PUT /clock's now, POST /zones' now). */
function timeInput(value: unknown, field: string): number {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) throw badRequest(`${field} must be an ISO 8601 date or milliseconds since epoch`, codes.validation);
  refuseUnrepresentable(ms);
  return ms;
}

/** The `zones` of a clock call: undefined (the global clock), or ids of existing zones, at least one. */
function zonesInput(value: unknown, zones: ZoneStore): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0 || !value.every((id) => typeof id === 'string')) throw badRequest('zones must be a non-empty array of zone ids', codes.validation);
  const unknown = (value as string[]).find((id) => !zones.get(id));
  if (unknown !== undefined) throw notFound('zone', unknown);
  return value as string[];
}

/**
 * A time the clock can show: within the range of a JavaScript Date (±8.64e15 ms). Beyond it every
 * date the server writes fails (a 500 on every later request; found by test/reference-fuzz.test.ts).
 */
function refuseUnrepresentable(ms: number): void {
  if (Number.isNaN(new Date(ms).getTime())) throw badRequest('the clock must stay within ±8.64e15 ms of the epoch (the range of a date)', codes.validation);
}

/** The zone as the control API shows it: with its effective certificate issuance limit. */
const zoneJson = (zones: ZoneStore, policy: CustomHostnamePolicy, zone: Zone): ControlZone =>
  ({ ...zone, certificate_rate_limit: zones.getCertificateRateLimit(zone.id) ?? policy.defaultRateLimit });

/** The certificate_rate_limit of a zone body, checked; undefined when it has none. */
const rateLimitOf = (body: Json): number | undefined =>
  body.certificate_rate_limit === undefined ? undefined : rateLimitInput(body.certificate_rate_limit);

/** `zoneClocks`: whether zones may have clocks of their own (false: the global clock only). */
export function controlRoutes(router: Router, customHostnames: CustomHostnamePolicy, users: Users, zoneClocks: boolean): void {
  zoneControlRoutes(router, customHostnames, zoneClocks);
  userControlRoutes(router, users);
  customHostnameControlRoutes(router, customHostnames);
  wafControlRoutes(router);
  router.resource('/vendor', { GET: () => successEnvelope({ vendor: VENDOR }) });
}

/** Users besides the operator: each may use every zone, like the operator; dropped by POST /reset. */
function userControlRoutes({ resource }: Router, users: Users): void {
  resource('/users', {
    POST: () => {
      const user = generateUser();
      users.add(user);
      return successEnvelope(user);
    },
  });
}

/** The legacy WAF state as the control API shows it: the stored state and the zone's URI overrides. */
const wafStateJson = (waf: WafStore, zone: Zone): WafLegacyState => ({ ...waf.getState(zone.id), uri_overrides: waf.listOverrides(zone.id) });

function wafControlRoutes({ state: { waf }, resource }: Router): void {
  resource('/zones/:zone_id/waf_legacy', {
    GET: (req) => successEnvelope(wafStateJson(waf, req.zone())),
    PUT: (req) => {
      const zone = req.zone();
      waf.putState(zone.id, legacyStateInput(req.body, waf.getState(zone.id)));
      return successEnvelope(wafStateJson(waf, zone));
    },
  });
}

function zoneControlRoutes({ store, state: { zones, customHostnames }, clock, clocks, resource }: Router, policy: CustomHostnamePolicy, zoneClocks: boolean): void {
  const lifecycle = new HostnameLifecycle(zones, customHostnames, clocks, policy);
  resource('/reset', {
    POST: () => {
      store.reset();
      clock.reset();
      return successEnvelope({ reset: true });
    },
  });
  clockControlRoutes(resource, zones, clocks, zoneClocks);
  resource('/zones', {
    POST: (req) => {
      const body = requireObject(req.body ?? {}, 'zone');
      const fields = checkZoneFields(body);
      const rateLimit = rateLimitOf(body);
      refuseZoneClock(body.now !== undefined, zoneClocks);
      const now = body.now === undefined ? undefined : timeInput(body.now, 'now');
      const plan = fields.plan ?? 'enterprise';
      const zone = zones.create({
        name: fields.name ?? `zone-${newId().slice(0, 12)}.example`,
        plan,
        rule_quota: fields.rule_quota ?? DEFAULTS_BY_PLAN[plan].rule_quota,
        features: fields.features ?? [...DEFAULTS_BY_PLAN[plan].features],
      });
      if (rateLimit !== undefined) zones.setCertificateRateLimit(zone.id, rateLimit);
      if (now !== undefined) clocks.set([zone.id], now);
      return successEnvelope(zoneJson(zones, policy, zone));
    },
  });
  resource('/zones/:zone_id', {
    GET: (req) => successEnvelope(zoneJson(zones, policy, req.zone())),
    PATCH: (req) => {
      const zone = req.zone();
      const body = requireObject(req.body, 'zone');
      const updated = { ...zone, ...checkZoneFields(body) };
      const rateLimit = rateLimitOf(body);
      zones.update(updated);
      if (rateLimit !== undefined) zones.setCertificateRateLimit(zone.id, rateLimit);
      // A new zone name changes which CNAMEs point at the zone.
      if (updated.name !== zone.name) lifecycle.reconsiderAll();
      return successEnvelope(zoneJson(zones, policy, updated));
    },
  });
}

/**
 * The global clock, and the clocks of given zones: a call with `zones` moves those zones' clocks
 * only (each then has one of its own), one without moves the global clock and the zones that follow
 * it. Answers the clock asked about (with zones: the first one's).
 */
function clockControlRoutes(resource: Router['resource'], zones: ZoneStore, clocks: ZoneClocks, zoneClocks: boolean): void {
  const zoneParam = (query: Record<string, unknown>): string | undefined => {
    const zone = query.zone;
    if (zone === undefined) return undefined;
    refuseZoneClock(true, zoneClocks);
    if (typeof zone !== 'string' || !zones.get(zone)) throw notFound('zone', String(zone));
    return zone;
  };
  const stateOf = (ids: string[] | undefined) => clocks.stateOf(ids?.[0]);
  resource('/clock', {
    GET: (req) => {
      const zone = zoneParam(req.query as Record<string, unknown>);
      return successEnvelope(clockJson(stateOf(zone === undefined ? undefined : [zone]), zoneClocks));
    },
    DELETE: () => {
      clocks.global.reset();
      return successEnvelope(clockJson(stateOf(undefined), zoneClocks));
    },
    PUT: (req) => {
      const body = requireObject(req.body, 'clock');
      const ms = timeInput(body.now, 'now');
      refuseZoneClock(body.zones !== undefined, zoneClocks);
      const ids = zonesInput(body.zones, zones);
      if (ids) clocks.set(ids, ms);
      else clocks.global.set(ms);
      return successEnvelope(clockJson(stateOf(ids), zoneClocks));
    },
  });
  resource('/clock/advance', {
    POST: (req) => {
      const body = requireObject(req.body, 'advance');
      const { ms } = body;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw badRequest('ms must be a non-negative number', codes.validation);
      refuseZoneClock(body.zones !== undefined, zoneClocks);
      const ids = zonesInput(body.zones, zones);
      for (const clock of ids ? ids.map((id) => clocks.of(id)) : [clocks.global]) refuseUnrepresentable(clock.now() + ms);
      if (ids) clocks.advance(ids, ms);
      else clocks.global.advance(ms);
      return successEnvelope(clockJson(stateOf(ids), zoneClocks));
    },
  });
}

function customHostnameControlRoutes({ state: { zones, customHostnames: hostnames }, clocks, resource }: Router, policy: CustomHostnamePolicy): void {
  const lifecycle = new HostnameLifecycle(zones, hostnames, clocks, policy);
  resource('/certificate_authorities', {
    GET: () => successEnvelope({ preferred: { ...policy.preferred }, other: { ...policy.other } }),
  });
  resource('/dns/:hostname', {
    GET: (req) => {
      const hostname = nameFromPath(req.params.hostname!, 'hostname', true);
      return successEnvelope({ hostname, ...(hostnames.getDnsFacts(hostname) ?? { cname: null, caa: [] }) });
    },
    PUT: (req) => {
      const hostname = nameFromPath(req.params.hostname!, 'hostname', true);
      const facts = dnsFactsInput(req.body);
      hostnames.putDnsFacts(hostname, facts);
      lifecycle.reconsiderAll();
      return successEnvelope({ hostname, ...facts });
    },
  });
  resource('/holds', {
    POST: (req) => {
      const hold = holdInput(req.body);
      hostnames.putHold(hold);
      lifecycle.reconsiderAll();
      return successEnvelope(hold);
    },
  });
  resource('/holds/:domain', {
    DELETE: (req) => {
      const domain = nameFromPath(req.params.domain!, 'domain', false);
      if (!hostnames.deleteHold(domain)) throw notFound('hold on', domain);
      lifecycle.reconsiderAll();
      return successEnvelope({ domain });
    },
  });
  resource('/standalone_zones', {
    POST: (req) => {
      const domain = standaloneZoneInput(req.body);
      hostnames.addStandaloneZone(domain);
      return successEnvelope({ domain });
    },
  });
  resource('/zones/:zone_id/fallback_origin', {
    PUT: (req) => {
      const zone = req.zone();
      const fallback = fallbackOriginInput(req.body);
      hostnames.putFallbackOrigin(zone.id, fallback);
      return successEnvelope(fallback);
    },
  });
  resource('/route/:hostname', {
    GET: (req) => successEnvelope(lifecycle.route(nameFromPath(req.params.hostname!, 'hostname', false))),
  });
  resource('/certificate/:hostname', {
    GET: (req) => successEnvelope(lifecycle.certificate(nameFromPath(req.params.hostname!, 'hostname', true))),
  });
}

