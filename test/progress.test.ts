// Progress: a live line in a terminal, plain lines with CI=true or without a TTY.

import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startServer } from '../reference-impl/zone-api/server.js';
import { clock, HEARTBEAT_MS, ProgressReporter } from '../src/runner/progress.js';
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

  it('in a terminal: "N specs done, F of M files" until every file is collected, then the exact total, percentage and time left', () => {
    const out = new FakeStream();
    const time = fakeClock();
    const reporter = new ProgressReporter('/root', out as unknown as NodeJS.WriteStream, true, time.now);
    reporter.onTestRunStart(files(4));
    reporter.onTestModuleCollected(fakeModule(Array(30).fill('passed')) as never);
    time.advance(3000);
    reporter.onTestCaseResult(fakeTest('passed') as never);
    // Before: "1 of ~120 specs" from the one file collected, a total that swung as files came in.
    expect(reporter.line()).toBe('1 specs done, 0 of 4 files · 1 passed, 0 failed, 0 skipped · 0:03 · storage:reference-kv · suites/storage/kv.spec.ts');
    for (const file of ['a', 'b', 'c']) reporter.onTestModuleCollected(fakeModule(['passed'], file) as never);
    expect(reporter.line(), 'every file collected: the total is exact; too little done for an estimate').toBe('[  3%] 1 of 33 specs · 1 passed, 0 failed, 0 skipped · 0:03 · storage:reference-kv · suites/storage/kv.spec.ts');
    for (let i = 0; i < 10; i++) reporter.onTestCaseResult(fakeTest('passed') as never);
    time.advance(8000);
    // 11 done in 11 s: 22 left, about 0:22.
    expect(reporter.line()).toBe('[ 33%] 11 of 33 specs · 11 passed, 0 failed, 0 skipped · 0:11, about 0:22 left · storage:reference-kv · suites/storage/kv.spec.ts');
    for (let i = 0; i < 22; i++) reporter.onTestCaseResult(fakeTest('passed') as never);
    expect(reporter.line()).toMatch(/^\[100%\] 33 of 33 specs · 33 passed, 0 failed, 0 skipped · 0:11 · /);
    reporter.onTestRunEnd();
    expect(out.text.endsWith('\r\x1b[K33 passed, 0 failed, 0 skipped · 0:11\n')).toBe(true);
  });

  it('the total never swings and the percentage never goes back, whatever order files are collected in (seeded)', () => {
    const seed = 24_04;
    let state = seed;
    const random = () => { state = (state * 1103515245 + 12345) % 2 ** 31; return state / 2 ** 31; };
    const reporter = new ProgressReporter('/root', new FakeStream() as unknown as NodeJS.WriteStream, true, fakeClock().now);
    const sizes = Array.from({ length: 12 }, () => 1 + Math.floor(random() * 60));
    reporter.onTestRunStart(files(sizes.length));
    const totals = new Set<string>();
    let lastPercent = 0;
    let done = 0;
    for (const [i, size] of sizes.entries()) {
      reporter.onTestModuleCollected(fakeModule(Array(size).fill('passed'), `f${i}`) as never);
      for (let j = 0; j < Math.floor(size * random()) && done < 100; j++, done++) {
        reporter.onTestCaseResult(fakeTest('passed') as never);
        const line = reporter.line();
        const total = / of (\d+) specs/.exec(line)?.[1];
        if (total !== undefined) totals.add(total);
        const percent = Number(/^\[ *(\d+)%\]/.exec(line)?.[1] ?? 0);
        expect(percent, `seed ${seed}: ${line}`).toBeGreaterThanOrEqual(lastPercent);
        lastPercent = percent;
      }
    }
    expect([...totals], `seed ${seed}: one total, once known`).toEqual([String(sizes.reduce((a, b) => a + b, 0))]);
  });

  it('no estimate of the time left from a few specs (one run said "about 51:50 left")', () => {
    const time = fakeClock();
    const reporter = new ProgressReporter('/root', new FakeStream() as unknown as NodeJS.WriteStream, true, time.now);
    reporter.onTestRunStart(files(1));
    reporter.onTestModuleCollected(fakeModule(Array(500).fill('passed')) as never);
    time.advance(20_000); // workers starting on a loaded machine
    for (let i = 0; i < 3; i++) reporter.onTestCaseResult(fakeTest('passed') as never);
    expect(reporter.line()).not.toContain('left');
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

  it('in CI: a heartbeat line naming the running files whenever nothing was printed for 30 s (virtual time)', () => {
    vi.useFakeTimers();
    try {
      const out = new FakeStream();
      const reporter = new ProgressReporter('/root', out as unknown as NodeJS.WriteStream, false, () => Date.now());
      reporter.start();
      reporter.onTestRunStart(files(2));
      reporter.onTestModuleStart(fakeModule([], 'kv') as never);
      vi.advanceTimersByTime(HEARTBEAT_MS - 5_000);
      expect(out.text, 'silent for less than 30 s').toBe('');
      vi.advanceTimersByTime(5_000);
      expect(out.text).toBe('...  0:30 · 0 specs done (0 passed, 0 failed, 0 skipped) · running storage:reference-kv suites/storage/kv.spec.ts\n');
      reporter.onTestModuleEnd(fakeModule(['passed'], 'kv') as never);
      reporter.onTestModuleStart(fakeModule([], 'list') as never);
      vi.advanceTimersByTime(HEARTBEAT_MS - 5_000);
      expect(out.text.split('\n').filter(Boolean), 'a file\'s line resets the silence').toHaveLength(2);
      vi.advanceTimersByTime(5_000);
      expect(out.text.split('\n').filter(Boolean).at(-1)).toBe('...  1:00 · 0 specs done (0 passed, 0 failed, 0 skipped) · running storage:reference-kv suites/storage/list.spec.ts');
      reporter.onTestRunEnd();
      vi.advanceTimersByTime(5 * HEARTBEAT_MS);
      expect(out.text.split('\n').filter(Boolean), 'no heartbeat after the run').toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clock: minutes and seconds, hours when needed', () => {
    expect([0, 7_400, 754_000, 3_723_000].map(clock)).toEqual(['0:00', '0:07', '12:34', '1:02:03']);
  });

  it('a real run with CI=true prints plain lines, no cursor movement', async () => {
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'auth', '--report-dir', tempDir('progress')], { CI: 'true' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ok   zone-api suites/zone-api/auth.spec.ts: 7 passed, 0 failed, 0 skipped');
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
      const firstSpec = frames.findIndex((f) => /\d+ (of \d+ specs|specs done)/.test(f) && !/^\r?\x1b\[K0 specs done/.test(f));
      expect(first, output).toBeGreaterThanOrEqual(0);
      expect(first, 'the line is there before the first spec ends').toBeLessThan(firstSpec);
      expect(output).toMatch(/(\[ *\d+%\] \d+ of \d+ specs|[1-9]\d* specs done, \d+ of \d+ files) · \d+ passed, \d+ failed, \d+ skipped · \d+:\d\d/);
      const named = output.indexOf('FAIL zone-api › ');
      expect(named, 'a failing spec named as it fails').toBeGreaterThan(0);
      expect(named, 'before the closing lines').toBeLessThan(output.indexOf('specgate: the documents (core)'));
    } finally {
      await server.close();
    }
  }, 600_000);
});
