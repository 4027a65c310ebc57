// Helpers shared by the firewall rules and filters specs: calls every spec makes the same way.

import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../../../src/spec-kit/api-client.js';
import { expectArray, expectShape } from '../../../src/spec-kit/expect.js';
import type { TestZone } from '../../../src/spec-kit/spec.js';

export interface Filter { id: string; expression: string; paused: boolean; description?: string; ref?: string }
export interface FirewallRule { id: string; paused: boolean; action: string; priority: number | null; description?: string; filter: Filter }
export interface RuleItem { filter: { expression: string } | { id: string }; action: string; [field: string]: unknown }

// Set-up steps whose payloads the document does not show (it lists the paths only, under Versioning).
export const PUT_FILTER = 'a PUT /filters/{filter_id} with {id, expression, paused} taken on a filter of the filters endpoint (the payload is not shown)';
export const PUT_FILTERS = 'a PUT /filters with [{id, expression, paused}] taken on a filter of the filters endpoint (the payload is not shown)';
export const DELETE_FILTERS = 'a DELETE /filters?id= taken on an unused filter of the filters endpoint (the query is not shown)';

/** Valid and invalid expressions of the ruleset expression language (fixtures/expressions.json). */
export const expressions = JSON.parse(readFileSync(new URL('../../../fixtures/expressions.json', import.meta.url), 'utf8')) as {
  valid: string[];
  invalid: { expression: string; why: string }[];
};

/** An expression no other spec uses, so what a spec creates is recognisable. */
export const uniqueExpression = (): string => `http.request.uri.path eq "/specgate/${crypto.randomUUID()}"`;

export function combinedCreate(api: ApiClient, zone: TestZone, items: RuleItem[]): Promise<ApiResponse<FirewallRule[]>> {
  return api.post<FirewallRule[]>(zone.path('/firewall/rules'), { json: items });
}

/** Creates rules that must succeed; checks the shape of each, and that each answers the item sent. */
export async function createRules(api: ApiClient, zone: TestZone, items: RuleItem[]): Promise<FirewallRule[]> {
  const rules = expectArray(await combinedCreate(api, zone, items), 'creating firewall rules');
  expect(rules.length, `the create answers one rule per item sent (${items.length}): ${JSON.stringify(rules).slice(0, 600)}`).toBe(items.length);
  rules.forEach((rule, i) => {
    expectShape('firewall-rule', rule, `rule ${i} of the answer`);
    const sent = items[i]!;
    expect(rule.action, `rule ${i} of the answer has the action sent`).toBe(sent.action);
    if ('expression' in sent.filter) expect(rule.filter.expression, `rule ${i} of the answer has the filter expression sent`).toBe(sent.filter.expression);
    else expect(rule.filter.id, `rule ${i} of the answer refers to the filter id sent`).toBe(sent.filter.id);
  });
  return rules;
}

/**
 * Rules a spec needs for what it verifies of rules (PUT, PATCH, lists, deletes), not of the combined
 * create: in a zone of the run's own, made by the combined create, as a user would; in a zone the
 * target shares (the run does not own it), each filter first through the filters endpoint and the
 * rule by its id, the recommended sequence, so that both can be deleted afterwards (a combined
 * create's filter cannot be: rule 4).
 */
export async function rulesFor(api: ApiClient, zone: TestZone, items: RuleItem[]): Promise<FirewallRule[]> {
  if (!zone.shared) return createRules(api, zone, items);
  const byId = await Promise.all(items.map(async (item) => {
    if (!('expression' in item.filter)) return item;
    const [filter] = await createFilters(api, zone, [{ expression: item.filter.expression }]);
    return { ...item, filter: { id: filter!.id } };
  }));
  return createRules(api, zone, byId);
}

/** Creates filters through the filters endpoint (the recommended first step); each answers the expression sent. */
export async function createFilters(api: ApiClient, zone: TestZone, bodies: { expression: string; [field: string]: unknown }[]): Promise<Filter[]> {
  const filters = expectArray(await api.post<Filter[]>(zone.path('/filters'), { json: bodies }), 'creating filters');
  expect(filters.length, `the create answers one filter per item sent (${bodies.length}): ${JSON.stringify(filters).slice(0, 600)}`).toBe(bodies.length);
  filters.forEach((filter, i) => {
    expectShape('filter', filter, `filter ${i} of the answer`);
    expect(filter.expression, `filter ${i} of the answer has the expression sent`).toBe(bodies[i]!.expression);
  });
  return filters;
}

