// Pagination and list filters shared by the list endpoints.

import { badRequest, codes } from './errors.js';
import type { Conditions, Page, PageRequest } from './store.js';

export type Query = Record<string, string | string[] | undefined>;

export const PER_PAGE = { min: 5, max: 100, default: 25 } as const;

const one = (query: Query, name: string): string | undefined => {
  const value = query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
};

function positiveInteger(query: Query, name: string): number | undefined {
  const raw = one(query, name);
  if (raw === undefined) return undefined;
  // Beyond 2^53 the number is not the one given and SQLite refuses the offset (a 500, found by
  // test/reference-fuzz.test.ts): such a value is refused like any other bad one.
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) throw badRequest(`${name} must be a positive integer, got "${raw}"`, codes.validation);
  return Number(raw);
}

export function pageRequest(query: Query): PageRequest {
  const page = positiveInteger(query, 'page') ?? 1;
  const perPage = positiveInteger(query, 'per_page') ?? PER_PAGE.default;
  if (perPage < PER_PAGE.min || perPage > PER_PAGE.max) {
    throw badRequest(`per_page must be between ${PER_PAGE.min} and ${PER_PAGE.max}, got ${perPage}`, codes.validation);
  }
  return { page, perPage };
}

export function resultInfo(page: PageRequest, result: Page<unknown>) {
  return {
    page: page.page,
    per_page: page.perPage,
    count: result.rows.length,
    total_count: result.total,
    total_pages: Math.ceil(result.total / page.perPage),
  };
}

export interface FilterSpec { exact?: readonly string[]; substring?: readonly string[]; boolean?: readonly string[] }

/** Turns the list query parameters a collection accepts into store conditions. */
export function listConditions(query: Query, spec: FilterSpec): Conditions {
  const where: Conditions = {};
  for (const name of spec.exact ?? []) {
    const value = one(query, name);
    if (value !== undefined) where[name] = { equals: value };
  }
  for (const name of spec.substring ?? []) {
    const value = one(query, name);
    if (value !== undefined) where[name] = { contains: value };
  }
  for (const name of spec.boolean ?? []) {
    const value = one(query, name);
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') throw badRequest(`${name} must be true or false, got "${value}"`, codes.validation);
    where[name] = { equals: value === 'true' };
  }
  return where;
}

/** The repeated `?id=` parameters of a bulk DELETE. */
export function idsFromQuery(query: Query): string[] {
  const raw = query.id;
  const ids = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).filter((id) => id !== '');
  if (ids.length === 0) throw badRequest('bulk delete needs at least one id query parameter', codes.validation);
  return ids;
}
