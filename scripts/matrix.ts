// `npm run matrix`: runs the storage suite against every implementation of the compatibility
// matrix, one run each, gated on its baseline (extended gate: every failure must be known), and
// writes docs/compatibility.md. Exits 1 when a run fails its gate (a new failure or a stale
// baseline entry: the matrix would not match the baselines) or writes no report.
//
//   npm run matrix [-- --out FILE] [--only COLUMN,...]

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  about: string;
}

export const MATRIX_TARGETS: MatrixTarget[] = [
  { title: 'reference-kv', adapter: 'reference-kv', about: 'specgate\'s reference runtime, key-value backend' },
  { title: 'reference-sqlite', adapter: 'reference-sqlite', about: 'specgate\'s reference runtime, SQLite backend (SQL API, point-in-time recovery)' },
  { title: 'workerd (locked, 2025-07-18)', adapter: 'workerd@2025-07-18', baseline: 'suites/storage/baselines/workerd-2025-07-18.json', about: 'the workerd release locked in package-lock.json, through the locked miniflare 4, at compatibility date 2025-07-18' },
  { title: 'workerd (locked, newest date)', adapter: 'workerd', baseline: 'suites/storage/baselines/workerd.json', about: 'the same workerd at the newest compatibility date it accepts (the adapter\'s default)' },
  { title: 'workerd (miniflare 5, newest date)', adapter: 'workerd', miniflare: 'miniflare5', baseline: 'suites/storage/baselines/workerd-miniflare5.json', about: 'the workerd that miniflare 5 brings (what wrangler 4.164.0 installs; `--miniflare .cache/miniflare5`, scripts/install-miniflare5.sh), at the newest compatibility date its binary accepts' },
  { title: 'miniflare2', adapter: 'miniflare2', baseline: 'suites/storage/baselines/miniflare2.json', about: 'Miniflare 2\'s pure-JavaScript storage, gates and alarm scheduler (docs/adapters/miniflare2.md)' },
];

function parseArgs(argv: string[]): { out: string; only?: string[] } {
  const options: { out: string; only?: string[] } = { out: join(ROOT, 'docs/compatibility.md') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[++i];
    if (value === undefined) throw new Error(`${arg} needs a value`);
    if (arg === '--out') options.out = resolve(value);
    else if (arg === '--only') options.only = value.split(',');
    else throw new Error(`unknown argument: ${arg} (usage: npm run matrix [-- --out FILE] [--only TITLE,...])`);
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

/** The options a target's run adds: its miniflare, installed first when it is miniflare 5. */
function optionsOf(target: MatrixTarget): string[] {
  if (target.miniflare === undefined) return [];
  const folder = execFileSync(join(ROOT, 'scripts/install-miniflare5.sh'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
  return ['--miniflare', join(ROOT, folder)];
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const targets = MATRIX_TARGETS.filter((t) => !options.only || options.only.includes(t.title));
  const work = join(ROOT, 'reports/matrix');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const columns: MatrixColumn[] = [];
  let failures = 0;
  for (const [index, target] of targets.entries()) {
    const reportDir = join(work, String(index + 1));
    const started = performance.now();
    const { code, output } = await run(['run', '--suite', 'storage', '--adapter', target.adapter, ...optionsOf(target), '--gate', 'extended', '--report-dir', reportDir,
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
    columns.push({ title: target.title, description: describe(target, report), report });
  }
  if (columns.length > 0) {
    writeFileSync(options.out, renderMatrix(columns, { title: 'Compatibility matrix: the object storage interface', generatedBy: 'npm run matrix' }));
    process.stdout.write(`matrix: wrote ${relative(process.cwd(), options.out)}\n`);
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
