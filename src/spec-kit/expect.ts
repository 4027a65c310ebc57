// Assertions on envelopes and shapes. Each failure message says what the spec requires and shows
// what the target sent, so a report reader does not need to rerun the spec.

import { expect } from 'vitest';
import type { ApiResponse } from './api-client.js';
import { schemaProblems, type SchemaName } from './schemas.js';

const show = (response: ApiResponse): string => `HTTP ${response.status}: ${response.text.slice(0, 600)}`;

/** Asserts that `value` conforms to a schema of fixtures/schemas. */
export function expectShape(name: SchemaName, value: unknown, what = 'value'): void {
  const problems = schemaProblems(name, value);
  expect(problems, `${what} does not match schema "${name}": ${problems.join('; ')}\n${JSON.stringify(value)?.slice(0, 600)}`).toEqual([]);
}

/** Asserts a successful envelope and returns its result. */
export function expectSuccess<T>(response: ApiResponse<T>, what = 'the operation'): T {
  expect(response.body, `${what}: the body is not JSON (${show(response)})`).toBeDefined();
  const problems = schemaProblems('success-envelope', response.body);
  expect(problems, `${what} should succeed with the envelope (success true, errors empty): ${problems.join('; ')}\n${show(response)}`).toEqual([]);
  return response.body!.result;
}

/** Asserts a failure envelope: success false, result null, errors of {code, message}. */
export function expectFailure(response: ApiResponse, what = 'the operation'): void {
  expect(response.body, `${what}: the body is not JSON (${show(response)})`).toBeDefined();
  const problems = schemaProblems('failure-envelope', response.body);
  expect(problems, `${what} should fail with the error envelope (success false, result null, errors of {code, message}): ${problems.join('; ')}\n${show(response)}`).toEqual([]);
}

/** Asserts a failure envelope with a given HTTP status (an extended-profile convention). */
export function expectFailureStatus(response: ApiResponse, status: number, what = 'the operation'): void {
  expectFailure(response, what);
  expect(response.status, `${what} should answer HTTP ${status}; got ${show(response)}`).toBe(status);
}

/**
 * Asserts a refusal of the request's content: the failure envelope with a 4xx status, not a 5xx
 * (requirement ZM-ENV-REFUSAL-4XX, an extended-profile convention). A server that crashes on the
 * input also answers a failure envelope, and only the status tells the two apart.
 */
export function expectRefused(response: ApiResponse, what = 'the operation'): void {
  expectFailure(response, what);
  expect(response.status >= 400 && response.status < 500, `${what} should be refused with a 4xx status, not ${response.status}: ${show(response)}`).toBe(true);
}

/** The error codes of a failure envelope. */
export const errorCodes = (response: ApiResponse): number[] => response.body?.errors.map((e) => e.code) ?? [];
