// `specgate diff` and `specgate merge`: what changed between two runs, and one report from the
// shards of a run. Unit tests on hand-made reports, then the real thing: two shards of the zone
// API suite merged give the same specs and statuses as one unsharded run.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUITES } from '../src/catalog/suites.js';
import { diffCommand } from '../src/cli/diff.js';
import { mergeCommand } from '../src/cli/merge.js';
import { diffReports, formatDiff } from '../src/report/diff.js';
import { mergeReports, missingShards } from '../src/report/merge.js';
import { buildReport, REPORT_FORMAT, type BaselineOutcome, type Report } from '../src/report/model.js';
import type { TestRecord, TestStatus } from '../src/core/records.js';
import { EVERYTHING } from '../src/core/selection.js';
import { schemaProblems } from '../src/spec-kit/schemas.js';
import { UsageError } from '../src/core/errors.js';
import { readReport, runCli, tempDir } from './helpers/cli.js';
import { referenceZoneRun } from './helpers/shared-runs.js';

// Real requirement IDs: merge recomputes statuses from the real catalog.
const ENV_A = 'ZM-ENV-UNKNOWN-ROUTE';
const ENV_B = 'ZM-ENV-WRONG-METHOD';
const AUTH_A = 'ZM-AUTH-BEARER';
const AUTH_B = 'ZM-AUTH-MISSING';

const spec = (title: string, requirement: string, status: TestStatus, extra: Partial<TestRecord> = {}): TestRecord => ({
  name: `zone-api > ${title}`, target: 'zone-api', spec: { describe: [], title }, file: 'suites/zone-api/x.spec.ts', requirements: [requirement], status, durationMs: 5,
  ...(status === 'failed' && { error: 'expected 404, got 200' }), ...(status === 'skipped' && { skipReason: 'no control API' }), ...extra,
});

function reportOf(tests: TestRecord[], run: Partial<Report['run']> = {}): Report {
  return buildReport({
    version: '0.1.0',
    run: {
      id: 'run-1', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:10.000Z', durationMs: 10_000,
      targets: [{ suite: 'zone-api', name: 'reference', control: true }], suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 1,
      ...run,
    },
    suites: [{ name: 'zone-api', catalog: SUITES['zone-api'].catalog }],
    tests,
    fileErrors: [],
    checkCoverage: false,
  });
}

const names = (list: { name: string }[]) => list.map((x) => x.name.replace('zone-api > ', ''));

describe('diffReports', () => {
  const old = reportOf([
    spec('A', ENV_A, 'passed'), spec('B', ENV_B, 'failed'),
    spec('C', AUTH_A, 'skipped'), spec('D', AUTH_B, 'passed'), spec('E', AUTH_B, 'skipped'), spec('F', AUTH_A, 'passed'),
  ]);
  const next = reportOf([
    spec('A', ENV_A, 'failed'), spec('B', ENV_B, 'passed'),
    spec('C', AUTH_A, 'failed'), spec('D', AUTH_B, 'skipped'), spec('E', AUTH_B, 'passed'), spec('G', AUTH_A, 'failed'),
  ], { id: 'run-2' });
  const diff = diffReports(old, next);
  const area = (name: string) => diff.areas.find((a) => a.area === name)!;

  it('hand-made reports conform to the report schema', () => {
    expect(schemaProblems('report', old)).toEqual([]);
    expect(schemaProblems('report', next)).toEqual([]);
  });

  it('sorts spec changes into improved, regressed, otherwise changed, new and removed, per area', () => {
    expect(diff.areas.map((a) => a.area)).toEqual(['envelope', 'auth']);
    expect(names(area('envelope').regressed)).toEqual(['A']);
    expect(names(area('envelope').improved)).toEqual(['B']);
    expect(area('auth').regressed).toEqual([{ name: 'zone-api > C', file: 'suites/zone-api/x.spec.ts', from: 'skipped', to: 'failed' }]);
    expect(names(area('auth').improved)).toEqual(['E']);
    expect(names(area('auth').changed)).toEqual(['D']);
    expect(area('auth').added).toEqual([{ name: 'zone-api > G', file: 'suites/zone-api/x.spec.ts', status: 'failed' }]);
    expect(names(area('auth').removed)).toEqual(['F']);
    expect(diff.totals).toEqual({ improved: 2, regressed: 2, changed: 1, added: 1, removed: 1, requirements: 3 });
  });

  it('lists requirements whose status changed', () => {
    expect(area('envelope').requirements).toEqual([
      { id: ENV_A, from: 'passed', to: 'failed' },
      { id: ENV_B, from: 'failed', to: 'passed' },
    ]);
    // AUTH_A: C skipped + F passed → skipped; C failed + G failed → failed. AUTH_B: D passed, E skipped → skipped both times.
    expect(area('auth').requirements).toEqual([{ id: AUTH_A, from: 'skipped', to: 'failed' }]);
  });

  it('formats one section per changed area: counts, then names', () => {
    const text = formatDiff(diff);
    expect(text).toContain('specs: 2 regressed, 2 improved, 1 otherwise changed, 1 new, 1 removed; requirements: 3 changed status');
    expect(text).toContain('## envelope: 1 regressed, 1 improved, 0 otherwise changed, 0 new, 0 removed, 2 requirements changed');
    expect(text).toContain('  regressed:\n    zone-api > C (skipped → failed)');
    expect(text).toContain(`    ${AUTH_A}: skipped → failed`);
    expect(text.indexOf('## envelope')).toBeLessThan(text.indexOf('## auth'));
  });

  it('finds nothing between a report and itself', () => {
    const same = diffReports(old, old);
    expect(same.areas).toEqual([]);
    expect(formatDiff(same)).toContain('no changes');
  });

  it('matches specs by name and file when a name appears twice in a run', () => {
    const twins = (fwStatus: TestStatus) => reportOf([
      spec('pagination', ENV_A, 'passed', { file: 'suites/zone-api/filters.spec.ts' }),
      spec('pagination', AUTH_A, fwStatus, { file: 'suites/zone-api/firewall-rules.spec.ts' }),
    ]);
    const twinDiff = diffReports(twins('passed'), twins('failed'));
    expect(twinDiff.totals).toMatchObject({ regressed: 1, improved: 0, added: 0, removed: 0 });
    expect(twinDiff.areas[0]?.regressed[0]?.file).toBe('suites/zone-api/firewall-rules.spec.ts');
  });
});

