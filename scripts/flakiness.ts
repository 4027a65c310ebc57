// `npm run flakiness [-- --runs N] [--suite S] [--out DIR] [--keep]`: runs the full conformance
// (`specgate run --suite all`) N times (default 20), one after the other, and compares every
// spec's status across the runs. A spec whose status is not the same in every run that has it
// (passed in one, failed or skipped in another) is flaky: it is listed with the runs of each
// status, its first error line and the seeds of its property runs. A spec missing from some runs
// is listed apart (the spec files changed during the runs, or a file failed to load: its error is
// in the summary). Exits 1 when any spec changed, a run wrote no report or a file failed to load;
// 0 otherwise. Writes <out>/summary.json (default reports/flakiness/) and
// prints a table. Property-based specs draw a fresh seed each run unless --seed is given, so a
// seed-dependent failure shows up here too, with the seed that replays it.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = join(ROOT, 'bin/specgate.mjs');

interface Options { runs: number; suite: string; out: string; keep: boolean; seed?: string }

function parseArgs(argv: string[]): Options {
  const options: Options = { runs: 20, suite: 'all', out: join(ROOT, 'reports/flakiness'), keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--suite') options.suite = value();
    else if (arg === '--out') options.out = resolve(value());
    else if (arg === '--seed') options.seed = value();
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: tsx scripts/flakiness.ts [--runs N] [--suite all|zone-api|storage] [--out DIR] [--seed N] [--keep]\n');
      process.exit(0);
    } else throw new Error(`unknown argument: ${arg}`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 2) throw new Error('--runs must be an integer >= 2');
  return options;
}

interface SpecOutcome { status: string; error?: string; seed?: number }
interface RunResult {
  run: number;
  exitCode: number | null;
  durationMs: number;
  /** Spec name -> outcome; undefined when the run wrote no report. */
  specs?: Map<string, SpecOutcome>;
  fileErrors: string[];
  stderrTail: string;
}

function runOnce(run: number, reportDir: string, options: Options): Promise<RunResult> {
  const args = [BIN, 'run', '--suite', options.suite, '--report-dir', reportDir, ...(options.seed ? ['--seed', options.seed] : [])];
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-4000); });
    child.on('error', fail);
    child.on('close', (exitCode) => {
      const durationMs = Math.round(performance.now() - started);
      const file = join(reportDir, 'report.json');
      if (!existsSync(file)) return done({ run, exitCode, durationMs, fileErrors: [], stderrTail: stderr });
      const report = JSON.parse(readFileSync(file, 'utf8')) as {
        tests: { name: string; status: string; error?: string; seed?: number }[];
        fileErrors?: { file: string; error: string }[];
      };
      const specs = new Map(report.tests.map((t) => [t.name, {
        status: t.status,
        ...(t.error ? { error: t.error.split('\n')[0]!.slice(0, 200) } : {}),
        ...(t.seed !== undefined ? { seed: t.seed } : {}),
      }]));
      done({ run, exitCode, durationMs, specs, fileErrors: (report.fileErrors ?? []).map((e) => `${e.file}: ${e.error.split('\n')[0]}`), stderrTail: stderr });
    });
  });
}

interface ChangedSpec {
  name: string;
  /** Status -> the runs (1-based) that gave it. */
  runsByStatus: Record<string, number[]>;
  errors: { run: number; error: string }[];
  seeds: { run: number; seed: number }[];
}

