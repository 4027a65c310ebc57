// Starting an adapter's runtime is not spec time: an adapter's start() runs before any
// spec, bounded by its own limit (--startup-timeout), and a start that fails or overruns is a
// start-up failure with its cause whole, never a spec's timeout. The CLI runs are real: the
// README's minimal adapter given a start() that logs, hangs or throws. The limit's own messages
// are checked in-process, on fake timers.

import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageAdapter } from '../contract/storage.js';
import { AdapterStartupFailure, startAdapter } from '../src/spec-kit/bounded-storage.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const EXAMPLE = join(ROOT, 'examples/minimal-adapter.ts');
const CREATE = '  async create() {\n';

/** The README's minimal adapter in a user's folder, with `start` as its start() and a create() that logs. */
function adapterWithStart(name: string, start: string): { path: string; log: string } {
  const project = tempDir(`startup-${name}`);
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules/specgate'), 'dir');
  const log = join(project, 'calls.log');
  const source = readFileSync(EXAMPLE, 'utf8');
  expect(source, 'the example still has the create() this test extends').toContain(CREATE);
  const logged = (what: string) => `appendFileSync(${JSON.stringify(log)}, '${what} ' + process.pid + '\\n');`;
  const changed = `import { appendFileSync } from 'node:fs';\n${source}`
    .replace("name: 'minimal-memory'", `name: '${name}'`)
    .replace(CREATE, `  async start() {\n    ${logged('start')}\n    ${start}\n  },\n  async close() {\n    ${logged('close')}\n  },\n${CREATE}    ${logged('create')}\n`);
  writeFileSync(join(project, `${name}.ts`), changed);
  writeFileSync(log, '');
  return { path: join(project, `${name}.ts`), log };
}

/** The calls each process made, in order: `{pid: ['start', 'create', ...]}`. */
function callsByProcess(log: string): Map<string, string[]> {
  const byProcess = new Map<string, string[]>();
  for (const line of readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
    const [call, pid] = line.split(' ') as [string, string];
    byProcess.set(pid, [...(byProcess.get(pid) ?? []), call]);
  }
  return byProcess;
}

/** A process's calls with runs of create() folded into one: ['start', 'create', 'close', 'start', 'create']. */
const folded = (calls: string[]): string[] => calls.filter((call, i) => call !== 'create' || calls[i - 1] !== 'create');

describe('an adapter\'s start(): before any spec, within --startup-timeout', () => {
  it('runs before the first create() in each test worker (again after a close) and in the preflight; no spec fails for it', async () => {
    const { path, log } = adapterWithStart('slow-start', 'await new Promise((resolve) => setTimeout(resolve, 500));');
    const reportDir = tempDir('startup-report');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', path, '--area', 'kv,list,options', '--report-dir', reportDir]);
    // A verdict (the minimal adapter refuses little of what it should), not a crash or a usage error.
    expect([0, 1], run.stderr + run.stdout.slice(-2000)).toContain(run.code);
    const [preflight, ...workers] = [...callsByProcess(log).values()];
    expect(preflight, 'the preflight (the CLI)').toEqual(['start', 'create', 'close']);
    expect(workers.length).toBeGreaterThanOrEqual(1);
    // In each test worker, a start before the first create, and again after each close (the
    // adapter is closed after a worker's first file): no create() ever has to start the runtime.
    for (const calls of workers) {
      const order = folded(calls);
      expect(order[0], order.join()).toBe('start');
      order.forEach((call, i) => { if (call === 'create') expect(order[i - 1], order.join()).toBe('start'); });
    }
    expect(workers.flat().filter((c) => c === 'create').length).toBeGreaterThan(10);
    const failed = readReport(reportDir).tests.filter((t) => t.status === 'failed');
    expect(failed.every((t) => !/did not start|did not settle|timed out/.test(t.error ?? '')), failed.map((t) => t.error).join('\n')).toBe(true);
  }, 600_000);

  it('a start() that never settles: the preflight stops the run in --startup-timeout (exit 2, one line with its fix)', async () => {
    const { path } = adapterWithStart('hanging-start', 'await new Promise(() => {});');
    const reportDir = join(tempDir('startup-hang'), 'report');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', path, '--startup-timeout', '1', '--report-dir', reportDir]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      'specgate: --adapter hanging-start: its runtime did not start within 1 s (the start-up limit, --startup-timeout); fix: allow it longer with --startup-timeout S (default 180), or find out why it does not start (for workerd: SPECGATE_WORKERD_STDIO=1 shows its output)',
    ]);
  }, 600_000);

  it('without the preflight, every spec that runs fails as a start-up failure: none times out, none waits for vitest', async () => {
    const { path } = adapterWithStart('hanging-start', 'await new Promise(() => {});');
    const reportDir = tempDir('startup-no-preflight');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', path, '--area', 'kv', '--startup-timeout', '1', '--no-preflight', '--report-dir', reportDir]);
    expect(run.code, run.stderr).toBe(1);
    const ran = readReport(reportDir).tests.filter((t) => t.status !== 'skipped');
    expect(ran.length).toBeGreaterThan(10);
    for (const test of ran) {
      expect(test, test.name).toMatchObject({ status: 'failed', error: 'adapter hanging-start: its runtime did not start within 1 s (the start-up limit, --startup-timeout)' });
    }
  }, 600_000);

  it('a start() that throws: the preflight shows its message whole (every line) with the fix it names', async () => {
    const { path } = adapterWithStart('failing-start', "throw Object.assign(new Error('the runtime refused:\\n  line two\\n  line three'), { fix: 'install the runtime' });");
    const run = await runCli(['run', '--suite', 'storage', '--adapter', path, '--report-dir', join(tempDir('startup-throws'), 'report')]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.trim()).toBe('specgate: --adapter failing-start: its runtime did not start: the runtime refused:\n  line two\n  line three; fix: install the runtime');
  }, 600_000);
});

describe('startAdapter (in-process, fake timers)', () => {
  afterEach(() => { vi.useRealTimers(); });

  const adapter = (start?: () => Promise<void>): StorageAdapter => ({
    name: 'a', supports: { kv: true, alarms: false, clock: false, faults: false, restart: false, sql: false, pitr: false },
    create: () => Promise.reject(new Error('not used')),
    ...(start && { start }),
  });

  it('rejects at the limit, not before', async () => {
    vi.useFakeTimers();
    let settled = false;
    const started = startAdapter(adapter(() => new Promise(() => {})), 5000).catch((error: unknown) => { settled = true; return error; });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await started;
    expect(error).toBeInstanceOf(AdapterStartupFailure);
    expect((error as Error).message).toBe('adapter a: its runtime did not start within 5 s (the start-up limit, --startup-timeout)');
  });

  it('resolves at once for an adapter without start(), and when start() resolves', async () => {
    await expect(startAdapter(adapter(), 1)).resolves.toBeUndefined();
    await expect(startAdapter(adapter(async () => {}), 1000)).resolves.toBeUndefined();
  });

  it('an error without a fix gets the contract\'s', async () => {
    const error = await startAdapter(adapter(() => Promise.reject(new Error('boom'))), 1000).catch((e: unknown) => e as AdapterStartupFailure);
    expect(error).toMatchObject({ message: 'adapter a: its runtime did not start: boom', fix: expect.stringMatching(/^start\(\) must resolve once the runtime runs/) });
  });
});
