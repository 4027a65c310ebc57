// What the blind variants of the storage suite are built with (a check of the suite
// written from the storage document alone). Each variant is the bundled reference runtime with
// one behaviour changed, the way an implementer who misread one sentence would have built it:
//
// - a *view*: what ctx.storage looks like to every caller, inside the object (the suite's
//   scenarios and alarm handler) and from outside (each call one event, as the reference's own
//   EventStorage delivers it), so the misreading is the same wherever the suite looks from;
// - a *patch*: changes to one object's runtime (its gates, its alarm scheduler, its restart),
//   made on that object's instances only, never on a reference-impl class, so that variants
//   running side by side in one process cannot leak into each other.

import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { filesOfObject, ObjectRuntime } from '../../../reference-impl/storage/index.js';
import { EventStorage } from '../../../reference-impl/storage/event-storage.js';
import type { ObjectInstance } from '../../../reference-impl/storage/instance.js';
import { storageObject } from '../../../src/adapters/reference.js';
import { alarm, scenarios } from '../../../contract/scenarios.js';
import type { AlarmHandler, ObjectStorage, Scenario, SqlBinding, SqlStorage, SqlStorageCursor, StorageAdapter, StorageObject, StorageTransaction } from '../../../contract/storage.js';

export type Backend = 'kv' | 'sqlite';

/** Who is looking at ctx.storage: code of an event inside the object, the alarm handler, or a call from outside. */
export type Caller = 'event' | 'alarm' | 'outside';

/** One object of a variant: its runtime (private members reachable: a variant patches them) and free state. */
export interface VariantContext {
  readonly runtime: ObjectRuntime;
  /** The runtime's private parts a patch reaches into (TypeScript's `private` is compile-time only). */
  readonly internals: RuntimeInternals;
  /** Whatever the variant remembers per object (a remote runtime would keep it in the instance). */
  readonly state: Record<string, any>;
}

export interface RuntimeInternals {
  instance: ObjectInstance;
  alarms: any;
  enqueue(event: (storage: ObjectStorage) => unknown, fromOutside: boolean): Promise<any>;
  newInstance(): ObjectInstance;
}

export interface VariantDefinition {
  backend: Backend;
  /** ctx.storage as the variant shows it. */
  view?: (storage: ObjectStorage, context: VariantContext, caller: Caller) => ObjectStorage;
  /** Changes the object's runtime once it is made. */
  patch?: (context: VariantContext) => void;
  /** Changes each instance the runtime makes (the first one, and those after a restart or reset). */
  instance?: (instance: ObjectInstance, context: VariantContext) => void;
  /** Changes the contract's object (restart, for instance). */
  object?: (object: StorageObject, context: VariantContext) => StorageObject;
}

const suiteScenarios = scenarios as unknown as Readonly<Record<string, Scenario>>;

/** The same object with some of its members replaced; the others bound to it (private fields work). */
export function override<T extends object>(target: T, members: Record<string | symbol, unknown>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(members, property)) return members[property];
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** The key-value methods both ctx.storage and a transaction's txn offer. */
export type KvMethods = Pick<StorageTransaction, 'get' | 'put' | 'delete' | 'list'>;

/**
 * A view that changes key-value methods the same way on ctx.storage and on every txn (an
 * implementer shares that code): `members(base)` gives the replacements over `base`.
 */
export function kvEverywhere(members: (base: KvMethods, context: VariantContext) => Record<string, unknown>) {
  return (storage: ObjectStorage, context: VariantContext): ObjectStorage => override(storage, {
    ...members(storage, context),
    transaction: (closure: (txn: StorageTransaction) => Promise<unknown>) =>
      storage.transaction((txn) => closure(override(txn, members(txn, context)))),
  });
}

/** Bytes of a key as UTF-8. */
export const utf8Bytes = (key: string): number => Buffer.byteLength(key, 'utf8');

/** Bytes of a value as the reference measures it (its structured-clone serialization). */
export const serializedBytes = (value: unknown): number => serialize(value).length;

/** Keys in JavaScript's UTF-16 code-unit order (what `.sort()` does), not UTF-8 order. */
export const utf16Order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** put(key, value, options?) or put(entries, options?), as one list of pairs and the options. */
export function putArguments(first: unknown, second: unknown, third: unknown): { entries: [string, unknown][]; options: any; single: boolean } {
  if (typeof first === 'string') return { entries: [[first, second]], options: third, single: true };
  return { entries: Object.entries((first ?? {}) as Record<string, unknown>), options: second, single: false };
}

