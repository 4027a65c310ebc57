// The key-value model shared by the model-based spec (suites/storage/model.spec.ts) and the
// benchmark of model-based cases per second (bench/model-rate.ts): random sequences of get,
// get(keys[]), put, put(entries), delete, delete(keys[]), deleteAll and list (with start,
// startAfter, end, prefix, reverse, limit), each checked against a plain Map sorted by UTF-8 bytes.
// How a disagreement is reported is the caller's: vitest's expect in the spec, node:assert in the
// bench; what it says is the model's (the operation, the state it met, expected and received, and
// the operations before it).

import fc from 'fast-check';
import { expect } from 'vitest';
import type { ListOptions, ObjectStorage, StorageAdapter, StorageObject } from '../../contract/storage.js';
import type { UnawaitedCall } from '../../contract/scenarios.js';

export type Model = {
  entries: Map<string, unknown>;
  /** The operations run so far on this object, as written in a failure message. */
  history: string[];
};
/** The object under test: its storage from outside (each call an event), and the object for a turn run inside it. */
export type Real = { storage: ObjectStorage; object: StorageObject };
type KvCommand = fc.AsyncCommand<Model, Real>;

const utf8 = (key: string): Buffer => Buffer.from(key, 'utf8');
const byUtf8 = (a: string, b: string): number => Buffer.compare(utf8(a), utf8(b));

/** The model's pairs, ascending by UTF-8 bytes. */
const sortedPairs = (model: Model): [string, unknown][] => [...model.entries.entries()].sort(([a], [b]) => byUtf8(a, b));

/** What list(options) must return, computed on the model. */
export function modelList(model: Model, options: ListOptions): [string, unknown][] {
  let pairs = sortedPairs(model).filter(([key]) =>
    (options.start === undefined || byUtf8(key, options.start) >= 0)
    && (options.startAfter === undefined || byUtf8(key, options.startAfter) > 0)
    && (options.end === undefined || byUtf8(key, options.end) < 0)
    && (options.prefix === undefined || key.startsWith(options.prefix)));
  if (options.reverse) pairs = pairs.reverse();
  return options.limit === undefined ? pairs : pairs.slice(0, options.limit);
}

/** JSON with every character outside printable ASCII escaped, so that counterexamples are readable. */
const UNDEFINED = '\u0000undefined\u0000';
const show = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v === undefined ? UNDEFINED : v))
  .replaceAll(JSON.stringify(UNDEFINED), 'undefined')
  .replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

/**
 * Fails unless `actual` deeply equals `expected`; `describe()` says how, in the model's terms
 * (built only on failure: the model runs thousands of operations). `implicated` names the
 * requirements whose rules the operation's answer depends on: a disagreement shows one of them
 * violated, and says nothing of the others the model checks.
 */
export type Equal = (actual: unknown, expected: unknown, describe: () => string, implicated: Implicated) => void;

/** What a disagreement implicates: requirements, and for a list() call the case that can be narrowed down (isolateListFailure). */
export interface Implicated {
  requirements: string[];
  list?: { entries: [string, unknown][]; options: ListOptions };
}

/** The requirements a list(options) answer depends on, given the state it met. */
export function listRequirements(options: ListOptions, model: Model): string[] {
  const ids = ['ST-LIST-ORDER-UTF8'];
  if (Object.keys(options).length === 0) ids.push('ST-KV-LIST-ALL');
  if (options.start !== undefined) ids.push('ST-LIST-START-INCLUSIVE');
  if (options.startAfter !== undefined) ids.push('ST-LIST-START-AFTER-EXCLUSIVE');
  if (options.end !== undefined) ids.push('ST-LIST-END-EXCLUSIVE');
  if (options.prefix !== undefined) ids.push('ST-LIST-PREFIX');
  if (options.limit !== undefined) ids.push('ST-LIST-LIMIT');
  if (options.reverse) {
    ids.push('ST-LIST-REVERSE');
    if (options.start !== undefined || options.startAfter !== undefined || options.end !== undefined) ids.push('ST-LIST-REVERSE-BOUNDS');
    if (options.limit !== undefined) ids.push('ST-LIST-REVERSE-LIMIT-HIGH-END');
  }
  const low = options.start ?? options.startAfter;
  if (low !== undefined && options.end !== undefined && byUtf8(options.end, low) <= 0) ids.push('ST-LIST-END-NOT-AFTER-START-EMPTY');
  if (model.entries.has('')) ids.push('ST-LIST-EMPTY-KEY');
  return ids;
}

