// Every list option with every other one: for each pair of start, startAfter,
// end, prefix, reverse and limit, every combination of a few values of each (bounds on stored keys,
// between them and past them all, the empty key, keys that order differently in UTF-8 and UTF-16,
// prefixes with case, % _ and astral characters), over one store of edge keys, checked against the
// sorted model (kv-model.ts). start with startAfter is the one pair the document refuses. A
// disagreement is narrowed down to the rule it breaks (isolateListFailure), so a failure blames
// those requirements, not every list rule this spec cites.

import { describe, expect } from 'vitest';
import { storageSpec } from '../../src/spec-kit/storage.js';
import type { ListOptions, ObjectStorage, StorageAdapter } from '../../contract/storage.js';
import { isolateListFailure, modelList, same, type Model } from './kv-model.js';

const STORED = ['', 'a', 'A', 'ab', 'abc', 'a%', 'a_', 'a\\', 'b', 'ba', 'é', '\uE000', '\uFFFF', '\u{10000}', '\u{10000}a', '\u{1F600}', 'a\u{1F600}'];
const BOUNDS = ['', 'a', 'ab', 'aa', 'b', '\uF000', '\u{10000}', 'zz'];
const VALUES = {
  start: BOUNDS,
  startAfter: BOUNDS,
  end: BOUNDS,
  prefix: ['', 'a', 'A', 'a%', 'a_', 'ab', '\u{10000}', '\u{1F600}'],
  reverse: [true, false],
  limit: [1, 2, 5],
} satisfies Record<keyof Omit<ListOptions, 'allowConcurrency' | 'noCache'>, unknown[]>;
type Name = keyof typeof VALUES;
const NAMES = Object.keys(VALUES) as Name[];
const PAIRS = NAMES.flatMap((first, i) => NAMES.slice(i + 1).map((second): [Name, Name] => [first, second]));

const show = (value: unknown) => JSON.stringify(value, null, 0).replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

/** Every combination of the two options' values. */
const combinations = ([first, second]: [Name, Name]): ListOptions[] =>
  VALUES[first].flatMap((a) => VALUES[second].map((b) => ({ [first]: a, [second]: b }) as ListOptions));

const refused = (storage: ObjectStorage, options: ListOptions) => storage.list(options).then(() => false, () => true);
const listed = (storage: ObjectStorage, options: ListOptions) => storage.list(options).then((map) => [...map.entries()], (error: Error) => `refused: ${error.message}`);
const keysOf = (answer: unknown): unknown => (Array.isArray(answer) ? answer.map(([key]: [string]) => key) : answer);

/**
 * The rule a pair breaks when each of its options alone agrees with the model: the document's rule
 * for that combination (prefix within the other options' range, reverse with bounds or limit, an
 * end not after the start, a limit within a range), else the rules of both options.
 */
function ruleOfTogether(options: ListOptions): string[] {
  const has = (name: Name) => options[name] !== undefined;
  const low = options.start ?? options.startAfter;
  if (has('prefix')) return ['ST-LIST-PREFIX'];
  if (has('reverse') && options.reverse) {
    if (has('start') || has('end')) return ['ST-LIST-REVERSE-BOUNDS'];
    if (has('startAfter')) return ['ST-LIST-START-AFTER-EXCLUSIVE'];
    if (has('limit')) return ['ST-LIST-REVERSE-LIMIT-HIGH-END'];
  }
  if (low !== undefined && options.end !== undefined && Buffer.compare(Buffer.from(options.end), Buffer.from(low)) <= 0) return ['ST-LIST-END-NOT-AFTER-START-EMPTY'];
  if (has('limit')) return ['ST-LIST-LIMIT'];
  return [has('start') ? 'ST-LIST-START-INCLUSIVE' : 'ST-LIST-START-AFTER-EXCLUSIVE', 'ST-LIST-END-EXCLUSIVE'];
}

/**
 * The requirements one disagreeing call breaks: an option that disagrees alone is narrowed down by
 * isolateListFailure; a pair whose options agree alone breaks the rule of their combination. The
 * empty key's rule only when the empty key is what the answer got wrong.
 */