/** The code an object runs inside: the suite's scenarios and alarm handler, or a probe's. */
interface InsideCode {
  scenarios: Readonly<Record<string, Scenario>>;
  alarmHandler: AlarmHandler;
}

const suiteCode: InsideCode = { scenarios: suiteScenarios, alarmHandler: alarm };

function makeObject(definition: VariantDefinition, code: InsideCode = suiteCode): { object: StorageObject; context: VariantContext } {
  let context!: VariantContext;
  const view = (storage: ObjectStorage, caller: Caller): ObjectStorage =>
    (definition.view ? definition.view(storage, context, caller) : storage);
  // On a file, as the bundled reference-sqlite keeps it (src/adapters/reference.ts): the runtime's
  // in-memory SQLite backend differs from it after a restore (the PITR model spec showed it).
  const file = definition.backend === 'sqlite' ? join(tmpdir(), `specgate-object-${randomUUID()}.sqlite`) : undefined;
  const runtime = new ObjectRuntime({
    backend: definition.backend,
    ...(file === undefined ? {} : { sqliteFile: file }),
    scenarios: Object.fromEntries(Object.entries(code.scenarios).map(([scenarioName, scenario]): [string, Scenario] =>
      [scenarioName, (storage, args) => scenario(view(storage, 'event'), args)])),
    alarmHandler: (storage, info) => code.alarmHandler(view(storage, 'alarm'), info),
  });
  const internals = runtime as unknown as RuntimeInternals;
  context = { runtime, internals, state: {} };
  if (definition.instance) {
    const change = definition.instance;
    const newInstance = internals.newInstance.bind(runtime);
    internals.newInstance = () => {
      const instance = newInstance();
      change(instance, context);
      return instance;
    };
    change(internals.instance, context);
  }
  definition.patch?.(context);
  const outside = new EventStorage((event) => internals.enqueue((storage) => event(view(storage, 'outside') as never), true));
  const removeFiles = () => { if (file !== undefined) for (const path of filesOfObject(file)) rmSync(path, { force: true }); };
  const object: StorageObject = { ...storageObject(runtime, removeFiles), storage: outside };
  return { object: definition.object ? definition.object(object, context) : object, context };
}

const definitions = new WeakMap<StorageAdapter, VariantDefinition>();

/** The adapter of one blind variant: `blind-<name>` in reports. */
export function blindVariant(name: string, definition: VariantDefinition): StorageAdapter {
  const sqlite = definition.backend === 'sqlite';
  const adapter: StorageAdapter = {
    name: `blind-${name}`,
    supports: { kv: true, alarms: true, clock: true, faults: true, restart: true, sql: sqlite, pitr: sqlite },
    ...(sqlite ? {} : { outOfScope: ['sql', 'pitr'] }),
    create: async () => makeObject(definition).object,
  };
  definitions.set(adapter, definition);
  return adapter;
}

/** Code a probe runs inside the object, as one event. */
export type ProbeCode<T> = (storage: ObjectStorage, context: VariantContext) => Promise<T>;

/** An object of a variant that runs a probe's own code instead of the suite's scenarios. */
export interface ProbeObject {
  readonly object: StorageObject;
  readonly context: VariantContext;
  /** Runs `code` inside the object as one event (its result crosses by structured clone). */
  inside<T>(code: ProbeCode<T>): Promise<T>;
}

/**
 * An object of `adapter` (a blind variant or a control) for a probe: what shows, without the
 * suite, that a variant really behaves as its misreading says. Its alarm handler notes what
 * getAlarm() answers inside it (`state.seenInHandler`).
 */
export function probeObject(adapter: StorageAdapter): ProbeObject {
  const definition = definitions.get(adapter);
  if (!definition) throw new Error(`${adapter.name} is not a blind variant`);
  const pending = new Map<number, ProbeCode<unknown>>();
  let made!: { object: StorageObject; context: VariantContext };
  const run: Scenario = (storage, id: number) => pending.get(id)!(storage, made.context);
  const alarmHandler: AlarmHandler = async (storage) => { made.context.state.seenInHandler = await storage.getAlarm(); };
  made = makeObject(definition, { scenarios: { probe: run }, alarmHandler });
  let next = 0;
  return {
    ...made,
    inside: <T>(code: ProbeCode<T>) => {
      const id = next++;
      pending.set(id, code as ProbeCode<unknown>);
      return made.object.run<T>('probe', id).finally(() => pending.delete(id));
    },
  };
}

