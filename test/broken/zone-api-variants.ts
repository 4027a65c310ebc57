// Deliberately broken variants of the reference zone API: each a realistic misreading of the
// spec, made by hooking the real reference (never by editing it). The suite must catch each one,
// and exactly through the requirements listed here.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseExpression } from '../../reference-impl/zone-api/firewall/expression.js';
import type { ReferenceApp } from '../../reference-impl/zone-api/app.js';
import { isWithin } from '../../reference-impl/zone-api/custom-hostnames/hostname.js';

export interface BrokenVariant {
  name: string;
  /** The misreading, in one sentence. */
  misreading: string;
  customize(reference: ReferenceApp): void;
  /** Requirement IDs the run must report failed: no more, no fewer. */
  expectedFailures: string[];
}

const isRuleCollection = (request: FastifyRequest) => /^\/client\/v4\/zones\/[^/]+\/firewall\/rules(\?|$)/.test(request.url);
const isRuleItem = (request: FastifyRequest) => /^\/client\/v4\/zones\/[^/]+\/firewall\/rules\/[^/?]+/.test(request.url);

const parses = (expression: unknown): expression is string => {
  if (typeof expression !== 'string') return false;
  try { parseExpression(expression); return true; } catch { return false; }
};

export const zoneApiVariants: BrokenVariant[] = [
  {
    name: 'keeps-filter-of-invalid-rule',
    misreading: 'the combined create creates each filter first and does not undo it when its rule is invalid',
    customize({ app, state: { firewall } }) {
      app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
        const quota = typeof payload === 'string' && payload.includes('"code":10020');
        if (request.method !== 'POST' || !isRuleCollection(request) || reply.statusCode !== 400 || quota || !Array.isArray(request.body)) return payload;
        const zoneId = (request.params as { zone_id: string }).zone_id;
        for (const item of request.body as { filter?: { expression?: unknown } }[]) {
          const expression = item?.filter?.expression;
          if (parses(expression)) firewall.insertFilter({ zone_id: zoneId, expression, paused: false, description: null, ref: null, via_rule: true });
        }
        return payload;
      });
    },
    expectedFailures: ['ZM-FW-COMBINED-ATOMIC-BATCH', 'ZM-FW-COMBINED-INVALID-FILTER', 'ZM-FW-COMBINED-INVALID-RULE'],
  },
  {
    name: 'list-ignores-page',
    misreading: 'lists always answer the first page (a client paging until an empty page never stops)',
    customize({ app }) {
      app.addHook('preHandler', async (request) => {
        if (request.method === 'GET') delete (request.query as Record<string, unknown>).page;
      });
    },
    expectedFailures: ['ZM-CH-EXT-LIST-PAGINATION', 'ZM-DNSREC-EXT-LIST-PAGINATION', 'ZM-FLT-PAGINATION', 'ZM-FW-PAGINATION'],
  },
  {
    name: 'priority-zero-when-unset',
    misreading: 'a rule without priority gets priority 0 instead of null',
    customize({ app }) {
      app.addHook('onSend', async (request, _reply, payload) =>
        (request.url.includes('/firewall/rules') && typeof payload === 'string' ? payload.replaceAll('"priority":null', '"priority":0') : payload));
    },
    expectedFailures: ['ZM-FW-COMBINED-CREATE', 'ZM-FW-PATCH', 'ZM-FW-PRIORITY-NULL', 'ZM-FW-PUT', 'ZM-FW-RULE-SHAPE'],
  },
  {
    name: 'combined-filters-unprotected',
    misreading: 'filters created by the combined create accept PUT and DELETE like any other',
    customize({ app, store }) {
      app.addHook('onResponse', async (request) => {
        if (request.method === 'POST' && isRuleCollection(request)) store.db.exec('UPDATE filters SET via_rule = 0');
      });
    },
    expectedFailures: ['ZM-FW-COMBINED-FILTER-NO-DELETE', 'ZM-FW-COMBINED-FILTER-NO-PUT'],
  },
  {
    name: 'ignores-rule-quota',
    misreading: 'the rule quota is never enforced',
    customize({ app, store }) {
      app.addHook('preHandler', async () => { store.db.exec('UPDATE zones SET rule_quota = 1000000'); });
    },
    // The quota spec blames its refusal on the quota alone: the filters, which may remain, are fine.
    expectedFailures: ['ZM-FW-COMBINED-QUOTA'],
  },
  {
    name: 'rule-delete-takes-filter',
    misreading: 'deleting a rule also deletes its filter when no other rule uses it',
    customize({ app, state: { firewall } }) {
      app.addHook('preHandler', async (request) => {
        if (request.method !== 'DELETE' || !isRuleItem(request)) return;
        const { zone_id, rule_id } = request.params as { zone_id: string; rule_id: string };
        const rule = firewall.getRule(zone_id, rule_id);
        if (rule) (request as unknown as { orphan?: string }).orphan = rule.filter_id;
      });
      app.addHook('onResponse', async (request) => {
        const orphan = (request as unknown as { orphan?: string }).orphan;
        if (orphan && firewall.rulesUsingFilter(orphan) === 0) firewall.deleteFilter(orphan);
      });
    },
    // The in-use spec's positive control (the filter can be deleted once its rule is gone) finds it gone already.
    expectedFailures: ['ZM-FLT-DELETE', 'ZM-FLT-IN-USE', 'ZM-FLT-LIST', 'ZM-FW-COMBINED-FILTER-NO-DELETE', 'ZM-FW-DELETE', 'ZM-FW-DELETE-KEEPS-FILTER', 'ZM-FW-DELETE-REVERSE-ORDER'],
  },
  {
    name: 'combined-filters-protected-by-item-path-only',
    misreading: 'rule 4 guards PUT and DELETE on /filters/{filter_id} only: the collection forms (PUT /filters, DELETE /filters?id=) change a filter created by the combined create',
    customize({ app, store }) {
      const isFilterCollection = (request: FastifyRequest) => /^\/client\/v4\/zones\/[^/]+\/filters(\?|$)/.test(request.url);
      const named = (request: FastifyRequest): string[] => {
        if (request.method === 'DELETE') return ([] as string[]).concat((request.query as { id?: string | string[] }).id ?? []);
        return Array.isArray(request.body) ? request.body.map((item: { id?: unknown }) => String(item?.id ?? '')) : [];
      };
      const unguarded = new WeakMap<FastifyRequest, string[]>();
      app.addHook('preHandler', async (request) => {
        if (!isFilterCollection(request) || (request.method !== 'PUT' && request.method !== 'DELETE')) return;
        const ids = named(request).filter((id) => store.db.prepare('SELECT via_rule FROM filters WHERE id = ?').get(id) !== undefined);
        const guarded = ids.filter((id) => (store.db.prepare('SELECT via_rule FROM filters WHERE id = ?').get(id) as { via_rule: number }).via_rule === 1);
        for (const id of guarded) store.db.prepare('UPDATE filters SET via_rule = 0 WHERE id = ?').run(id);
        unguarded.set(request, guarded);
      });
      app.addHook('onResponse', async (request) => {
        for (const id of unguarded.get(request) ?? []) store.db.prepare('UPDATE filters SET via_rule = 1 WHERE id = ?').run(id);
      });
    },
    expectedFailures: ['ZM-FW-COMBINED-FILTER-NO-DELETE', 'ZM-FW-COMBINED-FILTER-NO-PUT'],
  },
  {
    // The positive controls' variant: a "nothing was created" that compares two reads of a stale
    // listing passes whatever was created; the valid create made next must show, and does not.
    name: 'stale-rule-and-filter-lists',
    misreading: 'the lists of filters and firewall rules are cached per query and never refreshed after a change (creates work; the listing keeps its first answer)',
    customize({ app }) {
      const isList = (request: FastifyRequest) => /^\/client\/v4\/zones\/[^/]+\/(filters|firewall\/rules)(\?|$)/.test(request.url);
      const first = new Map<string, string>();
      app.addHook('onSend', async (request, reply, payload) => {
        // Lists leave the reference serialized once per change (a string or a Buffer).
        if (request.method !== 'GET' || !isList(request) || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
        if (!first.has(request.url)) first.set(request.url, payload.toString());
        return first.get(request.url)!;
      });
    },
    // Every "nothing was created" passes on a stale listing; their positive controls (a valid create
    // must show in the same listing) fail, and so do the specs that list after a change.
    expectedFailures: [
      'ZM-FLT-DELETE', 'ZM-FLT-EXPRESSION-INVALID', 'ZM-FLT-PUT', 'ZM-FW-COMBINED-ATOMIC-BATCH', 'ZM-FW-COMBINED-ERRORS-OF-BOTH',
      'ZM-FW-COMBINED-FEATURE', 'ZM-FW-COMBINED-FILTER-MAY-REMAIN', 'ZM-FW-COMBINED-INVALID-FILTER', 'ZM-FW-COMBINED-INVALID-RULE', 'ZM-FW-DELETE',
      'ZM-FW-DELETE-REVERSE-ORDER', 'ZM-FW-LIST', 'ZM-FW-RULE-BY-FILTER-ID', 'ZM-TRANSPORT-BODY-TOO-LARGE', 'ZM-TRANSPORT-JSON-BODY', 'ZM-TRANSPORT-MALFORMED-JSON',
      'ZM-TRANSPORT-TE-CL-DECLINED', 'ZM-TRANSPORT-WRONG-CONTENT-TYPE',
    ],
  },
  // Custom hostnames: the reference's policy object takes one-line overrides (custom-hostnames/policy.ts).
  {
    name: 'failed-posts-count-toward-rate',
    misreading: 'every POST to custom_hostnames counts toward the certificate rate limit, failed ones too',
    customize({ customHostnames: policy }) { policy.countsTowardLimit = () => true; },
    expectedFailures: ['ZM-CH-CERT-RATE-COUNTS-SUCCESS'],
  },
  {
    name: 'rate-penalty-20s',
    misreading: 'the certificate rate limit penalty lasts 20 seconds instead of 30',
    customize({ customHostnames: policy }) { policy.penaltyMs = 20_000; },
    expectedFailures: ['ZM-CH-CERT-RATE-PENALTY-30S'],
  },
  {
    name: 'moved-never-deleted',
    misreading: 'a Moved custom hostname stays until someone deletes it',
    customize({ customHostnames: policy }) { policy.movedLifetimeMs = Infinity; },
    expectedFailures: ['ZM-CH-MOVED-DELETED-AFTER-7D'],
  },
  {
    name: 'pinned-ca-falls-back',
    misreading: 'a named CA blocked by CAA falls back to the other CA, like the default does',
    customize({ customHostnames: policy }) { policy.pinnedCandidates = (ca) => policy.withFallback(ca); },
    expectedFailures: ['ZM-CH-CA-NAMED-PINS'],
  },
  {
    name: 'wildcard-wins-over-standalone-zone',
    misreading: 'a wildcard custom hostname serves every subdomain, even one that is a standalone zone of its own',
    customize({ customHostnames: policy }) { policy.isShadowedByZone = () => false; },
    expectedFailures: [
      'ZM-CH-1016-CAUSE-WILDCARD-SHADOWED', 'ZM-CH-SHADOWED-ADD-INDIVIDUALLY',
      'ZM-CH-WILDCARD-SHADOWED-BY-ZONE', 'ZM-CH-WILDCARD-SHADOWED-WITHOUT-RECORD',
    ],
  },
  {
    name: 'nothing-routable',
    misreading: 'every request for a custom hostname meets error 1016 (the fallback origin is never taken as set up)',
    customize({ customHostnames: policy }) { policy.resolveRoute = () => ({ routable: false, error: 1016, cause: 'fallback_origin' }); },
    // The two 1016 specs whose expected answer this is pass only without their positive controls (a working fallback origin routes).
    expectedFailures: [
      'ZM-CH-1016-CAUSE-FALLBACK-ORIGIN', 'ZM-CH-1016-CAUSE-VALIDATION', 'ZM-CH-1016-CAUSE-WILDCARD-SHADOWED', 'ZM-CH-1016-UNROUTABLE', 'ZM-CH-FALLBACK-ORIGIN-NEEDS-BOTH',
      'ZM-CH-SHADOWED-ADD-INDIVIDUALLY', 'ZM-CH-WILDCARD-COVERS-SUBDOMAINS', 'ZM-CH-WILDCARD-SHADOWED-BY-ZONE', 'ZM-CH-WILDCARD-SHADOWED-WITHOUT-RECORD',
    ],
  },
  {
    name: 'any-hold-blocks-subdomains',
    misreading: 'every zone hold blocks the custom hostnames of its subdomains, with or without the option to also prevent subdomains',
    customize({ customHostnames: policy }) { policy.holdCovers = (hold, hostname) => isWithin(hostname, hold.domain); },
    expectedFailures: ['ZM-CH-HOLD-BLOCKED'],
  },
  {
    name: 'cert-rate-per-hour',
    misreading: 'the certificate issuance limit counts 15 per hour, not per minute',
    customize({ customHostnames: policy }) { policy.windowMs = 3_600_000; },
    // The penalty spec's POST after the 30 s penalty is refused too: the 15 of the first minute still count.
    expectedFailures: ['ZM-CH-CERT-RATE-15-PER-MIN', 'ZM-CH-CERT-RATE-PENALTY-30S'],
  },
];

