// Helpers shared by the firewall rules and filters specs: calls every spec makes the same way.

import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../../../src/spec-kit/api-client.js';
import { expectShape, expectSuccess } from '../../../src/spec-kit/expect.js';
import type { TestZone } from '../../../src/spec-kit/spec.js';

export interface Filter { id: string; expression: string; paused: boolean; description?: string; ref?: string }
export interface FirewallRule { id: string; paused: boolean; action: string; priority: number | null; description?: string; filter: Filter }
export interface RuleItem { filter: { expression: string } | { id: string }; action: string; [field: string]: unknown }

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

/** Creates rules that must succeed; checks the shape of each. */
export async function createRules(api: ApiClient, zone: TestZone, items: RuleItem[]): Promise<FirewallRule[]> {
  const rules = expectSuccess(await combinedCreate(api, zone, items), 'creating firewall rules');
  expect(Array.isArray(rules) && rules.length === items.length, `the create answers one rule per item: ${JSON.stringify(rules)}`).toBe(true);
  rules.forEach((rule, i) => expectShape('firewall-rule', rule, `rule ${i}`));
  return rules;
}

/** Creates filters through the filters endpoint (the recommended first step). */
export async function createFilters(api: ApiClient, zone: TestZone, bodies: { expression: string; [field: string]: unknown }[]): Promise<Filter[]> {
  const filters = expectSuccess(await api.post<Filter[]>(zone.path('/filters'), { json: bodies }), 'creating filters');
  expect(Array.isArray(filters) && filters.length === bodies.length, `the create answers one filter per item: ${JSON.stringify(filters)}`).toBe(true);
  filters.forEach((filter, i) => expectShape('filter', filter, `filter ${i}`));
  return filters;
}

/** The first page of a list (at the target's default page size). */
/**
 * Every item of a collection, page by page (100 at a time) until a short page: a zone a target
 * shares may hold more than one page. Bounded, so a list that ignores `page` cannot loop forever.
 */
export async function listed<T>(api: ApiClient, zone: TestZone, collection: '/filters' | '/firewall/rules', query?: Record<string, string | number | boolean>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = expectSuccess(await api.get<T[]>(zone.path(collection), { query: { ...query, page, per_page: PAGE_SIZE } }), `listing ${collection}`);
    expect(Array.isArray(result), `the list of ${collection} is an array`).toBe(true);
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

export async function expectNothingCreated(api: ApiClient, zone: TestZone, before: ZoneContents): Promise<void> {
  const after = await contentsOf(api, zone);
  expect(after.rules, 'no firewall rule may have been created').toEqual(before.rules);
  expect(after.filters, 'no filter may have been created').toEqual(before.filters);
}
