// Misreadings of the legacy firewall rules and filters: the combined create's five rules, shared
// filters, priority, paging, and their deprecation date.

import type { ReferenceApp } from '../../../../reference-impl/zone-api/app.js';
import { codes } from '../../../../reference-impl/zone-api/errors.js';
import { checkFilterInput, checkRuleInput, filterJson } from '../../../../reference-impl/zone-api/firewall/model.js';
import type { FilterRow } from '../../../../reference-impl/zone-api/firewall/store.js';
import { Problems } from '../../../../reference-impl/zone-api/input.js';
import { answerInstead, apiPath, beforeHandler, refuse, rewriteAnswers, success, utc, zoneIdOf, zoneNow, type BlindVariant, type Json } from '../variant.js';

const RULES = /^\/zones\/[^/]+\/firewall\/rules$/;
const RULES_ANY = /^\/zones\/[^/]+\/firewall\/rules(\/[^/]+)?$/;
const FILTERS = /^\/zones\/[^/]+\/filters$/;
const FILTER = /^\/zones\/([^/]+)\/filters\/([^/]+)$/;
const LISTS = /^\/zones\/[^/]+\/(firewall\/rules|filters|custom_hostnames|dns_records)$/;

const RULE_4 = '4. PUT and DELETE are not allowed on filters created this way, to protect filters used elsewhere.';
const SHARED = 'A filter is standalone and can be shared by several firewall rules and other features.';
const PRIORITY = '| priority | number or null | null when not set |';

/** Rewrites every firewall rule the API answers with (one or a list). */
function rewriteRules(reference: ReferenceApp, change: (rule: Json) => void): void {
  rewriteAnswers(reference, {
    path: RULES_ANY,
    body: (answer) => {
      const { result } = answer;
      const rules = Array.isArray(result) ? result : result && typeof result === 'object' ? [result] : [];
      for (const rule of rules as Json[]) if ('action' in rule) change(rule);
      return answer;
    },
  });
}

/** A filter's fields from a PUT body, checked as the reference checks them (undefined: leave it to the reference). */
function filterUpdate(current: FilterRow, body: Json): FilterRow | undefined {
  const problems = new Problems();
  const input = checkFilterInput(body, 'filter', problems);
  if (problems.list.length > 0) return undefined;
  return { ...current, expression: input.expression!, paused: input.paused ?? false, description: input.description ?? null, ref: input.ref ?? null };
}

const unprotect = (reference: ReferenceApp, id: string) => reference.store.prepare('UPDATE filters SET via_rule = 0 WHERE id = ?').run(id);

