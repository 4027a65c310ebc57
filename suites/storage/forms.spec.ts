// Every form of get, put and delete (one key, a batch, an empty batch, a batch of exactly 128 and
// one of 129), on ctx.storage and on txn inside a transaction, with the options that apply to the
// method. The cases are generated from the table below: a new form, place or option added to it is
// covered for every method at once. Each case cites the one rule its call exercises; the steps it
// needs first (the same form of a smaller size, the call without the option) are premises: when
// one of those breaks, the case is not verified and the step's own case fails for its own rule.

import { describe, expect } from 'vitest';
import type { StorageObject } from '../../contract/storage.js';
import type { StorageCall } from '../../contract/scenarios.js';
import { storageSpec } from '../../src/spec-kit/storage.js';
import { notRecorded, runRecorded } from './support.js';

type Method = 'get' | 'put' | 'delete';
type Place = 'storage' | 'txn';
type Option = 'noCache' | 'allowUnconfirmed' | 'allowConcurrency';

/** A form: one key, or a batch of `count` keys (get, delete) or pairs (put). */
interface Form { name: string; count?: number }
const SINGLE: Form = { name: 'one key' };
const BATCH: Form = { name: 'a batch of 3', count: 3 };
const EMPTY: Form = { name: 'an empty batch', count: 0 };
const AT_LIMIT: Form = { name: 'a batch of exactly 128', count: 128 };
const OVER_LIMIT: Form = { name: 'a batch of 129', count: 129 };
const FORMS = [SINGLE, BATCH, EMPTY, AT_LIMIT, OVER_LIMIT];

/** Options table of the document: which method each applies to (txn: see below). */
const OPTIONS: Record<Method, Option[]> = { get: ['allowConcurrency', 'noCache'], put: ['noCache', 'allowUnconfirmed'], delete: ['noCache', 'allowUnconfirmed'] };
const OPTION_REQUIREMENT: Record<Option, string> = {
  noCache: 'ST-OPT-NOCACHE-NO-VISIBLE-EFFECT', allowUnconfirmed: 'ST-OPT-ALLOW-UNCONFIRMED', allowConcurrency: 'ST-OPT-ALLOW-CONCURRENCY',
};

/** The rule a form's call exercises, by place: on txn every form is the transaction's ("txn offers put, get, delete"). */
const FORM_REQUIREMENT: Record<Method, Record<string, string>> = {
  get: { [SINGLE.name]: 'ST-KV-GET-SINGLE', [BATCH.name]: 'ST-KV-GET-BATCH-MAP', [EMPTY.name]: 'ST-KV-GET-EMPTY-BATCH', [AT_LIMIT.name]: 'ST-LIMIT-GET-BATCH-128', [OVER_LIMIT.name]: 'ST-LIMIT-GET-BATCH-128' },
  put: { [SINGLE.name]: 'ST-KV-PUT-SINGLE', [BATCH.name]: 'ST-KV-PUT-ENTRIES', [EMPTY.name]: 'ST-KV-PUT-EMPTY-ENTRIES', [AT_LIMIT.name]: 'ST-LIMIT-PUT-BATCH-128', [OVER_LIMIT.name]: 'ST-LIMIT-PUT-BATCH-128' },
  delete: { [SINGLE.name]: 'ST-KV-DELETE-EXISTING-TRUE', [BATCH.name]: 'ST-KV-DELETE-BATCH-COUNT', [EMPTY.name]: 'ST-KV-DELETE-EMPTY-BATCH', [AT_LIMIT.name]: 'ST-LIMIT-DELETE-BATCH-128', [OVER_LIMIT.name]: 'ST-LIMIT-DELETE-BATCH-128' },
};
const isLimit = (form: Form) => form === AT_LIMIT || form === OVER_LIMIT;
function requirementOf(method: Method, form: Form, place: Place): string {
  return place === 'txn' && !isLimit(form) ? 'ST-TXN-OPERATIONS' : FORM_REQUIREMENT[method][form.name]!;
}

/** The keys a form names: `form-000` ... ; every spec stores 129 of them first (for get and delete). */
const keysOf = (count: number) => Array.from({ length: count }, (_, i) => `form-${String(i).padStart(3, '0')}`);
const valueOf = (key: string) => `value of ${key}`;
const STORED = keysOf(129);

function callOf(method: Method, form: Form, option?: Option): StorageCall {
  const options = option === undefined ? [] : [{ [option]: true }];
  if (form.count === undefined) {
    // put writes a key of its own: the stored one's value would make a no-op put look like a put.
    return method === 'put' ? { method, args: ['form-new', 'new value', ...options] } : { method, args: [STORED[0], ...options] };
  }
  const keys = method === 'put' ? keysOf(form.count).map((key) => `${key}-new`) : keysOf(form.count);
  return method === 'put' ? { method, args: [Object.fromEntries(keys.map((key) => [key, valueOf(key)])), ...options] } : { method, args: [keys, ...options] };
}

const describeCall = (method: Method, form: Form, place: Place, option?: Option) =>
  `${place === 'txn' ? 'txn' : 'storage'}.${method}(${form.count === undefined ? 'key' : method === 'put' ? `entries of ${form.count}` : `${form.count} keys`}${option ? `, {${option}: true}` : ''})`;

