// The sixth blind round: misreadings written from the zone document alone (and the reference
// notes), aimed at the areas whose specs were rewritten to send fewer requests: firewall rules and
// filters (a filter shared by rules, a rule created with its filter, what a refused batch leaves
// behind), custom hostnames (read back through listings), the WAF migration (repeated and one-way
// requests, the "or" of phase-one eligibility) and the DNS settings' flatten setting (mirroring).
// Every name starts with "r6 " so that `measure.ts "r6 "` selects exactly these.

import type { FastifyRequest } from 'fastify';
import type { ReferenceApp } from '../../../../reference-impl/zone-api/app.js';
import { checkFilterInput, checkRuleInput, missingFeature } from '../../../../reference-impl/zone-api/firewall/model.js';
import { Problems } from '../../../../reference-impl/zone-api/input.js';
import type { Zone } from '../../../../reference-impl/zone-api/zones/store.js';
import {
  apiPath, beforeHandler, handlingZone, query, rewriteAnswers, rewriteHostnameWrites, zoneIdOf, type BlindVariant, type Json,
} from '../variant.js';

const HOSTNAMES = /^\/zones\/[^/]+\/custom_hostnames$/;
const HOSTNAME = /^\/zones\/[^/]+\/custom_hostnames\/[^/]+$/;
const RULES = /^\/zones\/[^/]+\/firewall\/rules$/;
const RULE_PATHS = /^\/zones\/[^/]+\/firewall\/rules(\/[^/]+)?$/;
const FILTERS = /^\/zones\/[^/]+\/filters$/;
const ENTRYPOINT = /^\/zones\/[^/]+\/rulesets\/phases\/http_request_firewall_managed\/entrypoint$/;
const WAF_CHECK_OR_PUT = /^\/zones\/[^/]+\/(waf_migration\/check|rulesets\/phases\/http_request_firewall_managed\/entrypoint)$/;
const WAF_OVERRIDES = /^\/zones\/[^/]+\/firewall\/waf\/overrides(\/[^/]+)?$/;
const DNS_SETTINGS = /^\/zones\/[^/]+\/dns_settings$/;
const ZONE_SETTINGS = /^\/zones\/[^/]+\/settings$/;
const CNAME_SETTING = /^\/zones\/[^/]+\/settings\/cname_flattening$/;

const RULE_2 = '2. When either is invalid, neither is created.';
const RULE_3 = '3. Exception: when the rule quota would be exceeded or the zone lacks a requested feature, the filter may exist while the rule does not.';
const RULE_4 = '4. PUT and DELETE are not allowed on filters created this way, to protect filters used elsewhere.';
const SHARED = 'A filter is standalone and can be shared by several firewall rules and other features.';
const MOVED_LIFETIME = '| Moved | 7 days elapse | No reactivation | deleted | |';
const MOVED_PATCH = '| Moved | PATCH on the custom hostname | Restarts validation | Active | |';
const FLATTEN = '| flatten_all_cnames | boolean | Replaces the zone setting cname_flattening: old values `off` and `apex` both map to false; `on` maps to true |';
const CNAME_ROW = '| 2025-03-21 | Zone setting cname_flattening | Deprecated: GET and PATCH /zones/{zone_id}/settings/cname_flattening. Affected: GET and PATCH /zones/{zone_id}/settings | Use DNS settings (flatten_all_cnames); changes are mirrored both ways |';

/** Each request's own notes (a variant remembers what it saw before the handler ran). */
const notes = new WeakMap<FastifyRequest, Json>();

/** Whether one item of a combined create would pass the reference's checks on its own (rule 2). */
function itemValid(reference: ReferenceApp, zone: Zone, item: unknown): boolean {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  const problems = new Problems();
  checkRuleInput(item as Json, 'rule', problems);
  const filter = (item as Json).filter;
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) return false;
  const { id } = filter as Json;
  if (id !== undefined) {
    if (typeof id !== 'string' || !reference.state.firewall.getFilter(zone.id, id)) return false;
  } else checkFilterInput(filter as Json, 'filter', problems);
  return problems.list.length === 0;
}

