// `npm run matrix`: runs the storage suite against every implementation of the compatibility
// matrix, one run each, gated on its baseline (extended gate: every failure must be known), and
// writes docs/compatibility.md. Exits 1 when a run fails its gate (a new failure or a stale
// baseline entry: the matrix would not match the baselines) or writes no report.
//
//   npm run matrix [-- --out FILE] [--only COLUMN,...] [--from-reports]
//
// --from-reports renders again from the reports the last run left in reports/matrix/ (same --only),
// running nothing: for a change of the page alone.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBaseline } from '../src/report/baseline.js';
import { renderMatrix, type MatrixColumn } from '../src/report/matrix.js';
import type { Report } from '../src/report/model.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = join(ROOT, 'bin/specgate.mjs');

interface MatrixTarget {
  title: string;
  /** --adapter value. */
  adapter: string;
  /** Further options of its run: which miniflare (miniflare 5 is installed first, scripts/install-miniflare5.sh). */
  miniflare?: 'miniflare5';
  /** Baseline of its known failures, relative to the repository root. */
  baseline?: string;
  /** No virtual clock: its alarm specs run in real time, and with --real-time the retry schedule's too. */
  realTime?: true;
  about: string;
}

export const MATRIX_TARGETS: MatrixTarget[] = [
  { title: 'reference-kv', adapter: 'reference-kv', about: 'specgate\'s reference runtime, key-value backend' },
  { title: 'reference-sqlite', adapter: 'reference-sqlite', about: 'specgate\'s reference runtime, SQLite backend (SQL API, point-in-time recovery)' },
  { title: 'workerd (locked, 2025-07-18)', adapter: 'workerd@2025-07-18', baseline: 'suites/storage/baselines/workerd-2025-07-18.json', realTime: true, about: 'the workerd release locked in package-lock.json, through the locked miniflare 4, at compatibility date 2025-07-18' },
  { title: 'workerd (locked, newest date)', adapter: 'workerd', baseline: 'suites/storage/baselines/workerd.json', realTime: true, about: 'the same workerd at the newest compatibility date it accepts (the adapter\'s default)' },
  { title: 'workerd (miniflare 5, newest date)', adapter: 'workerd', miniflare: 'miniflare5', baseline: 'suites/storage/baselines/workerd-miniflare5.json', realTime: true, about: 'the workerd that miniflare 5 brings (what wrangler 4.164.0 installs; `--miniflare .cache/miniflare5`, scripts/install-miniflare5.sh), at the newest compatibility date its binary accepts' },
  { title: 'miniflare2', adapter: 'miniflare2', baseline: 'suites/storage/baselines/miniflare2.json', about: 'Miniflare 2\'s pure-JavaScript storage, gates and alarm scheduler (docs/adapters/miniflare2.md)' },
];

function parseArgs(argv: string[]): { out: string; only?: string[]; fromReports: boolean } {
  const options: { out: string; only?: string[]; fromReports: boolean } = { out: join(ROOT, 'docs/compatibility.md'), fromReports: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--from-reports') { options.fromReports = true; continue; }
    const value = argv[++i];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    if (arg === '--out') options.out = resolve(value);
    else if (arg === '--only') options.only = value.split(',');
    else throw new Error(`unknown argument: ${arg} (usage: npm run matrix [-- --out FILE] [--only TITLE,...] [--from-reports])`);
  }
  return options;
}

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

/** The runtime that actually ran, as its report names it (no machine's paths). */
function ran(runtime: NonNullable<Report['run']['targets'][number]['runtime']>): string {
  const npm = runtime.binary?.packageVersion ? ` (npm ${runtime.binary.packageVersion})` : '';
  const launcher = runtime.launcher ? ` through ${runtime.launcher.name} ${runtime.launcher.version}` : '';
  return `; ran ${runtime.name} ${runtime.version}${npm}${launcher}${runtime.compatibilityDate ? ` at compatibility date ${runtime.compatibilityDate}` : ''}`;
}

function describe(target: MatrixTarget, report: Report): string {
  const runTarget = report.run.targets[0];
  const supported = Object.entries(runTarget?.capabilities ?? {}).filter(([, yes]) => yes).map(([name]) => name);
  const runtime = runTarget?.runtime ? ran(runTarget.runtime) : '';
  return `${target.about} (\`--adapter ${target.adapter}\`${target.baseline ? `, baseline \`${target.baseline}\`` : ''}; supports ${supported.join(', ')}${runtime})`;
}

/** What real time verifies of alarms, and what it cannot: docs/compatibility.md says it under the columns. */
const REAL_TIME_SECTION = `## Alarms in real time

