// Child process for test/crash-consistency.test.ts: the reference object runtime (SQLite backend,
// file-backed) killed with SIGKILL at a deterministic point of its point-in-time-recovery
// history, between the history's commit and the database's (reference-impl/storage/sqlite-backend.ts).
//   node --import tsx test/helpers/crash-pitr-child.ts <file> kv <k>
//     writes batches with put(), printing "ACK <n> <bookmark>" once batch n is acknowledged; in
//     the k-th batch's flush, once its version is in the history, kills itself (before the commit);
//   node --import tsx test/helpers/crash-pitr-child.ts <file> sql <k>
//     the same with one sql.exec() INSERT per batch (table t);
//   node --import tsx test/helpers/crash-pitr-child.ts <file> restore <k>
//     writes k batches with put() (ACK lines), asks for a restore to batch RESTORED_BATCH (printing
//     "UNDO <bookmark>"), and restarts: once the restored state's version is in the history, and
//     before the database file is replaced, kills itself.

import { pathToFileURL } from 'node:url';
import { ObjectRuntime } from '../../reference-impl/storage/index.js';
import type { ObjectStorage } from '../../contract/storage.js';
import { PitrHistory } from '../../reference-impl/storage/pitr-history.js';

export const ROWS = 20;
export const RESTORED_BATCH = 2;
export const rowKey = (n: number, j: number): string => `row/${String(n).padStart(4, '0')}/${String(j).padStart(2, '0')}`;

type HistoryMethod = 'recordBatch' | 'recordSqlWrite' | 'recordImage';

/** Makes `method` kill the process right after its k-th call that `counts` (the version is then committed in the history). */
function killAfter(method: HistoryMethod, k: number, counts: (args: unknown[]) => boolean): void {
  const prototype = PitrHistory.prototype as unknown as Record<HistoryMethod, (...args: unknown[]) => unknown>;
  const original = prototype[method];
  let calls = 0;
  prototype[method] = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (counts(args) && ++calls === k) process.kill(process.pid, 'SIGKILL');
    return result;
  };
}

async function child(file: string, mode: string, k: number): Promise<void> {
  let batches = false;
  if (mode === 'kv') killAfter('recordBatch', k, () => batches);
  if (mode === 'sql') killAfter('recordSqlWrite', k, () => batches);
  if (mode === 'restore') killAfter('recordImage', k === 0 ? 0 : 1, (args) => (args[2] as { restore?: boolean } | undefined)?.restore === true);
  const runtime = new ObjectRuntime({ backend: 'sqlite', sqliteFile: file });
  const storage = runtime.storage;
  const sql = (query: string, ...bindings: (string | number)[]) => runtime.deliver((s: ObjectStorage) => s.sql!.exec(query, ...bindings).toArray());
  if (mode === 'sql') await sql('CREATE TABLE t (n INTEGER, j INTEGER)');
  batches = true;
  const bookmarks: string[] = [];
  for (let n = 0; mode !== 'restore' || n < k; n++) {
    if (mode === 'sql') {
      await sql(`INSERT INTO t (n, j) VALUES ${Array.from({ length: ROWS }, (_, j) => `(${n}, ${j})`).join(', ')}`);
    } else {
      await storage.put(Object.fromEntries(Array.from({ length: ROWS }, (_, j) => [rowKey(n, j), { n, j }])));
    }
    bookmarks.push(await storage.getCurrentBookmark());
    process.stdout.write(`ACK ${n} ${bookmarks[n]}\n`);
  }
  if (mode === 'restore') {
    process.stdout.write(`UNDO ${await storage.onNextSessionRestoreBookmark(bookmarks[RESTORED_BATCH]!)}\n`);
    runtime.restart();
  }
  runtime.destroy();
}

// Run as a script (the test imports this module for the layout only).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, mode, k] = process.argv.slice(2);
  void child(file!, mode!, Number(k));
}
