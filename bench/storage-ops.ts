// Reference storage (SQLite backend) operations per second against raw better-sqlite3 statements
// doing the same work: the same _cf_KV table and pragmas, values serialized with node:v8, each
// write committed in its own transaction (the reference commits one per flush). The reference is
// driven as the suite drives it: through the object's storage from outside, one event per call,
// awaited one after the other. Target: ratio >= 0.5 for each of put, get and list.

import { deserialize, serialize } from 'node:v8';
import { keyOf, populate, rawDatabase, rawPopulate, referenceObject, valueOf } from './lib/storage.js';
import { perSecond, round, type Result } from './lib/result.js';

const PRELOADED = 1_000;
const OPS = Number(process.env.BENCH_STORAGE_OPS ?? 5_000);

async function timed(count: number, op: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < Math.min(500, count); i++) await op(i); // warm-up
  const start = performance.now();
  for (let i = 0; i < count; i++) await op(i);
  return perSecond(count, performance.now() - start);
}

function timedSync(count: number, op: (i: number) => unknown): number {
  for (let i = 0; i < Math.min(500, count); i++) op(i);
  const start = performance.now();
  for (let i = 0; i < count; i++) op(i);
  return perSecond(count, performance.now() - start);
}

export async function storageOps(): Promise<Result[]> {
  const reference = referenceObject();
  const raw = rawDatabase();
  try {
    await populate(reference.runtime, PRELOADED);
    rawPopulate(raw.db, PRELOADED);
    const storage = reference.runtime.storage;
    // Each op touches a key of the preloaded range (puts overwrite), so both sides keep the same size.
    const at = (i: number) => keyOf((i * 7919) % PRELOADED);

    const upsert = raw.db.prepare('INSERT OR REPLACE INTO _cf_KV (key, value) VALUES (?, ?)');
    const putOne = raw.db.transaction((key: string, value: Buffer) => upsert.run(key, value));
    const select = raw.db.prepare('SELECT value FROM _cf_KV WHERE key = ?').pluck();
    const range = raw.db.prepare('SELECT key, value FROM _cf_KV WHERE key >= ? ORDER BY key LIMIT ?').raw();

    const figures = {
      put: {
        reference: await timed(OPS, (i) => storage.put(at(i), valueOf(i))),
        raw: timedSync(OPS, (i) => putOne(at(i), serialize(valueOf(i)))),
      },
      get: {
        reference: await timed(OPS, (i) => storage.get(at(i))),
        raw: timedSync(OPS, (i) => {
          const bytes = select.get(at(i)) as Buffer | undefined;
          return bytes === undefined ? undefined : deserialize(bytes);
        }),
      },
      'list({start, limit: 10})': {
        reference: await timed(OPS, (i) => storage.list({ start: at(i), limit: 10 })),
        raw: timedSync(OPS, (i) => new Map((range.all(at(i), 10) as [string, Buffer][]).map(([key, value]) => [key, deserialize(value)]))),
      },
    };
    return Object.entries(figures).map(([op, { reference: value, raw: baseline }]) => {
      const ratio = round(value / baseline);
      return {
        name: `storage: ${op} (ops/s)`, value, unit: 'ops/s', baseline, ratio, target: 'ratio >= 0.5', pass: ratio >= 0.5,
        detail: { preloadedKeys: PRELOADED, operations: OPS },
      };
    });
  } finally {
    reference.destroy();
    raw.close();
  }
}
