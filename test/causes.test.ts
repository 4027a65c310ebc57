// Failures grouped by cause (src/report/causes.ts): specs that failed on the same answer of the
// target (HTTP status and error codes), or with the same message once its volatile parts (ids,
// numbers) are set aside, share one cause, shown first with the specs under it.

import { describe, expect, it } from 'vitest';
import { answerOf } from '../src/core/answer.js';
import type { FailureFacts } from '../src/core/records.js';
import type { AreaCatalog } from '../requirements/model.js';
import { EVERYTHING } from '../src/core/selection.js';
import { failureCauses, type CauseInput } from '../src/report/causes.js';
import { buildReport } from '../src/report/model.js';
import type { ApiResponse } from '../src/spec-kit/api-client.js';
import { answerLine } from '../src/spec-kit/answer-line.js';
import { boundedAdapter } from '../src/spec-kit/bounded-storage.js';
import { about, answered, expectArray, expectFailure, expectFailureStatus, expectRawFailure, expectSuccess } from '../src/spec-kit/expect.js';
import { factsOf, failureAbout } from '../src/spec-kit/failure-facts.js';
import type { StorageAdapter } from '../contract/storage.js';
import fc from 'fast-check';
import { conventionRecordOf, type ConventionCheck, type TestRecord } from '../src/core/records.js';
import { runConventionCheck } from '../src/spec-kit/assertion-profiles.js';
import { checkProperty } from '../src/spec-kit/property.js';

let counter = 0;
const failed = (error: string | undefined, extra: Partial<CauseInput> = {}): CauseInput =>
  ({ name: `zone-api > spec ${++counter}`, status: 'failed', profile: 'core', ...(error !== undefined && { error }), ...extra });

const AUTH = { result: null, success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [] };

/** An answer as the API client gives it. */
const response = (status: number, body: unknown): ApiResponse => ({ status, headers: new Headers(), text: JSON.stringify(body) ?? '<html>', body: body as ApiResponse['body'] });

/** What the spec kit throws for a failed assertion, as the collector records it: its text and its facts (failure-facts.ts). */
function failure(assertion: () => unknown, extra: Partial<CauseInput> = {}): CauseInput {
  try {
    assertion();
  } catch (error) {
    const facts = factsOf(error);
    return failed((error as Error).message, { ...(facts && { failure: facts }), ...extra });
  }
  throw new Error('the assertion held: no failure to group');
}

/** A failure of a spec's own assertion quoting the answer (`about(response, …)`). */
const quoting = (status: number, body: unknown, message: (quoted: string) => string, extra: Partial<CauseInput> = {}): CauseInput =>
  failure(() => about(response(status, body), () => expect(false, message(answered(response(status, body)))).toBe(true)), extra);

