// The same loop inside an object on the reference (SQLite backend, reference-sqlite) and on
// workerd (miniflare 4, SQLite-backed Durable Object, the workerd adapter): put, get and
// list({start, limit: 10}) awaited one after the other inside one event, on 1,000 preloaded keys
// (contract/scenarios.ts, benchLoop). Each side is timed from outside: the event running
// `count` calls, less an event running none (what delivering one event costs); the fastest of
// three rounds. The ratio is the
// reference's rate over workerd's; no target (workerd keeps an in-memory cache in front of
// SQLite and flushes in the background, the reference reads through SQLite).

import type { StorageAdapter, StorageObject } from '../contract/storage.js';
import { referenceSqliteAdapter } from '../src/adapters/reference.js';
import { createWorkerdAdapter } from '../src/adapters/workerd/index.js';
import { perSecond, round, type Result } from './lib/result.js';

const KEYS = 1_000;
const OPS = Number(process.env.BENCH_INSIDE_OPS ?? 20_000);
/** Timed loops per operation; the fastest counts (the machine is shared: slower ones met other load). */
const ROUNDS = 3;
const OPERATIONS = ['put', 'get', 'list'] as const;
type Operation = (typeof OPERATIONS)[number];

async function loop(object: StorageObject, op: Operation, count: number): Promise<number> {
  const start = performance.now();
  await object.run('benchLoop', { op, count, keys: KEYS });
  return performance.now() - start;
}

/** Calls per second of each operation, inside one object of the adapter. */
async function ratesOn(adapter: StorageAdapter): Promise<Record<Operation, number>> {
  const object = await adapter.create();
  try {
    await object.run('benchLoop', { op: 'fill', count: 0, keys: KEYS });
    const rates = {} as Record<Operation, number>;
    for (const op of OPERATIONS) {
      await loop(object, op, Math.min(500, OPS)); // warm-up
      const empty = Math.min(...(await Promise.all([0, 1, 2].map(() => loop(object, op, 0)))));
      let fastest = Number.POSITIVE_INFINITY;
      for (let round = 0; round < ROUNDS; round++) fastest = Math.min(fastest, await loop(object, op, OPS));
      rates[op] = perSecond(OPS, Math.max(0.001, fastest - empty));
    }
    return rates;
  } finally {
    await object.destroy();
  }
}

export async function storageInside(): Promise<Result[]> {
  const workerd = createWorkerdAdapter();
  try {
    const reference = await ratesOn(referenceSqliteAdapter);
    const baseline = await ratesOn(workerd);
    return OPERATIONS.map((op) => ({
      name: `storage inside an object: ${op === 'list' ? 'list({start, limit: 10})' : op} vs workerd (ops/s)`,
      value: reference[op], unit: 'ops/s', baseline: baseline[op], ratio: round(reference[op] / baseline[op]),
      target: 'reported', pass: true,
      detail: { preloadedKeys: KEYS, operations: OPS, rounds: ROUNDS, awaited: true, workerd: 'miniflare 4, useSQLite' },
    }));
  } finally {
    await workerd.close?.();
  }
}
