// Assertions on envelopes and shapes. Each failure message says, on its first line, what the
// target answered (HTTP status, and the error codes and messages of a failure envelope) and what
// the spec required; then the body. A report reader acts on it without rerunning the spec. The
// failure records the same as data (failure-facts.ts): the answer, and what was wanted of it.

import { expect } from 'vitest';
import { answerOf } from '../core/answer.js';
import type { ApiResponse } from './api-client.js';
import { answerLine } from './answer-line.js';
import { asserting } from './failure-facts.js';
import type { RawResponse } from './raw-http.js';
import { schemaProblems, type SchemaName } from './schemas.js';

export { about, failureAbout } from './failure-facts.js';

const BODY_SHOWN = 600;

/** The body as it came, cut to its first bytes. */
const bodyOf = (text: string): string => (text.length > BODY_SHOWN ? `${text.slice(0, BODY_SHOWN)}… (${text.length} characters)` : text || '(empty)');

const describeAnswer = (response: ApiResponse): string => answerLine(response.status, response.body);

/**
 * What the target answered, for a spec's own messages: `HTTP 403, errors 10000 "Authentication
 * error"; body: {...}`. Its assertion goes through `about(response, …)` (failure-facts.ts), so that
 * a failure records the answer as data too.
 */
export const answered = (response: ApiResponse): string => `${describeAnswer(response)}; body: ${bodyOf(response.text)}`;

/** Fails with `<what>: <answer>; <wanted>`, the schema's problems and the body when `problems` is not empty. */
function failWith(problems: string[], status: number | undefined, body: unknown, what: string, wanted: string, text: string): void {
  const finding = `${answerLine(status, body)}; ${wanted}`;
  asserting({ answer: answerOf(status, body), finding }, () => expect(problems, `${what}: ${finding}\nschema: ${problems.join('; ')}\nbody: ${bodyOf(text)}`).toEqual([]));
}

/** Asserts that `value` conforms to a schema of fixtures/schemas (values taken out of an envelope already checked). */
export function expectShape(name: SchemaName, value: unknown, what = 'value'): void {
  const problems = schemaProblems(name, value);
  expect(problems, `${what} does not match schema "${name}": ${problems.join('; ')}\n${JSON.stringify(value)?.slice(0, BODY_SHOWN) ?? 'undefined'}`).toEqual([]);
}

/** Asserts a successful envelope and returns its result (which may be anything, null included). */
export function expectSuccess<T>(response: ApiResponse<T>, what = 'the operation'): T {
  failWith(schemaProblems('success-envelope', response.body), response.status, response.body, what, 'it should succeed with the envelope (success true, errors empty)', response.text);
  return response.body!.result;
}

/**
 * Asserts `holds` about a success answer that is not what the spec wanted: `<what>: <finding>`,
 * then the body. The failure records the answer and the finding as data.
 */
function expectOfSuccess(response: ApiResponse, what: string, finding: string, holds: (message: string) => void): void {
  asserting({ answer: answerOf(response.status, response.body), finding }, () => holds(`${what}: ${finding}\nbody: ${bodyOf(response.text)}`));
}

/** Asserts a successful envelope whose result is an object (not null, not an array) and returns it. */
export function expectObject<T>(response: ApiResponse<T>, what = 'the operation'): NonNullable<T> {
  const result = expectSuccess(response, what) as unknown;
  expectOfSuccess(response, what, `HTTP ${response.status}, success, but the result is ${kindOf(result)}, not an object`, (message) => expect(isObject(result), message).toBe(true));
  return result as NonNullable<T>;
}

/**
 * Asserts a successful envelope whose result is an array and returns it. Its items must be
 * objects unless `items` says otherwise; `minLength` items at least.
 */
