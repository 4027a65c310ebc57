// Every call the storage specs make into an adapter is bounded by the run's --timeout (
// an adapter whose get() never resolved took 17 minutes, every spec waiting for vitest's 60 s, and
// nothing said which call hung). The CLI runs are real: the README's minimal adapter with a get()
// that never settles, and the bundled reference with a short timeout, whose alarm specs wait on
// virtual time only. The wrapper's own messages are checked in-process, on fake timers.

import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageAdapter, StorageTransaction } from '../contract/storage.js';
import { boundedAdapter, describeArguments, FIRST_CREATE_MS } from '../src/spec-kit/bounded-storage.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const EXAMPLE = join(ROOT, 'examples/minimal-adapter.ts');
const GET = '  async get(keyOrKeys: string | string[]): Promise<any> {\n';

/** The README's minimal adapter, in a user's folder, with a get() that never settles. */
function hangingAdapter(): string {
  const project = tempDir('hanging-adapter');
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules/specgate'), 'dir');
  const source = readFileSync(EXAMPLE, 'utf8');
  expect(source, 'the example still has the get() this test replaces').toContain(GET);
  const hanging = source.replace(GET, `${GET}    if (keyOrKeys !== undefined) return new Promise(() => {}); // never settles\n`).replace("name: 'minimal-memory'", "name: 'hanging-get'");
  writeFileSync(join(project, 'hanging-adapter.ts'), hanging);
  return join(project, 'hanging-adapter.ts');
}

const specNamed = (report: ReturnType<typeof readReport>, requirement: string, title: string) => {
  const found = report.tests.find((t) => t.requirements.includes(requirement) && t.name.endsWith(title));
  expect(found, `${requirement} "${title}" is in the report`).toBeDefined();
  return found!;
};

