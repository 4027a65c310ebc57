// The seventh blind round: misreadings written from the zone document alone (and the reference
// notes), aimed at what round 6 left aside: the authentication schemes, the error envelope and the
// HTTP status of failures, accounts and their legacy nameserver fields, zone settings other than
// cname_flattening, DNS settings other than flatten_all_cnames, the dated schedule (which endpoints,
// which side of each date), list paging, the documented limits (a raised limit, an exact 4 KB),
// custom hostname certificate fields and states other than Moved, and legacy firewall rule fields.
// Every name starts with "r7 " so that `measure.ts "r7 "` selects exactly these.

import type { FastifyRequest } from 'fastify';
import type { ReferenceApp } from '../../../../reference-impl/zone-api/app.js';
import { codes } from '../../../../reference-impl/zone-api/errors.js';
import {
  answerInstead, apiPath, beforeHandler, handlingZone, refuse, rewriteAnswers, rewriteHostnameWrites, success, utc, zoneIdOf, zoneNow,
  type BlindVariant, type Json,
} from '../variant.js';

const ACCOUNT_OR_ACCOUNTS = /^\/accounts(\/[^/]+)?$/;
const HOSTNAMES = /^\/zones\/[^/]+\/custom_hostnames$/;
const HOSTNAME = /^\/zones\/[^/]+\/custom_hostnames\/[^/]+$/;
const HOSTNAME_PATHS = /^\/zones\/[^/]+\/custom_hostnames(\/[^/]+)?$/;
const RULE_PATHS = /^\/zones\/[^/]+\/firewall\/rules(\/[^/]+)?$/;
const LISTS = /^(\/zones\/[^/]+\/(firewall\/rules|filters|custom_hostnames|dns_records)|\/accounts)$/;
const WAF_CHECK_OR_PUT = /^\/zones\/[^/]+\/(waf_migration\/check|rulesets\/phases\/http_request_firewall_managed\/entrypoint)$/;

const ACCOUNT_ROW = '| 2025-03-14 | Account settings fields default_nameservers, use_account_custom_ns_by_default | Affected: GET and POST /accounts; GET and PUT /accounts/{account_id} | Use DNS settings zone_defaults.nameservers.type |';
const NAMESERVERS_TYPE = '| zone_defaults.nameservers.type | string enum | `<vendor>.standard`, `<vendor>.standard.random`, `custom.account`, `custom.tenant` (<vendor> stands for the service operator\'s name in the real values). Replaces the account settings fields default_nameservers and use_account_custom_ns_by_default |';
const LEGACY_DNS_ROW = '| 2024-09-13 | Legacy DNS settings endpoints | GET, PATCH /zones/{zone_id}/dns_settings/use_apex_ns; GET, PATCH /zones/{zone_id}/dns_settings/secondary_overrides | Use multi_provider and secondary_overrides fields of DNS settings |';
const FAILURE = '| Failure of any operation | Envelope with success false, result null, errors array of {code, message} |';
const PAGING_NOTE = 'reference-notes.md: "List responses carry `result_info: {page, per_page, count, total_count}`; `page` starts at 1. ... The official client pages by asking for `page+1` until it receives an EMPTY page"';
const STATUS_ROW = '| status | string | See States and transitions; values include Active, Moved, Blocked and caa_error |';
const HOLD_ROW = '| validation | Zone hold with the option to also prevent subdomains is enabled on the domain | Hold in place | Blocked | Message says the hostname is associated with a held zone; the zone owner must release the hold before the hostname can activate |';

const iso = (ms: number): string => new Date(ms).toISOString();
const globalAfter = (r: ReferenceApp, date: string): boolean => r.clock.now() >= utc(date);
const zoneAfter = (r: ReferenceApp, request: FastifyRequest, date: string): boolean => zoneNow(r, request) >= utc(date);
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const zoneExists = (r: ReferenceApp, request: FastifyRequest): string | undefined => {
  const id = zoneIdOf(request);
  return id !== undefined && r.state.zones.get(id) ? id : undefined;
};
/** Applies `change` to an answer's result, whether one object or a list of them. */
const eachResult = (answer: Json, change: (item: Json) => void): Json | undefined => {
  const items = Array.isArray(answer.result) ? answer.result : [answer.result];
  let changed = false;
  for (const item of items) if (isObject(item)) { change(item); changed = true; }
  return changed ? answer : undefined;
};

