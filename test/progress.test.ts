// Progress: a live line in a terminal, plain lines with CI=true or without a TTY.

import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../reference-impl/zone-api/server.js';
import { clock, ProgressReporter } from '../src/runner/progress.js';
import { ROOT, runCli, tempDir } from './helpers/cli.js';

const hasScript = spawnSync('script', ['--version']).status === 0;

class FakeStream {
  text = '';
  columns = 120;
  write(chunk: string): boolean { this.text += chunk; return true; }
}

const fakeTest = (state: 'passed' | 'failed' | 'skipped', name = 'get returns what put stored') => ({
  options: { mode: 'run' },
  result: () => ({ state }),
  fullName: `kv > ${name}`,
  project: { name: 'storage:reference-kv' },
  module: { moduleId: '/root/suites/storage/kv.spec.ts' },
});
const fakeModule = (states: ('passed' | 'failed' | 'skipped')[], file = 'kv') => ({
  moduleId: `/root/suites/storage/${file}.spec.ts`,
  project: { name: 'storage:reference-kv' },
  children: { allTests: () => states.map((state) => fakeTest(state)) },
});
/** vitest's specifications of a run: only their number matters here. */
const files = (n: number) => Array.from({ length: n }, () => ({})) as never;

/** A clock the test moves: no timed assertion. */
function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => { now += ms; } };
}

describe('ProgressReporter', () => {
  it('in a terminal: shown at once, before any spec ends (it was blank until the first spec ended)', () => {
    const out = new FakeStream();
    const time = fakeClock();
    const reporter = new ProgressReporter('/root', out as unknown as NodeJS.WriteStream, true, time.now);
    reporter.start();
    expect(out.text).toBe('\r\x1b[K0 passed, 0 failed, 0 skipped · 0:00 · starting the test workers');
    time.advance(12_000);
    expect(reporter.line(), 'the elapsed time moves while no spec ends').toBe('0 passed, 0 failed, 0 skipped · 0:12 · starting the test workers');
    reporter.onTestRunEnd();
  });

  it('in a terminal: total, percentage, elapsed and time left; the total estimated (~) until every file is collected', () => {
    const out = new FakeStream();
    const time = fakeClock();
    const reporter = new ProgressReporter('/root', out as unknown as NodeJS.WriteStream, true, time.now);
    reporter.onTestRunStart(files(4));
    reporter.onTestModuleCollected(fakeModule(['passed', 'passed', 'passed']) as never);
    time.advance(3000);
    reporter.onTestCaseResult(fakeTest('passed') as never);
    // 3 specs in the one file collected, so ~12 in 4 files; 1 done in 3 s: 33 s left.
    expect(reporter.line()).toBe('[  8%] 1 of ~12 specs · 1 passed, 0 failed, 0 skipped · 0:03, about 0:33 left · storage:reference-kv · suites/storage/kv.spec.ts');
    for (const file of ['a', 'b', 'c']) reporter.onTestModuleCollected(fakeModule(['passed'], file) as never);
    expect(reporter.line(), 'every file collected: the total is exact').toBe('[ 16%] 1 of 6 specs · 1 passed, 0 failed, 0 skipped · 0:03, about 0:15 left · storage:reference-kv · suites/storage/kv.spec.ts');
    for (let i = 0; i < 5; i++) reporter.onTestCaseResult(fakeTest('passed') as never);
    expect(reporter.line()).toMatch(/^\[100%\] 6 of 6 specs · 6 passed, 0 failed, 0 skipped · 0:03 · /);
    reporter.onTestRunEnd();
    expect(out.text.endsWith('\r\x1b[K6 passed, 0 failed, 0 skipped · 0:03\n')).toBe(true);
  });

  it('in a terminal: a failing spec is named the moment it fails, above the live line', () => {
    const out = new FakeStream();
    const reporter = new ProgressReporter('/root', out as unknown as NodeJS.WriteStream, true, fakeClock().now);
    reporter.onTestRunStart(files(1));
    reporter.onTestCaseResult(fakeTest('passed') as never);
    expect(out.text, 'a passing spec is not named on a line of its own').not.toContain('\n');
    reporter.onTestCaseResult(fakeTest('failed', 'delete removes the key') as never);
    expect(out.text).toContain('\r\x1b[KFAIL storage:reference-kv › kv > delete removes the key\n\r\x1b[K');
    expect(out.text.split('\n').at(-1)).toContain('1 passed, 1 failed, 0 skipped');
  });

  it('in CI: plain lines only, one per spec file (start() and failures add nothing)', () => {
    const out = new FakeStream();
    const reporter = new ProgressReporter('/root', out as unknown as NodeJS.WriteStream, false);
    reporter.start();
    reporter.onTestRunStart(files(1));
    reporter.onTestCaseResult(fakeTest('failed') as never);
    reporter.onTestModuleEnd(fakeModule(['passed', 'failed', 'skipped']) as never);
    reporter.onTestRunEnd();
    expect(out.text).toBe('FAIL storage:reference-kv suites/storage/kv.spec.ts: 1 passed, 1 failed, 1 skipped\n');
  });

  it('clock: minutes and seconds, hours when needed', () => {
    expect([0, 7_400, 754_000, 3_723_000].map(clock)).toEqual(['0:00', '0:07', '12:34', '1:02:03']);
  });

  it('a real run with CI=true prints plain lines, no cursor movement', async () => {
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'auth', '--report-dir', tempDir('progress')], { CI: 'true' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ok   zone-api suites/zone-api/auth.spec.ts: 6 passed, 0 failed, 0 skipped');
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).not.toContain('\x1b[');
  });

  // A real terminal: `script` gives the CLI a pseudo-terminal (util-linux; skipped where absent).
  it.skipIf(!hasScript)('a real run in a terminal: a line at once, total and percentage, a failing spec named before the end', async () => {
    const server = await startServer({ testMode: true });
    try {
      const report = tempDir('progress-tty');
      const command = [process.execPath, join(ROOT, 'bin/specgate.mjs'), 'run', '--suite', 'zone-api', '--area', 'auth', '--no-preflight',
        '--target', server.baseUrl, '--control', server.controlUrl!, '--report-dir', report].map((a) => `'${a}'`).join(' ');
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'CI' && !name.startsWith('VITEST') && name !== 'NODE_ENV'));
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...env, SPECGATE_TOKEN: 'specgate0wrong0token' }, stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (d) => { text += d; });
        child.on('error', reject);
        child.on('close', () => resolve(text));
      });
      const frames = output.split('\r');
      const first = frames.findIndex((f) => f.includes('starting the test worker'));
      const firstSpec = frames.findIndex((f) => /\d+ of ~?\d+ specs/.test(f));
      expect(first, output).toBeGreaterThanOrEqual(0);
      expect(first, 'the line is there before the first spec ends').toBeLessThan(firstSpec);
      expect(output).toMatch(/\[ *\d+%\] \d+ of ~?\d+ specs · \d+ passed, \d+ failed, \d+ skipped · \d+:\d\d/);
      const named = output.indexOf('FAIL zone-api › ');
      expect(named, 'a failing spec named as it fails').toBeGreaterThan(0);
      expect(named, 'before the closing lines').toBeLessThan(output.indexOf('specgate: the documents (core)'));
    } finally {
      await server.close();
    }
  }, 120_000);
});
