// Shared by the storage benchmarks: a reference object over the SQLite backend (file-backed, as
// the reference-sqlite adapter makes it) and a raw better-sqlite3 database with the same hidden
// key-value table, pragmas and value serialization (node:v8, as reference-impl/storage/values.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import Database from '../../reference-impl/sqlite-driver.js';
import { ObjectRuntime } from '../../reference-impl/storage/index.js';
import { DATABASE_PRAGMAS } from '../../reference-impl/storage/sqlite-backend.js';
import type { Scenario } from '../../contract/storage.js';

export const MAX_BATCH = 128;

/** Fixed-width keys, so that string order is numeric order. */
export const keyOf = (i: number): string => `key:${String(i).padStart(8, '0')}`;
export const valueOf = (i: number): unknown => ({ n: i, name: `value ${i}`, tags: ['a', 'b'] });

/** Inside the object: puts `count` keys from `from`, 128 per put() and no await between them, so one flush carries all. */
const fill: Scenario = async (storage, { from, count }: { from: number; count: number }) => {
  const writes: Promise<void>[] = [];
  for (let start = from; start < from + count; start += MAX_BATCH) {
    const entries: Record<string, unknown> = {};
    for (let i = start; i < Math.min(start + MAX_BATCH, from + count); i++) entries[keyOf(i)] = valueOf(i);
    writes.push(storage.put(entries));
  }
  await Promise.all(writes);
  return null;
};

export interface ReferenceObject { runtime: ObjectRuntime; dir: string; destroy(): void }

export function referenceObject(): ReferenceObject {
  const dir = mkdtempSync(join(tmpdir(), 'specgate-bench-object-'));
  const runtime = new ObjectRuntime({ backend: 'sqlite', sqliteFile: join(dir, 'storage.sqlite'), scenarios: { fill } });
  return { runtime, dir, destroy: () => { runtime.destroy(); rmSync(dir, { recursive: true, force: true }); } };
}

/** Puts `count` keys from `first` in events of `perEvent` keys (one flush, one history version each). */
export async function populate(runtime: ObjectRuntime, count: number, perEvent = 50_000, first = 0): Promise<void> {
  for (let from = first; from < first + count; from += perEvent) await runtime.run('fill', { from, count: Math.min(perEvent, first + count - from) });
}

export interface RawDatabase { db: Database.Database; dir: string; close(): void }

/** The reference's _cf_KV table and pragmas (reference-impl/storage/sqlite-backend.ts), nothing else. */
export function rawDatabase(): RawDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'specgate-bench-raw-'));
  const db = new Database(join(dir, 'raw.sqlite'));
  for (const pragma of DATABASE_PRAGMAS) db.pragma(pragma);
  db.exec('CREATE TABLE IF NOT EXISTS _cf_KV (key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID');
  return { db, dir, close: () => { db.close(); rmSync(dir, { recursive: true, force: true }); } };
}

export function rawPopulate(db: Database.Database, total: number): void {
  const upsert = db.prepare('INSERT OR REPLACE INTO _cf_KV (key, value) VALUES (?, ?)');
  db.transaction(() => { for (let i = 0; i < total; i++) upsert.run(keyOf(i), serialize(valueOf(i))); })();
}