export const ROUND7_VARIANTS: BlindVariant[] = [
  // --- authentication and the error envelope ----------------------------------------------------
  {
    // Shows: X-Auth-Email: someone-else@example.test with the right X-Auth-Key answers 200 (the
    // reference: 403, code 10000).
    name: 'r7 auth: the key pair checked on its key alone',
    sentence: '| Key pair | `X-Auth-Email: <EMAIL>` and `X-Auth-Key: <API_KEY>` |',
    misreading: 'The API key is taken as the secret and the email as the user\'s name sent alongside it: both headers must be present and well formed, but only the key is compared, so any email goes with a valid key.',
    customize: (r) => {
      r.users.keyPairMatches = (_email, key) => r.users.all().some((user) => user.key !== undefined && user.key === key);
    },
  },
  {
    // Shows: GET /zones/{unknown}/firewall/rules, a bad token, an invalid filter expression... all
    // answer HTTP 200 with {success:false, result:null, errors:[...]} (the reference: 404, 403, 400).
    name: 'r7 envelope: failures answered with HTTP 200',
    sentence: `${FAILURE} / HTTP status codes of failures and the error code for the rate limit: not shown.`,
    misreading: 'The envelope is taken as the only carrier of the outcome (success false says it failed) and, the document showing no status for any failure, every envelope is sent with HTTP 200.',
    customize: (r) => r.app.addHook('onSend', async (request, reply, payload) => {
      if (apiPath(request) === '' || reply.statusCode < 400 || typeof payload !== 'string') return payload;
      try {
        if ((JSON.parse(payload) as Json).success === false) void reply.status(200);
      } catch { /* not JSON: left alone */ }
      return payload;
    }),
  },
  {
    // Shows: GET /zones/{zone}/filters/{unknown} answers messages [{code: 10024, message: 'filter ...
    // not found'}] next to the same errors (the reference: messages []).
    name: 'r7 envelope: a failure\'s errors repeated in messages',
    sentence: '| messages | array | Informational messages; empty when none | / ' + FAILURE,
    misreading: 'What went wrong is taken as information for the user too: a failure carries its errors for programs and the same entries in messages for people, so messages is empty only on a plain success.',
    customize: (r) => rewriteAnswers(r, {
      path: /^\/.*/,
      body: (answer) => {
        const errors = answer.errors;
        if (answer.success !== false || !Array.isArray(errors) || errors.length === 0 || !Array.isArray(answer.messages) || answer.messages.length > 0) return undefined;
        return { ...answer, messages: (errors as Json[]).map(({ code, message }) => ({ code, message })) };
      },
    }),
  },
  // --- accounts ----------------------------------------------------------------------------------
  {
    // Shows: before 2025-03-14, PATCH /accounts/{id}/dns_settings {zone_defaults:{nameservers:{type:
    // 'custom.account'}}}, then GET /accounts/{id} still says use_account_custom_ns_by_default false
    // and default_nameservers '<vendor>.standard' (the reference: true and 'custom.account').
    name: 'r7 accounts: the DNS settings\' nameserver type not shown in the legacy fields before 2025-03-14',
    sentence: `${NAMESERVERS_TYPE} / ${ACCOUNT_ROW}`,
    misreading: '"Replaces" read as a migration in one direction: the new field starts from what the legacy fields say and writes to them still reach it, but the legacy fields keep the values last written to them until they disappear on 2025-03-14.',
    customize: (r) => {
      const remembered = new Map<string, Json>();
      const legacy = (settings: unknown): settings is Json => isObject(settings) && 'default_nameservers' in settings;
      rewriteAnswers(r, {
        method: ['POST', 'PUT'], path: ACCOUNT_OR_ACCOUNTS,
        body: (answer, request) => {
          const result = answer.result;
          if (answer.success !== true || !isObject(result) || !legacy(result.settings)) return undefined;
          const id = String(result.id);
          const body = request.body;
          const wrote = request.method === 'POST' || (isObject(body) && isObject(body.settings)
            && ('default_nameservers' in body.settings || 'use_account_custom_ns_by_default' in body.settings));
          if (wrote || !remembered.has(id)) { remembered.set(id, { ...result.settings }); return undefined; }
          return { ...answer, result: { ...result, settings: { ...remembered.get(id) } } };
        },
      });
      rewriteAnswers(r, {
        method: 'GET', path: ACCOUNT_OR_ACCOUNTS,
        body: (answer) => (answer.success !== true ? undefined : eachResult(answer, (account) => {
          const kept = remembered.get(String(account.id));
          if (kept && legacy(account.settings)) account.settings = { ...kept };
        })),
      });
    },
  },
  {
    // Shows: on or after 2025-03-14, PUT /accounts/{id} {name, settings:{default_nameservers:
    // 'custom.account'}} answers 400 (the reference: 200, the field ignored).
    name: 'r7 accounts: the legacy nameserver fields refused after 2025-03-14',
    sentence: ACCOUNT_ROW,
    misreading: 'The end of the legacy fields read like the SRV fields\' end of life: from the date a request that still sends them is refused, so that clients notice and move to the DNS settings.',
    customize: (r) => beforeHandler(r, ['POST', 'PUT'], ACCOUNT_OR_ACCOUNTS, (request) => {
      const body = request.body;
      if (!globalAfter(r, '2025-03-14') || !isObject(body) || !isObject(body.settings)) return;
      if ('default_nameservers' in body.settings || 'use_account_custom_ns_by_default' in body.settings) {
        refuse(400, { code: codes.validation, message: 'settings.default_nameservers and settings.use_account_custom_ns_by_default are no longer supported; use the account DNS settings zone_defaults.nameservers.type' });
      }
    }),
  },
  // --- zone settings -----------------------------------------------------------------------------
  {
    // Shows: PATCH /settings/brotli {value:'off'} before 2024-08-15, then after it GET
    // /settings/brotli (and GET /settings) answers value 'off' (the reference: 'on').
    name: 'r7 zone settings: brotli turned off before its end of life still reads off after it',
    sentence: '| 2024-08-15 | Brotli setting | GET, PATCH /zones/{zone_id}/settings/brotli | After end of life, compression enabled for all zones; Enterprise overrides with compression rules |',
    misreading: '"Compression enabled for all zones" read as what every zone gets from the date unless it had chosen otherwise: the setting can no longer be changed, but a zone that had turned it off keeps its off.',
    customize: (r) => rewriteAnswers(r, {
      method: ['GET', 'PATCH'], path: /^\/zones\/[^/]+\/settings(\/brotli)?$/,
      body: (answer, request) => {
        const zoneId = zoneExists(r, request);
        if (answer.success !== true || zoneId === undefined || !zoneAfter(r, request, '2024-08-15')) return undefined;
        if (r.state.settings.get(zoneId, 'zone', 'brotli')?.value !== 'off') return undefined;
        return eachResult(answer, (setting) => { if (setting.id === 'brotli') setting.value = 'off'; });
      },
    }),
  },
  {
    // Shows: before 2024-03-31, POST /settings/privacy_pass {value:'off'} answers 405, and PATCH
    // /settings/privacy_pass {value:'off'} answers 200 (the reference: the other way round).
    name: 'r7 zone settings: privacy_pass written with PATCH, not POST',
    sentence: '| 2024-03-31 | Legacy privacy token setting | GET, POST zones/{zone_identifier}/settings/privacy_pass | Removed |',
    misreading: 'Every other setting row says GET, PATCH; the POST of this row (whose path also lacks its leading slash) is taken for a slip, and the setting is written with PATCH like the others until its removal.',
    customize: (r) => {
      const PATH = /^\/zones\/[^/]+\/settings\/privacy_pass$/;
      answerInstead(r, ['POST', 'PATCH'], PATH, (request) => {
        const zoneId = zoneExists(r, request);
        if (zoneId === undefined || zoneAfter(r, request, '2024-03-31')) return undefined;
        if (request.method === 'POST') {
          return { status: 405, body: { result: null, success: false, errors: [{ code: codes.methodNotAllowed, message: 'Method not allowed for this path; allowed: GET, PATCH' }], messages: [] } };
        }
        const value = isObject(request.body) ? request.body.value : undefined;
        if (value !== 'on' && value !== 'off') {
          return { status: 400, body: { result: null, success: false, errors: [{ code: codes.validation, message: 'privacy_pass must be one of on, off' }], messages: [] } };
        }
        const now = iso(zoneNow(r, request));
        r.state.settings.put(zoneId, 'zone', 'privacy_pass', value, now);
        return { status: 200, body: success({ id: 'privacy_pass', value, editable: true, modified_on: now }) };
      });
    },
  },
  // --- DNS settings ------------------------------------------------------------------------------
  {
    // Shows: after 2024-09-13, GET /dns_settings/secondary_overrides answers 200 {id, value} (the
    // reference: 404, like use_apex_ns).
    name: 'r7 dns settings: /dns_settings/secondary_overrides kept after 2024-09-13',
    sentence: `${LEGACY_DNS_ROW} / | secondary_overrides | setting | Replaces the secondary_overrides endpoint |`,
    misreading: 'The setting keeps the endpoint\'s name, so the endpoint is taken to be that setting\'s own path and to stay; only use_apex_ns, renamed to multi_provider, goes at the date.',
    customize: (r) => answerInstead(r, ['GET', 'PATCH'], /^\/zones\/[^/]+\/dns_settings\/secondary_overrides$/, (request) => {
      const zoneId = zoneExists(r, request);
      if (zoneId === undefined || !zoneAfter(r, request, '2024-09-13')) return undefined;
      if (request.method === 'PATCH') {
        const value = isObject(request.body) ? request.body.value : undefined;
        if (typeof value !== 'boolean') return { status: 400, body: { result: null, success: false, errors: [{ code: codes.validation, message: 'value must be a boolean' }], messages: [] } };
        r.state.settings.put(zoneId, 'dns', 'secondary_overrides', value, iso(zoneNow(r, request)));
      }
      const stored = r.state.settings.get(zoneId, 'dns', 'secondary_overrides');
      return { status: 200, body: success({ id: 'secondary_overrides', value: stored?.value ?? false, editable: true, modified_on: stored?.modified_on ?? null }) };
    }),
  },
  {
    // Shows: before 2024-09-13, PATCH /dns_settings/use_apex_ns {value:true}, then GET /dns_settings
    // answers multi_provider false (the reference: true); and the other way round.
    name: 'r7 dns settings: use_apex_ns kept apart from multi_provider',
    sentence: `| multi_provider | boolean-like setting | Replaces the use_apex_ns endpoint | / ${LEGACY_DNS_ROW}`,
    misreading: '"Replaces" read as a new setting next to the old one: until the old endpoint goes, use_apex_ns keeps its own value and multi_provider starts from false.',
    customize: (r) => {
      const apex = new Map<string, { value: boolean; modified_on: string | null }>();
      answerInstead(r, ['GET', 'PATCH'], /^\/zones\/[^/]+\/dns_settings\/use_apex_ns$/, (request) => {
        const zoneId = zoneExists(r, request);
        if (zoneId === undefined || zoneAfter(r, request, '2024-09-13')) return undefined;
        if (request.method === 'PATCH') {
          const value = isObject(request.body) ? request.body.value : undefined;
          if (typeof value !== 'boolean') return { status: 400, body: { result: null, success: false, errors: [{ code: codes.validation, message: 'value must be a boolean' }], messages: [] } };
          apex.set(zoneId, { value, modified_on: iso(zoneNow(r, request)) });
        }
        const kept = apex.get(zoneId) ?? { value: false, modified_on: null };
        return { status: 200, body: success({ id: 'use_apex_ns', ...kept, editable: true }) };
      });
    },
  },
  // --- paging ------------------------------------------------------------------------------------
  {
    // Shows: 3 filters, GET /filters?page=2&per_page=5 answers the same 3 filters as page 1 (the
    // reference: an empty page), and a client paging until an empty page never stops.
    name: 'r7 paging: a page past the end answers the last page',
    sentence: PAGING_NOTE,
    misreading: 'A page number beyond the last is clamped to the last page, as many list UIs do, instead of answering an empty page.',
    customize: (r) => r.app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' || request.headers['x-r7-inner'] !== undefined || !LISTS.test(apiPath(request)) || typeof payload !== 'string') return payload;
      let answer: Json;
      try { answer = JSON.parse(payload) as Json; } catch { return payload; }
      const info = answer.result_info as Json | undefined;
      if (answer.success !== true || !Array.isArray(answer.result) || answer.result.length > 0 || !info) return payload;
      const total = Number(info.total_count);
      const last = Math.ceil(total / Number(info.per_page));
      if (!(total > 0) || !(Number(info.page) > last)) return payload;
      const url = new URL(request.url, 'http://blind.invalid');
      url.searchParams.set('page', String(last));
      const inner = await r.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { ...request.headers, 'x-r7-inner': '1' } });
      return inner.payload;
    }),
  },
  {
    // Shows: 7 firewall rules, GET /firewall/rules?per_page=5 answers result_info.count 7 (the
    // reference: 5, the rows of the page).
    name: 'r7 paging: result_info.count is the total count',
    sentence: PAGING_NOTE,
    misreading: '`count` read as how many items match the query, i.e. the same number as total_count, rather than how many this page holds.',
    customize: (r) => rewriteAnswers(r, {
      method: 'GET', path: LISTS,
      body: (answer) => {
        const info = answer.result_info;
        return isObject(info) && info.count !== info.total_count ? { ...answer, result_info: { ...info, count: info.total_count } } : undefined;
      },
    }),
  },
  // --- custom hostnames: limits, certificate fields, states ----------------------------------------
  {
    // Shows: a zone whose certificate_rate_limit is raised to 20: the 16th POST of the minute answers
    // 429 (the reference: 201 is not reached, the 16th to 20th answer 200).
    name: 'r7 rate limit: a zone\'s raised certificate limit not honoured',
    sentence: '| Certificate issuance rate | 15 certificates per minute by default; higher on request through the account contact |',
    misreading: '"Higher on request through the account contact" read as a support process outside the API: the API enforces at most the default, so a zone\'s own limit can lower it but never raise it.',
    customize: (r) => {
      const handling = handlingZone(r, 'POST', HOSTNAMES);
      const zones = r.state.zones;
      const limitOf = zones.getCertificateRateLimit.bind(zones);
      zones.getCertificateRateLimit = (zoneId) => {
        const own = limitOf(zoneId);
        return own !== null && handling() === zoneId ? Math.min(own, r.customHostnames.defaultRateLimit) : own;
      };
    },
  },
  {
    // Shows: POST /custom_hostnames that creates a hostname answers 201 (the reference: 200).
    name: 'r7 hostnames: a created hostname answered 201',
    sentence: '| What counts | Only successful submissions (POST returning 200) |',
    misreading: '"POST returning 200" read as "POST returning success" (2xx): a creation answers 201 Created, the REST convention, and still counts.',
    customize: (r) => rewriteAnswers(r, {
      method: 'POST', path: HOSTNAMES,
      body: (answer, _request, reply) => {
        if (answer.success === true && reply.statusCode === 200) void reply.status(201);
        return undefined;
      },
    }),
  },
  {
    // Shows: an active hostname's status reads "Active" (a moved one "Moved", a blocked one
    // "Blocked"); the reference answers "active", "moved", "blocked".
    name: 'r7 hostnames: statuses spelled with capitals as the document writes them',
    sentence: STATUS_ROW,
    misreading: 'The values are taken literally from the document, which writes Active, Moved and Blocked with a capital and caa_error without one.',
    customize: (r) => {
      const capital: Record<string, string> = { active: 'Active', moved: 'Moved', blocked: 'Blocked' };
      rewriteAnswers(r, {
        path: HOSTNAME_PATHS,
        body: (answer) => (answer.success !== true ? undefined : eachResult(answer, (row) => {
          if (typeof row.status === 'string' && capital[row.status]) row.status = capital[row.status];
        })),
      });
    },
  },
  {
    // Shows: a hostname created before its CNAME exists (pending, with the CNAME message), then the
    // CNAME is set: it is active but verification_errors still holds the CNAME message (the
    // reference: []).
    name: 'r7 hostnames: verification_errors kept once active',
    sentence: '| verification_errors | array of string | Reasons validation has not completed; one documented message says the custom hostname does not CNAME to this zone |',
    misreading: 'verification_errors read as the history of what validation found on the way, kept with the record, rather than what still stands in its way.',
    customize: (r) => {
      const store = r.state.customHostnames;
      rewriteHostnameWrites(r, (next) => {
        if (next.status !== 'active' || next.verification_errors.length > 0) return next;
        const before = store.getCustomHostname(next.zone_id, next.id);
        return before && before.status !== 'active' && before.verification_errors.length > 0
          ? { ...next, verification_errors: [...before.verification_errors] } : next;
      });
    },
  },
  {
    // Shows: a hold with subdomain prevention on customer.example, shop.customer.example CNAMEd to
    // the zone is Blocked; PATCH /custom_hostnames/{id} answers status active (the reference: blocked).
    name: 'r7 hold: a PATCH activates a blocked hostname',
    sentence: HOLD_ROW,
    misreading: 'The hold is read as a check made when the hostname is added (the row\'s trigger is a hold met during validation); a PATCH restarts the certificate\'s validation (CNAME, CAA), which does not look at holds again.',
    customize: (r) => {
      const handling = handlingZone(r, 'PATCH', HOSTNAME);
      const policy = r.customHostnames;
      const covers = policy.holdCovers.bind(policy);
      policy.holdCovers = (hold, hostname) => (handling() === undefined ? covers(hold, hostname) : false);
    },
  },
  {
    // Shows: POST /custom_hostnames {ssl:{certificate_authority:''}} answers (and GET then shows)
    // ssl.certificate_authority 'google', the CA the service chose (the reference: '').
    name: 'r7 hostnames: certificate_authority "" answered as the CA chosen',
    sentence: '| ssl.certificate_authority | string | An empty string selects the default CA (the service chooses, preferring the more compatible CA, and falls back to the other CA only when a CAA record blocks the preferred one). A named-CA identifier (written <named_ca> here; its value holds a brand and is not reproduced) pins that CA |',
    misreading: '"The service chooses" read as the service filling the field in: once a CA has issued, certificate_authority names it instead of staying the empty string that was sent.',
    customize: (r) => rewriteAnswers(r, {
      path: HOSTNAME_PATHS,
      body: (answer) => (answer.success !== true ? undefined : eachResult(answer, (row) => {
        const ssl = row.ssl;
        if (isObject(ssl) && ssl.certificate_authority === '' && typeof ssl.issuer === 'string') ssl.certificate_authority = ssl.issuer;
      })),
    }),
  },
  // --- legacy firewall rules ---------------------------------------------------------------------
  {
    // Shows: POST /firewall/rules [{filter:{expression}, action:'block'}] answers filter {id} only
    // (the reference: {id, expression, paused}); GET /firewall/rules alike.
    name: 'r7 rules: a rule\'s filter given by its id only',
    sentence: '| POST | /zones/{zone_id}/firewall/rules | Array of {filter: {expression: string}, action: string} (combined create of filter and rule) | Envelope; result is an array of firewall rule objects (id, paused, action, priority, filter {id, expression, paused}) |',
    misreading: 'The filter is standalone and the rule "refers to it" (rule 1), so a rule is answered with a reference to its filter, {id}, and the filter itself is read through the filters endpoint.',
    customize: (r) => rewriteAnswers(r, {
      path: RULE_PATHS,
      body: (answer) => (answer.success !== true ? undefined : eachResult(answer, (rule) => {
        if (isObject(rule.filter)) rule.filter = { id: rule.filter.id };
      })),
    }),
  },
  {
    // Shows: POST /firewall/rules [{filter:{expression}, action:'block', priority: 0}] answers
    // priority null (the reference: 0).
    name: 'r7 rules: priority 0 taken as not set',
    sentence: '| priority | number or null | null when not set |',
    misreading: 'Priority 0 is read as "no priority" (priorities start at 1, and 0 is what an unset number defaults to), so a rule given 0 is stored and answered as not set.',
    customize: (r) => beforeHandler(r, ['POST', 'PUT', 'PATCH'], RULE_PATHS, (request) => {
      const items = Array.isArray(request.body) ? request.body : [request.body];
      for (const item of items) if (isObject(item) && item.priority === 0) item.priority = null;
    }),
  },
  // --- WAF migration limits --------------------------------------------------------------------------
  {
    // Shows: a zone whose only firewall rule to migrate has an expression of exactly 4096 bytes:
    // the check answers that the zone needs support (the reference: compatible).
    name: 'r7 waf: an expression of exactly 4 KB needs support',
    sentence: '| Migration: more than 200 firewall rules to migrate, or a rule expression longer than 4 KB | Cannot be migrated by the user; contact support | / | Firewall rule expression length for migration | At most 4 KB |',
    misreading: 'The limit read as "under 4 KB": an expression must be shorter than 4096 bytes, so one of exactly 4096 bytes already needs support.',
    customize: (r) => {
      const handling = handlingZone(r, ['GET', 'PUT'], WAF_CHECK_OR_PUT);
      const waf = r.state.waf;
      const getState = waf.getState.bind(waf);
      waf.getState = (zoneId) => {
        const state = getState(zoneId);
        if (handling() !== zoneId) return state;
        return { ...state, firewall_rules: state.firewall_rules.map((rule) => (Buffer.byteLength(rule.expression) === 4096 ? { ...rule, expression: `${rule.expression} ` } : rule)) };
      };
    },
  },
];