// WAF migration: misreadings made by rewriting the zone's stored WAF state around a request.
const zoneOf = (request: FastifyRequest) => (request.params as { zone_id?: string }).zone_id ?? '';
const isEntrypointPut = (request: FastifyRequest) => request.method === 'PUT' && request.url.includes('/rulesets/phases/http_request_firewall_managed/entrypoint');
const isLegacyWafPath = (request: FastifyRequest) => /\/zones\/[^/]+\/firewall\/waf\//.test(request.url);
const isMigrationPath = (request: FastifyRequest) => isEntrypointPut(request) || request.url.includes('/waf_migration/');

/** Runs `during` before the handler of matching requests, and what it returns once the response is sent. */
function around(app: ReferenceApp['app'], matches: (request: FastifyRequest) => boolean, during: (request: FastifyRequest) => (() => void) | void): void {
  const undo = new WeakMap<FastifyRequest, () => void>();
  app.addHook('preHandler', async (request) => {
    if (!matches(request)) return;
    const restore = during(request);
    if (restore) undo.set(request, restore);
  });
  app.addHook('onResponse', async (request) => { undo.get(request)?.(); });
}

type WafState = ReturnType<ReferenceApp['state']['waf']['getState']>;

/**
 * While a matching request is handled, the zone's stored WAF state shows `patch(state)` (when it
 * returns one); afterwards the patched fields get their stored values back.
 */