export const FIREWALL_VARIANTS: BlindVariant[] = [
  {
    name: 'combined create: the filter stays when the rule is invalid',
    sentence: '1. The filter is created first, then the rule, which refers to it. / 2. When either is invalid, neither is created.',
    misreading: 'Taking rule 1 literally, the filter is committed before the rule is checked, so an invalid rule leaves its filter behind.',
    customize: (r) => beforeHandler(r, 'POST', RULES, (request) => {
      const zoneId = zoneIdOf(request)!;
      if (!Array.isArray(request.body)) return;
      for (const item of request.body as Json[]) {
        const filter = item?.filter as Json | undefined;
        if (!filter || typeof filter !== 'object' || filter.id !== undefined) continue;
        const filterProblems = new Problems();
        const input = checkFilterInput(filter, 'filter', filterProblems);
        const ruleProblems = new Problems();
        checkRuleInput(item, 'rule', ruleProblems);
        if (filterProblems.list.length > 0 || ruleProblems.list.length === 0) continue;
        r.state.firewall.insertFilter({ zone_id: zoneId, expression: input.expression!, paused: input.paused ?? false, description: input.description ?? null, ref: input.ref ?? null, via_rule: true });
      }
    }),
  },
  {
    name: 'combined create: filters left by a refused request are unprotected',
    sentence: `3. Exception: when the rule quota would be exceeded or the zone lacks a requested feature, the filter may exist while the rule does not. / ${RULE_4}`,
    misreading: 'A filter whose rule was refused is taken to be an ordinary filter (nothing uses it), so PUT and DELETE are allowed on it.',
    customize: (r) => {
      const firewall = r.state.firewall;
      const insertedBy = new Map<string, string[]>();
      const insert = firewall.insertFilter.bind(firewall);
      firewall.insertFilter = (filter) => {
        const row = insert(filter);
        insertedBy.get(filter.zone_id)?.push(row.id);
        return row;
      };
      beforeHandler(r, 'POST', RULES, (request) => { insertedBy.set(zoneIdOf(request)!, []); });
      r.app.addHook('onSend', async (request, reply, payload) => {
        const zoneId = zoneIdOf(request);
        if (request.method === 'POST' && zoneId !== undefined && reply.statusCode >= 400) for (const id of insertedBy.get(zoneId) ?? []) unprotect(r, id);
        return payload;
      });
    },
  },
  {
    name: 'combined create: PUT allowed on its filter',
    sentence: RULE_4,
    misreading: 'Only DELETE is taken to endanger filters used elsewhere; replacing the expression through PUT is allowed.',
    customize: (r) => answerInstead(r, 'PUT', FILTER, (request) => {
      const [, zoneId, id] = FILTER.exec(apiPath(request))!;
      const current = r.state.firewall.getFilter(zoneId!, id!);
      if (!current?.via_rule || !request.body || typeof request.body !== 'object') return undefined;
      const next = filterUpdate(current, request.body as Json);
      if (!next) return undefined;
      r.state.firewall.updateFilter(next);
      return { status: 200, body: success(filterJson(next)) };
    }),
  },
  {
    name: 'combined create: bulk PUT on the filters collection not protected',
    sentence: RULE_4,
    misreading: 'The protection is put on the filter\'s own path only; the collection\'s bulk PUT replaces such filters.',
    customize: (r) => answerInstead(r, 'PUT', FILTERS, (request) => {
      const zoneId = zoneIdOf(request)!;
      if (!Array.isArray(request.body)) return undefined;
      const items = request.body as Json[];
      const updates = items.map((item) => {
        const current = typeof item?.id === 'string' ? r.state.firewall.getFilter(zoneId, item.id) : undefined;
        return current && filterUpdate(current, item);
      });
      if (updates.some((u) => u === undefined) || !items.some((item) => r.state.firewall.getFilter(zoneId, item.id as string)?.via_rule)) return undefined;
      for (const next of updates) r.state.firewall.updateFilter(next!);
      return { status: 200, body: success(updates.map((next) => filterJson(next!))) };
    }),
  },
  {
    name: 'combined create: DELETE of its filter deletes its rules too',
    sentence: RULE_4,
    misreading: 'A filter made with its rule is taken to belong to that rule, so deleting the filter deletes the rules using it.',
    customize: (r) => answerInstead(r, 'DELETE', FILTER, (request) => {
      const [, zoneId, id] = FILTER.exec(apiPath(request))!;
      const current = r.state.firewall.getFilter(zoneId!, id!);
      if (!current?.via_rule) return undefined;
      r.state.firewall.transaction(() => {
        r.store.prepare('DELETE FROM firewall_rules WHERE filter_id = ?').run(id);
        r.state.firewall.deleteFilter(id!);
      });
      return { status: 200, body: success({ id }) };
    }),
  },
  {
    name: 'combined create: bulk DELETE on the filters collection not protected',
    sentence: RULE_4,
    misreading: 'The protection is put on the filter\'s own path only; bulk DELETE removes such filters once no rule uses them.',
    customize: (r) => answerInstead(r, 'DELETE', FILTERS, (request) => {
      const zoneId = zoneIdOf(request)!;
      const raw = (request.query as Json).id;
      const ids = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) as string[];
      const filters = ids.map((id) => r.state.firewall.getFilter(zoneId, id));
      if (ids.length === 0 || filters.some((f) => !f) || !filters.some((f) => f!.via_rule) || ids.some((id) => r.state.firewall.rulesUsingFilter(id) > 0)) return undefined;
      r.state.firewall.transaction(() => ids.forEach((id) => r.state.firewall.deleteFilter(id)));
      return { status: 200, body: success(ids.map((id) => ({ id }))) };
    }),
  },
  {
    name: 'combined create: only the first operation\'s errors',
    sentence: '5. The client must handle errors of both underlying operations.',
    misreading: 'Since the filter is created first, the create stops at the first failing operation and reports only its error.',
    customize: (r) => rewriteAnswers(r, {
      method: 'POST', path: RULES,
      body: (answer) => (answer.success === false && Array.isArray(answer.errors) && answer.errors.length > 1 ? { ...answer, errors: answer.errors.slice(0, 1) } : undefined),
    }),
  },
  {
    name: 'shared filter: a rule shows its filter as it was when the rule was made',
    sentence: SHARED,
    misreading: 'Each rule is taken to keep its own copy of the filter, so a change made through the filters endpoint does not show in rules.',
    customize: (r) => {
      const firewall = r.state.firewall;
      const copies = new Map<string, Json>();
      const keep = (ruleId: string, zoneId: string, filterId: string) => {
        const filter = firewall.getFilter(zoneId, filterId);
        if (filter) copies.set(ruleId, filterJson(filter));
      };
      const insert = firewall.insertRule.bind(firewall);
      firewall.insertRule = (rule) => { const row = insert(rule); keep(row.id, row.zone_id, row.filter_id); return row; };
      const update = firewall.updateRule.bind(firewall);
      firewall.updateRule = (row) => { const before = firewall.getRule(row.zone_id, row.id); update(row); if (before?.filter_id !== row.filter_id) keep(row.id, row.zone_id, row.filter_id); };
      rewriteRules(r, (rule) => { const copy = copies.get(rule.id as string); if (copy) rule.filter = copy; });
    },
  },
  {
    name: 'shared filter: a rule ignores its filter\'s paused',
    sentence: `${SHARED} / | filter | object | Fields id, expression, paused |`,
    misreading: 'Pausing is taken to be the rule\'s own field: a rule always shows its filter as not paused.',
    customize: (r) => rewriteRules(r, (rule) => { if (rule.filter && typeof rule.filter === 'object') (rule.filter as Json).paused = false; }),
  },
  {
    name: 'priority: omitted when not set',
    sentence: PRIORITY,
    misreading: 'A priority that was not set is left out of the rule rather than sent as null.',
    customize: (r) => rewriteRules(r, (rule) => { if (rule.priority === null) delete rule.priority; }),
  },
  {
    name: 'priority: 0 when not set',
    sentence: PRIORITY,
    misreading: 'A rule without a priority gets the lowest one, 0.',
    customize: (r) => rewriteRules(r, (rule) => { if (rule.priority === null) rule.priority = 0; }),
  },
  {
    name: 'rule action: only block accepted',
    sentence: '| action | string | Value `block` is used in the shown flow |',
    misreading: 'The one value shown is taken to be the only one the endpoint accepts.',
    customize: (r) => beforeHandler(r, ['POST', 'PUT', 'PATCH'], RULES_ANY, (request) => {
      const items = Array.isArray(request.body) ? request.body as Json[] : [request.body as Json];
      if (items.some((item) => item && typeof item === 'object' && item.action !== undefined && item.action !== 'block')) {
        refuse(400, { code: codes.validation, message: 'action must be block' });
      }
    }),
  },
  {
    name: 'paging: page ignored',
    sentence: 'Payloads of the read, update and delete operations on firewall rules and filters: not shown.',
    misreading: 'With no paging in the document, lists always answer their first page whatever page is asked for.',
    customize: (r) => beforeHandler(r, 'GET', LISTS, (request) => { delete (request.query as Json).page; }),
  },
  {
    name: 'paging: pages counted from 0',
    sentence: 'Payloads of the read, update and delete operations on firewall rules and filters: not shown.',
    misreading: 'Pages are numbered from 0, so page=1 answers what is the second page.',
    customize: (r) => beforeHandler(r, 'GET', LISTS, (request) => {
      const query = request.query as Json;
      if (typeof query.page === 'string' && /^\d+$/.test(query.page)) query.page = String(Number(query.page) + 1);
    }),
  },
  {
    name: 'deprecation: firewall rules and filters gone after 2025-01-15',
    sentence: '| 2025-01-15 | Firewall rules and filters | GET, POST, PATCH, PUT, DELETE /zones/{zone_id}/firewall/rules; ... | Replaced by custom WAF rules |',
    misreading: '"Replaced by custom WAF rules" taken as removal: from the date the endpoints answer as unknown routes.',
    customize: (r) => answerInstead(r, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], /^\/zones\/[^/]+\/(firewall\/rules|filters)(\/[^/]+)?$/, (request) => (zoneNow(r, request) >= utc('2025-01-15')
      ? { status: 404, body: { result: null, success: false, errors: [{ code: codes.noRoute, message: 'No route for that URI' }], messages: [] } } : undefined)),
  },
];