function compare(results: RunResult[]): { changed: ChangedSpec[]; notInEveryRun: { name: string; absentFrom: number[] }[] } {
  const reported = results.filter((r) => r.specs !== undefined);
  const names = new Set(reported.flatMap((r) => [...r.specs!.keys()]));
  const changed: ChangedSpec[] = [];
  const notInEveryRun: { name: string; absentFrom: number[] }[] = [];
  for (const name of [...names].sort()) {
    const runsByStatus: Record<string, number[]> = {};
    const errors: ChangedSpec['errors'] = [];
    const seeds: ChangedSpec['seeds'] = [];
    for (const result of reported) {
      const outcome = result.specs!.get(name);
      if (outcome === undefined) continue;
      (runsByStatus[outcome.status] ??= []).push(result.run);
      if (outcome?.error) errors.push({ run: result.run, error: outcome.error });
      if (outcome?.seed !== undefined) seeds.push({ run: result.run, seed: outcome.seed });
    }
    if (Object.keys(runsByStatus).length > 1) changed.push({ name, runsByStatus, errors, seeds });
    const absentFrom = reported.filter((r) => !r.specs!.has(name)).map((r) => r.run);
    if (absentFrom.length > 0) notInEveryRun.push({ name, absentFrom });
  }
  return { changed, notInEveryRun };
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const scratch = mkdtempSync(join(tmpdir(), 'specgate-flakiness-'));
  const results: RunResult[] = [];
  process.stdout.write(`flakiness: ${options.runs} runs of specgate run --suite ${options.suite} (reports under ${scratch})\n`);
  for (let i = 1; i <= options.runs; i++) {
    const result = await runOnce(i, join(scratch, String(i)), options);
    results.push(result);
    const counts = countStatuses(result);
    process.stdout.write(`  run ${pad(`${i}/${options.runs}`, 7)} exit ${result.exitCode}  ${(result.durationMs / 1000).toFixed(1)} s  ${counts}\n`);
  }
  const { changed, notInEveryRun } = compare(results);
  const fileErrors = results.flatMap((r) => r.fileErrors.map((error) => ({ run: r.run, error })));
  const missingReports = results.filter((r) => r.specs === undefined).map((r) => r.run);
  const exitCodes = [...new Set(results.map((r) => r.exitCode))];
  const summary = {
    generatedAt: new Date().toISOString(),
    command: `node bin/specgate.mjs run --suite ${options.suite}${options.seed ? ` --seed ${options.seed}` : ''} --report-dir <dir>`,
    runs: options.runs,
    specs: new Set(results.flatMap((r) => [...(r.specs?.keys() ?? [])])).size,
    stable: changed.length === 0 && missingReports.length === 0 && fileErrors.length === 0,
    changed,
    notInEveryRun,
    fileErrors,
    missingReports,
    exitCodes,
    runsDetail: results.map((r) => ({
      run: r.run, exitCode: r.exitCode, durationMs: r.durationMs, statuses: statusCounts(r), fileErrors: r.fileErrors,
      ...(r.specs === undefined ? { stderrTail: r.stderrTail } : {}),
    })),
    durationMs: {
      min: Math.min(...results.map((r) => r.durationMs)),
      median: median(results.map((r) => r.durationMs)),
      max: Math.max(...results.map((r) => r.durationMs)),
    },
  };
  mkdirSync(options.out, { recursive: true });
  const summaryFile = join(options.out, 'summary.json');
  writeFileSync(summaryFile, `${JSON.stringify(summary, null, 2)}\n`);
  if (!options.keep) rmSync(scratch, { recursive: true, force: true });

  process.stdout.write(`\n${summary.specs} specs, ${options.runs} runs, wall time per run ${(summary.durationMs.min / 1000).toFixed(1)}–${(summary.durationMs.max / 1000).toFixed(1)} s (median ${(summary.durationMs.median / 1000).toFixed(1)} s), exit codes ${exitCodes.join(', ')}\n`);
  if (missingReports.length > 0) process.stdout.write(`runs without a report: ${missingReports.join(', ')}\n`);
  for (const { run, error } of fileErrors) process.stdout.write(`run ${run}: spec file failed to load: ${error}\n`);
  if (notInEveryRun.length > 0) {
    process.stdout.write(`${notInEveryRun.length} spec(s) not in every run (spec files changed during the runs?): ${notInEveryRun.slice(0, 5).map((s) => `${s.name} (absent from ${s.absentFrom.join(',')})`).join('; ')}${notInEveryRun.length > 5 ? '; ...' : ''}\n`);
  }
  if (changed.length === 0) {
    process.stdout.write('no spec changed its result across the runs\n');
  } else {
    process.stdout.write(`\n${changed.length} spec(s) changed their result:\n`);
    process.stdout.write(`${pad('spec', 80)} results by run\n`);
    for (const spec of changed) {
      const byStatus = Object.entries(spec.runsByStatus).map(([status, runs]) => `${status} ${runs.join(',')}`).join('; ');
      process.stdout.write(`${pad(spec.name.slice(0, 79), 80)} ${byStatus}\n`);
      for (const { run, error } of spec.errors.slice(0, 3)) process.stdout.write(`    run ${run}: ${error}\n`);
    }
  }
  process.stdout.write(`summary: ${summaryFile}\n`);
  return summary.stable ? 0 : 1;
}

function statusCounts(result: RunResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of result.specs?.values() ?? []) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

function countStatuses(result: RunResult): string {
  if (result.specs === undefined) return `no report (${result.stderrTail.trim().split('\n').at(-1) ?? ''})`;
  return Object.entries(statusCounts(result)).map(([s, n]) => `${n} ${s}`).join(', ');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

main().then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.stderr.write(`flakiness: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