function showWafStateAs(reference: ReferenceApp, matches: (request: FastifyRequest) => boolean, patch: (state: WafState) => Partial<WafState> | undefined): void {
  const { app, state: { waf } } = reference;
  around(app, matches, (request) => {
    const zoneId = zoneOf(request);
    const stored = waf.getState(zoneId);
    const shown = patch(stored);
    if (!shown) return;
    waf.putState(zoneId, { ...stored, ...shown });
    const original = Object.fromEntries(Object.keys(shown).map((field) => [field, stored[field as keyof WafState]]));
    return () => waf.putState(zoneId, { ...waf.getState(zoneId), ...original });
  });
}

/** Replaces the body of the answers `when` picks, as a server fronted by a careless proxy or framework default might. */
function answerPlainly(app: ReferenceApp['app'], when: (request: FastifyRequest, reply: FastifyReply) => boolean, contentType: string, body: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!when(request, reply)) return payload;
    reply.header('content-type', contentType);
    return body;
  });
}

/** Misreadings of the envelope, authentication, transport and versioning rules (one variant per area). */
export const protocolVariants: BrokenVariant[] = [
  {
    name: 'key-pair-any-known-email',
    misreading: 'a key pair is accepted when its email is any user\'s and its key is any user\'s, not necessarily the same user\'s',
    customize({ users }) {
      users.keyPairMatches = (email, key) => users.all().some((u) => u.email?.toLowerCase() === email.toLowerCase()) && users.all().some((u) => u.key === key);
    },
    expectedFailures: ['ZM-AUTH-KEY-PAIR-BOUND'],
  },
  {
    name: 'key-pair-read-only',
    misreading: 'the key pair is a legacy, read-only scheme: it authenticates GET requests, writes need the token',
    customize({ app }) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.startsWith('/client/v4/') && request.method !== 'GET' && request.headers['x-auth-key'] !== undefined && request.headers.authorization === undefined) {
          return reply.status(403).send({ result: null, success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [] });
        }
      });
    },
    expectedFailures: ['ZM-AUTH-KEY-PAIR'],
  },
  {
    name: 'key-pair-key-only',
    misreading: 'the API key alone authenticates; X-Auth-Email is only checked for its format',
    customize({ users }) { users.keyPairMatches = (_email, key) => users.all().some((u) => u.key === key); },
    expectedFailures: ['ZM-AUTH-KEY-PAIR-BOUND'],
  },
  {
    // Every spec that checks an error code catches it: envelope, authentication, custom hostnames, DNS records, zone settings.
    name: 'error-code-is-http-status',
    misreading: 'the error code of a failure is its HTTP status (404, 405), not an API error code',
    customize({ app }) {
      app.addHook('onSend', async (_request, reply, payload) =>
        (typeof payload === 'string' && reply.statusCode >= 400 ? payload.replace(/"code":\d+/g, `"code":${reply.statusCode}`) : payload));
    },
    expectedFailures: ['ZM-ACCT-EXT-ENDPOINTS', 'ZM-ACCT-EXT-NS-MAPPING', 'ZM-AUTH-MALFORMED', 'ZM-AUTH-WRONG', 'ZM-CH-EXT-DUPLICATE-409', 'ZM-CH-EXT-UNKNOWN-ID-404', 'ZM-DNSREC-ERROR-CHAIN-BEFORE-2024-10-01', 'ZM-DNSREC-EXT-ROOT-CAUSES',
      'ZM-DNSREC-VALIDATION-1004-BEFORE-2024-10-01', 'ZM-ENV-ERROR-CODES', 'ZM-ENV-UNKNOWN-ID', 'ZM-ENV-UNKNOWN-ROUTE', 'ZM-ZSET-PRIVACY-PASS-EXT-404'],
  },
  {
    name: 'missing-credentials-login-page',
    misreading: 'a request without credentials is answered with an HTML login page, not the error envelope',
    customize({ app }) {
      answerPlainly(app, (request, reply) => reply.statusCode >= 400 && !request.headers.authorization && !request.headers['x-auth-key'] && request.url.startsWith('/client/v4'),
        'text/html', '<html><body><form action="/login">Sign in</form></body></html>');
    },
    expectedFailures: ['ZM-AUTH-MISSING'],
  },
  {
    name: 'body-too-large-plain-text',
    misreading: 'a body over the limit is refused by the front server with its own plain-text 413',
    customize({ app }) {
      answerPlainly(app, (_request, reply) => reply.statusCode === 413, 'text/plain', 'Request Entity Too Large');
    },
    expectedFailures: ['ZM-TRANSPORT-BODY-TOO-LARGE'],
  },
  {
    name: 'outside-base-path-html-404',
    misreading: 'only /client/v4 is the API: anything outside it gets the web server\'s HTML 404',
    customize({ app }) {
      answerPlainly(app, (request, reply) => reply.statusCode === 404 && !request.url.startsWith('/client/v4/') && !request.url.startsWith('/__control'),
        'text/html', '<html><body><h1>404 Not Found</h1></body></html>');
    },
    expectedFailures: ['ZM-DEP-OUTSIDE-BASE-PATH-ENVELOPE'],
  },
];