/** A disagreement in the model's terms. */
function disagreement(model: Model, operation: string, actual: unknown, expected: unknown): () => string {
  return () => [
    `${operation} answered differently from the model`,
    `  state it met (${model.entries.size} ${model.entries.size === 1 ? 'pair' : 'pairs'}, ascending by UTF-8): {${sortedPairs(model).map(([k, v]) => `${show(k)}: ${show(v)}`).join(', ')}}`,
    `  expected: ${show(expected)}`,
    `  received: ${show(actual)}`,
    `  operations before it, on a fresh object: ${model.history.length === 0 ? '(none)' : model.history.join('; ')}`,
  ].join('\n');
}

/**
 * An arbitrary built the first time it is used, then the same as `build()`'s. fast-check builds a
 * table of every code point for a 'binary' string (a second or two), which importing this module
 * to list the specs (`specgate list`, no spec runs) must not pay.
 */
function builtWhenUsed<T>(build: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  let built: fc.Arbitrary<T> | undefined;
  const arbitrary = () => (built ??= build());
  return new (class extends fc.Arbitrary<T> {
    generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> { return arbitrary().generate(mrng, biasFactor); }
    canShrinkWithoutContext(value: unknown): value is T { return arbitrary().canShrinkWithoutContext(value); }
    shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> { return arbitrary().shrink(value, context); }
  })();
}

// Keys that share prefixes ('a', 'ab', 'abc'; U+10000 and U+10000 'a'), that order differently in
// UTF-8 and in UTF-16 (U+E000..U+FFFF against U+10000 and above), and the empty key; the edges of
// a prefix read as something else (upper and lower case, SQL LIKE's % _ and its escape \, astral
// characters at the start, inside and at the end of a key); arbitrary code points (no lone
// surrogates: they have no UTF-8 form) cover the rest.
const CHOSEN_KEYS = ['', 'a', 'ab', 'abc', 'b', 'ba', 'bb', 'c', 'é', 'éa', '\uE000', '\uFFFF', '\u{10000}', '\u{10000}a', '\u{1F600}'];
const EDGE_KEYS = ['A', 'Ab', 'a%', 'a%b', 'a_', 'axb', 'a\\', 'a\\b', '%', '_', '\\', 'a\u{1F600}', 'a\u{1F600}b', '\u{1F600}a'];
const key = fc.oneof(
  { arbitrary: fc.constantFrom(...CHOSEN_KEYS), weight: 6 },
  { arbitrary: fc.constantFrom(...EDGE_KEYS), weight: 2 },
  { arbitrary: builtWhenUsed(() => fc.string({ unit: 'binary', maxLength: 3 })), weight: 1 },
);
// Bounds are stored keys or fall between them ('aa', 'b\0', U+F000), or past them all.
const bound = fc.oneof(
  { arbitrary: key, weight: 4 },
  { arbitrary: fc.constantFrom('aa', 'b\u0000', 'bab', '\uF000', '\u{10000}\u0000', 'zz'), weight: 1 },
);
const prefix = fc.oneof(
  { arbitrary: fc.constantFrom('', 'a', 'ab', 'b', 'é', '\uE000', '\u{10000}', 'zz'), weight: 3 },
  { arbitrary: fc.constantFrom('A', 'a%', 'a_', 'a\\', '%', '_', '\\', 'a\u{1F600}', '\u{1F600}'), weight: 2 },
);
// Limits at the edges: 1, around the number of pairs a range holds, and more than any.
const limit = fc.integer({ min: 1, max: 10 });
const value = fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.record({ n: fc.integer() }));
const keyBatch = fc.uniqueArray(key, { minLength: 1, maxLength: 6 });

// start and startAfter cannot be combined: at most one of them.
const lowerBound: fc.Arbitrary<Pick<ListOptions, 'start' | 'startAfter'>> = fc.oneof(fc.constant({}), fc.record({ start: bound }), fc.record({ startAfter: bound }));
const reversed = <T extends ListOptions>(options: fc.Arbitrary<T>) => options.map((o) => ({ ...o, reverse: true }));

