// Checks of the WAF migration answers the specs read: a configuration (or a deployed entry point)
// is an object whose rules are an array of objects; the status result carries the contract's field
// names. A target answering otherwise fails the spec with its answer, never with a TypeError.

import { expect } from 'vitest';
import type { ApiResponse } from '../../../src/spec-kit/api-client.js';
import { expectObject, isObject } from '../../../src/spec-kit/expect.js';

const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 1000);

/** A success whose result is {rules: [objects], ...}: the configuration of GET waf_migration/config or an entry point. */
export function expectConfiguration<T extends { rules: unknown[] }>(response: ApiResponse<T>, what: string): T {
  const result = expectObject(response, what);
  expect(Array.isArray(result.rules) && result.rules.every(isObject), `${what}: result.rules is an array of rules (objects): ${shown(result)}`).toBe(true);
  return result;
}

/** A success whose result is the check {compatible (boolean), migration_state (string)}. */
export function expectCheck<T extends { compatible: boolean; migration_state: string }>(response: ApiResponse<T>, what: string): T {
  const result = expectObject(response, what);
  expect(typeof result.compatible, `${what}: result.compatible is a boolean: ${shown(result)}`).toBe('boolean');
  expect(typeof result.migration_state, `${what}: result.migration_state is a string: ${shown(result)}`).toBe('string');
  return result;
}

/** The status result by the contract's field names: old_waf and new_waf {enabled}, evaluation_order, migration_state. */
export function expectStatus<T extends { old_waf: { enabled: boolean }; new_waf: { enabled: boolean } }>(response: ApiResponse<T>, what: string): T {
  const result = expectObject(response, what);
  const fine = isObject(result.old_waf) && isObject(result.new_waf) && Array.isArray((result as Record<string, unknown>).evaluation_order) && typeof (result as Record<string, unknown>).migration_state === 'string';
  expect(fine, `${what}: the status is {old_waf: {enabled}, new_waf: {enabled}, evaluation_order: [], migration_state}: ${shown(result)}`).toBe(true);
  return result;
}