export const wafMigrationVariants: BrokenVariant[] = [
  {
    name: 'waf-migration-reversible',
    misreading: 'a migrated zone can be migrated again: the state goes back to start',
    customize({ app, state: { waf } }) {
      around(app, isEntrypointPut, (request) => {
        const state = waf.getState(zoneOf(request));
        if (state.migration_state === 'migrated' && (request.query as { waf_migration?: string }).waf_migration) {
          waf.putState(zoneOf(request), { ...state, migration_state: 'start' });
        }
      });
    },
    // The model-based spec meets the zone back in start in validation mode, the previous APIs answering;
    // the refusal (409) of a PUT on a migrated zone is the reference's convention.
    expectedFailures: ['ZM-WAF-EXT-STATE-MACHINE', 'ZM-WAF-IRREVERSIBLE', 'ZM-WAF-PREVIOUS-APIS-STOP'],
  },
  {
    name: 'waf-validation-on-pro',
    misreading: 'validation mode is offered to every plan, not only Enterprise',
    customize({ app, state: { zones } }) {
      around(app, isEntrypointPut, (request) => {
        const zone = zones.get(zoneOf(request));
        if (!zone || zone.plan === 'enterprise') return;
        zones.update({ ...zone, plan: 'enterprise' });
        return () => zones.update(zone);
      });
    },
    // The refusal (403) of a non-Enterprise validation call is the reference's convention.
    expectedFailures: ['ZM-WAF-EXT-STATE-MACHINE', 'ZM-WAF-VALIDATION-ENTERPRISE-ONLY'],
  },
  {
    name: 'waf-sensitivity-low-as-medium',
    misreading: 'sensitivity Low maps like Medium (threshold 25) instead of Medium threshold (40)',
    customize(reference) {
      showWafStateAs(reference, isMigrationPath, (state) => (state.sensitivity === 'low' ? { sensitivity: 'medium' } : undefined));
    },
    expectedFailures: ['ZM-WAF-SENS-LOW'],
  },
  {
    name: 'waf-previous-apis-survive',
    misreading: 'the previous-version WAF API keeps working for a migrated zone',
    customize(reference) {
      showWafStateAs(reference, isLegacyWafPath, (state) => (state.migration_state === 'migrated' ? { migration_state: 'start' } : undefined));
    },
    // The alias, Pro/Business and irreversibility specs also check that the previous APIs are off.
    expectedFailures: ['ZM-WAF-ENTRYPOINT-PENDING-ALIAS-1', 'ZM-WAF-IRREVERSIBLE', 'ZM-WAF-PREVIOUS-APIS-STOP', 'ZM-WAF-PRO-BUSINESS-DIRECT'],
  },
  {
    name: 'waf-migrates-incompatible',
    misreading: 'compatibility is advice only: waf_migration=pending migrates a zone the check calls incompatible (the core rule set enabled, in phase one)',
    customize(reference) {
      showWafStateAs(reference, isEntrypointPut, (state) => (state.core_ruleset_enabled ? { core_ruleset_enabled: false } : undefined));
    },
    expectedFailures: ['ZM-WAF-PRO-BUSINESS-DIRECT', 'ZM-WAF-PROC-1-CHECK'],
  },
  {
    name: 'waf-201-rules-accepted',
    misreading: 'the limit of 200 firewall rules is off by one: 201 can still be migrated by the user',
    customize(reference) {
      showWafStateAs(reference, isMigrationPath, (state) => (state.firewall_rules.length === 201 ? { firewall_rules: state.firewall_rules.slice(0, 200) } : undefined));
    },
    expectedFailures: ['ZM-WAF-LIMIT-200-RULES'],
  },
];
