// The third blind round: misreadings written from the zone document alone, aimed at
// what a list-driven suite would not have been shown: a rule applied on one method or path a
// sentence names but not on the others, on create but not on update, state across objects and
// over time (after a PATCH, a second move, a released hold, a migration from validation),
// refusals that leave something behind, concurrency near a limit, empty lists and nulls, the
// envelope on every path.

import type { FastifyRequest } from 'fastify';
import type { ReferenceApp } from '../../../../reference-impl/zone-api/app.js';
import { codes } from '../../../../reference-impl/zone-api/errors.js';
import { ACTION_FEATURES } from '../../../../reference-impl/zone-api/firewall/model.js';
import { VENDOR } from '../../../../reference-impl/zone-api/settings/nameservers.js';
import type { LegacyWafState } from '../../../../reference-impl/zone-api/waf/model.js';
import type { Zone } from '../../../../reference-impl/zone-api/zones/store.js';
import {
  answerInstead, apiPath, beforeHandler, handlingZone, query, rewriteAnswers, rewriteHostnameWrites, utc, zoneIdOf, zoneNow, type BlindVariant, type Json,
} from '../variant.js';

const HOSTNAME = /^\/zones\/[^/]+\/custom_hostnames\/[^/]+$/;
const RULES = /^\/zones\/[^/]+\/firewall\/rules$/;
const RULE_PATHS = /^\/zones\/[^/]+\/firewall\/rules(\/[^/]+)?$/;
const FILTER_PATHS = /^\/zones\/[^/]+\/filters(\/[^/]+)?$/;
const ENTRYPOINT = /^\/zones\/[^/]+\/rulesets\/phases\/http_request_firewall_managed\/entrypoint$/;
const WAF_CHECK_OR_PUT = /^\/zones\/[^/]+\/(waf_migration\/check|rulesets\/phases\/http_request_firewall_managed\/entrypoint)$/;
const WAF_STATUS = /^\/zones\/[^/]+\/waf_migration\/status$/;
const DNS_RECORD = /^\/zones\/[^/]+\/dns_records\/[^/]+$/;
const DNS_RECORDS = /^\/zones\/[^/]+\/dns_records$/;
const ZONE_SETTINGS = /^\/zones\/[^/]+\/settings$/;
const ACCOUNTS = /^\/accounts(\/[^/]+)?$/;

const failure = (code: number, message: string): Json => ({ result: null, success: false, errors: [{ code, message }], messages: [] });

/** Each request's own notes (a variant remembers what it saw before the handler ran). */
const notes = new WeakMap<FastifyRequest, Json>();
const noteOf = (request: FastifyRequest): Json => notes.get(request) ?? {};

/** Changes the zone the handlers of matching requests see (the control API's reads stay as they are). */
function zoneSeenBy(reference: ReferenceApp, during: () => string | undefined, change: (zone: Zone) => Zone): void {
  const zones = reference.state.zones;
  const get = zones.get.bind(zones);
  zones.get = (id) => {
    const zone = get(id);
    return zone && during() === id ? change(zone) : zone;
  };
}

/** The WAF state of the request's zone before the handler ran, kept on the request. */
function rememberWafState(reference: ReferenceApp): void {
  beforeHandler(reference, 'PUT', ENTRYPOINT, (request) => {
    notes.set(request, { ...noteOf(request), wafBefore: reference.state.waf.getState(zoneIdOf(request)!) });
  });
}

const wafRequest = (request: FastifyRequest): string | undefined => {
  const raw = query(request, 'waf_migration');
  return raw === 'pending' || raw === '1' ? 'pending' : raw === 'validation' || raw === '2' ? 'validation' : undefined;
};

const ENVELOPE = 'Every JSON response carries the envelope below.';
const RESULT = '| result | object, array or null | Payload of the operation; null on failure |';
const FAILURE = '| Failure of any operation | Envelope with success false, result null, errors array of {code, message} |';
const RULE_3 = '3. Exception: when the rule quota would be exceeded or the zone lacks a requested feature, the filter may exist while the rule does not.';
const RULE_4 = '4. PUT and DELETE are not allowed on filters created this way, to protect filters used elsewhere.';
const MOVED_LIFETIME = '| Moved | 7 days elapse | No reactivation | deleted | |';
const MOVED_BY_DNS = '| Active (or in validation) | Customer changes DNS records that pointed at the service | In some circumstances | Moved | |';
const HELD = '| validation | Zone hold with the option to also prevent subdomains is enabled on the domain | Hold in place | Blocked | Message says the hostname is associated with a held zone; the zone owner must release the hold before the hostname can activate |';
const PHASE_TWO = 'In phase two all zones are eligible, including partner accounts.';
const URI_OVERRIDES = 'A zone with URI-based WAF overrides (manageable only through the API) is not compatible; the overrides must be deleted first with the delete-WAF-override operation.';
const WAF_LIMITS = '| Migration: more than 200 firewall rules to migrate, or a rule expression longer than 4 KB | Cannot be migrated by the user; contact support |';