async function blame(adapter: StorageAdapter, storage: ObjectStorage, model: Model, options: ListOptions): Promise<string[]> {
  const answer = keysOf(await listed(storage, options));
  const expected = modelList(model, options).map(([key]) => key);
  const emptyKeyWrong = !Array.isArray(answer) || answer.includes('') !== expected.includes('');
  const blamed = new Set<string>();
  for (const name of Object.keys(options) as Name[]) {
    const single = { [name]: options[name] } as ListOptions;
    if (same(await listed(storage, single), modelList(model, single))) continue;
    for (const id of (await isolateListFailure(adapter, [...model.entries], single, same)) ?? []) blamed.add(id);
  }
  const ids = blamed.size > 0 ? [...blamed] : ruleOfTogether(options);
  return ids.filter((id) => (id !== 'ST-LIST-EMPTY-KEY' || emptyKeyWrong) && (id !== 'ST-LIST-ORDER-UTF8' || orderWrong(answer, expected, options)));
}

const utf8Order = (a: string, b: string) => Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
const utf16Order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether UTF-8 order is what the answer got wrong: its keys out of order, or a key wrongly in or
 * out whose place against a bound differs between UTF-8 and UTF-16.
 */
function orderWrong(answer: unknown, expected: string[], options: ListOptions): boolean {
  if (!Array.isArray(answer)) return false;
  const keys = answer as string[];
  const sorted = [...keys].sort((a, b) => utf8Order(a, b) * (options.reverse ? -1 : 1));
  if (keys.some((key, i) => key !== sorted[i])) return true;
  const bounds = [options.start, options.startAfter, options.end].filter((bound): bound is string => bound !== undefined);
  const wrong = [...keys.filter((key) => !expected.includes(key)), ...expected.filter((key) => !keys.includes(key))];
  return wrong.some((key) => bounds.some((bound) => utf8Order(key, bound) !== utf16Order(key, bound)));
}

describe('list option pairs', () => {
  storageSpec([
    'ST-LIST-ORDER-UTF8', 'ST-LIST-START-INCLUSIVE', 'ST-LIST-START-AFTER-EXCLUSIVE', 'ST-LIST-END-EXCLUSIVE', 'ST-LIST-PREFIX', 'ST-LIST-REVERSE',
    'ST-LIST-REVERSE-BOUNDS', 'ST-LIST-LIMIT', 'ST-LIST-REVERSE-LIMIT-HIGH-END', 'ST-LIST-END-NOT-AFTER-START-EMPTY', 'ST-LIST-EMPTY-KEY',
    'ST-LIST-START-AND-START-AFTER-REFUSED',
  ], 'each list option with each other one, every combination of their values, agrees with the sorted model', async ({ adapter, storage, task }) => {
    const model: Model = { entries: new Map(STORED.map((key, i) => [key, i])), history: [] };
    // A key the implementation refuses (the empty key, say) is its own spec's subject: the model
    // holds the keys that were stored.
    await storage.put(Object.fromEntries(model.entries)).catch(async () => {
      for (const key of STORED) await storage.put(key, model.entries.get(key)).catch(() => model.entries.delete(key));
    });
    const disagreements: { options: ListOptions; line: string }[] = [];
    for (const pair of PAIRS) {
      for (const options of combinations(pair)) {
        if (pair.join() === 'start,startAfter') {
          if (!(await refused(storage, options))) disagreements.push({ options, line: `list(${show(options)}) was not refused: start cannot be combined with startAfter` });
          continue;
        }
        const actual = await listed(storage, options);
        const expected = modelList(model, options);
        if (!same(actual, expected)) disagreements.push({ options, line: `list(${show(options)}): expected ${show(expected.map(([key]) => key))}, received ${show(keysOf(actual))}` });
      }
    }
    if (disagreements.length === 0) return;
    // Each pair's first disagreement, narrowed down to the rule it breaks.
    const blamed = new Set<string>();
    const seenPairs = new Set<string>();
    for (const { options } of disagreements) {
      const pair = Object.keys(options).sort().join();
      if (seenPairs.has(pair)) continue;
      seenPairs.add(pair);
      if ('start' in options && 'startAfter' in options) blamed.add('ST-LIST-START-AND-START-AFTER-REFUSED');
      else for (const id of await blame(adapter, storage, model, options)) blamed.add(id);
    }
    if (blamed.size > 0) task.meta.failedRequirements = [...blamed].sort();
    expect.fail([
      `${disagreements.length} of the list calls disagree with the sorted model (stored keys: ${show(STORED)}); the first of each pair of options:`,
      ...[...seenPairs].map((pair) => `  ${disagreements.find(({ options }) => Object.keys(options).sort().join() === pair)!.line}`),
    ].join('\n'));
  }, { timeout: 120_000 });
});
