// Probes of round 5 (the r5- variants): for each, a few lines that show, without the suite, that
// the variant really behaves as its misreading says and the unbroken control of its backend does
// not. Every r5 variant has one (test/blind-storage-r5.test.ts runs them all); those the suite
// misses are also among PROBES (probes.ts), which test/blind-storage.test.ts runs.

import { serialize } from 'node:v8';
import type { Probe } from './probes.js';
import type { ObjectStorage } from '../../../contract/storage.js';
import type { ProbeObject } from './support.js';

/** Settles to 'resolved' or 'rejected' (what a client of the event sees). */
const outcome = (promise: Promise<unknown>): Promise<string> => promise.then(() => 'resolved', () => 'rejected');

/** A string whose structured-clone serialization is exactly `bytes` bytes. */
function valueOfBytes(bytes: number): string {
  let length = bytes;
  while (serialize('x'.repeat(length)).length > bytes) length--;
  const value = 'x'.repeat(length);
  if (serialize(value).length !== bytes) throw new Error(`no string of exactly ${bytes} serialized bytes`);
  return value;
}

const entriesOf = (count: number, prefix = 'k'): Record<string, number> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${String(i).padStart(3, '0')}`, i]));

/** Keys of a list() made inside the object. */
const listedKeys = (object: ProbeObject, options: Parameters<ObjectStorage['list']>[0]): Promise<string[]> =>
  object.inside(async (storage) => [...(await storage.list(options)).keys()]);

/** Whether a second event ran while the first awaited `write` and a few non-I/O awaits after it. */
async function interleavesDuring(object: ProbeObject, write: (storage: ObjectStorage) => Promise<unknown>): Promise<boolean> {
  const log: string[] = [];
  const first = object.inside(async (storage) => {
    await write(storage);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    log.push('first done');
  });
  const second = object.inside(async () => { log.push('second'); });
  await Promise.all([first, second]);
  return log[0] === 'second';
}

/** Whether the alarm handler ran (the probe's handler notes what getAlarm answered in it). */
const handlerRan = (object: ProbeObject): boolean => 'seenInHandler' in object.context.state;

/** An event that writes with allowUnconfirmed while the flush fails: 'resolved' when its result was not held. */
const unconfirmedDuringFailure = (object: ProbeObject, write: (storage: ObjectStorage) => Promise<unknown>): Promise<string> =>
  outcome(object.inside(async (storage, { runtime }) => {
    runtime.failNextFlush();
    void write(storage).catch(() => {});
  }));

/** SQL inside the object: a table t(v) with the rows 1, 2, 3, then `read`. */
const withRows = <T>(object: ProbeObject, read: (exec: NonNullable<ObjectStorage['sql']>['exec']) => T): Promise<T> =>
  object.inside(async (storage) => {
    const sql = storage.sql!;
    sql.exec('CREATE TABLE t (v INTEGER)');
    sql.exec('INSERT INTO t VALUES (1), (2), (3)');
    return read(sql.exec.bind(sql));
  });

export const R5_PROBES: Record<string, Probe> = {
  'r5-value-limit-exclusive': {
    does: 'put() of a value of exactly 131,072 serialized bytes',
    run: (object) => outcome(object.inside((storage) => storage.put('k', valueOfBytes(131072)))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-batch-limit-exclusive-put': {
    does: 'put(entries) of exactly 128 pairs',
    run: (object) => outcome(object.inside((storage) => storage.put(entriesOf(128)))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-batch-limit-exclusive-delete': {
    does: 'delete(keys[]) of exactly 128 keys',
    run: (object) => outcome(object.inside((storage) => storage.delete(Object.keys(entriesOf(128))))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-value-limit-json-length': {
    does: 'put() of a Uint8Array of 60,000 bytes (about 60 KB serialized, 400 KB as JSON)',
    run: (object) => outcome(object.inside((storage) => storage.put('k', new Uint8Array(60000)))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-value-limit-single-only': {
    does: 'put(entries) with one value of 131,073 serialized bytes',
    run: (object) => outcome(object.inside((storage) => storage.put({ big: valueOfBytes(131073) }))),
    reference: 'rejected',
    variant: 'resolved',
  },
  'r5-key-limit-unchecked-get': {
    does: 'get() of a key of 2,049 bytes',
    run: (object) => outcome(object.inside((storage) => storage.get('k'.repeat(2049)))),
    reference: 'rejected',
    variant: 'resolved',
  },
  'r5-batch-empty-get-refused': {
    does: 'get([])',
    run: (object) => object.inside((storage) => storage.get([]).then((map) => map.size, () => 'rejected')),
    reference: 0,
    variant: 'rejected',
  },
  'r5-batch-empty-put-refused': {
    does: 'put({})',
    run: (object) => outcome(object.inside((storage) => storage.put({}))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-batch-empty-delete-refused': {
    does: 'delete([])',
    run: (object) => object.inside((storage) => storage.delete([]).then((count) => count, () => 'rejected')),
    reference: 0,
    variant: 'rejected',
  },
  'r5-delete-batch-boolean': {
    does: "put('a'), then delete(['a', 'b'])",
    run: (object) => object.inside(async (storage) => { await storage.put('a', 1); return storage.delete(['a', 'b']); }),
    reference: 1,
    variant: true,
  },
  'r5-delete-single-number': {
    does: "put('a'), then delete('a')",
    run: (object) => object.inside(async (storage) => { await storage.put('a', 1); return storage.delete('a'); }),
    reference: true,
    variant: 1,
  },
  'r5-get-batch-object': {
    does: "whether get(['a']) answers a Map, inside the object",
    run: (object) => object.inside(async (storage) => { await storage.put('a', 1); return (await storage.get(['a'])) instanceof Map; }),
    reference: true,
    variant: false,
  },
  'r5-value-shared-reference': {
    does: "put('k', o), then o.n = 2, then get('k').n inside the object",
    run: (object) => object.inside(async (storage) => {
      const o = { n: 1 };
      await storage.put('k', o);
      o.n = 2;
      return ((await storage.get('k')) as { n: number }).n;
    }),
    reference: 1,
    variant: 2,
  },
  'r5-value-uncloneable-dropped': {
    does: "put('k', a function)",
    run: (object) => outcome(object.inside((storage) => storage.put('k', () => 1))),
    reference: 'rejected',
    variant: 'resolved',
  },
  'r5-delete-not-durable': {
    does: "put('a', 1), delete('a'), restart, get('a')",
    run: async ({ object }) => {
      await object.storage.put('a', 1);
      await object.storage.delete('a');
      await object.restart();
      return object.storage.get('a');
    },
    reference: undefined,
    variant: 1,
  },
  'r5-list-limit-zero-unlimited': {
    does: "put('a'), put('b'), list({limit: 0}): its size, or 'rejected'",
    run: (object) => object.inside(async (storage) => {
      await storage.put({ a: 1, b: 2 });
      return storage.list({ limit: 0 }).then((map) => map.size, () => 'rejected');
    }),
    reference: 'rejected',
    variant: 2,
  },
  'r5-list-prefix-range-ffff': {
    does: "keys 'ab' and 'a😀', list({prefix: 'a'})",
    run: async (object) => {
      await object.object.storage.put({ ab: 1, 'a😀': 2 });
      return listedKeys(object, { prefix: 'a' });
    },
    reference: ['ab', 'a😀'],
    variant: ['ab'],
  },
  'r5-list-reverse-end-inclusive': {
    does: "keys a, b, c, list({start: 'a', end: 'c', reverse: true})",
    run: async (object) => {
      await object.object.storage.put({ a: 1, b: 2, c: 3 });
      return listedKeys(object, { start: 'a', end: 'c', reverse: true });
    },
    reference: ['b', 'a'],
    variant: ['c', 'b'],
  },
  'r5-list-default-limit-128': {
    does: '130 keys, list() without options: its size',
    run: async (object) => {
      await object.object.storage.put(entriesOf(65, 'a'));
      await object.object.storage.put(entriesOf(65, 'b'));
      return (await listedKeys(object, undefined)).length;
    },
    reference: 130,
    variant: 128,
  },
  'r5-list-prefix-case-insensitive': {
    does: "keys 'user:1' and 'USER:2', list({prefix: 'user:'})",
    run: async (object) => {
      await object.object.storage.put({ 'user:1': 1, 'USER:2': 2 });
      return listedKeys(object, { prefix: 'user:' });
    },
    reference: ['user:1'],
    variant: ['USER:2', 'user:1'],
  },
  'r5-nocache-put-not-readable': {
    does: "put('k', 1, {noCache: true}), then get('k') before the flush",
    run: (object) => object.inside(async (storage) => {
      await storage.put('k', 1, { noCache: true });
      return storage.get('k');
    }),
    reference: 1,
    variant: undefined,
  },
  'r5-nocache-refused-deleteall': {
    does: 'deleteAll({noCache: true})',
    run: (object) => outcome(object.inside((storage) => storage.deleteAll({ noCache: true }))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-unconfirmed-ignored-delete': {
    does: "delete('k', {allowUnconfirmed: true}) whose flush fails: the event's answer",
    run: (object) => unconfirmedDuringFailure(object, (storage) => storage.delete('k', { allowUnconfirmed: true })),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-unconfirmed-ignored-setalarm': {
    does: "setAlarm(later, {allowUnconfirmed: true}) whose flush fails: the event's answer",
    run: (object) => unconfirmedDuringFailure(object, async (storage) => storage.setAlarm(object.context.runtime.clock.now() + 60_000, { allowUnconfirmed: true })),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-getalarm-options-refused': {
    does: 'getAlarm({allowConcurrency: true})',
    run: (object) => outcome(object.inside((storage) => storage.getAlarm({ allowConcurrency: true }))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-txn-rollback-rejects': {
    does: 'transaction() whose closure calls rollback() and returns',
    run: (object) => outcome(object.inside((storage) => storage.transaction(async (txn) => { txn.rollback(); return 1; }))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-txn-delete-ignores-own-writes': {
    does: "in a transaction: txn.put('k', 1), then txn.delete('k')",
    run: (object) => object.inside((storage) => storage.transaction(async (txn) => { await txn.put('k', 1); return txn.delete('k'); })),
    reference: true,
    variant: false,
  },
  'r5-deleteall-deferred-reads': {
    does: "put('a', 1), deleteAll(), get('a') in the same turn of flushes",
    run: (object) => object.inside(async (storage) => {
      await storage.put('a', 1);
      await storage.deleteAll();
      return storage.get('a');
    }),
    reference: undefined,
    variant: 1,
  },
  'r5-alarm-past-dropped': {
    does: 'setAlarm(a second ago): whether the handler ran',
    run: async (object) => {
      const { clock, storage } = object.object;
      await storage.setAlarm((await clock!.now()) - 1000);
      await clock!.advance(0);
      return handlerRan(object);
    },
    reference: true,
    variant: false,
  },
  'r5-alarm-retry-hidden': {
    does: 'an alarm whose run fails (its flush fails): whether getAlarm() answers null while the retry waits',
    run: async (object) => {
      const { clock, storage } = object.object;
      await storage.setAlarm((await clock!.now()) + 1000);
      object.context.runtime.failNextFlush();
      await clock!.advance(1000);
      return (await storage.getAlarm()) === null;
    },
    reference: false,
    variant: true,
  },
  'r5-alarm-second-granularity': {
    does: 'setAlarm(next whole second + 900 ms), advance to that second + 1 ms: whether the handler ran',
    run: async (object) => {
      const { clock, storage } = object.object;
      const now = await clock!.now();
      const second = Math.floor(now / 1000) * 1000 + 1000;
      await storage.setAlarm(second + 900);
      await clock!.advance(second + 1 - now);
      return handlerRan(object);
    },
    reference: false,
    variant: true,
  },
  'r5-alarm-delete-none-refused': {
    does: 'deleteAlarm() with no alarm set',
    run: (object) => outcome(object.inside((storage) => storage.deleteAlarm())),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-gate-none-for-writes': {
    does: "another event runs while the first awaits put('k', 1) and a few non-I/O awaits after it",
    run: (object) => interleavesDuring(object, (storage) => storage.put('k', 1)),
    reference: false,
    variant: true,
  },
  'r5-sql-rowsread-when-consumed': {
    does: 'SELECT of three rows, one next(): whether rowsRead is above 0',
    run: (object) => withRows(object, (exec) => { const cursor = exec('SELECT v FROM t'); cursor.next(); return cursor.rowsRead > 0; }),
    reference: true,
    variant: false,
  },
  'r5-sql-rowswritten-per-statement': {
    does: 'UPDATE of three rows: rowsWritten',
    run: (object) => withRows(object, (exec) => exec('UPDATE t SET v = v + 1').rowsWritten),
    reference: 3,
    variant: 1,
  },
  'r5-sql-bindings-as-text': {
    does: "SELECT ? AS v bound to 5: typeof the value",
    run: (object) => withRows(object, (exec) => typeof exec('SELECT ? AS v', 5).one().v),
    reference: 'number',
    variant: 'string',
  },
  'r5-sql-blob-as-view': {
    does: "SELECT x'0102' AS b: the value's class",
    run: (object) => withRows(object, (exec) => Object.prototype.toString.call(exec("SELECT x'0102' AS b").one().b)),
    reference: '[object ArrayBuffer]',
    variant: '[object Uint8Array]',
  },
  'r5-sql-null-as-undefined': {
    does: 'SELECT NULL AS n: whether the value is null',
    run: (object) => withRows(object, (exec) => exec('SELECT NULL AS n').one().n === null),
    reference: true,
    variant: false,
  },
  'r5-sql-columnnames-from-rows': {
    does: 'SELECT 1 AS a, 2 AS b: columnNames before any row is read',
    run: (object) => withRows(object, (exec) => exec('SELECT 1 AS a, 2 AS b').columnNames),
    reference: ['a', 'b'],
    variant: [],
  },
  'r5-sql-raw-one-object': {
    does: 'SELECT 1 AS a: whether raw().one() answers an array',
    run: (object) => withRows(object, (exec) => Array.isArray(exec('SELECT 1 AS a').raw().one())),
    reference: true,
    variant: false,
  },
  'r5-sql-iterate-from-start': {
    does: 'SELECT of three rows, one next(), then for-of: the rows it yields',
    run: (object) => withRows(object, (exec) => {
      const cursor = exec('SELECT v FROM t ORDER BY v');
      cursor.next();
      const rows: unknown[] = [];
      for (const row of cursor) rows.push(row.v);
      return rows;
    }),
    reference: [2, 3],
    variant: [1, 2, 3],
  },
  'r5-pitr-window-seconds': {
    does: 'getBookmarkForTime(an hour ago)',
    run: async ({ object }) => outcome(object.storage.getBookmarkForTime!((await object.clock!.now()) - 3_600_000)),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-pitr-time-now-refused': {
    does: 'getBookmarkForTime(now)',
    run: async ({ object }) => outcome(object.storage.getBookmarkForTime!(await object.clock!.now())),
    reference: 'resolved',
    variant: 'rejected',
  },
  'r5-pitr-for-time-current': {
    does: "put('a', 1) at t, a second later put('a', 2): whether getBookmarkForTime(t) is the current bookmark",
    run: async ({ object }) => {
      const { storage, clock } = object;
      await storage.put('a', 1);
      const t = await clock!.now();
      await clock!.advance(1000);
      await storage.put('a', 2);
      return (await storage.getBookmarkForTime!(t)) === (await storage.getCurrentBookmark!());
    },
    reference: false,
    variant: true,
  },
  'r5-sqlite-kv-lost-on-restart': {
    does: "put('a', 1), restart, get('a')",
    run: async ({ object }) => {
      await object.storage.put('a', 1);
      await object.restart();
      return object.storage.get('a');
    },
    reference: 1,
    variant: undefined,
  },
};