export function expectArray<T = unknown>(response: ApiResponse<T[]> | ApiResponse<unknown>, what = 'the operation', options: { items?: 'objects' | 'any'; minLength?: number } = {}): T[] {
  const result = expectSuccess(response, what) as unknown;
  expectOfSuccess(response, what, `HTTP ${response.status}, success, but the result is ${kindOf(result)}, not an array`, (message) => expect(Array.isArray(result), message).toBe(true));
  const items = result as unknown[];
  if ((options.items ?? 'objects') === 'objects') {
    const index = items.findIndex((item) => !isObject(item));
    expect(index, `${what}: item ${index} of the result is ${kindOf(items[index])}, not an object\nbody: ${bodyOf(response.text)}`).toBe(-1);
  }
  const min = options.minLength ?? 0;
  expect(items.length >= min, `${what}: the result holds ${items.length} items, at least ${min} expected\nbody: ${bodyOf(response.text)}`).toBe(true);
  return items as T[];
}

/** Asserts a failure envelope: success false, result null, errors of {code, message}. */
export function expectFailure(response: ApiResponse, what = 'the operation'): void {
  failWith(schemaProblems('failure-envelope', response.body), response.status, response.body, what, 'it should fail with the error envelope (success false, result null, errors of {code, message})', response.text);
}

/**
 * Asserts `holds` about an answer: `<what>: <answer>; <wanted>`, then the body (`text`). The
 * failure records the answer and the finding (the answer and what was wanted) as data.
 */
function expectOfAnswer(status: number | undefined, body: unknown, text: string, what: string, wanted: string, holds: (message: string) => void): void {
  const finding = `${answerLine(status, body)}; ${wanted}`;
  asserting({ answer: answerOf(status, body), finding }, () => holds(`${what}: ${finding}\nbody: ${bodyOf(text)}`));
}

/** Asserts a failure envelope with a given HTTP status (an extended-profile convention). */
export function expectFailureStatus(response: ApiResponse, status: number, what = 'the operation'): void {
  expectFailure(response, what);
  expectOfAnswer(response.status, response.body, response.text, what, `it should answer HTTP ${status}`, (message) => expect(response.status, message).toBe(status));
}

/**
 * Asserts a refusal of the request's content: the failure envelope with a 4xx status, not a 5xx
 * (requirement ZM-ENV-REFUSAL-4XX, an extended-profile convention). A server that crashes on the
 * input also answers a failure envelope, and only the status tells the two apart.
 */
export function expectRefused(response: ApiResponse, what = 'the operation'): void {
  expectFailure(response, what);
  expectOfAnswer(response.status, response.body, response.text, what, 'it should be refused with a 4xx status', (message) => expect(response.status >= 400 && response.status < 500, message).toBe(true));
}

/** Asserts that any JSON response carries the envelope, success or failure. */
export function expectEnvelope(response: ApiResponse, what = 'the answer'): void {
  failWith(schemaProblems('envelope', response.body), response.status, response.body, what, 'it should carry the envelope {result, success, errors, messages}', response.text);
}

/** The failure envelope on an answer read from a raw socket (requests fetch will not send). */
export function expectRawFailure(response: RawResponse, what = 'the answer'): void {
  const body = parseJson(response.body);
  failWith(schemaProblems('failure-envelope', body), response.status, body, what, 'it should fail with the error envelope (success false, result null, errors of {code, message})', response.body);
}

/** A failure envelope with a given HTTP status on an answer read from a raw socket. */
export function expectRawFailureStatus(response: RawResponse, status: number, what = 'the answer'): void {
  expectRawFailure(response, what);
  expectOfAnswer(response.status, parseJson(response.body), response.body, what, `it should answer HTTP ${status}`, (message) => expect(response.status, message).toBe(status));
}

/** The error codes of a failure envelope (none when the body is not one). */
export const errorCodes = (response: ApiResponse): number[] => {
  const errors = response.body?.errors;
  return Array.isArray(errors) ? errors.map((e) => (e as { code?: unknown } | null)?.code).filter((c): c is number => typeof c === 'number') : [];
};

/** The errors of a failure envelope, [] when the body has none. */
export const errorsIn = (response: ApiResponse): { code: number; message: string; error_chain?: { code: number; message: string }[] }[] => {
  const errors = response.body?.errors;
  return Array.isArray(errors) ? errors.filter(isObject) as ReturnType<typeof errorsIn> : [];
};

export const parseJson = (text: string): unknown => { try { return JSON.parse(text); } catch { return undefined; } };

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'absent';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value).slice(0, 80)}`;
}