describe('failureCauses', () => {
  it('groups the specs that got the same failure answer, whatever step and expectation: the answer is the cause', () => {
    const tests = [
      failure(() => expectSuccess(response(403, AUTH), 'creating filters')),
      failure(() => expectArray(response(403, AUTH), 'GET /settings/x after 2024-09-13')),
      quoting(403, AUTH, (quoted) => `an error message starts with "Filter parsing error": ${quoted}`),
      failure(() => { throw failureAbout(response(403, AUTH), `creating custom hostname app-8c6d99ff.customer-55a6e877.example: ${answerLine(403, AUTH)}; it should succeed`); }),
      // answered() in parentheses, as a spec's own message quotes it
      quoting(403, AUTH, (quoted) => `POST of an A record: the root cause is 9005 (${quoted})`),
    ];
    const causes = failureCauses(tests, 'core');
    expect(causes).toEqual([{
      id: 'cause-1', kind: 'answer', label: 'HTTP 403, errors 10000 "Authentication error"', status: 403, codes: [10000],
      tests: tests.map((t) => t.name), gated: 5,
    }]);
  });

  it('groups on the answer as data, never on the text: a text that reads like an answer is a message without it', () => {
    const text = `creating filters: ${answerLine(403, AUTH)}; it should succeed`;
    expect(failureCauses([failed(text)], 'core')).toMatchObject([{ kind: 'message', label: text }]);
    // The facts decide even where the text says something else.
    const facts: FailureFacts = { answer: answerOf(502, undefined) };
    expect(failureCauses([failed('a message of its own', { failure: facts })], 'core')).toMatchObject([{ kind: 'answer', label: 'HTTP 502, a body that is not JSON', status: 502, codes: [] }]);
  });

  it('reads every answer the spec kit records, and tells failure answers from success', () => {
    const causeOf = (status: number | undefined, body: unknown) => failureCauses([failed('the step: it should do something else', { failure: { answer: answerOf(status, body), finding: `${answerLine(status, body)}; it should do something else` } })], 'core')[0]!;
    expect(causeOf(404, { success: false, errors: [{ code: 7000, message: 'No route' }, { code: 7001, message: 'Method "x"' }] }))
      .toMatchObject({ kind: 'answer', label: 'HTTP 404, errors 7000 "No route", 7001 "Method \\"x\\""', status: 404, codes: [7000, 7001] });
    expect(causeOf(502, undefined)).toMatchObject({ kind: 'answer', label: 'HTTP 502, a body that is not JSON', status: 502, codes: [] });
    expect(causeOf(undefined, undefined)).toMatchObject({ kind: 'answer', label: 'no HTTP answer (the connection closed), a body that is not JSON', codes: [] });
    expect(causeOf(undefined, undefined)).not.toHaveProperty('status');
    expect(causeOf(200, { result: 1 })).toMatchObject({ kind: 'answer', label: 'HTTP 200, a JSON body without success', status: 200 });
    expect(causeOf(500, { success: true })).toMatchObject({ kind: 'answer', label: 'HTTP 500, success true', status: 500 });
    // A success is no cause by itself: what the spec wanted instead is part of it.
    expect(causeOf(200, { success: true, errors: [] })).toMatchObject({ kind: 'message', label: 'HTTP 200, success true; it should do something else' });
    expect(causeOf(200, { success: true, errors: [] })).not.toHaveProperty('status');
  });

  it('an answer read from a raw socket with no answer at all is an answer cause without a status', () => {
    const [cause] = failureCauses([failure(() => expectRawFailure({ status: undefined, headers: {}, body: '' }, 'a request smuggled'))], 'core');
    expect(cause).toMatchObject({ kind: 'answer', label: 'no HTTP answer (the connection closed), a body that is not JSON', codes: [] });
  });

  it('groups success answers by what the specs required instead, leaving out the step', () => {
    const SUCCESS = { result: {}, success: true, errors: [], messages: [] };
    const tests = [
      failure(() => expectFailure(response(200, SUCCESS), 'creating a filter without an expression')),
      failure(() => expectFailure(response(200, SUCCESS), 'an unknown route')),
      failure(() => expectArray(response(200, { ...SUCCESS, result: null }), 'creating firewall rules')),
      failure(() => expectArray(response(200, { ...SUCCESS, result: null }), 'GET waf_migration/config')),
      // A success quoted after the spec's finding: the finding is the cause.
      quoting(200, SUCCESS, (quoted) => `POST of an A record: error_chain holds the root cause (${quoted})`),
    ];
    const causes = failureCauses(tests, 'core');
    expect(causes.map((c) => [c.kind, c.label, c.tests.length])).toEqual([
      ['message', 'HTTP 200, success true; it should fail with the error envelope (success false, result null, errors of {code, message})', 2],
      ['message', 'HTTP 200, success, but the result is null, not an array', 2],
      ['message', 'POST of an A record: error_chain holds the root cause (HTTP 200, success true; body: {"result":{},"success":true,"errors":[],"messages":[]}): expected false to be true // Object.is equality', 1],
    ]);
  });

  it('keeps the failure\'s text as people read it: the step, the answer, what was wanted, then the body', () => {
    const { error } = failure(() => expectSuccess(response(403, AUTH), 'creating filters'));
    expect(error!.split('\n')[0]).toBe('creating filters: HTTP 403, errors 10000 "Authentication error"; it should succeed with the envelope (success true, errors empty)');
    expect(error).toContain(`\nbody: ${JSON.stringify(AUTH)}`);
  });
  it('groups the same message whose ids and numbers vary, showing what they share and … where they differ', () => {
    const tests = [
      failed('control API POST /zones/0123456789abcdef0123456789abcdef/hold failed: connect ECONNREFUSED 127.0.0.1:40123'),
      failed('control API POST /zones/fedcba9876543210fedcba9876543210/hold failed: connect ECONNREFUSED 127.0.0.1:40123'),
      failed('control API POST /zones/aaaaaaaa11111111aaaaaaaa11111111/hold failed: connect ECONNREFUSED 127.0.0.1:40123'),
      failed('a transaction that commits: read 0, issued while it ran, saw 1 of its 8 writes: expected false to be true'),
    ];
    const causes = failureCauses(tests, 'core');
    expect(causes.map((c) => [c.kind, c.label, c.tests.length])).toEqual([
      ['message', 'control API POST /zones/…/hold failed: connect ECONNREFUSED 127.0.0.1:40123', 3],
      ['message', 'a transaction that commits: read 0, issued while it ran, saw 1 of its 8 writes: expected false to be true', 1],
    ]);
  });

  it('keeps apart messages that differ in more than ids and numbers', () => {
    const causes = failureCauses([
      failed('put of 129 pairs must be refused: expected undefined to be defined'),
      failed('get of 129 keys must be refused: expected undefined to be defined'),
      failed('txn.get() of 129 must be refused: expected true to be false'),
    ], 'core');
    expect(causes).toHaveLength(3);
  });

  it('a call into an adapter that hung is one cause per operation, whatever its arguments', async () => {
    const hanging = boundedAdapter(hangingAdapter(), 50);
    const hung = async (call: (storage: Record<string, (...args: unknown[]) => Promise<unknown>>) => Promise<unknown>) => {
      const object = await hanging.create() as unknown as { storage: Record<string, (...args: unknown[]) => Promise<unknown>> };
      const error = await call(object.storage).then(() => undefined, (e: unknown) => e);
      return failed((error as Error).message, { failure: factsOf(error)! });
    };
    const tests = [
      await hung((storage) => storage.get!('greeting')),
      await hung((storage) => storage.get!(['cons:0', 'cons:1', 'cons:2'])),
      await hung((storage) => storage.put!('k', { a: 1 })),
      // A limit differs, as a number between any two messages: the same cause, the number shown as `…`.
      failed('storage.get("x") did not settle within 2000 ms (the run\'s --timeout)', { failure: { hung: { operation: 'storage.get', limitMs: 2000, limit: 'the run\'s --timeout' } } }),
    ];
    expect(tests[0]!.error).toBe('storage.get("greeting") did not settle within 50 ms (the run\'s --timeout)');
    const causes = failureCauses(tests, 'core');
    expect(causes.map((c) => [c.label, c.tests.length])).toEqual([
      ['storage.get(…) did not settle within … ms (the run\'s --timeout)', 3],
      ['storage.put(…) did not settle within 50 ms (the run\'s --timeout)', 1],
    ]);
  });

  it('one error code with several messages is one cause, and says the messages vary', () => {
    const filterError = (message: string) => ({ success: false, errors: [{ code: 10014, message }] });
    const causes = failureCauses([
      failure(() => expectSuccess(response(400, filterError('Filter parsing error: at char 3')), 'creating a filter')),
      failure(() => expectSuccess(response(400, filterError('Unknown field')), 'creating a filter')),
    ], 'core');
    expect(causes.map((c) => [c.label, c.codes, c.tests.length])).toEqual([['HTTP 400, errors 10014 (messages vary)', [10014], 2]]);
  });

  it('messages that differ only in numbers are one answer cause, the numbers shown as …', () => {
    const filterError = (message: string) => ({ success: false, errors: [{ code: 10014, message }] });
    const causes = failureCauses([
      failure(() => expectSuccess(response(400, filterError('Filter parsing error: at char 3')), 'a')),
      failure(() => expectSuccess(response(400, filterError('Filter parsing error: at char 17')), 'b')),
    ], 'core');
    expect(causes.map((c) => c.label)).toEqual(['HTTP 400, errors 10014 "Filter parsing error: at char …"']);
  });

  it('puts the causes of the most gated failures first, then of the most specs; gated specs first within a cause', () => {
    const convention = failure(() => expectSuccess(response(403, AUTH), 'a'), { profile: 'extended' });
    const tests = [
      failed('only conventions fail here', { profile: 'extended' }),
      failed('only conventions fail here', { profile: 'extended' }),
      failed('only conventions fail here', { profile: 'extended' }),
      convention,
      failure(() => expectSuccess(response(403, AUTH), 'b')),
      failed('one core failure'),
      failed('one core failure'),
    ];
    const core = failureCauses(tests, 'core');
    expect(core.map((c) => [c.id, c.label, c.gated, c.tests.length])).toEqual([
      ['cause-1', 'one core failure', 2, 2],
      ['cause-2', 'HTTP 403, errors 10000 "Authentication error"', 1, 2],
      ['cause-3', 'only conventions fail here', 0, 3],
    ]);
    expect(core[1]!.tests).toEqual([tests[4]!.name, convention.name]);
    const extended = failureCauses(tests, 'extended');
    expect(extended.map((c) => [c.label, c.gated])).toEqual([['only conventions fail here', 3], ['HTTP 403, errors 10000 "Authentication error"', 2], ['one core failure', 2]]);
  });

  it('ignores specs that did not fail; a failure without a message is a cause of its own kind', () => {
    const causes = failureCauses([
      { name: 'passed', status: 'passed', profile: 'core' },
      { name: 'skipped', status: 'skipped', profile: 'core', error: 'x' },
      failed(undefined),
      failed('   '),
    ], 'core');
    expect(causes.map((c) => [c.label, c.tests.length])).toEqual([['(no message)', 2]]);
  });

  it('reads the first line only, without terminal colours, and cuts a very long one', () => {
    const long = `\u001b[31m${'x'.repeat(1000)}\u001b[39m\nsecond line`;
    const [cause] = failureCauses([failed(long)], 'core');
    expect(cause!.label.length).toBeLessThanOrEqual(300);
    expect(cause!.label).toMatch(/^x+…$/);
  });
});

