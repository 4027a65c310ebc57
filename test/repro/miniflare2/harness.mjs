// One Miniflare 2 Durable Object, assembled the way its Durable Objects plugin assembles one
// (DurableObjectsPlugin.getStorage/getObject and its alarm callback), without the rest of
// Miniflare: DurableObjectStorage over a MemoryStorage, an AlarmStore on real timers, and
// DurableObjectState delivering each event through its own gates. Imports nothing of specgate:
// each reproduction in this directory shows a behaviour of @miniflare/durable-objects 2.14.4 alone.

import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { AlarmStore, DurableObjectId, DurableObjectState, DurableObjectStorage } from '@miniflare/durable-objects';
import { MemoryStorage } from '@miniflare/storage-memory';

/** DurableObjectState's private symbols (kInstance, kFetch, kAlarm), found by their description. */
function symbolOf(target, description) {
  const symbol = Object.getOwnPropertySymbols(target).find((s) => s.description === description);
  if (symbol === undefined) throw new Error(`@miniflare/durable-objects has no ${description}: written against 2.14.4`);
  return symbol;
}
const kFetch = symbolOf(DurableObjectState.prototype, 'kFetch');
const kAlarm = symbolOf(DurableObjectState.prototype, 'kAlarm');

/**
 * A fresh object. `alarm(storage)` is its alarm handler. `event(work)` delivers one fetch event
 * that runs `work(storage)` inside the object (Miniflare 2's kFetch: its output gate around its
 * input gate) and answers what the event answers. `handlerRuns` records each alarm handler run.
 */
export async function createObject({ alarm = async () => {}, disk = new MemoryStorage() } = {}) {
  const alarms = new AlarmStore();
  await alarms.setupStore({ storage: () => new MemoryStorage() });
  const hex = randomBytes(32).toString('hex');
  const storage = new DurableObjectStorage(disk, alarms.buildBridge(`Repro:${hex}`));
  const state = new DurableObjectState(new DurableObjectId('Repro', hex), storage);
  const handlerRuns = [];
  state[symbolOf(state, 'kInstance')] = {
    fetch: (work) => work(storage),
    async alarm() {
      try {
        await alarm(storage);
        handlerRuns.push({ ok: true });
      } catch (error) {
        handlerRuns.push({ ok: false, error: error.message });
        throw error;
      }
    },
  };
  // As the plugin's alarm callback, except that a failed alarm event is caught here (the plugin
  // leaves it an unhandled rejection, which would end this process).
  await alarms.setupAlarms(async () => {
    await state[kAlarm]().catch(() => {});
  });
  return {
    storage,
    disk,
    handlerRuns,
    event: (work) => state[kFetch](work),
    dispose: () => alarms.dispose(),
  };
}

/** A MemoryStorage (what Miniflare 2 flushes to) whose next write fails once failNextWrite() is called. */
export class FailingDisk extends MemoryStorage {
  #armed = false;

  failNextWrite() {
    this.#armed = true;
  }

  #check() {
    if (!this.#armed) return;
    this.#armed = false;
    throw new Error('disk write failed (reproduction)');
  }

  async put(key, value) { this.#check(); return super.put(key, value); }
  async putMany(data) { this.#check(); return super.putMany(data); }
  async delete(key) { this.#check(); return super.delete(key); }
  async deleteMany(keys) { this.#check(); return super.deleteMany(keys); }
}

/** A MemoryStorage (what Miniflare 2 flushes to) whose writes wait, once hold() is called, until release(). */
export class HoldingDisk extends MemoryStorage {
  #held;
  #release = () => {};

  hold() {
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  release() {
    this.#held = undefined;
    this.#release();
  }

  get holding() {
    return this.#held !== undefined;
  }

  async #wait() { await this.#held; }
  async put(key, value) { await this.#wait(); return super.put(key, value); }
  async putMany(data) { await this.#wait(); return super.putMany(data); }
  async delete(key) { await this.#wait(); return super.delete(key); }
  async deleteMany(keys) { await this.#wait(); return super.deleteMany(keys); }
}

/** Polls `condition` every 5 ms (real time) until it holds or `limitMs` passed; answers whether it held. */
export async function eventually(condition, limitMs = 2000) {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/** Runs `reproduce` and prints its outcome when the module is run as a script (node <file>). */
export async function runAsScript(moduleUrl, reproduce) {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const outcome = await reproduce();
  console.log(JSON.stringify(outcome, null, 2));
  process.exitCode = outcome.present ? 0 : 1;
}
