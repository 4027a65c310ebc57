// The alarm specs' real-time bodies (suites/storage/alarms.spec.ts, `realTime`, and the alarm
// lifecycle's chosen states, suites/storage/alarm-lifecycle.spec.ts) can pass and can fail: they
// run, on an adapter with alarms and no virtual clock, against the reference runtime on real time
// (test/real-time/in-real-time.ts: its clock follows the wall clock) and against the broken alarm
// variants of test/broken/storage/ (and two blind ones, test/blind/storage/) put on real time the
// same way. The reference passes every one; each variant fails exactly the requirements it fails on
// the virtual clock (test/broken-storage-behaviour.test.ts; for the lifecycle's variants,
// test/broken-storage-models.test.ts and test/blind/storage/index.ts). The random lifecycle model
// is left out of these runs (it has no real-time form); the chosen lifecycles catch the variants
// of a pending retry, and of a restart after deleteAll(), which no other real-time spec sees, and
// the near-and-far replacement (alarms.spec.ts's case needs minutes of real time) as a pending
// retry 2 s away replaced by an alarm a day away.
//
// The retry schedule's real-time body waits about 2.5 minutes: only with --real-time, proved by a
// second run beside the first (against the reference, and a runtime retrying every 2 s).
//
// Real time on a loaded machine: every bound is the document's delay bound plus room, and a
// premise a slow machine missed answers "not verified" (the asserted lists would show it).

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { failedRequirementsOf, readReport, ROOT, runCli, tempDir, type CliResult } from './helpers/cli.js';

const ADAPTERS = 'test/real-time/adapters';

const variants: { name: string; expectedFailures: string[] }[] = [
  { name: 'alarm-deleteall-deletes-alarm', expectedFailures: ['ST-KV-DELETEALL-KEEPS-ALARM'] },
  { name: 'alarm-retry-null', expectedFailures: ['ST-ALARM-SET-WHILE-RETRY-PENDING'] },
  { name: 'alarm-kept-after-run', expectedFailures: ['ST-ALARM-NOT-SET-WHILE-RUNNING', 'ST-ALARM-NULL-AFTER-SUCCESS'] },
  { name: 'alarm-cleared-after-run', expectedFailures: ['ST-ALARM-SET'] },
  // Its timer differs only for replacements 31 s or more away: alarms.spec.ts's case would wait
  // minutes; the chosen lifecycle replacing a pending retry (2 s away) by an alarm a day away sees it.
  { name: 'alarm-replace-near-keeps-old', expectedFailures: ['ST-ALARM-REPLACE'] },
  { name: 'alarm-delete-keeps-due', expectedFailures: ['ST-ALARM-DELETE'] },
  { name: 'alarm-running-handler-cancelled', expectedFailures: ['ST-ALARM-DELETE-KEEPS-RUNNING', 'ST-ALARM-SET-KEEPS-RUNNING'] },
  // Seen only by the alarm lifecycle's chosen states in real time.
  { name: 'alarm-deleteall-drops-persisted', expectedFailures: ['ST-ALARM-PERSISTED'] },
  { name: 'blind-alarm-retry-survives-delete', expectedFailures: ['ST-ALARM-DELETE'] },
  { name: 'blind-alarm-retry-lost-on-restart', expectedFailures: ['ST-ALARM-PERSISTED'] },
];

const adapterPath = (name: string) => join(ROOT, ADAPTERS, `${name}.ts`);
const ofTarget = (report: Report, target: string) => report.tests.filter((t) => t.target === `storage:${target}`);
const MINUTES = 'not verified: waits minutes of real time on an adapter without a virtual clock (run with --real-time to wait for it)';
/** A premise a loaded machine missed (a call meant to answer before an alarm's time answered after it; a retry began first). */
const LOADED = /^not verified: .*a loaded machine\)$/;

/**
 * The requirements a variant failed, and those of its expected failures a loaded machine left
 * unverified instead (each of their specs skipped for a missed premise): on an idle machine, none.
 */
function outcome(report: Report, target: string, expected: string[]): { failed: string[]; expectedUnverified: string[] } {
  const tests = ofTarget(report, target);
  const unverifiedByLoad = (id: string) => {
    const citing = tests.filter((t) => t.requirements.includes(id));
    return citing.length > 0 && citing.every((t) => t.status === 'passed' || (t.status === 'skipped' && LOADED.test(t.skipReason ?? '')))
      && citing.some((t) => t.status === 'skipped');
  };
  return { failed: failedRequirementsOf(report, `storage:${target}`), expectedUnverified: expected.filter(unverifiedByLoad) };
}

