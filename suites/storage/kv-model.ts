// The key-value model shared by the model-based spec (suites/storage/model.spec.ts) and the
// benchmark of model-based cases per second (bench/model-rate.ts): random sequences of get,
// get(keys[]), put, put(entries), delete, delete(keys[]), deleteAll and list (with start,
// startAfter, end, prefix, reverse, limit), each checked against a plain Map sorted by UTF-8 bytes.
// How a disagreement is reported is the caller's: vitest's expect in the spec, node:assert in the bench.

import fc from 'fast-check';
import type { ListOptions, ObjectStorage, StorageAdapter } from '../../src/storage/contract.js';

export type Model = { entries: Map<string, unknown> };
export type Real = { storage: ObjectStorage };
type KvCommand = fc.AsyncCommand<Model, Real>;

const utf8 = (key: string): Buffer => Buffer.from(key, 'utf8');
const byUtf8 = (a: string, b: string): number => Buffer.compare(utf8(a), utf8(b));

/** The model's pairs, ascending by UTF-8 bytes. */
const sortedPairs = (model: Model): [string, unknown][] => [...model.entries.entries()].sort(([a], [b]) => byUtf8(a, b));

/** What list(options) must return, computed on the model. */
function modelList(model: Model, options: ListOptions): [string, unknown][] {
  let pairs = sortedPairs(model).filter(([key]) =>
    (options.start === undefined || byUtf8(key, options.start) >= 0)
    && (options.startAfter === undefined || byUtf8(key, options.startAfter) > 0)
    && (options.end === undefined || byUtf8(key, options.end) < 0)
    && (options.prefix === undefined || key.startsWith(options.prefix)));
  if (options.reverse) pairs = pairs.reverse();
  return options.limit === undefined ? pairs : pairs.slice(0, options.limit);
}

/** JSON with every character outside printable ASCII escaped, so that counterexamples are readable. */
const show = (value: unknown): string => JSON.stringify(value).replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

/** Fails with `message` unless `actual` deeply equals `expected`. */
export type Equal = (actual: unknown, expected: unknown, message: string) => void;

// Chosen keys collide often and straddle the places where UTF-8 and UTF-16 order differ;
// arbitrary code points (no lone surrogates: they have no UTF-8 form) cover the rest.
const key = fc.oneof(
  { arbitrary: fc.constantFrom('', 'a', 'ab', 'b', 'é', '\uE000', '\uFFFF', '\u{10000}', '\u{10000}a', '\u{1F600}'), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 3 }), weight: 1 },
);
const value = fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.record({ n: fc.integer() }));
const keyBatch = fc.uniqueArray(key, { minLength: 1, maxLength: 6 });
const listOptions: fc.Arbitrary<ListOptions> = fc.tuple(
  fc.record({ end: key, prefix: fc.oneof(key, fc.constantFrom('a', '\uE000', '\u{10000}')), reverse: fc.boolean(), limit: fc.integer({ min: 1, max: 5 }) }, { requiredKeys: [] }),
  // start and startAfter cannot be combined: at most one of them.
  fc.oneof(fc.constant({}), fc.record({ start: key }), fc.record({ startAfter: key })),
).map(([options, lower]) => ({ ...options, ...lower }));

/** Sequences of up to 50 key-value commands whose results are checked with `equal`. */
export function kvCommands(equal: Equal): fc.Arbitrary<Iterable<KvCommand>> {
  class Get implements KvCommand {
    constructor(readonly key: string) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      equal(await storage.get(this.key), model.entries.get(this.key), `get(${show(this.key)})`);
    }
    toString = () => `get(${show(this.key)})`;
  }

  class GetBatch implements KvCommand {
    constructor(readonly keys: string[]) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      const expected = sortedPairs(model).filter(([key]) => this.keys.includes(key));
      equal([...(await storage.get(this.keys)).entries()], expected, `get(${show(this.keys)})`);
    }
    toString = () => `get(${show(this.keys)})`;
  }

  class Put implements KvCommand {
    constructor(readonly key: string, readonly value: unknown) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      await storage.put(this.key, this.value);
      model.entries.set(this.key, this.value);
    }
    toString = () => `put(${show(this.key)}, ${show(this.value)})`;
  }

  class PutEntries implements KvCommand {
    constructor(readonly pairs: [string, unknown][]) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      await storage.put(Object.fromEntries(this.pairs));
      for (const [key, value] of this.pairs) model.entries.set(key, value);
    }
    toString = () => `put(${show(Object.fromEntries(this.pairs))})`;
  }

  class Delete implements KvCommand {
    constructor(readonly key: string) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      equal(await storage.delete(this.key), model.entries.has(this.key), `delete(${show(this.key)})`);
      model.entries.delete(this.key);
    }
    toString = () => `delete(${show(this.key)})`;
  }

  class DeleteBatch implements KvCommand {
    constructor(readonly keys: string[]) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      const existing = this.keys.filter((key) => model.entries.has(key)).length;
      equal(await storage.delete(this.keys), existing, `delete(${show(this.keys)})`);
      for (const key of this.keys) model.entries.delete(key);
    }
    toString = () => `delete(${show(this.keys)})`;
  }

  class DeleteAll implements KvCommand {
    check = () => true;
    async run(model: Model, { storage }: Real) {
      await storage.deleteAll();
      model.entries.clear();
    }
    toString = () => 'deleteAll()';
  }

  class List implements KvCommand {
    constructor(readonly options: ListOptions) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      equal([...(await storage.list(this.options)).entries()], modelList(model, this.options), `list(${show(this.options)})`);
    }
    toString = () => `list(${show(this.options)})`;
  }

  return fc.commands<Model, Real, false>([
    key.map((k) => new Get(k)),
    keyBatch.map((keys) => new GetBatch(keys)),
    fc.tuple(key, value).map(([k, v]) => new Put(k, v)),
    fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 6, selector: ([k]) => k }).map((pairs) => new PutEntries(pairs)),
    key.map((k) => new Delete(k)),
    keyBatch.map((keys) => new DeleteBatch(keys)),
    fc.constant(new DeleteAll()),
    listOptions.map((options) => new List(options)),
    fc.constant(new List({})),
  ], { maxCommands: 50, size: 'medium' });
}

/** Runs one sequence on a fresh object (each starts from empty storage, as the model does). */
export async function runOnFreshObject(adapter: StorageAdapter, sequence: Iterable<KvCommand>): Promise<void> {
  const object = await adapter.create();
  try {
    await fc.asyncModelRun(() => ({ model: { entries: new Map() }, real: { storage: object.storage } }), sequence);
  } finally {
    await object.destroy();
  }
}
