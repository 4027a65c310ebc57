// Shared by the broken storage variants: an adapter over a reference backend whose objects'
// `storage` has some methods replaced. Scenarios (object.run) still run on the real storage: each
// misreading is in the API a spec calls directly, except with brokenCursors(), whose misreading
// is inside the object (a SQL cursor).

import { referenceAdapter, referenceKvAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, SqlStorage, SqlStorageCursor, StorageAdapter, StorageObject } from '../../../src/storage/contract.js';

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
  misbehaviour: (real: SqlStorageCursor, reexecute: () => SqlStorageCursor) => Partial<SqlStorageCursor>,
): StorageAdapter {
  const brokenSql = (real: SqlStorage): SqlStorage => override(real, {
    exec: (query: string, ...bindings: Parameters<SqlStorage['exec']>[1][]) => {
      const cursor = real.exec(query, ...bindings);
      return override(cursor, misbehaviour(cursor, () => real.exec(query, ...bindings)));
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
