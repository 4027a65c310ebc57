// Failures grouped by cause (src/report/causes.ts): specs that failed on the same answer of the
// target (HTTP status and error codes), or with the same message once its volatile parts (ids,
// numbers) are set aside, share one cause, shown first with the specs under it.

import { describe, expect, it } from 'vitest';
import type { AreaCatalog } from '../requirements/model.js';
import { EVERYTHING } from '../src/core/selection.js';
import { failureCauses, type CauseInput } from '../src/report/causes.js';
import { buildReport } from '../src/report/model.js';
import { answerLine } from '../src/spec-kit/answer-line.js';

let counter = 0;
const failed = (error: string | undefined, extra: Partial<CauseInput> = {}): CauseInput =>
  ({ name: `zone-api > spec ${++counter}`, status: 'failed', profile: 'core', ...(error !== undefined && { error }), ...extra });

const AUTH = { result: null, success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [] };

describe('failureCauses', () => {
  it('groups the specs that got the same failure answer, whatever step and expectation: the answer is the cause', () => {
    const tests = [
      failed(`creating filters: ${answerLine(403, AUTH)}; it should succeed with the envelope (success true, errors empty)\nschema: ...\nbody: {...}`),
      failed(`positive control: GET /settings/x after 2024-09-13: ${answerLine(403, AUTH)}; it should answer HTTP 404`),
      failed(`an error message starts with "Filter parsing error": ${answerLine(403, AUTH)}; body: {"result":null}: expected false to be true // Object.is`),
      failed(`creating custom hostname app-8c6d99ff.customer-55a6e877.example: ${answerLine(403, AUTH)}; it should succeed`),
      // answered() in parentheses, as a spec's own message quotes it
      failed(`POST of an A record: the root cause is 9005 (${answerLine(403, AUTH)}; body: {"result":null}): expected [ 10000 ] to deeply equal [ 9005 ]`),
    ];
    const causes = failureCauses(tests, 'core');
    expect(causes).toEqual([{
      id: 'cause-1', kind: 'answer', label: 'HTTP 403, errors 10000 "Authentication error"', status: 403, codes: [10000],
      tests: tests.map((t) => t.name), gated: 5,
    }]);
  });

  it('reads every answer the spec kit writes (answerLine), and tells failure answers from success', () => {
    const causeOf = (status: number | undefined, body: unknown) => failureCauses([failed(`the step: ${answerLine(status, body)}; it should do something else`)], 'core')[0]!;
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

  it('groups success answers by what the specs required instead, leaving out the step', () => {
    const tests = [
      failed('creating a filter without an expression: HTTP 200, success true; it should fail with the error envelope (success false, result null, errors of {code, message})'),
      failed('an unknown route: HTTP 200, success true; it should fail with the error envelope (success false, result null, errors of {code, message})'),
      failed('creating firewall rules: HTTP 200, success, but the result is null, not an array\nbody: ...'),
      failed('GET waf_migration/config: HTTP 200, success, but the result is null, not an array'),
      // A success quoted after the spec's finding: the finding is the cause.
      failed('POST of an A record: error_chain holds the root cause (HTTP 200, success true; body: {}): expected false to be true'),
    ];
    const causes = failureCauses(tests, 'core');
    expect(causes.map((c) => [c.kind, c.label, c.tests.length])).toEqual([
      ['message', 'HTTP 200, success true; it should fail with the error envelope (success false, result null, errors of {code, message})', 2],
      ['message', 'HTTP 200, success, but the result is null, not an array', 2],
      ['message', 'POST of an A record: error_chain holds the root cause (HTTP 200, success true; body: {}): expected false to be true', 1],
    ]);
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

  it('a call into an adapter that hung is one cause per operation, whatever its arguments', () => {
    const causes = failureCauses([
      failed('storage.get("greeting") did not settle within 1000 ms (the run\'s --timeout)'),
      failed('storage.get(["cons:0", "cons:1", "cons:2", … (8 items)]) did not settle within 1000 ms (the run\'s --timeout)'),
      failed('storage.put("k", {"a": 1}) did not settle within 1000 ms (the run\'s --timeout)'),
      // A number differs, as between any two messages: the same cause, the number shown as `…`.
      failed('storage.get("x") did not settle within 2000 ms (the run\'s --timeout)'),
    ], 'core');
    expect(causes.map((c) => [c.label, c.tests.length])).toEqual([
      ['storage.get(…) did not settle within … ms (the run\'s --timeout)', 3],
      ['storage.put(…) did not settle within 1000 ms (the run\'s --timeout)', 1],
    ]);
  });

  it('one error code with several messages is one cause, and says the messages vary', () => {
    const causes = failureCauses([
      failed(`creating a filter: ${answerLine(400, { success: false, errors: [{ code: 10014, message: 'Filter parsing error: at char 3' }] })}; it should succeed`),
      failed(`creating a filter: ${answerLine(400, { success: false, errors: [{ code: 10014, message: 'Unknown field' }] })}; it should succeed`),
    ], 'core');
    expect(causes.map((c) => [c.label, c.codes, c.tests.length])).toEqual([['HTTP 400, errors 10014 (messages vary)', [10014], 2]]);
  });

  it('puts the causes of the most gated failures first, then of the most specs; gated specs first within a cause', () => {
    const convention = failed(`a: ${answerLine(403, AUTH)}; x`, { profile: 'extended' });
    const tests = [
      failed('only conventions fail here', { profile: 'extended' }),
      failed('only conventions fail here', { profile: 'extended' }),
      failed('only conventions fail here', { profile: 'extended' }),
      convention,
      failed(`b: ${answerLine(403, AUTH)}; x`),
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

describe('the report', () => {
  const catalog: AreaCatalog[] = [{ area: 'filters', requirements: [{ id: 'R-1', area: 'filters', level: 'must', profile: 'core', section: 's', text: 't' }] }];
  const spec = (title: string, status: 'passed' | 'failed', error?: string) =>
    ({ name: `zone-api > ${title}`, target: 'zone-api', spec: { describe: [], title }, file: 'f.spec.ts', requirements: ['R-1'], status, durationMs: 1, ...(error && { error }) });

  it('carries the causes of its failures (report.json), gated by the run\'s gate', () => {
    const run = { id: 'r', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', durationMs: 1000, targets: [], suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 1 };
    const report = buildReport({ version: '0', run, suites: [{ name: 'zone-api', catalog }], fileErrors: [], checkCoverage: false, tests: [
      spec('a', 'failed', `creating filters: ${answerLine(403, AUTH)}; it should succeed`), spec('b', 'passed'), spec('c', 'failed', `GET /x: ${answerLine(403, AUTH)}; it should answer HTTP 404`),
    ] });
    expect(report.causes).toEqual([{ id: 'cause-1', kind: 'answer', label: 'HTTP 403, errors 10000 "Authentication error"', status: 403, codes: [10000], tests: ['zone-api > a', 'zone-api > c'], gated: 2 }]);
  });
});