export const ROUND3_VARIANTS: BlindVariant[] = [
  // --- the envelope and authentication, on every path ---------------------------------------------
  {
    name: 'envelope: unknown routes and wrong methods answered in the framework\'s own JSON',
    sentence: ENVELOPE,
    misreading: 'The envelope is taken to be what the operations answer; a path or method no operation has keeps the web framework\'s own JSON error ({statusCode, error, message}).',
    customize: (r) => rewriteAnswers(r, {
      path: /^\//,
      body: (answer, request, reply) => {
        const code = (answer.errors as { code?: number }[] | undefined)?.[0]?.code;
        if (code !== codes.noRoute && code !== codes.methodNotAllowed) return undefined;
        const status = reply.statusCode;
        return { statusCode: status, error: status === 405 ? 'Method Not Allowed' : 'Not Found', message: `Route ${request.method}:${request.url.split('?')[0]} not found` };
      },
    }),
  },
  {
    name: 'envelope: result null for an empty list',
    sentence: RESULT,
    misreading: '"Object, array or null" read as null standing for "nothing to return", so a list with no items answers result null.',
    customize: (r) => rewriteAnswers(r, {
      method: 'GET',
      path: /^\//,
      body: (answer) => (answer.success === true && Array.isArray(answer.result) && answer.result.length === 0 ? { ...answer, result: null } : undefined),
    }),
  },
  {
    name: 'envelope: a combined create that left its filters answers success',
    sentence: `${RULE_3} / ${FAILURE}`,
    misreading: 'A combined create refused for the quota or a feature did create something (the filters), so it is answered as a success whose result lists the rules created (none) and whose errors carry the refusal.',
    customize: (r) => rewriteAnswers(r, {
      method: 'POST',
      path: RULES,
      body: (answer, _request, reply) => {
        const errors = (answer.errors ?? []) as { code: number }[];
        if (answer.success !== false || !errors.some((e) => e.code === codes.quotaExceeded || e.code === codes.featureMissing)) return undefined;
        void reply.status(200);
        return { result: [], success: true, errors, messages: [] };
      },
    }),
  },
  {
    name: 'auth: bearer token refused on account-scoped paths',
    sentence: '| Bearer token | `Authorization: Bearer <API_TOKEN>` | / account-scoped operations live under `/accounts/{account_id}/...`',
    misreading: 'Tokens are taken to be scoped to zones (zone-scoped operations), so the account-scoped operations accept only the key pair.',
    customize: (r) => answerInstead(r, ['GET', 'POST', 'PUT', 'PATCH'], /^\/accounts(\/|$)/, (request) => (
      request.headers.authorization === undefined ? undefined : { status: 403, body: failure(codes.authentication, 'Authentication error: account-scoped operations take the key pair') })),
  },

  // --- custom hostnames: the 7 days, holds, the rate limit --------------------------------------
  {
    name: 'moved: a PATCH that leaves it moved restarts the 7 days',
    sentence: `| Moved | PATCH on the custom hostname | Restarts validation | Active | | / ${MOVED_LIFETIME}`,
    misreading: '"Restarts validation" taken to restart the hostname\'s lifetime too: a PATCH that does not reactivate it counts its 7 days again from the PATCH.',
    customize: (r) => {
      const patching = handlingZone(r, 'PATCH', HOSTNAME);
      rewriteHostnameWrites(r, (next) => (patching() !== undefined && next.status === 'moved' ? { ...next, moved_at: r.clocks.of(next.zone_id).now() } : next));
    },
  },
  {
    name: 'moved: every DNS change restarts the 7 days',
    sentence: `${MOVED_LIFETIME} / ${MOVED_BY_DNS}`,
    misreading: 'The 7 days are counted from the customer\'s last DNS change, not from the move: a moved hostname whose DNS records change again (still elsewhere) gets 7 more days.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const put = store.putDnsFacts.bind(store);
      store.putDnsFacts = (hostname, facts) => {
        put(hostname, facts);
        for (const row of store.customHostnamesNamed(hostname)) {
          if (row.status === 'moved') store.updateCustomHostname({ ...row, moved_at: r.clocks.of(row.zone_id).now() });
        }
      };
    },
  },
  {
    name: 'moved: a second move keeps the date of the first',
    sentence: `${MOVED_LIFETIME} / | Moved | PATCH on the custom hostname | Restarts validation | Active | |`,
    misreading: 'The move date is recorded once per hostname: reactivated by a PATCH and moved again later, it is deleted 7 days after its first move.',
    customize: (r) => {
      const firstMove = new Map<string, number>();
      rewriteHostnameWrites(r, (next) => {
        if (next.status !== 'moved' || next.moved_at === null) return next;
        const first = firstMove.get(next.id);
        if (first === undefined) { firstMove.set(next.id, next.moved_at); return next; }
        return { ...next, moved_at: first };
      });
    },
  },
  {
    name: 'hold: releasing the hold leaves the hostname blocked until a PATCH',
    sentence: HELD,
    misreading: '"Must release the hold before the hostname can activate" read as a precondition of a new validation: after the release the hostname stays Blocked until a PATCH restarts validation.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const patching = handlingZone(r, 'PATCH', HOSTNAME);
      rewriteHostnameWrites(r, (next) => {
        const stored = store.getCustomHostname(next.zone_id, next.id);
        return stored?.status === 'blocked' && next.status !== 'blocked' && patching() === undefined ? undefined : next;
      });
    },
  },
  {
    name: 'hold: the held domain itself not blocked, only its subdomains',
    sentence: HELD,
    misreading: '"Also prevent subdomains" taken to say what the option blocks: hostnames below the held domain are Blocked, a custom hostname that is the held domain itself validates as usual.',
    customize: (r) => { r.customHostnames.holdCovers = (hold, hostname) => hold.include_subdomains && hostname.endsWith(`.${hold.domain}`); },
  },
  {
    name: 'rate limit: a PATCH counts as an issuance',
    sentence: '| What counts | Only successful submissions (POST returning 200) | / | Certificate issuance rate | 15 certificates per minute by default; higher on request through the account contact |',
    misreading: 'A PATCH of the ssl settings orders a new certificate, so a successful PATCH uses up the issuance limit like a POST.',
    customize: (r) => rewriteAnswers(r, {
      method: 'PATCH',
      path: HOSTNAME,
      body: (answer, request) => {
        if (answer.success === true) r.state.customHostnames.recordIssuance(zoneIdOf(request)!, zoneNow(r, request));
        return undefined;
      },
    }),
  },

  // --- firewall rules and filters ---------------------------------------------------------------
  {
    name: 'combined create: concurrent creates near the quota both pass',
    sentence: RULE_3,
    misreading: 'The quota is checked when the request arrives and the filter and rule are written after (slower) work, so two creates arriving together one rule below the quota both get their rules.',
    customize: (r) => {
      const admitted = new WeakSet<FastifyRequest>();
      r.app.addHook('preHandler', async (request) => {
        const zoneId = zoneIdOf(request);
        if (request.method !== 'POST' || zoneId === undefined || !RULES.test(apiPath(request)) || !Array.isArray(request.body)) return;
        const zone = r.state.zones.get(zoneId);
        // Over the quota already: the reference's own refusal (its filters remain, rule 3).
        if (!zone || r.state.firewall.countRules(zoneId) + request.body.length > zone.rule_quota) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
        admitted.add(request);
      });
      const creating = handlingZone(r, 'POST', RULES, (request) => admitted.has(request));
      zoneSeenBy(r, creating, (zone) => ({ ...zone, rule_quota: Number.MAX_SAFE_INTEGER }));
    },
  },
  {
    name: 'filters: PUT refused on every filter a rule uses',
    sentence: `${RULE_4} / A filter is standalone and can be shared by several firewall rules and other features.`,
    misreading: '"To protect filters used elsewhere" taken as the rule itself: any filter a rule refers to refuses PUT, also one created through the filters endpoint.',
    customize: (r) => answerInstead(r, 'PUT', FILTER_PATHS, (request) => {
      const fromPath = /\/filters\/([^/?]+)/.exec(request.url)?.[1];
      const ids = fromPath !== undefined ? [fromPath] : Array.isArray(request.body) ? (request.body as Json[]).map((item) => String(item.id ?? '')) : [];
      const used = ids.find((id) => r.state.firewall.rulesUsingFilter(id) > 0);
      return used === undefined ? undefined : { status: 403, body: failure(codes.filterProtected, `filter ${used} is used by a firewall rule; PUT is not allowed on it`) };
    }),
  },
  {
    name: 'combined create: its filter unprotected once its rule is deleted',
    sentence: `${RULE_4} / Recommended sequence: create the filter through the filters endpoint, then create the rule referring to its id; repeat the rule step for every feature that uses the same filter; on delete use the reverse order.`,
    misreading: 'The protection is for filters in use: once the rule made with a filter is deleted, the filter is an ordinary one again and may be replaced or deleted.',
    customize: (r) => {
      const firewall = r.state.firewall;
      const released = new Set<string>();
      const deleteRule = firewall.deleteRule.bind(firewall);
      firewall.deleteRule = (id) => {
        const row = r.store.prepare('SELECT filter_id FROM firewall_rules WHERE id = ?').get(id) as { filter_id: string } | undefined;
        deleteRule(id);
        if (row && firewall.rulesUsingFilter(row.filter_id) === 0) released.add(row.filter_id);
      };
      const getFilter = firewall.getFilter.bind(firewall);
      firewall.getFilter = (zoneId, id) => {
        const filter = getFilter(zoneId, id);
        return filter && released.has(id) ? { ...filter, via_rule: false } : filter;
      };
    },
  },
  {
    name: 'rules: a missing zone feature checked on create only',
    sentence: RULE_3,
    misreading: 'The zone\'s features are read as a condition of creating a rule: an existing rule may be changed (PUT or PATCH) to an action the zone lacks the feature for.',
    customize: (r) => {
      const updating = handlingZone(r, ['PUT', 'PATCH'], RULE_PATHS);
      zoneSeenBy(r, updating, (zone) => ({ ...zone, features: [...new Set([...zone.features, ...Object.values(ACTION_FEATURES)])] }));
    },
  },
  {
    name: 'priority: a PATCH with null keeps the old priority',
    sentence: '| priority | number or null | null when not set |',
    misreading: 'null is read as "not set in this request", so a PATCH sending priority null leaves the rule\'s priority as it was instead of clearing it.',
    customize: (r) => beforeHandler(r, 'PATCH', RULE_PATHS, (request) => {
      const items = (Array.isArray(request.body) ? request.body : [request.body]) as unknown[];
      for (const item of items) if (item && typeof item === 'object' && (item as Json).priority === null) delete (item as Json).priority;
    }),
  },

  // --- WAF migration ------------------------------------------------------------------------------
  {
    name: 'waf: the entry point PUT ignores phase_two (check honours it)',
    sentence: '| PUT | /zones/{zone_id}/rulesets/phases/http_request_firewall_managed/entrypoint | waf_migration = pending or 1 (define new configuration, disable previous version once saved and enabled) or validation or 2 (Enterprise only; both versions enabled side by side); phase_two=1 | / In phase two all zones are eligible',
    misreading: 'phase_two is taken as a question about eligibility, asked of the check; the PUT that migrates judges every zone by phase one.',
    customize: (r) => beforeHandler(r, 'PUT', ENTRYPOINT, (request) => { delete (request.query as Json).phase_two; }),
  },
  {
    name: 'waf: phase two admits zones with URI-based overrides',
    sentence: `${PHASE_TWO} / ${URI_OVERRIDES}`,
    misreading: '"All zones are eligible" in phase two taken to include zones with URI-based overrides, which then need not be deleted first.',
    customize: (r) => {
      const phaseTwo = handlingZone(r, ['GET', 'PUT'], WAF_CHECK_OR_PUT, (request) => query(request, 'phase_two') === '1');
      const waf = r.state.waf;
      const count = waf.countOverrides.bind(waf);
      waf.countOverrides = (zoneId) => (phaseTwo() === zoneId ? 0 : count(zoneId));
    },
  },
  {
    name: 'waf: a refused validation PUT still enters validation mode',
    sentence: `| start (not migrated) | PUT entry point with waf_migration=validation | Enterprise zones only | validation mode | Old and new managed rules both enabled; new rules run before old | / ${URI_OVERRIDES}`,
    misreading: 'The zone is switched to validation mode when the request is taken, and the compatibility check refuses the configuration after: the refusal leaves the zone in validation mode.',
    customize: (r) => {
      rememberWafState(r);
      rewriteAnswers(r, {
        method: 'PUT',
        path: ENTRYPOINT,
        body: (answer, request) => {
          const before = noteOf(request).wafBefore as LegacyWafState | undefined;
          const errors = (answer.errors ?? []) as { code: number }[];
          const zone = r.state.zones.get(zoneIdOf(request)!);
          const refusedForObstacles = errors.some((e) => e.code === codes.wafMigrationIncompatible || e.code === codes.wafMigrationNeedsSupport);
          if (answer.success === false && refusedForObstacles && before?.migration_state === 'start' && wafRequest(request) === 'validation' && zone?.plan === 'enterprise') {
            r.state.waf.putState(zone.id, { ...before, migration_state: 'validation', enabled: true });
          }
          return undefined;
        },
      });
    },
  },
  {
    name: 'waf: 4 KB counted over all expressions together',
    sentence: `${WAF_LIMITS} / | Firewall rule expression length for migration | At most 4 KB |`,
    misreading: 'The 4 KB is read as the size of what is migrated, all the firewall rules\' expressions together, so several rules each well under 4 KB need support.',
    customize: (r) => {
      const judging = handlingZone(r, ['GET', 'PUT'], WAF_CHECK_OR_PUT);
      const waf = r.state.waf;
      const getState = waf.getState.bind(waf);
      waf.getState = (zoneId) => {
        const state = getState(zoneId);
        const total = state.firewall_rules.reduce((sum, rule) => sum + Buffer.byteLength(rule.expression), 0);
        if (judging() !== zoneId || total <= 4096 || state.firewall_rules.length < 2) return state;
        // The total stands in for the first rule's length: the reference's own check then refuses it.
        const [first, ...rest] = state.firewall_rules;
        return { ...state, firewall_rules: [{ ...first!, expression: first!.expression.padEnd(4097, ' ') }, ...rest] };
      };
    },
  },
  {
    name: 'waf: a migration from validation mode leaves the previous rules on',
    sentence: '| start or validation mode | PUT entry point with waf_migration=pending | Configuration saved and new rules enabled | migrated | Previous managed rules disabled automatically; previous-version managed rules APIs stop working |',
    misreading: 'Disabling the previous rules is taken as part of the direct migration from start; a zone coming from validation mode, where both run, keeps both enabled after pending.',
    customize: (r) => {
      rememberWafState(r);
      const fromValidation = new Set<string>();
      rewriteAnswers(r, {
        method: 'PUT',
        path: ENTRYPOINT,
        body: (answer, request) => {
          const before = noteOf(request).wafBefore as LegacyWafState | undefined;
          if (answer.success === true && before?.migration_state === 'validation' && wafRequest(request) === 'pending') fromValidation.add(zoneIdOf(request)!);
          return undefined;
        },
      });
      rewriteAnswers(r, {
        method: 'GET',
        path: WAF_STATUS,
        body: (answer, request) => {
          if (answer.success !== true || !fromValidation.has(zoneIdOf(request)!)) return undefined;
          return { ...answer, result: { ...(answer.result as Json), old_waf: { enabled: true }, evaluation_order: ['new_waf', 'old_waf'] } };
        },
      });
    },
  },

  // --- DNS records, settings, accounts: every path a dated row names -----------------------------
  {
    name: 'dns: zone_id and zone_name dropped from lists only',
    sentence: '| 2024-11-30 | Zone info in DNS records | GET, POST /zones/{zone_id}/dns_records; GET, PATCH, PUT /zones/{zone_id}/dns_records/{dns_record_id} | zone_id and zone_name dropped from responses |',
    misreading: 'The change is made in the list\'s serializer: the list drops the fields, while POST and the single record\'s GET, PATCH and PUT still return them.',
    customize: (r) => rewriteAnswers(r, {
      path: /^\/zones\/[^/]+\/dns_records(\/[^/]+)?$/,
      body: (answer, request) => {
        const path = apiPath(request);
        const single = (request.method === 'POST' && DNS_RECORDS.test(path)) || (request.method !== 'DELETE' && DNS_RECORD.test(path));
        const record = answer.result as Json | null;
        const zone = r.state.zones.get(zoneIdOf(request)!);
        if (!single || answer.success !== true || !record || Array.isArray(record) || 'zone_id' in record || !zone) return undefined;
        return { ...answer, result: { id: record.id, zone_id: zone.id, zone_name: zone.name, ...record } };
      },
    }),
  },
  {
    name: 'dns: SRV data.service accepted on PATCH and PUT after 2024-05-31',
    sentence: '| 2024-05-31 | SRV data.service, data.proto, data.name | the five dns_records operations above | Read and write only the outer name; after end of life these fields are no longer produced and sending them is an error. priority, weight, port, target unaffected |',
    misreading: 'The end of life is enforced where records are created; an update still takes the deprecated fields and builds the name from them.',
    customize: (r) => beforeHandler(r, ['PATCH', 'PUT'], DNS_RECORD, (request) => {
      const body = request.body as Json | undefined;
      const data = body?.data as Json | undefined;
      if (!body || !data || typeof data !== 'object' || zoneNow(r, request) < utc('2024-05-31')) return;
      const { service, proto, name } = data;
      if (typeof service === 'string' && typeof proto === 'string' && typeof name === 'string') body.name = `${service}.${proto}.${name}`;
      for (const field of ['service', 'proto', 'name']) delete data[field];
    }),
  },
  {
    name: 'zone settings: cname_flattening left out of /settings after 2025-03-21',
    sentence: '| 2025-03-21 | Zone setting cname_flattening | Deprecated: GET and PATCH /zones/{zone_id}/settings/cname_flattening. Affected: GET and PATCH /zones/{zone_id}/settings | Use DNS settings (flatten_all_cnames); changes are mirrored both ways |',
    misreading: '"Affected: GET and PATCH /settings" read as: from the date the combined settings no longer carry cname_flattening (read or written), only its own deprecated endpoint does.',
    customize: (r) => {
      const after = (request: FastifyRequest) => zoneNow(r, request) >= utc('2025-03-21');
      rewriteAnswers(r, {
        method: 'GET',
        path: ZONE_SETTINGS,
        body: (answer, request) => (answer.success === true && Array.isArray(answer.result) && after(request)
          ? { ...answer, result: (answer.result as Json[]).filter((s) => s.id !== 'cname_flattening') } : undefined),
      });
      answerInstead(r, 'PATCH', ZONE_SETTINGS, (request) => {
        const items = (request.body as Json | undefined)?.items;
        const named = Array.isArray(items) && items.some((item) => (item as Json | null)?.id === 'cname_flattening');
        return named && after(request) ? { status: 400, body: failure(codes.validation, 'unknown zone setting "cname_flattening"') } : undefined;
      });
    },
  },
  {
    name: 'zone settings: privacy_pass still listed in /settings after 2024-03-31',
    sentence: '| 2024-03-31 | Legacy privacy token setting | GET, POST zones/{zone_identifier}/settings/privacy_pass | Removed |',
    misreading: 'The removal is read as concerning the endpoints the row names; the combined settings list keeps showing the setting.',
    customize: (r) => rewriteAnswers(r, {
      method: 'GET',
      path: ZONE_SETTINGS,
      body: (answer, request) => {
        const settings = answer.result as Json[] | null;
        if (answer.success !== true || !Array.isArray(settings) || settings.some((s) => s.id === 'privacy_pass')) return undefined;
        const stored = r.state.settings.get(zoneIdOf(request)!, 'zone', 'privacy_pass');
        const privacyPass = { id: 'privacy_pass', value: stored?.value ?? 'on', editable: true, modified_on: stored?.modified_on ?? null };
        return { ...answer, result: [...settings, privacyPass].sort((a, b) => String(a.id).localeCompare(String(b.id))) };
      },
    }),
  },
  {
    name: 'accounts: nameserver fields still answered by POST and PUT after 2025-03-14',
    sentence: '| 2025-03-14 | Account settings fields default_nameservers, use_account_custom_ns_by_default | Affected: GET and POST /accounts; GET and PUT /accounts/{account_id} | Use DNS settings zone_defaults.nameservers.type |',
    misreading: 'The change is made in the reads (GET); the answers of POST and PUT, which echo the account written, still carry the old fields.',
    customize: (r) => rewriteAnswers(r, {
      method: ['POST', 'PUT'],
      path: ACCOUNTS,
      body: (answer) => {
        const account = answer.result as Json | null;
        const row = account && typeof account.id === 'string' ? r.state.accounts.get(account.id) : undefined;
        if (answer.success !== true || !account || !row || r.clock.now() < utc('2025-03-14')) return undefined;
        const type = row.nameservers_type;
        const settings = { default_nameservers: type === `${VENDOR}.standard.random` ? `${VENDOR}.standard` : type, use_account_custom_ns_by_default: type === 'custom.account' };
        return { ...answer, result: { ...account, settings } };
      },
    }),
  },
];