describe('alarm specs in real time, on an adapter without a virtual clock', () => {
  /**
   * The report of the run below: every adapter in one run sharing one project (--share-workers),
   * whose real-time specs of different adapters wait side by side (spec-kit/storage.ts).
   */
  let reports: Report[];
  let runs: CliResult[];
  let retries: Report;
  let retriesRun: CliResult;
  /** The report holding a target's specs. */
  const reportOf = (target: string): Report => reports.find((r) => ofTarget(r, target).length > 0) ?? reports[0]!;
  beforeAll(async () => {
    const retriesDir = tempDir('alarms-real-time-retries');
    const adapters = ['reference', ...variants.map((v) => v.name)].map(adapterPath);
    const dirs = [tempDir('alarms-real-time')];
    // The alarm specs, and the kv spec of deleteAll and the alarm: what the variants misread.
    const alarmSpecs = ['--requirement', 'ST-ALARM-*,ST-KV-DELETEALL-KEEPS-ALARM'];
    let retriesAndRuns: CliResult[];
    [retriesRun, ...retriesAndRuns] = await Promise.all([
      runCli(['run', '--suite', 'storage', '--no-preflight', '--real-time', '--gate', 'extended', '--grep', 'retried after', '--adapter', [adapterPath('reference'), adapterPath('alarm-retry-constant')].join(','), '--report-dir', retriesDir]),
      runCli(['run', '--suite', 'storage', '--no-preflight', '--share-workers', ...alarmSpecs, '--adapter', adapters.join(','), '--report-dir', dirs[0]!]),
    ]);
    runs = retriesAndRuns;
    reports = dirs.map(readReport);
    retries = readReport(retriesDir);
  }, 20 * 60_000);

  it('the run ends failed: it holds variants that fail (not a usage error, not a crash)', () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(1);
  });

  it('the reference on real time passes every alarm spec there, in real time; the retry schedule waits for --real-time', () => {
    const tests = ofTarget(reportOf('reference-real-time'), 'reference-real-time');
    expect(tests.filter((t) => t.status === 'failed').map((t) => `${t.name}: ${t.error}`)).toEqual([]);
    const skipped = tests.filter((t) => t.status === 'skipped');
    expect(skipped.filter((t) => t.requirements.includes('ST-ALARM-RETRY-BACKOFF')).map((t) => t.skipReason)).toEqual([MINUTES]);
    // The alarm lifecycle's chosen states run in real time; its random model (steps of minutes and
    // days of virtual time) is left out of the run, not skipped: nothing needs a clock.
    const lifecycle = tests.filter((t) => t.file.endsWith('suites/storage/alarm-lifecycle.spec.ts'));
    expect(lifecycle.map((t) => t.name), 'the chosen lifecycles alone').toEqual([expect.stringMatching(/alarm lifecycle, chosen states > /)]);
    expect(lifecycle.filter((t) => t.status !== 'passed' && !LOADED.test(t.skipReason ?? '')).map((t) => `${t.status}: ${t.skipReason ?? t.error}`)).toEqual([]);
    expect(skipped.filter((t) => /does not support clock/.test(t.skipReason ?? '')).map((t) => t.name)).toEqual([]);
    // Nothing else is skipped but for a premise a loaded machine missed (none on an idle one).
    expect(skipped.filter((t) => !t.requirements.includes('ST-ALARM-RETRY-BACKOFF') && !LOADED.test(t.skipReason ?? '')).map((t) => `${t.name}: ${t.skipReason}`)).toEqual([]);
    // The timed alarm specs ran (the virtual clock's specs would be skipped: no clock).
    expect(tests.filter((t) => t.area === 'alarms' && t.status !== 'skipped').length, 'alarm specs that ran').toBeGreaterThanOrEqual(16);
  });

  for (const variant of variants) {
    it(`rt-${variant.name}: fails exactly ${variant.expectedFailures.join(', ') || 'nothing'}`, () => {
      const report = reportOf(`rt-${variant.name}`);
      expect(ofTarget(report, `rt-${variant.name}`).length, 'its specs ran').toBeGreaterThanOrEqual(20);
      // Exactly its expected failures; on a loaded machine one may be left unverified instead.
      const { failed, expectedUnverified } = outcome(report, `rt-${variant.name}`, variant.expectedFailures);
      expect([...failed, ...expectedUnverified].sort()).toEqual([...variant.expectedFailures].sort());
      expect(failed.length, 'at least one of its misreadings is caught').toBeGreaterThanOrEqual(Math.min(1, variant.expectedFailures.length));
    });
  }

  it('with --real-time, the retry schedule is verified: the reference passes, a runtime retrying every 2 s fails', () => {
    expect(retriesRun.code, retriesRun.stderr).toBe(1);
    expect(ofTarget(retries, 'reference-real-time').map((t) => [t.requirements.join(), t.status])).toEqual([['ST-ALARM-RETRY-BACKOFF', 'passed']]);
    expect(failedRequirementsOf(retries, 'storage:rt-alarm-retry-constant')).toEqual(['ST-ALARM-RETRY-BACKOFF']);
  });
});
