// Shared by the broken storage variants: an adapter over a reference backend whose objects'
// `storage` has some methods replaced. Scenarios (object.run) still run on the real storage: each
// misreading is in the API a spec calls directly, except with brokenCursors(), whose misreading
// is inside the object (a SQL cursor).

import { ObjectRuntime } from '../../../reference-impl/storage/index.js';
import { insideCode, referenceAdapter, referenceKvAdapter, storageObject, type InsideView } from '../../../src/adapters/reference.js';
import type { ListOptions, ObjectStorage, SqlStorage, SqlStorageCursor, StorageAdapter, StorageObject, StorageTransaction } from '../../../contract/storage.js';

/** Replacement methods, given the real storage to build on. */
export type Misbehaviour = (real: ObjectStorage) => Partial<ObjectStorage>;

/** `storage` with the replaced methods; every other property is the real one. */
function broken(real: ObjectStorage, misbehaviour: Misbehaviour): ObjectStorage {
  return override(real, misbehaviour(real));
}

/** `real` with some properties replaced; every other property is the real one (methods bound to it). */
export function override<T extends object>(real: T, replacements: Partial<T>): T {
  const replaced = replacements as Record<PropertyKey, unknown>;
  return new Proxy(real, {
    get(target, property) {
      if (Object.hasOwn(replaced, property)) return replaced[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `base`: the reference backend to break (the key-value one unless said otherwise). */
export function brokenAdapter(name: string, misbehaviour: Misbehaviour, base: StorageAdapter = referenceKvAdapter): StorageAdapter {
  return {
    name,
    supports: { ...base.supports },
    ...(base.unsupportedReasons && { unsupportedReasons: base.unsupportedReasons }),
    ...(base.outOfScope && { outOfScope: base.outOfScope }),
    async create(): Promise<StorageObject> {
      const object = await base.create();
      const views = new WeakMap<ObjectStorage, ObjectStorage>();
      return {
        // Looked up on each access, in case restart() gives the object a new storage.
        get storage() {
          let view = views.get(object.storage);
          if (!view) views.set(object.storage, view = broken(object.storage, misbehaviour));
          return view;
        },
        run: (scenario, args) => object.run(scenario, args),
        restart: () => object.restart(),
        ...(object.clock && { clock: object.clock }),
        ...(object.faults && { faults: object.faults }),
        destroy: () => object.destroy(),
      };
    },
    ...(base.close && { close: () => base.close!() }),
  };
}

/**
 * An adapter over the reference SQLite backend whose SQL API, as code inside the object sees it
 * (scenarios, the alarm handler), has some of its cursors' methods replaced: the misreading is in
 * the cursor, which never leaves the object.
 */
export function brokenCursors(
  name: string,
  misbehaviour: (real: SqlStorageCursor, reexecute: () => SqlStorageCursor, query: string) => Partial<SqlStorageCursor>,
): StorageAdapter {
  const brokenSql = (real: SqlStorage): SqlStorage => override(real, {
    exec: (query: string, ...bindings: Parameters<SqlStorage['exec']>[1][]) => {
      const cursor = real.exec(query, ...bindings);
      return override(cursor, misbehaviour(cursor, () => real.exec(query, ...bindings), query));
    },
  });
  return referenceAdapter(name, 'sqlite', (storage) => (storage.sql ? override(storage, { sql: brokenSql(storage.sql) }) : storage));
}

/** Ascending by UTF-8 bytes, as the spec orders keys. */
export const byUtf8 = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * The misreading lives inside the object: the named scenario runs `replacement` instead, given the
 * object and the real `run` (every other scenario runs as usual).
 */
export function withScenario<Args>(
  adapter: StorageAdapter,
  scenario: string,
  replacement: (object: StorageObject, args: Args, run: StorageObject['run']) => Promise<unknown>,
): StorageAdapter {
  return {
    ...adapter,
    async create() {
      const object = await adapter.create();
      const run = object.run.bind(object);
      return Object.assign(object, {
        run: (name: string, args?: unknown) => (name === scenario ? replacement(object, args as Args, run) : run(name, args)) as Promise<any>,
      });
    },
  };
}

/**
 * A local-development runtime without point-in-time recovery, as workerd under miniflare is: the
 * reference key-value backend, whose PITR methods answer as workerd's local runtime does (a
 * placeholder bookmark, then "does not implement point-in-time recovery"), declared as one: its
 * PITR missing rather than out of scope.
 */
export function localRuntime(name: string, misbehaviour: Misbehaviour = () => ({})): StorageAdapter {
  const base = brokenAdapter(name, misbehaviour);
  return {
    ...base,
    outOfScope: ['sql'],
    localDevelopment: true,
    unsupportedReasons: { pitr: `not verified: ${name} is a local-development runtime without point-in-time recovery` },
  };
}

/**
 * An adapter over the reference key-value backend whose runtime itself is changed by `patch` (what
 * no wrapper of ctx.storage reaches: the reset after a failed flush, for instance), and whose code
 * inside the object (scenarios, the alarm handler) sees `inside(storage)`.
 */
export function patchedRuntime(
  name: string,
  patch: (runtime: ObjectRuntime) => void,
  inside: InsideView = (storage) => storage,
  /** What the runtime does once the alarm handler returned (the handler itself is the suite's). */
  afterAlarm: (storage: ObjectStorage) => Promise<void> = async () => {},
): StorageAdapter {
  const inObject = insideCode(inside);
  return {
    name,
    supports: { ...referenceKvAdapter.supports },
    outOfScope: ['sql', 'pitr'],
    async create(): Promise<StorageObject> {
      const runtime = new ObjectRuntime({
        backend: 'kv',
        scenarios: inObject.scenarios,
        alarmHandler: async (storage, info) => {
          await inObject.alarmHandler(storage, info);
          await afterAlarm(storage);
        },
      });
      patch(runtime);
      return storageObject(runtime);
    },
  };
}

/**
 * A patchedRuntime whose every object instance is changed by `patch`: the current one, and each
 * one the runtime makes anew (after a restart). Instances are the runtime's private parts, so
 * `patch` types what it reaches itself.
 */
export function patchedInstances<Instance extends object>(name: string, patch: (instance: Instance) => void): StorageAdapter {
  return patchedRuntime(name, (runtime) => {
    const inner = runtime as unknown as { instance: Instance; newInstance(): Instance };
    patch(inner.instance);
    const newInstance = inner.newInstance.bind(runtime);
    inner.newInstance = () => {
      const instance = newInstance();
      patch(instance);
      return instance;
    };
  });
}

/** How a list() misreading picks and orders pairs; each rule defaults to the document's. */
export interface ListRules {
  /** Whether `key` is in the range of start, startAfter, end and prefix. */
  inRange?(key: string, options: ListOptions): boolean;
  /** The pairs in range (ascending by UTF-8) as list() answers them: ordered by reverse, cut by limit. */
  take?<T>(pairs: [string, T][], options: ListOptions): [string, T][];
}

export const documentedRange = (key: string, options: ListOptions): boolean =>
  (options.start === undefined || byUtf8(key, options.start) >= 0)
  && (options.startAfter === undefined || byUtf8(key, options.startAfter) > 0)
  && (options.end === undefined || byUtf8(key, options.end) < 0)
  && (options.prefix === undefined || key.startsWith(options.prefix));

export function documentedTake<T>(pairs: [string, T][], options: ListOptions): [string, T][] {
  const ordered = options.reverse ? [...pairs].reverse() : pairs;
  return options.limit === undefined ? ordered : ordered.slice(0, options.limit);
}

/** A broken adapter whose list() follows `rules` over the real storage's pairs (the real list() still checks the options). */
export function brokenList(name: string, rules: ListRules): StorageAdapter {
  return brokenAdapter(name, (real) => ({
    async list<T>(options: ListOptions = {}) {
      await real.list(options); // the real refusals (start with startAfter, a limit under 1)
      const inRange = rules.inRange ?? documentedRange;
      const pairs = [...(await real.list<T>()).entries()].filter(([key]) => inRange(key, options));
      return new Map((rules.take ?? documentedTake)(pairs, options));
    },
  }));
}

/**
 * A broken adapter over a reference backend whose misreading is seen from both sides: by the
 * specs' calls on `storage` and by code inside the object (scenarios, the alarm handler).
 */
export function brokenEverywhere(name: string, misbehaviour: Misbehaviour, backend: 'kv' | 'sqlite' = 'kv'): StorageAdapter {
  return brokenAdapter(name, misbehaviour, referenceAdapter(name, backend, (storage) => broken(storage, misbehaviour)));
}

/** A broken adapter over the reference key-value backend whose txn objects, inside the object, have some methods replaced. */
export function brokenTransactions(name: string, misbehaviour: (real: StorageTransaction) => Partial<StorageTransaction>): StorageAdapter {
  return referenceAdapter(name, 'kv', (storage) => override(storage, {
    transaction: (closure) => storage.transaction((txn) => closure(override(txn, misbehaviour(txn)))),
  }));
}

/** A broken adapter over the reference SQLite backend whose sql.exec, inside the object, is replaced (given the real one). */
export function brokenExec(name: string, exec: (real: SqlStorage['exec'], query: string, bindings: Parameters<SqlStorage['exec']>[1][]) => SqlStorageCursor): StorageAdapter {
  return referenceAdapter(name, 'sqlite', (storage) => (storage.sql
    ? override(storage, { sql: override(storage.sql, { exec: (query: string, ...bindings: Parameters<SqlStorage['exec']>[1][]) => exec(storage.sql!.exec.bind(storage.sql), query, bindings) }) })
    : storage));
}