/**
 * Every item of a collection, page by page (100 at a time) until a short page: a zone a target
 * shares may hold more than one page. Bounded, so a list that ignores `page` cannot loop forever.
 */
export async function listed<T>(api: ApiClient, zone: TestZone, collection: '/filters' | '/firewall/rules', query?: Record<string, string | number | boolean>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = expectArray(await api.get<T[]>(zone.path(collection), { query: { ...query, page, per_page: PAGE_SIZE } }), `listing ${collection} (page ${page})`);
    items.push(...result);
    if (result.length < PAGE_SIZE) return items;
  }
  throw new Error(`listing ${collection}: still not at the end after ${MAX_PAGES} pages of ${PAGE_SIZE}`);
}

const PAGE_SIZE = 100;
const MAX_PAGES = 50;

/**
 * The IDs of a listing a spec can reason about, sorted: all of them in a zone of its own; in a
 * zone the target shares, only those the spec created (the rest belong to someone else).
 */
export function idsInScope(zone: TestZone, listing: { id: string }[], created: ({ id: string } | undefined)[]): string[] {
  const mine = new Set(created.map((c) => c?.id));
  return listing.map((o) => o.id).filter((id) => !zone.shared || mine.has(id)).sort();
}

/** The IDs of a zone's rules and filters: what "nothing was created" compares against (the zone may be shared). */
export interface ZoneContents { rules: string[]; filters: string[] }

export async function contentsOf(api: ApiClient, zone: TestZone): Promise<ZoneContents> {
  const ids = async (path: '/filters' | '/firewall/rules') => (await listed<{ id: string }>(api, zone, path)).map((o) => o.id).sort();
  return { rules: await ids('/firewall/rules'), filters: await ids('/filters') };
}

/**
 * Asserts that the zone's rules and filters are those it had `before` (nothing was created by what
 * the spec sent since) and then, as the positive control, that the same listing does see a valid
 * combined create: one rule more, and its filter with the expression sent.
 */
export async function expectNothingCreated(api: ApiClient, zone: TestZone, before: ZoneContents, what = 'the refused requests'): Promise<void> {
  const after = await contentsOf(api, zone);
  expect(after.rules, `${what}: no firewall rule may have been created`).toEqual(before.rules);
  expect(after.filters, `${what}: no filter may have been created`).toEqual(before.filters);
  await expectListingSeesCreate(api, zone, after);
}

/** The positive control of "nothing created": a valid create made now (combined where the run owns the zone) shows in both listings. */
export async function expectListingSeesCreate(api: ApiClient, zone: TestZone, before: ZoneContents): Promise<void> {
  const expression = uniqueExpression();
  // In a zone the run does not own, a filter and a rule by its id: one that can be deleted afterwards.
  const [rule] = await rulesFor(api, zone, [{ filter: { expression }, action: 'block' }]);
  // One read of each listing: the filters listing gives the ids and the expression both.
  const filters = await listed<Filter>(api, zone, '/filters');
  const after = { rules: (await listed<{ id: string }>(api, zone, '/firewall/rules')).map((o) => o.id).sort(), filters: filters.map((f) => f.id).sort() };
  const control = 'positive control: the listing that showed nothing created shows a valid combined create';
  if (zone.shared) {
    expect(after.rules, `${control} (its rule)`).toContain(rule!.id);
    expect(after.filters, `${control} (its filter)`).toContain(rule!.filter.id);
  } else {
    expect(after.rules, `${control}: exactly one rule more`).toEqual([...before.rules, rule!.id].sort());
    expect(after.filters, `${control}: exactly one filter more`).toEqual([...before.filters, rule!.filter.id].sort());
  }
  expect(filters.find((f) => f.id === rule!.filter.id)?.expression, `${control}: its filter is listed with the expression sent`).toBe(expression);
}

/**
 * Asserts that a zone of its own holds no filter and then, as the positive control, that the same
 * listing shows a filter created through the filters endpoint, with the expression sent.
 */
export async function expectNoFilters(api: ApiClient, zone: TestZone, what = 'the refused requests'): Promise<void> {
  expect(await listed(api, zone, '/filters'), `${what}: no filter may exist`).toEqual([]);
  const expression = uniqueExpression();
  const [filter] = await createFilters(api, zone, [{ expression }]);
  expect((await listed<Filter>(api, zone, '/filters')).map((f) => [f.id, f.expression]), 'positive control: the same listing shows a filter created now, with the expression sent')
    .toEqual([[filter!.id, expression]]);
}