interface CallOutcome { ok: boolean; value?: unknown; error?: { name: string; message: string } }
interface Made { calls: CallOutcome[]; transaction?: { ok: boolean; error?: { message: string } } }

/** Makes the call in its place: what it answered, and (in a transaction) how the transaction ended. */
async function make(object: StorageObject, call: StorageCall, place: Place, skip: (reason: string) => void, what: string): Promise<Made> {
  const run = await runRecorded<Made>(object, 'calls', { calls: [call], inTransaction: place === 'txn' });
  if (!run.found) skip(notRecorded(what, run));
  return run.recorded!;
}

const refusedText = (outcome: CallOutcome | undefined) => (outcome?.error ? `${outcome.error.name}: ${outcome.error.message}` : 'no answer');

/** What the form's call must have answered and left stored, when it was accepted. */
async function expectAccepted(object: StorageObject, method: Method, form: Form, made: Made, what: string): Promise<void> {
  const [outcome] = made.calls;
  expect(outcome?.ok, `${what} must be accepted, was refused: ${refusedText(outcome)}`).toBe(true);
  const requested = form.count === undefined ? [STORED[0]!] : keysOf(form.count);
  if (method === 'get') {
    if (form.count === undefined) expect(outcome!.value, `${what} answers the stored value`).toBe(valueOf(STORED[0]!));
    // The Map's order is ST-KV-GET-BATCH-SORTED-UTF8's subject: here only which pairs it holds.
    else expect(Object.fromEntries((outcome!.value as { map: [string, unknown][] }).map), `${what} answers a Map of every requested key`).toEqual(Object.fromEntries(requested.map((key) => [key, valueOf(key)])));
  }
  if (method === 'delete') expect(outcome!.value, `${what} answers ${form.count === undefined ? 'true' : `${form.count}, the number deleted`}`).toBe(form.count === undefined ? true : form.count);
  if (made.transaction) expect(made.transaction.ok, `the transaction of ${what} commits`).toBe(true);
  if (method === 'put') {
    const written = form.count === undefined ? { 'form-new': 'new value' } : Object.fromEntries(keysOf(form.count).map((key) => [`${key}-new`, valueOf(`${key}-new`)]));
    const stored = Object.fromEntries([...(await object.storage.list({ start: 'form-' })).entries()].filter(([key]) => key.endsWith('-new')));
    expect(stored, `${what} stored each pair, and no other`).toEqual(written);
  }
  if (method === 'delete') {
    const left = await object.storage.list({ prefix: 'form-' });
    expect(left.size, `${what} deleted the ${requested.length} requested keys and no other`).toBe(STORED.length - requested.length);
    expect(requested.some((key) => left.has(key)), `${what} deleted every requested key`).toBe(false);
  }
}

async function store(object: StorageObject): Promise<void> {
  for (let i = 0; i < STORED.length; i += 100) await object.storage.put(Object.fromEntries(STORED.slice(i, i + 100).map((key) => [key, valueOf(key)])));
}

describe('forms of get, put and delete', () => {
  for (const place of ['storage', 'txn'] as const) {
    for (const method of ['get', 'put', 'delete'] as const) {
      for (const form of FORMS) {
        const what = describeCall(method, form, place);
        const title = form === OVER_LIMIT ? `${what} is refused` : `${what} is accepted and answers as the document says`;
        storageSpec(requirementOf(method, form, place), title, async ({ object, skip }) => {
          await store(object);
          if (isLimit(form)) {
            // Premise: the same batch form, small, works in this place (when it does not, that is
            // the form's own case, which fails for its own rule: here nothing is known of the limit).
            const premise = await make(object, callOf(method, BATCH), place, skip, describeCall(method, BATCH, place));
            if (!premise.calls[0]?.ok) skip(`not verified: the premise failed: ${describeCall(method, BATCH, place)} was refused (${refusedText(premise.calls[0])}), so what ${what} gives says nothing of the limit`);
            await object.storage.deleteAll();
            await store(object);
          }
          const made = await make(object, callOf(method, form), place, skip, what);
          if (form === OVER_LIMIT) {
            expect(made.calls[0]?.ok, `${what} must be refused (at most 128 per call)`).toBe(false);
            return;
          }
          await expectAccepted(object, method, form, made, what);
        });
      }
      // The options that apply to the method, on every form but the refused one. Options of txn's
      // methods are not in the document (its table names the storage methods): on ctx.storage only.
      if (place === 'txn') continue;
      for (const option of OPTIONS[method]) {
        for (const form of FORMS.filter((f) => f !== OVER_LIMIT)) {
          const what = describeCall(method, form, place, option);
          storageSpec(OPTION_REQUIREMENT[option], `${what} answers as without ${option}`, async ({ object, skip }) => {
            await store(object);
            // Premise: the same call without the option answers as the document says (when it
            // does not, that is the form's own case, which fails for its own rule).
            const plain = describeCall(method, form, place);
            const premise = await make(object, callOf(method, form), place, skip, plain);
            const broke = await expectAccepted(object, method, form, premise, plain).then(() => undefined, (error: Error) => error.message.split('\n')[0]);
            if (broke !== undefined) skip(`not verified: the premise failed: ${plain} without ${option} did not answer as the document says (${broke})`);
            await object.storage.deleteAll();
            await store(object);
            await expectAccepted(object, method, form, await make(object, callOf(method, form, option), place, skip, what), what);
          });
        }
      }
    }
  }
});
