// list({start, limit: 10}) latency on the reference SQLite backend at 1 thousand, 100 thousand
// and 1 million keys: it must stay flat (the index is walked from start for 10 rows, never the
// whole table: checked with EXPLAIN QUERY PLAN) and its memory bounded (RSS and heap deltas
// over the calls). The keys are put in batches (events of 50,000 keys, 128 per put(), one flush
// each), growing the same object from one size to the next.

import { keyOf, populate, rawDatabase, referenceObject } from './lib/storage.js';
import { mib, round, type Result } from './lib/result.js';

const SIZES = (process.env.BENCH_LIST_SIZES ?? '1000,100000,1000000').split(',').map(Number);
const CALLS = 500;
/** The statement the backend runs for list({start, limit}) (reference-impl/storage/sqlite-backend.ts). */
const LIST_SQL = 'SELECT key, value FROM _cf_KV WHERE key >= ? ORDER BY key ASC LIMIT ?';

/** How SQLite runs LIST_SQL on the reference's _cf_KV table. */
function queryPlan(): string[] {
  const raw = rawDatabase();
  try {
    return (raw.db.prepare(`EXPLAIN QUERY PLAN ${LIST_SQL}`).all(keyOf(0), 10) as { detail: string }[]).map((row) => row.detail);
  } finally {
    raw.close();
  }
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function listLatency(): Promise<Result[]> {
  const object = referenceObject();
  const results: Result[] = [];
  const medians: number[] = [];
  try {
    let filled = 0;
    for (const size of SIZES) {
      const fillStart = performance.now();
      await populate(object.runtime, size - filled, 50_000, filled);
      filled = size;
      const fillSeconds = round((performance.now() - fillStart) / 1000, 1);
      const storage = object.runtime.storage;
      const startKey = (i: number) => keyOf(Math.floor(((i * 7919) % 1000) / 1000 * size));
      for (let i = 0; i < 100; i++) await storage.list({ start: startKey(i), limit: 10 }); // warm-up
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage();
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t = performance.now();
        const listed = await storage.list({ start: startKey(i), limit: 10 });
        times.push(performance.now() - t);
        if (listed.size !== 10 && keyOf(size - 10) >= startKey(i)) throw new Error(`list answered ${listed.size} entries`);
      }
      const after = process.memoryUsage();
      times.sort((a, b) => a - b);
      const median = quantile(times, 0.5);
      medians.push(median);
      // The object's database is locked to its one connection (locking_mode EXCLUSIVE): the plan is
      // read from a database of the same table and pragmas, and the size from the object itself.
      const plan = queryPlan();
      const populated = (await storage.get(keyOf(size - 1))) !== undefined && (await storage.get(keyOf(size))) === undefined;
      const usesIndex = plan.some((step) => /SEARCH _cf_KV USING PRIMARY KEY \(key>\?\)/.test(step)) && !plan.some((step) => /^SCAN|TEMP B-TREE/.test(step));
      results.push({
        name: `list({start, limit: 10}) at ${size.toLocaleString('en')} keys (median)`,
        value: round(median * 1000, 0),
        unit: 'µs',
        target: 'index search, no scan; flat (checked on the largest size)',
        pass: usesIndex && populated,
        detail: {
          keys: size, populated, calls: CALLS, p99Micros: round(quantile(times, 0.99) * 1000, 0), populateSeconds: fillSeconds,
          queryPlan: plan, rssDeltaMiB: mib(after.rss - before.rss), heapDeltaMiB: mib(after.heapUsed - before.heapUsed), rssMiB: mib(after.rss),
        },
      });
    }
  } finally {
    object.destroy();
  }
  // Flat: the largest size's median within 3x the smallest's (a scan would be ~1000x).
  const growth = round(medians[medians.length - 1]! / medians[0]!);
  results.push({ name: 'list latency growth, largest / smallest size', value: growth, unit: 'x', target: '<= 3 (flat)', pass: growth <= 3 });
  return results;
}