/** Compares keys by their UTF-8 bytes (the document's order). */
export const utf8Order = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * list() as a variant computes it: the base's own checks of the options run first (its errors
 * are the variant's), then `select` picks, from every key in UTF-8 order, the keys to return in
 * the order to return them.
 */
export async function listSelecting(base: KvMethods, options: any, select: (ascending: string[], options: any) => string[]): Promise<Map<string, unknown>> {
  await base.list(options);
  const passOn = options === undefined ? undefined : { allowConcurrency: options.allowConcurrency, noCache: options.noCache };
  const all = await base.list(passOn);
  const chosen = select([...all.keys()], options ?? {});
  return new Map(chosen.map((key) => [key, all.get(key)]));
}

/** What the document's list() selects, in pieces a variant replaces one of. */
export const listRules = {
  afterStart: (key: string, o: any): boolean =>
    (o.start === undefined || utf8Order(key, o.start) >= 0) && (o.startAfter === undefined || utf8Order(key, o.startAfter) > 0),
  beforeEnd: (key: string, o: any): boolean => o.end === undefined || utf8Order(key, o.end) < 0,
  hasPrefix: (key: string, o: any): boolean => o.prefix === undefined || key.startsWith(o.prefix),
  orderAndLimit: (keys: string[], o: any): string[] => {
    const ordered = o.reverse === true ? [...keys].reverse() : keys;
    return o.limit === undefined ? ordered : ordered.slice(0, o.limit);
  },
};

/** The document's selection with some rules replaced. */
export function selectWith(rules: Partial<typeof listRules>) {
  const r = { ...listRules, ...rules };
  return (ascending: string[], o: any): string[] =>
    r.orderAndLimit(ascending.filter((key) => r.afterStart(key, o) && r.beforeEnd(key, o) && r.hasPrefix(key, o)), o);
}

/** The options without `name` (an implementation that does not know the option drops it). */
export function without(options: any, name: string): any {
  if (options === null || typeof options !== 'object' || !(name in options)) return options;
  const { [name]: _dropped, ...rest } = options;
  return rest;
}

/**
 * A view of the SQLite backend whose ctx.storage.sql is changed: `exec` replaces sql.exec (given
 * the real one), `members` replaces other members of sql (databaseSize).
 */
export function sqlView(change: {
  exec?: (exec: SqlStorage['exec'], query: string, bindings: SqlBinding[]) => SqlStorageCursor;
  members?: (sql: SqlStorage) => Record<string, unknown>;
}) {
  return (storage: ObjectStorage): ObjectStorage => override(storage, {
    get sql() {
      const sql = storage.sql;
      if (sql === undefined) return undefined;
      const exec = sql.exec.bind(sql);
      return override(sql, {
        ...(change.exec ? { exec: (query: string, ...bindings: SqlBinding[]) => change.exec!(exec, query, bindings) } : {}),
        ...change.members?.(sql),
      });
    },
  });
}

/** A view whose cursors are changed by `members(cursor)` (for-of iterates the changed cursor). */
export function cursorView(members: (cursor: SqlStorageCursor) => Record<string | symbol, unknown>) {
  return sqlView({
    exec: (exec, query, bindings) => {
      const cursor = exec(query, ...bindings);
      const changed: SqlStorageCursor = override(cursor, { [Symbol.iterator]: () => changed, ...members(cursor) });
      return changed;
    },
  });
}

/**
 * A view whose SQL cursors hand out every column value through `change`, in row objects and raw
 * arrays alike, through next, toArray and one (of the cursor and of raw()).
 */
export function columnValuesView(change: (value: unknown) => unknown) {
  const rowOf = (row: any): any => (Array.isArray(row) ? row.map(change) : Object.fromEntries(Object.entries(row).map(([name, value]) => [name, change(value)])));
  const reader = (source: { next(): IteratorResult<any>; toArray(): any[]; one(): any }) => ({
    next: () => {
      const result = source.next();
      return result.done ? result : { done: false, value: rowOf(result.value) };
    },
    toArray: () => source.toArray().map(rowOf),
    one: () => rowOf(source.one()),
  });
  return cursorView((cursor: SqlStorageCursor) => ({
    ...reader(cursor),
    raw: () => {
      const changed: any = { ...reader(cursor.raw()), [Symbol.iterator]: () => changed };
      return changed;
    },
  }));
}