// Every combination of the options, and the ones whose rules are easiest to misread drawn often:
// startAfter with reverse, prefix with reverse and limit, end with reverse, bounds with limits.
const listOptions: fc.Arbitrary<ListOptions> = fc.oneof(
  fc.tuple(fc.record({ end: bound, prefix, reverse: fc.boolean(), limit }, { requiredKeys: [] }), lowerBound).map(([options, lower]) => ({ ...options, ...lower })),
  reversed(fc.record({ startAfter: bound, limit, end: bound }, { requiredKeys: ['startAfter'] })),
  reversed(fc.record({ prefix, limit, start: bound }, { requiredKeys: ['prefix', 'limit'] })),
  reversed(fc.record({ end: bound, limit, start: bound }, { requiredKeys: ['end'] })),
  fc.tuple(fc.record({ end: bound, limit, reverse: fc.boolean() }, { requiredKeys: ['limit'] }), lowerBound).map(([options, lower]) => ({ ...options, ...lower })),
);

// A turn's calls work on few keys, so that a call meets what an earlier call of the turn wrote.
const turnKey = fc.oneof({ arbitrary: fc.constantFrom('a', 'ab', 'b'), weight: 4 }, { arbitrary: key, weight: 1 });
const turnKeys = fc.uniqueArray(turnKey, { minLength: 1, maxLength: 3 });
const turnCall: fc.Arbitrary<UnawaitedCall> = fc.oneof(
  { arbitrary: fc.tuple(turnKey, value).map(([k, v]): UnawaitedCall => ({ op: 'put', key: k, value: v })), weight: 4 },
  { arbitrary: fc.uniqueArray(fc.tuple(turnKey, value), { minLength: 1, maxLength: 3, selector: ([k]) => k }).map((pairs): UnawaitedCall => ({ op: 'putEntries', pairs })), weight: 2 },
  { arbitrary: turnKey.map((k): UnawaitedCall => ({ op: 'delete', key: k })), weight: 3 },
  { arbitrary: turnKeys.map((keys): UnawaitedCall => ({ op: 'deleteKeys', keys })), weight: 2 },
  { arbitrary: fc.constant<UnawaitedCall>({ op: 'deleteAll' }), weight: 2 },
  { arbitrary: turnKey.map((k): UnawaitedCall => ({ op: 'get', key: k })), weight: 2 },
  { arbitrary: turnKeys.map((keys): UnawaitedCall => ({ op: 'getKeys', keys })), weight: 1 },
  { arbitrary: fc.constant<UnawaitedCall>({ op: 'list' }), weight: 2 },
);
const turnCalls = fc.array(turnCall, { minLength: 2, maxLength: 6 });

/** What a write answers is not checked (the document gives put and deleteAll no value). */
const WRITE = Symbol('a write');

/** Applies one call of a turn to the model; answers what the call must answer (WRITE for a write). */
function applyToModel(model: Model, call: UnawaitedCall): unknown {
  switch (call.op) {
    case 'get': return model.entries.get(call.key);
    case 'getKeys': return sortedPairs(model).filter(([k]) => call.keys.includes(k));
    case 'list': return sortedPairs(model);
    case 'put': model.entries.set(call.key, call.value); return WRITE;
    case 'putEntries': for (const [k, v] of call.pairs) model.entries.set(k, v); return WRITE;
    case 'deleteAll': model.entries.clear(); return WRITE;
    case 'delete': return model.entries.delete(call.key);
    case 'deleteKeys': return call.keys.filter((k) => model.entries.delete(k)).length;
  }
}

/** What call `at` of a turn would answer had it met the state after each call issued after it (none of which it may see). */
function answersAfterLaterCalls(model: Model, calls: UnawaitedCall[], at: number): unknown[] {
  const later: Model = { entries: new Map(model.entries), history: [] };
  calls.slice(0, at).forEach((call) => applyToModel(later, call));
  return calls.slice(at + 1).map((call) => {
    applyToModel(later, call);
    return applyToModel({ entries: new Map(later.entries), history: [] }, calls[at]!);
  }).filter((answer) => answer !== WRITE);
}

