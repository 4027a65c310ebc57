// The report model: how test results become requirement statuses and area compliance.

import { describe, expect, it } from 'vitest';
import type { AreaCatalog } from '../requirements/model.js';
import { applyBaseline } from '../src/report/baseline.js';
import { buildReport, type Gate, type ReportInput } from '../src/report/model.js';
import { redact } from '../src/core/redact.js';
import { summaryMarkdown } from '../src/report/summary.js';
import { renderHtml } from '../src/report/html.js';
import { coreRequirementsText, totalsRelationText } from '../src/report/verdict-text.js';
import { escapeHtml } from '../src/core/markup.js';
import type { TestRecord } from '../src/core/records.js';
import { EVERYTHING } from '../src/core/selection.js';

const requirement = (id: string, extra: object = {}) => ({ id, area: 'filters' as const, level: 'must' as const, profile: 'core' as const, section: [{ headings: ['s'] }], text: `${id} text`, ...extra });
const catalog: AreaCatalog[] = [
  { area: 'filters', requirements: [requirement('R-PASS'), requirement('R-FAIL'), requirement('R-SKIP'), requirement('R-MIXED'), requirement('R-NONE'), requirement('R-UNSPEC', { unspecified: true, level: 'may' })] },
  { area: 'dns-records', pending: 'issue #7', requirements: [requirement('R-PENDING', { area: 'dns-records' })] },
];
const test = (name: string, requirements: string[], status: TestRecord['status']): TestRecord => ({ name, target: 'zone-api', spec: { describe: [], title: name }, file: 'f.spec.ts', requirements, status, durationMs: 1 });

const report = buildReport({
  version: '0',
  run: { id: 'r', startedAt: '', finishedAt: '', durationMs: 0, targets: [{ suite: 'zone-api', name: 'reference', control: true }], suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 1 },
  suites: [{ name: 'zone-api', catalog }],
  tests: [
    test('passes', ['R-PASS', 'R-MIXED'], 'passed'),
    test('fails', ['R-FAIL', 'R-MIXED'], 'failed'),
    { ...test('skips', ['R-SKIP'], 'skipped'), skipReason: 'target has no control API' },
  ],
  fileErrors: [],
  checkCoverage: true,
});
const status = (id: string) => report.requirements.find((r) => r.id === id)?.status;

describe('requirement status', () => {
  it('passes only when every citing spec passed; one failure fails it; a skip leaves it unverified', () => {
    expect([status('R-PASS'), status('R-FAIL'), status('R-MIXED'), status('R-SKIP')]).toEqual(['passed', 'failed', 'failed', 'skipped']);
  });
  it('distinguishes not run, pending and unspecified', () => {
    expect([status('R-NONE'), status('R-PENDING'), status('R-UNSPEC')]).toEqual(['not-run', 'pending', 'unspecified']);
    expect(report.requirements.find((r) => r.id === 'R-PENDING')?.pendingReason).toBe('issue #7');
  });
  it('counts compliance over verifiable requirements of covered areas only', () => {
    const filters = report.areas.find((a) => a.area === 'filters')!;
    expect(filters).toMatchObject({ state: 'covered', requirements: 5, passed: 1, failed: 2, skipped: 1, notRun: 1, unspecified: 1, compliance: 20 });
    expect(report.areas.find((a) => a.area === 'dns-records')).toMatchObject({ state: 'pending', compliance: null });
  });
  it('reports the golden check in the report', () => {
    expect(report.coverageProblems.map((p) => p.kind)).toEqual(['requirement-without-spec']);
  });
  it('summarizes specs and requirements', () => {
    expect(report.summary).toMatchObject({ passed: 1, failed: 1, skipped: 1, total: 3 });
    expect(report.summary.requirements).toEqual({ passed: 1, failed: 2, skipped: 1, 'not-run': 1, 'out-of-scope': 0, pending: 1, unspecified: 1 });
  });
});

describe('summary.md', () => {
  it('names failures, skip reasons, pending areas and unspecified statements', () => {
    const text = summaryMarkdown(report);
    expect(text).toContain('### fails');
    expect(text).toContain('- skips: target has no control API');
    expect(text).toContain('| dns-records | zone-api | pending: issue #7 |');
    expect(text).toContain('- R-UNSPEC (filters): R-UNSPEC text');
  });
});