An implementation without a virtual clock (the workerd columns; any adapter that declares no
\`clock\`) runs its alarms on the wall clock, and so do the alarm specs against it: alarms set a few
seconds away, the handler's log polled for what must happen (bounded by the document's delay bound,
about a minute, plus room for a loaded machine; a spec returns as soon as it has happened), and a
short wait (2 s) past a time for what must not happen there, once a positive control (the same
alarm left alone on a second object) has run at that time. Times compared are the runtime's own
(the handler logs its \`Date.now()\`). A premise that a slow machine missed (a read meant to come
before an alarm's time came after it; the retry began before \`getAlarm()\` answered) makes the
spec not verified, never failed. The alarm lifecycle's chosen states run there too: each fixed
sequence (a failed run and every operation while its retry is pending; a restart with no alarm,
with one set, with a retry pending, after a successful run, after deleteAll) with alarms 3 s away
for the virtual clock's 30 s, beside a control object whose run fails at the same moment (or
that gets a due alarm), \`getAlarm()\` read after each step. The matrix runs these columns with
\`--real-time\`, which adds the retry schedule (about 2.5 minutes: 2 + 4 + ... + 64 s).

What real time cannot verify:

- **Lateness of a few milliseconds** (\`ST-ALARM-PROMPT\`, a "should"): a run within 10 ms of its
  time passes; a later one is *not verified*, never failed, as the machine's load delays it as
  much as the runtime could.
- **Alarms minutes or days away**: replacements across far times (\`ST-ALARM-REPLACE\` in real
  time replaces 2 s by 5 s and 5 s by 2 s, and a pending retry, 2 s away on workerd, by an alarm
  a day away; a scheduler that differs only for alarms 31 s or more away, as Miniflare 2's does, is
  seen through that last one alone, not across the virtual clock's 30 s and 31 s or 1 s and
  120 s), and a handler delayed by more than about a minute beyond the 90 s the specs poll for
  (reported as not having run).
- **Random alarm lifecycles**: the lifecycle model's random sequences (steps minutes and days
  apart, a handler held running while the alarm is replaced, deleted or the storage emptied, a
  handler that sets an alarm and then fails) are left out of a run without a virtual clock; only
  the chosen lifecycles run. A misreading that only such a sequence reaches is not seen (the
  reference's variant where a failed handler's own alarm keeps its timer under the retry,
  \`test/broken/storage/alarm-failed-setter-overwritten.ts\`, is one). Every requirement the model
  cites is still verified in real time by the alarm specs and the chosen lifecycles.
- **When a retry begins** (not shown): an operation meant to come while a failed run's retry is
  pending must answer before the retry begins (workerd retries 2 s after the failure). On a
  machine too slow for that, the chosen lifecycles are *not verified*, never failed.
- **That something never happens**: a deleted or replaced alarm is watched for 2 s past its time
  after the control's ran; one that ran a minute late would not be seen.
- **The exact retry schedule**: each retry must come at least its backoff (2 s, 4 s, ...) after
  the previous run and before the next backoff; a runtime's spread (workerd's retries came 8% to 23%
  after their backoff in two measured runs) and the machine's load fit in between. Without \`--real-time\` the retry schedule
  is *not verified* ("waits minutes of real time").
- **A past alarm's time**: \`setAlarm(time)\` with a time now or earlier is read back either as that
  time or as when it was set (workerd answers the moment it was set: "scheduled ... in the immediate
  future"); real-time specs accept both, the virtual clock's spec asks for the time set.`;

/** The options a target's run adds: its miniflare, installed first when it is miniflare 5; --real-time for one without a virtual clock. */
function optionsOf(target: MatrixTarget): string[] {
  if (target.miniflare === undefined) return target.realTime ? ['--real-time'] : [];
  const folder = execFileSync(join(ROOT, 'scripts/install-miniflare5.sh'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  return ['--miniflare', join(ROOT, folder), ...(target.realTime ? ['--real-time'] : [])];
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const targets = MATRIX_TARGETS.filter((t) => !options.only || options.only.includes(t.title));
  const work = join(ROOT, 'reports/matrix');
  if (!options.fromReports) {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
  }
  const columns: MatrixColumn[] = [];
  let failures = 0;
  for (const [index, target] of targets.entries()) {
    const reportDir = join(work, String(index + 1));
    const started = performance.now();
    const { code, output } = options.fromReports ? { code: 0, output: '' } : await run(['run', '--suite', 'storage', '--adapter', target.adapter, ...optionsOf(target), '--gate', 'extended', '--report-dir', reportDir,
      ...(target.baseline ? ['--baseline', join(ROOT, target.baseline)] : [])]);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!existsSync(join(reportDir, 'report.json'))) {
      process.stderr.write(`matrix: ${target.title}: no report (exit ${code}):\n${output.slice(-2000)}\n`);
      failures++;
      continue;
    }
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as Report;
    process.stdout.write(`matrix: ${target.title}: exit ${code}, ${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.skipped} skipped (${seconds} s)\n`);
    if (code !== 0) {
      failures++;
      process.stderr.write(`matrix: ${target.title} does not match its baseline:\n${output.split('\n').filter((l) => /new failure|stale|error/i.test(l)).join('\n')}\n`);
    }
    const knownReasons = target.baseline === undefined ? undefined
      : new Map(readBaseline(join(ROOT, target.baseline)).knownFailures.flatMap((e) => (e.requirement ? [[e.requirement, e.reason] as const] : [])));
    columns.push({ title: target.title, description: describe(target, report), report, ...(knownReasons && { knownReasons }) });
  }
  if (columns.length > 0) {
    writeFileSync(options.out, renderMatrix(columns, { title: 'Compatibility matrix: the object storage interface', generatedBy: 'npm run matrix', sections: [REAL_TIME_SECTION] }));
    process.stdout.write(`matrix: wrote ${relative(process.cwd(), options.out)}\n`);
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
