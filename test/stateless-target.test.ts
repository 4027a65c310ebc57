// A verdict is worth something only if a target that implements nothing cannot earn it. The zone
// suite runs here, through the CLI as a user runs it, against servers that answer every request
// (the API and the control API alike) with one canned answer; only specs that check nothing but a
// shape may pass there, and no spec may fail with a TypeError instead of saying what it got.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';
import { cannedSuccess, startStatelessTarget, type CannedAnswer, type StatelessTarget } from './helpers/stateless-target.js';

/** The specs whose only subject is the shape of an answer: any JSON envelope passes them. */
const SHAPE_ONLY = [
  'responses are JSON, on success and on failure',
  'successful reads and writes answer the success envelope',
];

const ID = '0123456789abcdef0123456789abcdef';
/**
 * One object carrying every field the suite reads anywhere, with plausible values: the canned
 * result most likely to pass a check that looks at fields without relating them to what was sent.
 * As the control API's answer it passes for a zone, the clock, the CAs, a route, a user, a vendor.
 */
const EVERYTHING = {
  id: ID, name: 'example.com', plan: 'enterprise', rule_quota: 1000, features: ['firewall_rules.log_action'],
  epoch_ms: Date.parse('2026-01-01T00:00:00Z'), now: '2026-01-01T00:00:00.000Z', vendor: 'vendor',
  preferred: { name: 'ca-one', caa_domain: 'one.example' }, other: { name: 'ca-two', caa_domain: 'two.example' },
  routable: true, zone_id: ID, custom_hostname_id: ID, email: 'user@example.com', key: 'abc123', token: 'token123',
  expression: 'ssl', paused: false, action: 'block', priority: null, filter: { id: ID, expression: 'ssl', paused: false },
  compatible: true, migration_state: 'start', rules: [], hostname: 'app.example.com', status: 'active',
  ssl: { method: 'txt', type: 'dv', certificate_authority: '' }, verification_errors: [], value: 'on',
};

const TARGETS: { name: string; api: CannedAnswer; control: CannedAnswer; mayPass: string[] }[] = [
  // Lists that never change, whose one item has every field: "nothing was created" holds, every create "answers" it.
  { name: 'a list of one object with every field', api: cannedSuccess([EVERYTHING]), control: cannedSuccess(EVERYTHING), mayPass: SHAPE_ONLY },
  // One canned answer for every request, control API included.
  { name: 'one object with every field, to the control API too', api: cannedSuccess(EVERYTHING), control: cannedSuccess(EVERYTHING), mayPass: SHAPE_ONLY },
  // Success with no payload: every spec reading a result must say so, not throw.
  { name: 'success with result null', api: cannedSuccess(null), control: cannedSuccess(EVERYTHING), mayPass: SHAPE_ONLY },
  // Not JSON at all, as a proxy in front of a service answers.
  { name: 'an HTML error page', api: { status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }, control: cannedSuccess(EVERYTHING), mayPass: [] },
];

/** What a spec's failure must never be: the spec tripping over the answer instead of judging it. */
const TRIPPED = /TypeError|Cannot read properties|is not a function|is not iterable|Cannot destructure/;

describe('the zone suite against targets that implement nothing', () => {
  const targets: StatelessTarget[] = [];
  let run: CliResult;
  let report: Report;
  const testsOf = (i: number) => report.tests.filter((t) => t.target === `zone-api@${targets[i]!.baseUrl}`);

  beforeAll(async () => {
    for (const { api, control } of TARGETS) targets.push(await startStatelessTarget(api, control));
    const reportDir = tempDir('stateless');
    // --no-preflight: the preflight would stop at the first target (test/preflight.test.ts); here
    // every spec must judge what it gets.
    run = await runCli(['run', '--suite', 'zone-api', '--report-dir', reportDir, '--timeout', '5', '--no-preflight',
      '--target', targets.map((t) => t.baseUrl).join(','), '--control', targets.map((t) => t.controlUrl).join(',')],
    { SPECGATE_TOKEN: 'statelesstoken0123', SPECGATE_EMAIL: 'stateless@example.test', SPECGATE_KEY: 'statelesskey0123' });
    report = readReport(reportDir);
  }, 600_000);
  afterAll(async () => { await Promise.all(targets.map((t) => t.close())); });

  it('fails the run, every target reported', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(report.run.targets).toHaveLength(TARGETS.length);
  });

  TARGETS.forEach(({ name, mayPass }, i) => {
    it(`${name}: only the shape-only specs pass`, () => {
      const passed = testsOf(i).filter((t) => t.status === 'passed').map((t) => t.name.split(' > ').at(-1)!).sort();
      expect(passed).toEqual([...mayPass].sort());
    });

    it(`${name}: no spec fails with a TypeError; each says what it got`, () => {
      const failed = testsOf(i).filter((t) => t.status === 'failed');
      // A set-up step the target refused leaves its spec not verified, saying what the target answered.
      const refusedSetUp = testsOf(i).filter((t) => t.status === 'skipped' && /^not verified: set-up needs .* and the target answered: /s.test(t.skipReason ?? ''));
      expect(failed.length + refusedSetUp.length, `${failed.length} failed, ${refusedSetUp.length} with a refused set-up`).toBeGreaterThan(150);
      expect(failed.filter((t) => TRIPPED.test(t.error ?? '')).map((t) => `${t.name}: ${t.error?.split('\n')[0]}`)).toEqual([]);
      expect(refusedSetUp.filter((t) => TRIPPED.test(t.skipReason ?? '')).map((t) => `${t.name}: ${t.skipReason}`)).toEqual([]);
    });
  });

  it('an HTML answer is shown with its status on the first line of the failure', () => {
    const firstLines = testsOf(3).filter((t) => t.status === 'failed').map((t) => t.error!.split('\n')[0]!);
    const told = firstLines.filter((line) => line.includes('HTTP 502, a body that is not JSON'));
    expect(told.length, firstLines.filter((line) => !line.includes('HTTP 502')).join('\n')).toBeGreaterThan(150);
  });
});

describe('a run with a wrong token', () => {
  let server: RunningServer;
  beforeAll(async () => { server = await startServer({ testMode: true }); });
  afterAll(async () => { await server.close(); });

  it('is stopped by the preflight: one line, exit 2, no spec run', async () => {
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'filters', '--report-dir', tempDir('wrong-token-preflight'),
      '--target', server.baseUrl, '--control', server.controlUrl!], { SPECGATE_TOKEN: 'specgate0not0the0token' });
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^specgate: \S+ refuses the API token: GET \/zones\/[0-9a-f]+\/filters answered HTTP 403, errors 10000 "Authentication error"; fix: give the token the target accepts[^\n]*\n$/);
  });

  it('with --no-preflight: shows the cause, HTTP 403 and the error, on the first line of the first failure', async () => {
    const reportDir = tempDir('wrong-token');
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'filters,firewall-rules,transport', '--report-dir', reportDir, '--no-preflight',
      '--target', server.baseUrl, '--control', server.controlUrl!], { SPECGATE_TOKEN: 'specgate0not0the0token' });
    expect(run.code).toBe(1);
    const failed = readReport(reportDir).tests.filter((t) => t.status === 'failed');
    expect(failed.length).toBeGreaterThan(5);
    for (const test of failed) expect(test.error!.split('\n')[0], test.name).toMatch(/HTTP 403, errors 10000 "Authentication error"/);
  });
});