describe('redaction', () => {
  it('replaces every occurrence of every secret', () => {
    expect(redact('a TOKEN b TOKEN c keys', ['TOKEN', 'keys', ''])).toBe('a [REDACTED] b [REDACTED] c [REDACTED]');
  });
  it('leaves values shorter than four characters alone: no credential is that short, and "1" is everywhere', () => {
    expect(redact('DEBUG=1 key=abc', ['1', 'abc'])).toBe('DEBUG=1 key=abc');
  });
  it('also in the escaped forms a secret takes in JSON, XML and HTML', () => {
    const secret = 'p"a&s<s\\';
    const text = [JSON.stringify({ token: secret }), `<x a="${secret.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"/>`].join(' ');
    expect(redact(text, [secret])).not.toMatch(/p.{0,8}a.{0,8}s.{0,8}s/);
  });
});

// Two verdicts: a spec is extended when it cites an extended requirement or says it relies on
// something not shown; the gate (core by default) decides the outcome from its specs only.
describe('two verdicts', () => {
  const catalogs: AreaCatalog[] = [{ area: 'alarms', requirements: [
    requirement('C-STATED', { area: 'alarms' }), requirement('C-CONVENTION-ONLY', { area: 'alarms' }),
    requirement('C-BOTH', { area: 'alarms', level: 'should' }), requirement('E-RETRY', { area: 'alarms', profile: 'extended' }),
  ] }, { area: 'sql', requirements: [requirement('S-ONE', { area: 'sql' }), requirement('S-TWO', { area: 'sql', profile: 'extended' })] }];
  const input = (tests: TestRecord[], gate?: Gate): ReportInput => ({
    version: '0',
    run: { id: 'r', startedAt: '2026-11-24T00:00:00.000Z', finishedAt: '', durationMs: 0, targets: [], suites: ['storage'], grep: null, selection: EVERYTHING, seed: 1 },
    suites: [{ name: 'storage', catalog: catalogs }],
    tests,
    fileErrors: [],
    notApplicable: [{ name: 'sql spec', target: 'storage:kv', requirements: ['S-ONE', 'S-TWO'], reason: 'sql: out of the scope of adapter kv' }],
    checkCoverage: false,
    ...(gate && { gate }),
  });
  const run = (gate?: Gate) => buildReport(input([
    test('core passes', ['C-STATED'], 'passed'),
    { ...test('through a convention', ['C-CONVENTION-ONLY'], 'passed'), extendedReason: 'relies on a payload not shown' },
    test('core half of C-BOTH', ['C-BOTH'], 'passed'),
    { ...test('extended half of C-BOTH', ['C-BOTH'], 'failed'), extendedReason: 'message text' },
    test('retry schedule', ['E-RETRY'], 'failed'),
  ], gate));

  it('classifies each spec by what it relies on', () => {
    expect(Object.fromEntries(run().tests.map((t) => [t.name, t.profile]))).toEqual({
      'core passes': 'core', 'through a convention': 'extended', 'core half of C-BOTH': 'core', 'extended half of C-BOTH': 'extended', 'retry schedule': 'extended',
    });
  });
  it('passes the core verdict when only extended specs fail, and says how far the conventions match', () => {
    const { verdicts } = run();
    expect(verdicts).toMatchObject({ gate: 'core', outcome: 'passed' });
    expect(verdicts.core).toEqual({
      specs: { passed: 2, failed: 0, skipped: 0, errors: 0, total: 2 }, requirements: { passed: 2, failed: 0, skipped: 0 }, inScope: 3, onlyThroughConventions: 1,
      throughConventions: { passed: 1, failed: 0, skipped: 0 },
    });
    expect(verdicts.extended).toMatchObject({ matched: 1, of: 3, specs: { passed: 1, failed: 2, skipped: 0, total: 3 } });
  });
  it('fails under --gate extended on the same results', () => {
    expect(run('extended').verdicts.outcome).toBe('failed');
  });
  it('keeps both profiles apart in a requirement cited by both', () => {
    const both = run().requirements.find((r) => r.id === 'C-BOTH')!;
    expect([both.status, both.byProfile]).toEqual(['failed', { core: 'passed', extended: 'failed' }]);
  });
  // custom-hostnames, dns-records and account-settings showed 0% on a run where every spec
  // passed: their core requirements are reached only through production conventions.
  it('counts a core requirement that only extended specs reach toward compliance, apart from what core specs passed', () => {
    const alarms = run().areas.find((a) => a.area === 'alarms')!;
    expect(alarms).toMatchObject({ state: 'covered', core: { requirements: 3, passed: 2, throughConventions: { passed: 1, failed: 0, skipped: 0 } }, compliance: 100, conventions: { matched: 1, of: 3 } });
    expect(alarms.byLevel.must).toEqual({ requirements: 2, passed: 2 });
  });
  it('does not count one that extended specs failed: compliance can fall', () => {
    const report = buildReport(input([
      test('core passes', ['C-STATED'], 'passed'),
      { ...test('through a convention', ['C-CONVENTION-ONLY'], 'failed'), extendedReason: 'relies on a payload not shown' },
      test('core half of C-BOTH', ['C-BOTH'], 'passed'),
    ]));
    const alarms = report.areas.find((a) => a.area === 'alarms')!;
    expect(alarms).toMatchObject({ compliance: 66.7, core: { passed: 2, throughConventions: { passed: 0, failed: 1, skipped: 0 } } });
    expect(report.verdicts.outcome).toBe('passed'); // the gate counts core specs only
    expect(coreRequirementsText(report)).toBe('2 of 3 passed (2 by core specs, 0 only through production conventions), 1 failed, 0 not verified');
  });
  it('says the core requirements in terms that add up to those in scope, and how the totals relate', () => {
    const report = run();
    expect(coreRequirementsText(report)).toBe('3 of 3 passed (2 by core specs, 1 only through production conventions), 0 failed, 0 not verified');
    const relation = totalsRelationText(report);
    expect(relation).toContain(`${report.summary.total} specs in all = 2 core + 3 extended`);
    expect(relation).toContain('The catalog\'s 6 requirements: 4 in scope (3 core, 1 extended), 2 out of scope');
    const page = renderHtml(report);
    const totals = page.slice(page.indexOf('<section id="totals">'), page.indexOf('</section>', page.indexOf('<section id="totals">')));
    expect(totals).toContain('core requirements 3 of 3 passed');
    expect(totals).toContain(escapeHtml(relation));
    expect(summaryMarkdown(report)).toContain(relation);
  });
  it('shows an area whose specs were all out of the target\'s scope as out of scope, never as 0%', () => {
    const report = run();
    expect(report.areas.find((a) => a.area === 'sql')).toMatchObject({ state: 'out-of-scope', compliance: null, outOfScope: 2, outOfScopeReason: 'sql: out of the scope of adapter kv' });
    expect(report.requirements.filter((r) => r.area === 'sql').map((r) => r.status)).toEqual(['out-of-scope', 'out-of-scope']);
    expect(summaryMarkdown(report)).toContain('| sql | storage | out of scope: sql: out of the scope of adapter kv | — |');
  });
  it('a requirement that another target verifies is not out of scope', () => {
    const report = buildReport(input([test('sqlite runs it', ['S-ONE'], 'passed')]));
    expect(report.requirements.find((r) => r.id === 'S-ONE')?.status).toBe('passed');
  });
  it('a failed spec naming the requirements its failure violated leaves its other requirements unverified, not failed', () => {
    const report = buildReport(input([{ ...test('model', ['C-STATED', 'C-BOTH', 'C-CONVENTION-ONLY'], 'failed'), failedRequirements: ['C-BOTH'] }, test('plain', ['C-CONVENTION-ONLY'], 'passed')]));
    const status = (id: string) => report.requirements.find((r) => r.id === id)?.status;
    expect([status('C-BOTH'), status('C-STATED'), status('C-CONVENTION-ONLY')]).toEqual(['failed', 'skipped', 'passed']);
    const baseline = applyBaseline(report, { knownFailures: [{ requirement: 'C-STATED', reason: 'not what failed' }] }, 'b.json');
    expect(baseline, 'an entry for a requirement the failure does not name does not cover it').toMatchObject({ known: 0, new: 1 });
  });

  it('gates a baseline on the gated specs: an unlisted extended failure is not new under core, and is under extended', () => {
    const baseline = { knownFailures: [{ requirement: 'C-STATED', reason: 'was failing' }] };
    const core = run();
    expect(applyBaseline(core, baseline, 'b.json')).toMatchObject({ new: 0, fixed: 1, staleEntries: ['requirement C-STATED'] });
    const extended = run('extended');
    expect(applyBaseline(extended, baseline, 'b.json')).toMatchObject({ new: 2, newFailures: ['extended half of C-BOTH', 'retry schedule'] });
  });
  it('marks a listed extended failure known even when it is not gated', () => {
    const report = run();
    applyBaseline(report, { knownFailures: [{ requirement: 'E-RETRY', reason: 'no retries' }] }, 'b.json');
    expect(report.tests.find((t) => t.name === 'retry schedule')?.known).toEqual({ reason: 'no retries' });
  });
});