/** The requirements one call's answer in a turn depends on. */
function turnRequirements(call: UnawaitedCall, expected: unknown): string[] {
  switch (call.op) {
    case 'get': return [expected === undefined ? 'ST-KV-GET-MISSING-UNDEFINED' : 'ST-KV-GET-SINGLE'];
    case 'getKeys': return ['ST-KV-GET-BATCH-MAP'];
    case 'list': return ['ST-KV-LIST-ALL'];
    case 'delete': return [expected ? 'ST-KV-DELETE-EXISTING-TRUE' : 'ST-KV-DELETE-MISSING-FALSE'];
    case 'deleteKeys': return ['ST-KV-DELETE-BATCH-COUNT'];
    default: return [];
  }
}

const showCall = (call: UnawaitedCall): string => {
  switch (call.op) {
    case 'put': return `put(${show(call.key)}, ${show(call.value)})`;
    case 'putEntries': return `put(${show(Object.fromEntries(call.pairs))})`;
    case 'get': case 'delete': return `${call.op}(${show(call.key)})`;
    case 'getKeys': return `get(${show(call.keys)})`;
    case 'deleteKeys': return `delete(${show(call.keys)})`;
    default: return `${call.op}()`;
  }
};

/** Sequences of up to 50 key-value commands whose results are checked with `equal`. */
export function kvCommands(equal: Equal): fc.Arbitrary<Iterable<KvCommand>> {
  /**
   * Checks one answer against the model. Writes are seen only through the reads: a lost write shows
   * as a read that does not return what was written, which is how its requirement is worded.
   */
  const check = (model: Model, operation: string, actual: unknown, expected: unknown, implicated: string[], list?: ListOptions) =>
    equal(actual, expected, disagreement(model, operation, actual, expected), {
      requirements: implicated,
      ...(list && { list: { entries: sortedPairs(model), options: list } }),
    });

  class Get implements KvCommand {
    constructor(readonly key: string) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      check(model, this.toString(), await storage.get(this.key), model.entries.get(this.key), [model.entries.has(this.key) ? 'ST-KV-GET-SINGLE' : 'ST-KV-GET-MISSING-UNDEFINED']);
      model.history.push(this.toString());
    }
    toString = () => `get(${show(this.key)})`;
  }

  class GetBatch implements KvCommand {
    constructor(readonly keys: string[]) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      const expected = sortedPairs(model).filter(([key]) => this.keys.includes(key));
      const missing = this.keys.some((key) => !model.entries.has(key));
      check(model, this.toString(), [...(await storage.get(this.keys)).entries()], expected,
        ['ST-KV-GET-BATCH-MAP', 'ST-KV-GET-BATCH-SORTED-UTF8', ...(missing ? ['ST-KV-GET-BATCH-MISSING-OMITTED'] : [])]);
      model.history.push(this.toString());
    }
    toString = () => `get(${show(this.keys)})`;
  }

  class Put implements KvCommand {
    constructor(readonly key: string, readonly value: unknown) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      await storage.put(this.key, this.value);
      model.entries.set(this.key, this.value);
      model.history.push(this.toString());
    }
    toString = () => `put(${show(this.key)}, ${show(this.value)})`;
  }

  class PutEntries implements KvCommand {
    constructor(readonly pairs: [string, unknown][]) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      await storage.put(Object.fromEntries(this.pairs));
      for (const [key, value] of this.pairs) model.entries.set(key, value);
      model.history.push(this.toString());
    }
    toString = () => `put(${show(Object.fromEntries(this.pairs))})`;
  }

  class Delete implements KvCommand {
    constructor(readonly key: string) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      check(model, this.toString(), await storage.delete(this.key), model.entries.has(this.key), [model.entries.has(this.key) ? 'ST-KV-DELETE-EXISTING-TRUE' : 'ST-KV-DELETE-MISSING-FALSE']);
      model.entries.delete(this.key);
      model.history.push(this.toString());
    }
    toString = () => `delete(${show(this.key)})`;
  }

  class DeleteBatch implements KvCommand {
    constructor(readonly keys: string[]) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      const existing = this.keys.filter((key) => model.entries.has(key)).length;
      check(model, this.toString(), await storage.delete(this.keys), existing, ['ST-KV-DELETE-BATCH-COUNT']);
      for (const key of this.keys) model.entries.delete(key);
      model.history.push(this.toString());
    }
    toString = () => `delete(${show(this.keys)})`;
  }

  class DeleteAll implements KvCommand {
    check = () => true;
    async run(model: Model, { storage }: Real) {
      await storage.deleteAll();
      model.entries.clear();
      model.history.push(this.toString());
    }
    toString = () => 'deleteAll()';
  }

  class List implements KvCommand {
    constructor(readonly options: ListOptions) {}
    check = () => true;
    async run(model: Model, { storage }: Real) {
      check(model, this.toString(), [...(await storage.list(this.options)).entries()], modelList(model, this.options), listRequirements(this.options, model), this.options);
      model.history.push(this.toString());
    }
    toString = () => `list(${show(this.options)})`;
  }

  /**
   * Calls issued inside the object in one turn, with no await between them: each answer (delete's
   * boolean, delete(keys)'s count, get, list) must see the writes and deletes issued before it in
   * the turn, not yet flushed, as the sequential model does; after the turn, list() shows what it
   * left (a deleteAll removes what the turn put before it, and keeps what it puts after).
   */
  class Turn implements KvCommand {
    constructor(readonly calls: UnawaitedCall[]) {}
    check = () => true;
    async run(model: Model, { object, storage }: Real) {
      const answers = await object.run<unknown[]>('unawaitedCalls', { calls: this.calls });
      let clearedInTurn = false;
      this.calls.forEach((call, i) => {
        const answeredLater = answersAfterLaterCalls(model, this.calls, i);
        const expected = applyToModel(model, call);
        // A wrong answer after a deleteAll of the same turn shows deleteAll's rule broken (it removes
        // what the turn wrote before it), not the reading method's; an answer that is what the call
        // would answer after calls issued later in the turn shows it not isolated from them.
        const implicated = answeredLater.some((later) => same(answers[i], later)) ? ['ST-CONS-METHOD-ATOMIC']
          : clearedInTurn && call.op !== 'put' && call.op !== 'putEntries' ? ['ST-KV-DELETEALL'] : turnRequirements(call, expected);
        if (call.op === 'deleteAll') clearedInTurn = true;
        if (expected !== WRITE) check(model, `${showCall(call)}, call ${i + 1} of the turn ${this}`, answers[i], expected, implicated);
      });
      const left = sortedPairs(model);
      check(model, `list() after the turn ${this}`, [...(await storage.list()).entries()], left,
        clearedInTurn ? ['ST-KV-DELETEALL'] : ['ST-CONS-WRITES-COALESCED']);
      model.history.push(this.toString());
    }
    toString = () => `[${this.calls.map(showCall).join(', ')}] (no await between)`;
  }

  // Lists are drawn most: every other command only builds the state they are checked against.
  return fc.commands<Model, Real, false>([
    key.map((k) => new Get(k)),
    keyBatch.map((keys) => new GetBatch(keys)),
    fc.tuple(key, value).map(([k, v]) => new Put(k, v)),
    fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 8, selector: ([k]) => k }).map((pairs) => new PutEntries(pairs)),
    fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 8, selector: ([k]) => k }).map((pairs) => new PutEntries(pairs)),
    key.map((k) => new Delete(k)),
    keyBatch.map((keys) => new DeleteBatch(keys)),
    fc.constant(new DeleteAll()),
    listOptions.map((options) => new List(options)),
    listOptions.map((options) => new List(options)),
    listOptions.map((options) => new List(options)),
    fc.constant(new List({})),
    turnCalls.map((calls) => new Turn(calls)),
    turnCalls.map((calls) => new Turn(calls)),
  ], { maxCommands: 50, size: 'medium' });
}

