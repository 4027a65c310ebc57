// Ctrl-C lost the whole report. It left an empty reports/<id>/ and sometimes a raw vitest
// stack ("Worker exited unexpectedly"). Now SIGINT writes a partial report marked interrupted with
// the specs that finished, stops what the run started (its test workers and runtimes, the bundled
// reference) and exits 130. Each test spawns the CLI as a user would, waits for its first progress
// line and sends SIGINT: to its whole process group (what a terminal's Ctrl-C does: the workers get
// it too), or to the CLI alone (`kill -INT`).

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { readReport, ROOT, tempDir } from './helpers/cli.js';

interface Interrupted { code: number | null; stdout: string; stderr: string; pid: number }

/** A moment to send SIGINT at: what the run printed so far says it is time (or a file exists). */
type Trigger = (output: { stdout: string; stderr: string }) => boolean;

/** After the first progress line (a spec file finished). */
const firstProgressLine: Trigger = ({ stdout }) => /^(ok|FAIL) /m.test(stdout);

/** `specgate run`, SIGINT to `whom` at each trigger in turn (the first progress line by default). */
function runAndInterrupt(args: string[], whom: 'group' | 'process', triggers: Trigger[] = [firstProgressLine]): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST' && name !== 'NODE_ENV'));
    // Its own process group, as a shell gives a job: the group is what a terminal's Ctrl-C reaches.
    const child = spawn(process.execPath, [join(ROOT, 'bin/specgate.mjs'), 'run', ...args], { cwd: ROOT, env: { ...env, CI: 'true', NO_COLOR: '1' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sent = 0;
    const poll = setInterval(() => check(), 100); // a trigger may be a file, which prints nothing
    const check = () => {
      if (sent >= triggers.length || !triggers[sent]!({ stdout, stderr })) return;
      sent++;
      process.kill(whom === 'group' ? -child.pid! : child.pid!, 'SIGINT');
    };
    child.stdout.on('data', (chunk) => { stdout += chunk; check(); });
    child.stderr.on('data', (chunk) => { stderr += chunk; check(); });
    child.on('exit', () => clearInterval(poll));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, pid: child.pid! }));
  });
}

/** Whether any process of the group is left (a worker, a runtime the run started). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The README's minimal adapter in a user's folder, with a get() that never settles and leaves a
 * file behind when it is called (the moment a spec is stuck).
 */
function hangingAdapter(): { adapter: string; hanging: string } {
  const project = tempDir('interrupt-adapter');
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules/specgate'), 'dir');
  const hanging = join(project, 'a-get-hangs');
  const GET = '  async get(keyOrKeys: string | string[]): Promise<any> {\n';
  const source = readFileSync(join(ROOT, 'examples/minimal-adapter.ts'), 'utf8');
  expect(source, 'the example still has the get() this test replaces').toContain(GET);
  const stuck = `    if (keyOrKeys !== undefined) { writeFileSync(${JSON.stringify(hanging)}, ''); return new Promise(() => {}); }\n`;
  writeFileSync(join(project, 'hanging-adapter.ts'), `import { writeFileSync } from 'node:fs';\n${source.replace(GET, `${GET}${stuck}`).replace("name: 'minimal-memory'", "name: 'hanging-get'")}`);
  return { adapter: join(project, 'hanging-adapter.ts'), hanging };
}

function expectPartialReport(dir: string, run: Interrupted): Report {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(130);
  const report = readReport(dir); // valid against the published schema
  expect(report.run.interrupted).toMatchObject({ signal: 'SIGINT' });
  expect(report.verdicts.outcome).toBe('interrupted');
  // What finished, and nothing the interrupt cut: the bundled reference passes every spec.
  expect(report.summary.total).toBeGreaterThan(0);
  expect(report.tests.filter((t) => t.status !== 'passed').map((t) => `${t.name}: ${t.error ?? t.skipReason}`)).toEqual([]);
  expect(report.requirements.some((r) => r.status === 'not-run')).toBe(true);
  expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('**Verdict: interrupted (gate: core).**\n\nInterrupted (SIGINT at ');
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  expect(html).toContain('<span class="badge s-interrupted">interrupted</span>');
  expect(html).toContain('.s-interrupted{--c:'); // a badge colour of its own: without one it was white on nothing
  expect(html).toContain('this partial report holds the');
  expect(existsSync(join(dir, 'junit.xml'))).toBe(true);
  // One line on stderr, and the closing lines: no vitest stack.
  expect(run.stderr).toMatch(/^\nspecgate: interrupted \(SIGINT\): finishing the specs under way, then writing the partial report/);
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/Worker exited unexpectedly|Unhandled|^\s+at /m);
  expect(run.stdout).toMatch(/^specgate: INTERRUPTED \(gate: core\)/m);
  return report;
}

describe('Ctrl-C during a run', () => {
  it('to the process group, as a terminal sends it: a partial report, exit 130, no stack, nothing left running', async () => {
    const dir = join(tempDir('interrupt-group'), 'report');
    const run = await runAndInterrupt(['--suite', 'all', '--report-dir', dir], 'group');
    const report = expectPartialReport(dir, run);
    expect(new Set(report.run.targets.map((t) => t.suite))).toEqual(new Set(['storage', 'zone-api']));
    // The run's workers and runtimes are gone with it (polled: the last may take a moment to exit).
    await expect.poll(() => groupAlive(run.pid), { timeout: 20_000, interval: 200 }).toBe(false);
  }, 600_000);

  it('a second Ctrl-C stops a spec that would not finish: the report leaves it out, unfinished, not failed', async () => {
    const { adapter, hanging } = hangingAdapter();
    const dir = join(tempDir('interrupt-twice'), 'report');
    const run = await runAndInterrupt(['--suite', 'storage', '--adapter', adapter, '--area', 'kv', '--timeout', '600', '--no-preflight', '--report-dir', dir], 'group', [
      () => existsSync(hanging), // a spec waits on a get() that never settles (for up to --timeout, 10 min)
      ({ stderr }) => stderr.includes('specgate: interrupted (SIGINT)'),
    ]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(130);
    expect(run.stderr).toContain('specgate: interrupted again: stopping the specs under way');
    const report = readReport(dir);
    expect(report.run.interrupted?.unfinishedSpecs).toBeGreaterThanOrEqual(1);
    expect(report.tests.filter((t) => t.status === 'failed').map((t) => t.name)).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/Worker exited unexpectedly|^\s+at /m);
    await expect.poll(() => groupAlive(run.pid), { timeout: 20_000, interval: 200 }).toBe(false);
  }, 600_000);

  it('to the CLI alone (kill -INT): the same', async () => {
    const dir = join(tempDir('interrupt-process'), 'report');
    const run = await runAndInterrupt(['--suite', 'zone-api', '--report-dir', dir], 'process');
    expectPartialReport(dir, run);
    await expect.poll(() => groupAlive(run.pid), { timeout: 20_000, interval: 200 }).toBe(false);
  }, 600_000);
});