describe('what a failure was about travels with it', () => {
  it('through a convention check: the conventions\' record carries its first failed check\'s facts', async () => {
    const checks: ConventionCheck[] = [];
    await runConventionCheck(checks, ['R-EXT'], 'R-EXT', 'an unknown id answers 404', () => expectFailureStatus(response(403, AUTH), 404, 'GET /x'));
    const own: TestRecord = { name: 'zone-api > s', target: 'zone-api', spec: { describe: [], title: 's' }, file: 'f.spec.ts', requirements: ['R-1'], status: 'passed', durationMs: 1 };
    const record = conventionRecordOf(own, ['R-EXT'], checks);
    expect(record.failure).toEqual({ answer: answerOf(403, AUTH), finding: `${answerLine(403, AUTH)}; it should answer HTTP 404` });
    expect(failureCauses([{ ...record, profile: 'extended' }], 'core')).toMatchObject([{ kind: 'answer', label: 'HTTP 403, errors 10000 "Authentication error"' }]);
  });

  it('through a property\'s failure, which puts the failed assertion\'s first line first', async () => {
    const thrown = await checkProperty(fc.asyncProperty(fc.integer(), async () => { expectSuccess(response(403, AUTH), 'creating filters'); }), { seed: 1, numRuns: 3 }).then(() => undefined, (e: unknown) => e);
    expect((thrown as Error).message.split('\n')[0]).toBe(`creating filters: ${answerLine(403, AUTH)}; it should succeed with the envelope (success true, errors empty)`);
    expect(factsOf(thrown)?.answer).toEqual(answerOf(403, AUTH));
  });
});

