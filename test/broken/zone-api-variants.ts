// Deliberately broken variants of the reference zone API: each a realistic misreading of the
// spec, made by hooking the real reference (never by editing it). The suite must catch each one,
// and exactly through the requirements listed here.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseExpression } from '../../reference-impl/zone-api/expression.js';
import type { ReferenceApp } from '../../reference-impl/zone-api/app.js';

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
    customize({ app, store }) {
      app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
        const quota = typeof payload === 'string' && payload.includes('"code":10020');
        if (request.method !== 'POST' || !isRuleCollection(request) || reply.statusCode !== 400 || quota || !Array.isArray(request.body)) return payload;
        const zoneId = (request.params as { zone_id: string }).zone_id;
        for (const item of request.body as { filter?: { expression?: unknown } }[]) {
          const expression = item?.filter?.expression;
          if (parses(expression)) store.insertFilter({ zone_id: zoneId, expression, paused: false, description: null, ref: null, via_rule: true });
        }
        return payload;
      });
    },
    expectedFailures: ['ZM-FW-COMBINED-ATOMIC-BATCH', 'ZM-FW-COMBINED-INVALID-RULE'],
  },
  {
    name: 'list-ignores-page',
    misreading: 'lists always answer the first page (a client paging until an empty page never stops)',
    customize({ app }) {
      app.addHook('preHandler', async (request) => {
        if (request.method === 'GET') delete (request.query as Record<string, unknown>).page;
      });
    },
    expectedFailures: ['ZM-FLT-PAGINATION', 'ZM-FW-PAGINATION'],
  },
  {
    name: 'priority-zero-when-unset',
    misreading: 'a rule without priority gets priority 0 instead of null',
    customize({ app }) {
      app.addHook('onSend', async (request, _reply, payload) =>
        (request.url.includes('/firewall/rules') && typeof payload === 'string' ? payload.replaceAll('"priority":null', '"priority":0') : payload));
    },
    expectedFailures: ['ZM-FW-COMBINED-CREATE', 'ZM-FW-PATCH', 'ZM-FW-PRIORITY-NULL', 'ZM-FW-RULE-SHAPE'],
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
    expectedFailures: ['ZM-FW-COMBINED-FILTER-MAY-REMAIN', 'ZM-FW-COMBINED-QUOTA'],
  },
  {
    name: 'rule-delete-takes-filter',
    misreading: 'deleting a rule also deletes its filter when no other rule uses it',
    customize({ app, store }) {
      app.addHook('preHandler', async (request) => {
        if (request.method !== 'DELETE' || !isRuleItem(request)) return;
        const { zone_id, rule_id } = request.params as { zone_id: string; rule_id: string };
        const rule = store.getRule(zone_id, rule_id);
        if (rule) (request as unknown as { orphan?: string }).orphan = rule.filter_id;
      });
      app.addHook('onResponse', async (request) => {
        const orphan = (request as unknown as { orphan?: string }).orphan;
        if (orphan && store.rulesUsingFilter(orphan) === 0) store.deleteFilter(orphan);
      });
    },
    expectedFailures: ['ZM-FLT-DELETE', 'ZM-FW-COMBINED-FILTER-NO-DELETE', 'ZM-FW-DELETE', 'ZM-FW-DELETE-KEEPS-FILTER', 'ZM-FW-DELETE-REVERSE-ORDER'],
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
];