describe('--timeout bounds every call into a storage adapter', () => {
  // Before: each spec reading a key waited 60 s (about 12 minutes for these areas on 2 workers).
  // Then about 3 minutes at load 28-44, most of it the interleaving spec shrinking its
  // counterexample through 1 s timeouts (bench/ci-speed.md); the model-based specs are left out.
  it('a get() that never settles fails its specs in --timeout, naming the call and its arguments', async () => {
    const reportDir = tempDir('hanging-report');
    // The preflight stops such an adapter before any spec (one line, exit 2) ...
    const stopped = await runCli(['run', '--suite', 'storage', '--adapter', hangingAdapter(), '--timeout', '1', '--report-dir', reportDir]);
    expect([stopped.code, stopped.stderr.trim().split('\n')]).toEqual([2, [expect.stringMatching(/^specgate: --adapter hanging-get: storage\.get\('specgate-preflight'\) on a fresh object gave no answer in 1 s; fix: /)]]);
    // ... and without it, each spec that calls get() fails in --timeout, naming the call.
    // Not the model-based specs: shrinking a counterexample through 1 s timeouts took minutes.
    const run = await runCli(['run', '--suite', 'storage', '--adapter', hangingAdapter(), '--area', 'kv,consistency,limits', '--grep', '^(?!.*\\(property\\)$)', '--timeout', '1', '--report-dir', reportDir, '--no-preflight']);
    expect(run.code, run.stderr).toBe(1);
    const report = readReport(reportDir);
    const get = specNamed(report, 'ST-KV-GET-SINGLE', 'get(key) resolves to the stored value');
    expect(get).toMatchObject({ status: 'failed', error: 'storage.get("greeting") did not settle within 1000 ms (the run\'s --timeout)' });
    // A timeout is the spec's failure; what it cites is not verified: timed out (not failed).
    expect(get.timedOut).toBe(true);
    expect(report.requirements.find((r) => r.id === 'ST-KV-GET-SINGLE')).toMatchObject({ status: 'skipped', notVerifiedReason: 'timed out' });
    // A scenario runs inside the object: the event that hangs is named.
    const increments = specNamed(report, 'ST-CONS-INPUT-GATE', '50 concurrent read-then-write increments lose no update');
    expect(increments).toMatchObject({ status: 'failed', error: expect.stringMatching(/^object\.run\("increment", \{"key": "cons:counter", "log": "[^"]+", "id": \d+\}\) did not settle within 1000 ms/) });
    // A scenario whose event hangs fails its spec: not "not verified", as an event the runtime failed would be.
    const batchInTxn = specNamed(report, 'ST-LIMIT-GET-BATCH-128', 'txn.get(128 keys) is accepted and answers as the document says');
    expect(batchInTxn).toMatchObject({ status: 'failed', error: expect.stringMatching(/^object\.run\("calls", \{"calls": \[1 items\], "inTransaction": true, "token": "recorded:[-0-9a-f]+"\}\) did not settle within 1000 ms/) });
    // Long arguments are cut: a batch of keys shows its first three and its length.
    const batch = specNamed(report, 'ST-KV-GET-BATCH-SORTED-UTF8', 'the Map of get(keys[]) is ascending by UTF-8 whatever the request order');
    expect(batch.error).toBe('storage.get(["\u{10000}", "b", "\\u{E000}", … (7 items)]) did not settle within 1000 ms (the run\'s --timeout)');
    // The control: the same run, specs that never read a key still pass against the same adapter.
    expect(specNamed(report, 'ST-KV-DELETE-MISSING-FALSE', 'delete(key) resolves to false for a key that did not exist').status).toBe('passed');
    // The terminal groups them: one cause per operation that hangs, whatever its arguments.
    expect(run.stdout).toMatch(/✗ storage\.get\(…\) did not settle within 1000 ms \(the run's --timeout\) — \d+ specs/);
  }, 600_000);

  it('alarm and recovery specs wait on virtual time: a 1 s timeout fails none of them on the reference', async () => {
    const reportDir = tempDir('virtual-time-report');
    const run = await runCli(['run', '--suite', 'storage', '--area', 'alarms,pitr', '--timeout', '1', '--report-dir', reportDir]);
    expect(run.code, run.stdout).toBe(0);
    const report = readReport(reportDir);
    const timed = report.tests.filter((t) => t.name.includes('delayed by at most about a minute') || t.name.includes('retried after 2 s, 4 s, 8 s'));
    expect(timed.length, 'the specs that move the clock by minutes and days ran on both backends').toBe(4);
    for (const spec of report.tests) expect(spec.status, spec.name).toBe('passed');
  }, 600_000);
});

describe('the bounded adapter', () => {
  afterEach(() => { vi.useRealTimers(); });

  /** An adapter whose transactions' get() never settles; everything else answers at once. */
  const adapter: StorageAdapter = {
    name: 'txn-hangs',
    supports: { kv: true, alarms: false, clock: false, faults: false, restart: false, sql: false, pitr: false },
    async create() {
      const txn = { get: () => new Promise(() => {}), put: async () => {}, rollback: () => {} } as unknown as StorageTransaction;
      const storage = { transaction: async <T>(closure: (t: StorageTransaction) => Promise<T>) => closure(txn), put: async () => {} };
      return { storage: storage as never, run: async () => undefined as never, restart: async () => {}, destroy: async () => {} };
    },
  };

  it('a transaction that does not settle names the call inside it that is still pending', async () => {
    vi.useFakeTimers();
    const object = await boundedAdapter(adapter, 2000).create();
    const settled = object.storage.transaction(async (txn) => { await txn.put('a', 1); return txn.get('k1'); }).catch((error: Error) => error);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await settled).toMatchObject({
      name: 'StorageCallTimeout',
      message: 'storage.transaction(<function>) did not settle within 2000 ms (the run\'s --timeout); inside it, still pending: txn.get("k1")',
    });
  });

  it('the first create() in a worker may start a runtime: it has at least a minute, the next ones --timeout', async () => {
    vi.useFakeTimers();
    const never: StorageAdapter = { ...adapter, name: 'create-hangs', create: () => new Promise(() => {}) };
    const bounded = boundedAdapter(never, 2000);
    const first = bounded.create().catch((error: Error) => error);
    let firstSettled = false;
    void first.then(() => { firstSettled = true; });
    await vi.advanceTimersByTimeAsync(2000);
    expect(firstSettled, 'the first create() is still allowed to start the runtime after --timeout').toBe(false);
    await vi.advanceTimersByTimeAsync(FIRST_CREATE_MS - 2000);
    expect(await first).toMatchObject({ message: `adapter.create() did not settle within ${FIRST_CREATE_MS} ms (the first create() of an adapter in a worker, which may start its runtime)` });
    const second = bounded.create().catch((error: Error) => error);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await second).toMatchObject({ message: 'adapter.create() did not settle within 2000 ms (the run\'s --timeout)' });
  });

  it('a call that settles in time is passed through, sync results untouched (the control)', async () => {
    vi.useFakeTimers();
    const object = await boundedAdapter(adapter, 2000).create();
    await expect(object.storage.put('a', 1)).resolves.toBeUndefined();
    expect(object.storage, 'one proxy per object').toBe(object.storage);
    expect(vi.getTimerCount(), 'no timer left behind').toBe(0);
  });

  it('describes arguments short: strings quoted, invisible characters escaped and long ones cut, batches counted, binary by size', () => {
    expect(describeArguments(['k1'])).toBe('"k1"');
    expect(describeArguments(['\uE000', '\uD800', 'a\u0000\u200B'])).toBe('"\\u{E000}", "\\ud800", "a\\u0000\\u{200B}"');
    expect(describeArguments(['x'.repeat(2048)])).toBe(`"${'x'.repeat(60)}"… (2048 chars)`);
    expect(describeArguments([['a', 'b', 'c', 'd'], { noCache: true }])).toBe('["a", "b", "c", … (4 items)], {"noCache": true}');
    expect(describeArguments([{ a: 1, b: [1, 2], c: { d: 1 }, e: 5 }])).toBe('{"a": 1, "b": [2 items], "c": {…}, … (4 entries)}');
    expect(describeArguments([new Uint8Array(131_073), new Date(0), 10n, () => 1])).toBe('Uint8Array(131073 bytes), Date(1970-01-01T00:00:00.000Z), 10n, <function>');
    expect(describeArguments(['y'.repeat(60), 'z'.repeat(60), 'w'.repeat(60)]).length, 'all arguments together are cut too').toBeLessThanOrEqual(161);
  });
});