describe('the report', () => {
  const catalog: AreaCatalog[] = [{ area: 'filters', requirements: [{ id: 'R-1', area: 'filters', level: 'must', profile: 'core', section: [{ headings: ['s'] }], text: 't' }] }];
  const spec = (title: string, status: 'passed' | 'failed', error?: string) =>
    ({ name: `zone-api > ${title}`, target: 'zone-api', spec: { describe: [], title }, file: 'f.spec.ts', requirements: ['R-1'], status, durationMs: 1, ...(error && { error, failure: { answer: answerOf(403, AUTH) } }) });

  it('carries the causes of its failures (report.json), gated by the run\'s gate', () => {
    const run = { id: 'r', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', durationMs: 1000, targets: [], suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 1 };
    const report = buildReport({ version: '0', run, suites: [{ name: 'zone-api', catalog }], fileErrors: [], checkCoverage: false, tests: [
      spec('a', 'failed', `creating filters: ${answerLine(403, AUTH)}; it should succeed`), spec('b', 'passed'), spec('c', 'failed', `GET /x: ${answerLine(403, AUTH)}; it should answer HTTP 404`),
    ] });
    expect(report.causes).toEqual([{ id: 'cause-1', kind: 'answer', label: 'HTTP 403, errors 10000 "Authentication error"', status: 403, codes: [10000], tests: ['zone-api > a', 'zone-api > c'], gated: 2 }]);
  });
});

/** An adapter whose objects' storage calls never settle (create() itself answers at once). */
function hangingAdapter(): StorageAdapter {
  const never = () => new Promise<never>(() => undefined);
  const storage = { get: never, put: never };
  return { name: 'hanging', supports: {} as StorageAdapter['supports'], create: async () => ({ storage }) } as unknown as StorageAdapter;
}