describe('diffCommand', () => {
  let out: string[];
  beforeEach(() => {
    out = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => { out.push(String(chunk)); return true; });
  });
  afterEach(() => { vi.restoreAllMocks(); });

  const saved = (report: Report): string => {
    const dir = tempDir('diff');
    writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
    return dir;
  };
  const passing = reportOf([spec('A', ENV_A, 'passed'), spec('B', ENV_B, 'failed')]);
  const failing = reportOf([spec('A', ENV_A, 'failed'), spec('B', ENV_B, 'failed')]);

  it('exits 1 when something regressed, 0 otherwise; takes directories or report.json files', async () => {
    expect(await diffCommand([saved(passing), saved(failing)])).toBe(1);
    expect(await diffCommand([join(saved(failing), 'report.json'), saved(passing)])).toBe(0);
    expect(out.join('')).toContain('1 regressed');
  });

  it('prints the diff as JSON with --json', async () => {
    expect(await diffCommand([saved(passing), saved(failing), '--json'])).toBe(1);
    expect(JSON.parse(out.join('')).totals.regressed).toBe(1);
  });

  it('refuses bad usage, unreadable files and invalid reports with a one-line UsageError', async () => {
    const notJson = tempDir('diff');
    writeFileSync(join(notJson, 'report.json'), '{ nope');
    const invalid = saved({ ...passing, summary: undefined } as unknown as Report);
    const cases: [string[], RegExp][] = [
      [[saved(passing)], /two reports/],
      [[saved(passing), join(tempDir('diff'), 'missing')], /cannot read .*ENOENT/],
      [[saved(passing), notJson], /is not JSON/],
      [[saved(passing), invalid], /is not a valid specgate report: \(root\) must have required property 'summary'/],
    ];
    for (const [args, message] of cases) {
      const error = await diffCommand(args).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('mergeReports', () => {
  const shard = (index: number, tests: TestRecord[], run: Partial<Report['run']> = {}) => reportOf(tests, {
    id: `shard-${index}`, selection: { ...EVERYTHING, shard: { index, total: 2 } }, ...run,
  });
  const one = shard(1, [spec('A', ENV_A, 'passed'), spec('B', ENV_B, 'failed')], {
    startedAt: '2026-01-01T00:00:05.000Z', finishedAt: '2026-01-01T00:01:00.000Z', durationMs: 55_000,
  });
  const two = shard(2, [spec('C', AUTH_A, 'passed'), spec('D', AUTH_B, 'skipped')], {
    startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:30.000Z', durationMs: 30_000,
  });

  it('an interrupted shard leaves the merged run interrupted: the first interrupt, every shard\'s unfinished specs', () => {
    const at = (time: string, unfinishedSpecs: number) => ({ signal: 'SIGINT' as const, at: `2026-01-01T00:00:${time}.000Z`, unfinishedSpecs });
    const merged = mergeReports([shard(1, [spec('A', ENV_A, 'passed')], { interrupted: at('40', 2) }), shard(2, [spec('C', AUTH_A, 'passed')], { interrupted: at('20', 3) })]);
    expect(merged.run.interrupted).toEqual(at('20', 5));
    expect(merged.verdicts.outcome).toBe('interrupted');
    expect(mergeReports([one, two]).run.interrupted).toBeUndefined();
  });

  it('keeps what a shard found out of scope, unless another shard verified it', () => {
    const outOfScope = (tests: TestRecord[], index: number, ids: string[]) => buildReport({
      ...({ version: '0.1.0', suites: [{ name: 'zone-api' as const, catalog: SUITES['zone-api'].catalog }], fileErrors: [], checkCoverage: false }),
      run: shard(index, []).run,
      tests,
      notApplicable: [{ name: 'left out', target: 'zone-api', requirements: ids, reason: 'outside this target' }],
    });
    const merged = mergeReports([outOfScope([], 1, [ENV_A, ENV_B]), outOfScope([spec('B', ENV_B, 'passed')], 2, [])]);
    const row = (id: string) => merged.requirements.find((r) => r.id === id);
    expect([row(ENV_A)?.status, row(ENV_A)?.outOfScopeReason, row(ENV_B)?.status]).toEqual(['out-of-scope', 'outside this target', 'passed']);
  });

  it('unites the tests and recomputes summary, areas and requirements', () => {
    const merged = mergeReports([one, two]);
    expect(names(merged.tests)).toEqual(['A', 'B', 'C', 'D']);
    expect(merged.summary).toMatchObject({ passed: 2, failed: 1, skipped: 1, total: 4 });
    const status = (id: string) => merged.requirements.find((r) => r.id === id)?.status;
    expect([status(ENV_A), status(ENV_B), status(AUTH_A), status(AUTH_B)]).toEqual(['passed', 'failed', 'passed', 'skipped']);
    expect(merged.areas.find((a) => a.area === 'envelope')).toMatchObject({ passed: 1, failed: 1 });
    expect(schemaProblems('report', merged)).toEqual([]);
  });

  it('spans the shards in time, sums their durations and is no longer a shard', () => {
    const { run } = mergeReports([one, two]);
    expect(run).toMatchObject({
      id: 'shard-1+shard-2', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:01:00.000Z', durationMs: 85_000, seed: 1,
    });
    expect(run.selection).toEqual(EVERYTHING);
  });

  it('runs the golden coverage check only when every shard is there and nothing else filtered them', () => {
    expect(mergeReports([one, two]).coverageProblems.length).toBeGreaterThan(0); // hand-made: most requirements have no spec
    expect(mergeReports([one]).coverageProblems).toEqual([]);
    expect(missingShards([one])).toEqual(['2/2']);
    expect(missingShards([one, two])).toEqual([]);
    const grepped = (r: Report) => ({ ...r, run: { ...r.run, grep: 'A|B|C|D' } });
    expect(mergeReports([grepped(one), grepped(two)]).coverageProblems).toEqual([]);
  });

  it('accepts a spec in two shards only when it came out the same', () => {
    const again = shard(2, [spec('A', ENV_A, 'passed', { durationMs: 99 })]);
    expect(names(mergeReports([one, again]).tests)).toEqual(['A', 'B']);
    const differently = shard(2, [spec('A', ENV_A, 'failed')]);
    expect(() => mergeReports([one, differently])).toThrow(/spec "zone-api > A" is in several reports with different results \(passed, failed\)/);
  });

  it('refuses reports of another format, seed, suites, grep or selection', () => {
    const refusals: [Report, RegExp][] = [
      [{ ...two, specgate: { ...two.specgate, format: 1 } }, new RegExp(`different format: ${REPORT_FORMAT} vs 1`)],
      [{ ...two, verdicts: { ...two.verdicts, gate: 'extended' } }, /different gate: "core" vs "extended"/],
      [{ ...two, run: { ...two.run, seed: 7 } }, /different seed: 1 vs 7/],
      [{ ...two, run: { ...two.run, suites: ['zone-api', 'storage'] } }, /different suites/],
      [{ ...two, run: { ...two.run, grep: 'x' } }, /different grep/],
      [{ ...two, run: { ...two.run, selection: { ...two.run.selection, profile: 'core' } } }, /different selection/],
    ];
    for (const [other, reason] of refusals) {
      expect(() => mergeReports([one, other])).toThrow(UsageError);
      expect(() => mergeReports([one, other])).toThrow(reason);
    }
    expect(() => mergeReports([])).toThrow(UsageError);
  });

  it('unites targets and errors; refuses one target described two ways', () => {
    const storage = { suite: 'storage', name: 'reference-kv', capabilities: { alarms: true } };
    const withStorage = { ...two, run: { ...two.run, targets: [...two.run.targets, storage] }, errors: [{ file: 'suites/zone-api/y.spec.ts', error: 'does not load' }] };
    const merged = mergeReports([one, withStorage]);
    expect(merged.run.targets.map((t) => `${t.suite}/${t.name}`)).toEqual(['zone-api/reference', 'storage/reference-kv']);
    expect(merged.errors).toEqual([{ file: 'suites/zone-api/y.spec.ts', error: 'does not load' }]);
    const elsewhere = { ...two, run: { ...two.run, targets: [{ suite: 'zone-api', name: 'reference', control: false }] } };
    expect(() => mergeReports([one, elsewhere])).toThrow(/target zone-api\/reference is described differently/);
  });

  it('merges the baseline outcomes of shards gated on one baseline: an entry is stale only if stale everywhere', () => {
    const gated = (r: Report, outcome: Omit<BaselineOutcome, 'file'>): Report => ({ ...r, baseline: { file: 'baseline.json', ...outcome } });
    const merged = mergeReports([
      gated(one, { known: 1, new: 0, fixed: 2, newFailures: [], staleEntries: ['ZM-X', 'ZM-Y'] }),
      gated(two, { known: 0, new: 1, fixed: 1, newFailures: ['zone-api > D'], staleEntries: ['ZM-Y'] }),
    ]);
    expect(merged.baseline).toEqual({ file: 'baseline.json', known: 1, new: 1, fixed: 1, newFailures: ['zone-api > D'], staleEntries: ['ZM-Y'] });
    expect(() => mergeReports([gated(one, { known: 0, new: 0, fixed: 0, newFailures: [], staleEntries: [] }), two])).toThrow(/different baselines/);
  });
});

describe('mergeCommand', () => {
  beforeEach(() => { vi.spyOn(process.stdout, 'write').mockImplementation(() => true); });
  afterEach(() => { vi.restoreAllMocks(); });

  it('writes report.json, summary.md and junit.xml; exits 1 when the merged run has a failure', async () => {
    // ZM-ENV-FAILURE is core: its failure fails the default gate (an extended one alone would not).
    const dirs = [reportOf([spec('A', ENV_A, 'passed')], { id: 's1' }), reportOf([spec('B <&>', 'ZM-ENV-FAILURE', 'failed')], { id: 's2' })].map((report) => {
      const dir = tempDir('shard');
      writeFileSync(join(dir, 'report.json'), JSON.stringify(report));
      return dir;
    });
    const out = join(tempDir('merged'), 'out');
    expect(await mergeCommand([...dirs, '--out', out])).toBe(1);
    expect(readReport(out).summary).toMatchObject({ passed: 1, failed: 1, total: 2 });
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain('### zone-api > B <&>');
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).toContain('<testsuites name="specgate s1+s2" tests="2" failures="1"');
    expect(junit).toContain('name="zone-api &gt; B &lt;&amp;&gt;"');
    expect(junit).toContain('<failure message="expected 404, got 200">');
  });

  it('needs at least one report', async () => {
    await expect(mergeCommand(['--out', tempDir('merged')])).rejects.toThrow(UsageError);
  });
});

describe('merging the shards of a real run', () => {
  it('gives the specs, statuses, requirement statuses and coverage check of one unsharded run', async () => {
    const [first, second] = [tempDir('shard1'), tempDir('shard2')];
    // The unsharded side is the one run of the zone suite against the bundled reference that other files compare against too.
    const [{ run: wholeRun, reportDir: whole }, ...shards] = await Promise.all([
      referenceZoneRun(),
      runCli(['run', '--suite', 'zone-api', '--shard', '1/2', '--report-dir', first]),
      runCli(['run', '--suite', 'zone-api', '--shard', '2/2', '--report-dir', second]),
    ]);
    const runs = [wholeRun, ...shards];
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    // Both shards ran something: the split is real.
    expect(readReport(first).tests.length).toBeGreaterThan(0);
    expect(readReport(second).tests.length).toBeGreaterThan(0);

    const merged = join(tempDir('merged'), 'out');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await mergeCommand([first, second, '--out', merged])).toBe(0);
      expect(await diffCommand([whole, merged])).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }

    const outcome = (r: Report) => r.tests.map((t) => `${t.file} | ${t.name} | ${t.status}`).sort();
    const statuses = (r: Report) => r.requirements.map((q) => `${q.id} ${q.status}`);
    const [wholeReport, mergedReport] = [readReport(whole), readReport(merged)];
    expect(outcome(mergedReport)).toEqual(outcome(wholeReport));
    expect(statuses(mergedReport)).toEqual(statuses(wholeReport));
    expect(mergedReport.summary).toEqual(wholeReport.summary);
    expect(mergedReport.coverageProblems).toEqual(wholeReport.coverageProblems);
    expect(mergedReport.run.selection.shard).toBeNull();
    expect(diffReports(wholeReport, mergedReport).areas).toEqual([]);
  });
});