/** Runs one sequence on a fresh object (each starts from empty storage, as the model does). */
export async function runOnFreshObject(adapter: StorageAdapter, sequence: Iterable<KvCommand>): Promise<void> {
  const object = await adapter.create();
  try {
    await fc.asyncModelRun(() => ({ model: { entries: new Map(), history: [] }, real: { storage: object.storage, object } }), sequence);
  } finally {
    await object.destroy();
  }
}

/**
 * Narrows a list() disagreement down to the rule it breaks: on a fresh object holding the same
 * pairs, the call is repeated with every subset of its options; the smallest subsets that still
 * disagree name the requirements (startAfter with reverse, say, rather than every rule the call
 * involved). `same` compares an answer with the model's; null when no subset disagrees (a
 * disagreement that depends on the history, not on the state).
 */
export async function isolateListFailure(adapter: StorageAdapter, entries: [string, unknown][], options: ListOptions, same: (actual: unknown, expected: unknown) => boolean): Promise<string[] | null> {
  const model: Model = { entries: new Map(entries), history: [] };
  const object = await adapter.create();
  try {
    for (let at = 0; at < entries.length; at += 100) await object.storage.put(Object.fromEntries(entries.slice(at, at + 100)));
    const names = (Object.keys(options) as (keyof ListOptions)[]).filter((name) => options[name] !== undefined);
    const subsets = Array.from({ length: 2 ** names.length }, (_, bits) => names.filter((_, i) => bits & (1 << i)))
      .sort((a, b) => a.length - b.length);
    const failing: (keyof ListOptions)[][] = [];
    for (const subset of subsets) {
      if (failing.some((smaller) => smaller.every((name) => subset.includes(name)))) continue;
      const probe = Object.fromEntries(subset.map((name) => [name, options[name]])) as ListOptions;
      const actual = await object.storage.list(probe).then((map) => [...map.entries()], (error: unknown) => error);
      if (!same(actual, modelList(model, probe))) failing.push(subset);
    }
    if (failing.length === 0) return null;
    return [...new Set(failing.flatMap((subset) => rulesOf(subset, options, model)))];
  } finally {
    await object.destroy();
  }
}