/** POSTs these items to the same URL with the same credentials, through the app itself. */
async function postAgain(reference: ReferenceApp, request: FastifyRequest, items: unknown[]): Promise<void> {
  const headers = { ...request.headers, 'content-type': 'application/json' };
  delete headers['content-length'];
  delete headers['transfer-encoding'];
  await reference.app.inject({ method: 'POST', url: request.url, headers, payload: JSON.stringify(items) });
}

const zoneOfRequest = (reference: ReferenceApp, request: FastifyRequest): Zone | undefined => {
  const id = zoneIdOf(request);
  return id === undefined ? undefined : reference.state.zones.get(id);
};

const storedFlatten = (reference: ReferenceApp, zoneId: string): string =>
  (reference.state.settings.get(zoneId, 'zone', 'cname_flattening')?.value as string | undefined) ?? 'apex';

export const ROUND6_VARIANTS: BlindVariant[] = [
  // --- firewall rules and filters -----------------------------------------------------------------
  {
    // Shows: POST /firewall/rules [{filter:{expression:'ip.src eq 192.0.2.1'},action:'block'}, {filter:{expression:'(('},action:'block'}]
    // answers 400 as it should, but GET /firewall/rules then lists the first rule.
    name: 'r6 combined create: a refused batch keeps the rules of its valid items',
    sentence: RULE_2,
    misreading: '"Either" read per item (its filter or its rule): an invalid item creates neither of its own two, while the valid items of the same request are created; the request is still answered with the errors.',
    customize: (r) => r.app.addHook('preHandler', async (request) => {
      if (request.method !== 'POST' || !RULES.test(apiPath(request)) || !Array.isArray(request.body) || request.body.length < 2) return;
      const zone = zoneOfRequest(r, request);
      if (!zone) return;
      const valid = (request.body as unknown[]).filter((item) => itemValid(r, zone, item));
      if (valid.length > 0 && valid.length < request.body.length) await postAgain(r, request, valid);
    }),
  },
  {
    // Shows: a zone of quota 5 holding 4 rules; POST /firewall/rules with 2 valid items answers the
    // quota refusal, but GET /firewall/rules then has 5 rules (the first item's rule was created).
    name: 'r6 combined create: over the quota creates rules up to the quota',
    sentence: RULE_3,
    misreading: '"When the rule quota would be exceeded" read rule by rule: the rules are created in order while the quota allows, and only the ones beyond it are refused (their filters remain).',
    customize: (r) => r.app.addHook('preHandler', async (request) => {
      if (request.method !== 'POST' || !RULES.test(apiPath(request)) || !Array.isArray(request.body)) return;
      const zone = zoneOfRequest(r, request);
      if (!zone) return;
      const items = request.body as unknown[];
      const room = zone.rule_quota - r.state.firewall.countRules(zone.id);
      if (room <= 0 || items.length <= room) return;
      const fitting = items.slice(0, room);
      if (!items.every((item) => itemValid(r, zone, item))) return;
      if (fitting.some((item) => missingFeature(zone, String((item as Json).action)) !== undefined)) return;
      await postAgain(r, request, fitting);
      request.body = items.slice(room);
    }),
  },
  {
    // Shows: after a combined create, PUT /filters [{id: <its filter id>, expression: ...}] answers 200
    // (PUT /filters/{id} still answers 403); DELETE /filters?id=<it> answers 409 "in use", not 403.
    name: 'r6 filters: the collection\'s bulk PUT and DELETE skip the protection',
    sentence: RULE_4,
    misreading: 'The protection is written on the single filter\'s operations (PUT and DELETE /filters/{filter_id}); the collection\'s bulk PUT and DELETE, which the rule does not name, replace and delete such filters like any other.',
    customize: (r) => {
      const bulk = handlingZone(r, ['PUT', 'DELETE'], FILTERS);
      const firewall = r.state.firewall;
      const getFilter = firewall.getFilter.bind(firewall);
      firewall.getFilter = (zoneId, id) => {
        const filter = getFilter(zoneId, id);
        return filter && bulk() === zoneId ? { ...filter, via_rule: false } : filter;
      };
    },
  },
  {
    // Shows: POST /firewall/rules [{filter:{expression},action}], DELETE /firewall/rules/{id}, then
    // GET /filters/{filter id} answers 404 (and GET /filters no longer lists it).
    name: 'r6 rules: deleting a rule made by the combined create deletes its filter',
    sentence: `1. The filter is created first, then the rule, which refers to it. / ${RULE_2} / Recommended sequence: create the filter through the filters endpoint, then create the rule referring to its id; repeat the rule step for every feature that uses the same filter; on delete use the reverse order.`,
    misreading: 'A filter made together with its rule is taken to belong to it (neither exists without the other, and such a filter cannot be deleted on its own): deleting the rule deletes that filter when no other rule uses it.',
    customize: (r) => {
      const firewall = r.state.firewall;
      const deleteRule = firewall.deleteRule.bind(firewall);
      firewall.deleteRule = (id) => {
        const row = r.store.prepare('SELECT zone_id, filter_id FROM firewall_rules WHERE id = ?').get(id) as { zone_id: string; filter_id: string } | undefined;
        deleteRule(id);
        if (!row) return;
        const filter = firewall.getFilter(row.zone_id, row.filter_id);
        if (filter?.via_rule && firewall.rulesUsingFilter(filter.id) === 0) firewall.deleteFilter(filter.id);
      };
    },
  },
  {
    // Shows: two rules sharing filter F; PATCH /firewall/rules/{A} {filter:{id:F, expression:X}} and
    // GET /firewall/rules then shows X as the filter of rule B as well (GET /filters/F too).
    name: 'r6 rules: a rule update carrying filter.expression rewrites the shared filter',
    sentence: `${SHARED} / | filter | object | Fields id, expression, paused |`,
    misreading: 'The rule\'s filter object is taken as writable through the rule: an update that names the filter\'s id with an expression changes that filter in place, whichever rules share it.',
    customize: (r) => beforeHandler(r, ['PUT', 'PATCH'], RULE_PATHS, (request) => {
      const zoneId = zoneIdOf(request);
      if (zoneId === undefined) return;
      const items = (Array.isArray(request.body) ? request.body : [request.body]) as unknown[];
      for (const item of items) {
        const filter = (item as Json | null)?.filter as Json | undefined;
        if (!filter || typeof filter !== 'object' || typeof filter.id !== 'string' || typeof filter.expression !== 'string') continue;
        const current = r.state.firewall.getFilter(zoneId, filter.id);
        const problems = new Problems();
        const input = checkFilterInput({ expression: filter.expression }, 'filter', problems);
        if (current && problems.list.length === 0) r.state.firewall.updateFilter({ ...current, expression: input.expression! });
      }
    }),
  },
  {
    // Shows: POST /filters [{expression:E}] (id F), then POST /firewall/rules [{filter:{expression:E},action:'block'}]
    // answers a rule whose filter.id is F; PUT /filters/F then still answers 200.
    name: 'r6 combined create: reuses an existing filter with the same expression',
    sentence: `${SHARED} / 1. The filter is created first, then the rule, which refers to it. / ${RULE_4}`,
    misreading: 'Since filters are shared, the combined create looks for a filter of the zone with the same expression and refers to it instead of creating a duplicate; only a new expression creates a (protected) filter.',
    customize: (r) => beforeHandler(r, 'POST', RULES, (request) => {
      const zoneId = zoneIdOf(request);
      if (zoneId === undefined || !Array.isArray(request.body)) return;
      for (const item of request.body as unknown[]) {
        const filter = (item as Json | null)?.filter as Json | undefined;
        if (!filter || typeof filter !== 'object' || filter.id !== undefined || typeof filter.expression !== 'string') continue;
        const same = r.store.prepare('SELECT id FROM filters WHERE zone_id = ? AND expression = ? ORDER BY seq LIMIT 1').get(zoneId, filter.expression) as { id: string } | undefined;
        if (same) (item as Json).filter = { id: same.id };
      }
    }),
  },

  // --- custom hostnames, read back through listings ------------------------------------------------
  {
    // Shows: a Moved hostname, the clock advanced 7 days; GET /custom_hostnames still lists it, also
    // after other requests (a POST, a change of some customer's DNS); GET /custom_hostnames/{id}
    // answers 404, and from then on the list no longer has it.
    name: 'r6 hostnames: the list does not drop moved hostnames past their 7 days',
    sentence: MOVED_LIFETIME,
    misreading: 'The deletion after 7 days is made when a hostname is fetched by its id (GET, PATCH or DELETE of /custom_hostnames/{id}); the list, creates and DNS changes show and keep what is stored, so an expired hostname stays listed until a read by id.',
    customize: (r) => {
      // The lifetime applies only while a request naming a hostname by its id is handled: the
      // reference's sweeps at other times (the list, a POST, a DNS change through the control API,
      // any zone's) find nothing expired. A window around the list alone left those sweeps on, and
      // another spec's DNS change then deleted the hostname before a listing could show it.
      const fetchingById = handlingZone(r, ['GET', 'PATCH', 'DELETE'], HOSTNAME);
      const policy = r.customHostnames;
      const isExpired = policy.isExpired.bind(policy);
      policy.isExpired = (movedAt, now) => fetchingById() !== undefined && isExpired(movedAt, now);
    },
  },
  {
    // Shows: a hostname created with the named CA pinned; PATCH {ssl:{method:'txt',type:'dv',certificate_authority:''}}
    // answers (and lists) ssl.certificate_authority still the named CA, not '' (the default CA).
    name: 'r6 hostnames: a PATCH with certificate_authority "" keeps the pinned CA',
    sentence: '| ssl.certificate_authority | string | An empty string selects the default CA (the service chooses, preferring the more compatible CA, and falls back to the other CA only when a CAA record blocks the preferred one). A named-CA identifier (written <named_ca> here; its value holds a brand and is not reproduced) pins that CA |',
    misreading: 'The empty string is read as "no CA given", which on a create means the default and on a PATCH means "leave it as it is": a pinned hostname cannot be returned to the default CA.',
    customize: (r) => beforeHandler(r, 'PATCH', HOSTNAME, (request) => {
      const ssl = (request.body as Json | null)?.ssl as Json | undefined;
      if (ssl && typeof ssl === 'object' && ssl.certificate_authority === '') delete ssl.certificate_authority;
    }),
  },
  {
    // Shows: a Moved hostname whose CNAME points at the zone again; PATCH answers (and the list shows)
    // status pending, not Active; it becomes Active only at the next change of its DNS facts.
    name: 'r6 hostnames: a PATCH of a Moved hostname leaves it in validation',
    sentence: MOVED_PATCH,
    misreading: '"Restarts validation" taken literally: the PATCH puts the hostname back into validation (pending), and it becomes Active when the validation next runs, not on the PATCH itself.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const stored = (request: FastifyRequest) => {
        const id = /\/custom_hostnames\/([^/?]+)/.exec(request.url)?.[1];
        const zoneId = zoneIdOf(request);
        return id === undefined || zoneId === undefined ? undefined : store.getCustomHostname(zoneId, id);
      };
      const patchingMoved = handlingZone(r, 'PATCH', HOSTNAME, (request) => stored(request)?.status === 'moved');
      // The hostnames such a PATCH left in validation, with the DNS facts they had then: they stay
      // pending until their own facts change. The reference reconsiders every hostname on any DNS
      // change, so without this another spec's DNS change (any zone's) activated them at once, and
      // the variant was caught or not by the interleaving of concurrent specs.
      const inValidation = new Map<string, string>();
      const factsOf = (hostname: string) => JSON.stringify(store.getDnsFacts(hostname) ?? null);
      rewriteHostnameWrites(r, (next) => {
        if (next.status !== 'active') return next;
        const pending = { ...next, status: 'pending', issuer: null };
        if (patchingMoved() === next.zone_id) {
          inValidation.set(next.id, factsOf(next.hostname));
          return pending;
        }
        if (inValidation.get(next.id) === factsOf(next.hostname)) return pending;
        inValidation.delete(next.id);
        return next;
      });
      rewriteAnswers(r, {
        method: 'PATCH',
        path: HOSTNAME,
        body: (answer, request) => {
          const row = stored(request);
          const result = answer.result as Json | null;
          if (answer.success !== true || !row || !result || result.status === row.status) return undefined;
          return { ...answer, result: { ...result, status: row.status, ssl: { ...(result.ssl as Json), issuer: row.issuer } } };
        },
      });
    },
  },
  {
    // Shows: GET /custom_hostnames answers entries without verification_errors (GET /custom_hostnames/{id} has them).
    name: 'r6 hostnames: the list\'s entries leave out verification_errors',
    sentence: '| verification_errors | array of string | Reasons validation has not completed; one documented message says the custom hostname does not CNAME to this zone |',
    misreading: 'The list is taken to be a summary (id, hostname, ssl, status); the reasons validation has not completed are details shown by the single hostname\'s GET and the writes only.',
    customize: (r) => rewriteAnswers(r, {
      method: 'GET',
      path: HOSTNAMES,
      body: (answer) => {
        if (answer.success !== true || !Array.isArray(answer.result)) return undefined;
        return { ...answer, result: (answer.result as Json[]).map((entry) => {
          const summary = { ...entry };
          delete summary.verification_errors;
          return summary;
        }) };
      },
    }),
  },

  // --- WAF migration ----------------------------------------------------------------------------------
  {
    // Shows: a migrated zone; PUT .../entrypoint?waf_migration=pending again answers 200 (the entry
    // point's version goes up) instead of refusing the second migration.
    name: 'r6 waf: a repeated pending PUT on a migrated zone redeploys the configuration',
    sentence: 'The migration is irreversible. / | start or validation mode | PUT entry point with waf_migration=pending | Configuration saved and new rules enabled | migrated | Previous managed rules disabled automatically; previous-version managed rules APIs stop working |',
    misreading: '"Irreversible" read as "cannot go back to the previous version": a pending PUT on a zone already migrated is taken as idempotent and saves the new configuration again.',
    customize: (r) => beforeHandler(r, 'PUT', ENTRYPOINT, (request) => {
      const zoneId = zoneIdOf(request);
      const raw = query(request, 'waf_migration');
      if (zoneId === undefined || (raw !== 'pending' && raw !== '1')) return;
      if (r.state.waf.getState(zoneId).migration_state === 'migrated') delete (request.query as Json).waf_migration;
    }),
  },
  {
    // Shows: after the migration, GET /firewall/waf/overrides answers 200 (and POST creates one)
    // while GET /firewall/waf/packages answers the refusal.
    name: 'r6 waf: the overrides API keeps working after the migration',
    sentence: '- Previous-version managed rules APIs (packages, groups, rules, overrides) stop working after migration; the rulesets API replaces them.',
    misreading: 'The "managed rules APIs" that stop are taken to be those of the managed rules themselves (packages, their groups and rules); URI-based overrides, a separate resource, stay manageable.',
    customize: (r) => {
      const overrides = handlingZone(r, ['GET', 'POST', 'PUT', 'DELETE'], WAF_OVERRIDES);
      const waf = r.state.waf;
      const getState = waf.getState.bind(waf);
      waf.getState = (zoneId) => {
        const state = getState(zoneId);
        return overrides() === zoneId && state.migration_state === 'migrated' ? { ...state, migration_state: 'start' } : state;
      };
    },
  },
  {
    // Shows: legacy state {enabled:false, core_ruleset_enabled:true}; GET /waf_migration/check
    // answers compatible false (phase one), not true.
    name: 'r6 waf: a disabled WAF with the core rule set flagged is not phase-one eligible',
    sentence: 'Phase-one eligibility: WAF disabled, or only the first managed ruleset enabled (the open web-application core rule set disabled); no firewall rules or page rules bypassing, enabling or disabling WAF managed rules; no URI-based overrides.',
    misreading: 'The parenthesis is read as a condition of its own: the core rule set must be disabled whether or not WAF is, so a zone with WAF off but the core rule set still switched on is not eligible in phase one.',
    customize: (r) => {
      const judging = handlingZone(r, ['GET', 'PUT'], WAF_CHECK_OR_PUT, (request) => query(request, 'phase_two') !== '1');
      const waf = r.state.waf;
      const getState = waf.getState.bind(waf);
      waf.getState = (zoneId) => {
        const state = getState(zoneId);
        // Seen as enabled, the reference's own check finds the core rule set on (and refuses before writing).
        return judging() === zoneId && !state.enabled && state.core_ruleset_enabled ? { ...state, enabled: true } : state;
      };
    },
  },

  // --- DNS settings: flatten_all_cnames and cname_flattening --------------------------------------
  {
    // Shows: cname_flattening apex (the default); PATCH /dns_settings {flatten_all_cnames:false};
    // GET /settings/cname_flattening then answers off, not apex.
    name: 'r6 dns settings: flatten_all_cnames false always writes cname_flattening off',
    sentence: `${FLATTEN} / ${CNAME_ROW}`,
    misreading: 'The mapping is read back to front for writes: false is written as off (the first of the two values it stands for), even when cname_flattening was apex and so already false.',
    customize: (r) => rewriteAnswers(r, {
      method: 'PATCH',
      path: DNS_SETTINGS,
      body: (answer, request) => {
        const zoneId = zoneIdOf(request);
        if (answer.success !== true || zoneId === undefined || (request.body as Json | null)?.flatten_all_cnames !== false) return undefined;
        if (storedFlatten(r, zoneId) !== 'off') r.state.settings.put(zoneId, 'zone', 'cname_flattening', 'off', new Date(r.clocks.of(zoneId).now()).toISOString());
        return undefined;
      },
    }),
  },
  {
    // Shows: PATCH /settings {items:[{id:'cname_flattening', value:'on'}]}; GET /dns_settings still
    // answers flatten_all_cnames false (PATCH /settings/cname_flattening is mirrored).
    name: 'r6 dns settings: a change through PATCH /settings is not mirrored into flatten_all_cnames',
    sentence: CNAME_ROW,
    misreading: 'The mirroring is written for the deprecated endpoint the row names (/settings/cname_flattening); the combined /settings, only "affected", writes the zone setting without DNS settings seeing it.',
    customize: (r) => {
      /** Per zone: the flatten_all_cnames DNS settings keep showing after a combined PATCH. */
      const stale = new Map<string, boolean>();
      beforeHandler(r, 'PATCH', ZONE_SETTINGS, (request) => {
        const zoneId = zoneIdOf(request);
        const items = (request.body as Json | null)?.items;
        if (zoneId === undefined || !Array.isArray(items) || !items.some((item) => (item as Json | null)?.id === 'cname_flattening')) return;
        notes.set(request, { flattenBefore: storedFlatten(r, zoneId) === 'on' });
      });
      rewriteAnswers(r, {
        method: 'PATCH',
        path: ZONE_SETTINGS,
        body: (answer, request) => {
          const before = notes.get(request)?.flattenBefore as boolean | undefined;
          const zoneId = zoneIdOf(request)!;
          if (answer.success === true && before !== undefined && !stale.has(zoneId)) stale.set(zoneId, before);
          return undefined;
        },
      });
      rewriteAnswers(r, {
        method: 'PATCH',
        path: CNAME_SETTING,
        body: (answer, request) => {
          if (answer.success === true) stale.delete(zoneIdOf(request)!);
          return undefined;
        },
      });
      rewriteAnswers(r, {
        method: ['GET', 'PATCH'],
        path: DNS_SETTINGS,
        body: (answer, request) => {
          const zoneId = zoneIdOf(request)!;
          if (answer.success !== true) return undefined;
          if (request.method === 'PATCH' && typeof (request.body as Json | null)?.flatten_all_cnames === 'boolean') { stale.delete(zoneId); return undefined; }
          const shown = stale.get(zoneId);
          return shown === undefined ? undefined : { ...answer, result: { ...(answer.result as Json), flatten_all_cnames: shown } };
        },
      });
    },
  },
];