/** Whether these strings sort differently by UTF-8 and by UTF-16 code units (U+E000..U+FFFF against U+10000 and above). */
function ordersDiffer(strings: string[]): boolean {
  const byUtf16 = [...strings].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const inUtf8 = [...strings].sort(byUtf8);
  return byUtf16.some((text, i) => text !== inUtf8[i]);
}

/** The requirement a smallest disagreeing set of list options breaks. */
function rulesOf(subset: (keyof ListOptions)[], options: ListOptions, model: Model): string[] {
  const has = (...names: (keyof ListOptions)[]) => subset.length === names.length && names.every((name) => subset.includes(name));
  if (subset.length === 0) return model.entries.has('') ? ['ST-LIST-ORDER-UTF8', 'ST-KV-LIST-ALL', 'ST-LIST-EMPTY-KEY'] : ['ST-LIST-ORDER-UTF8', 'ST-KV-LIST-ALL'];
  const single: Partial<Record<keyof ListOptions, string>> = {
    start: 'ST-LIST-START-INCLUSIVE', startAfter: 'ST-LIST-START-AFTER-EXCLUSIVE', end: 'ST-LIST-END-EXCLUSIVE',
    prefix: 'ST-LIST-PREFIX', limit: 'ST-LIST-LIMIT', reverse: 'ST-LIST-REVERSE',
  };
  // A bound compared in another order than UTF-8 (JavaScript's) breaks where the orders differ.
  const bounds = (['start', 'startAfter', 'end'] as const).filter((name) => subset.includes(name)).map((name) => options[name]!);
  const order = bounds.length > 0 && ordersDiffer([...model.entries.keys(), ...bounds]) ? ['ST-LIST-ORDER-UTF8'] : [];
  if (subset.length === 1) return [single[subset[0]!]!, ...order];
  if (has('reverse', 'start') || has('reverse', 'end')) return ['ST-LIST-REVERSE-BOUNDS'];
  // The document's reverse rule names start and end; startAfter stays exclusive under it too.
  if (has('reverse', 'startAfter')) return ['ST-LIST-START-AFTER-EXCLUSIVE'];
  if (has('reverse', 'limit')) return ['ST-LIST-REVERSE-LIMIT-HIGH-END'];
  const low = options.start ?? options.startAfter;
  if ((has('start', 'end') || has('startAfter', 'end')) && low !== undefined && options.end !== undefined && byUtf8(options.end, low) <= 0) return ['ST-LIST-END-NOT-AFTER-START-EMPTY'];
  // Rules that only break together: each involved.
  return listRequirements(Object.fromEntries(subset.map((name) => [name, options[name]])) as ListOptions, model);
}

/** Whether two values are equal as vitest's toEqual says (the model specs' comparison). */
export const same = (actual: unknown, expected: unknown): boolean => {
  try {
    expect(actual).toEqual(expected);
    return true;
  } catch {
    return false;
  }
};
