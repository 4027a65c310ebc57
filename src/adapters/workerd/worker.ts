// The worker that runs inside workerd (bundled at run time with esbuild, see bundle.ts).
//
// It defines the Durable Object class SpecgateObject. Each fetch() carries one encoded Command:
// a `call` runs one method of ctx.storage with the given arguments; a `run` runs a named scenario
// of contract/scenarios.ts against ctx.storage. The alarm handler is the scenarios module's.
// Results and thrown errors go back as data (a Reply), so the adapter can rebuild them in Node.

import { alarm, scenarios } from '../../../contract/scenarios.js';
import type { ObjectStorage } from '../../../contract/storage.js';
import { decode, encode, errorToWire } from './wire.js';
import type { Command, Reply, Wire } from './wire.js';

/** The part of workerd's DurableObjectState this worker uses. */
interface ObjectState {
  readonly storage: ObjectStorage;
  abort(reason?: string): void;
}

/** Methods of ctx.storage a `call` command may name (transaction takes a closure, and sql answers a
 * synchronous cursor: use a scenario for both). */
const CALLABLE = new Set([
  'get', 'put', 'delete', 'deleteAll', 'list', 'sync', 'getAlarm', 'setAlarm', 'deleteAlarm',
  'getCurrentBookmark', 'getBookmarkForTime', 'onNextSessionRestoreBookmark',
]);

function reply(body: Reply): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

export class SpecgateObject {
  readonly ctx: ObjectState;
  /** Identifies this instance (in-memory state), so a test can see restart() make a new one. */
  readonly #instance = crypto.randomUUID();

  constructor(ctx: ObjectState, _env: unknown) {
    this.ctx = ctx;
  }

  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === '/instance') return reply({ value: encode(this.#instance) });
    if (path === '/restart') {
      // Drops this instance (its in-memory state); the next event gets a new instance over the
      // same persisted storage. abort() throws; the adapter expects the fetch to fail.
      this.ctx.abort('specgate: restart');
      return reply({ value: encode(undefined) });
    }
    let command: Command;
    try {
      command = decode((await request.json()) as Wire) as Command;
    } catch (error) {
      return reply({ error: errorToWire(error) });
    }
    try {
      return reply({ value: encode(await this.#execute(command)) });
    } catch (error) {
      return reply({ error: errorToWire(error) });
    }
  }

  async alarm(): Promise<void> {
    await alarm(this.ctx.storage, { now: Date.now() });
  }

  async #execute(command: Command): Promise<unknown> {
    const storage = this.ctx.storage;
    if (command.kind === 'run') {
      const scenario = (scenarios as Record<string, (storage: ObjectStorage, args: unknown) => Promise<unknown>>)[command.scenario];
      if (!Object.hasOwn(scenarios, command.scenario) || typeof scenario !== 'function') {
        throw new TypeError(`specgate: no scenario named ${JSON.stringify(command.scenario)}`);
      }
      return scenario(storage, command.args);
    }
    if (command.kind === 'call') {
      if (command.method === 'transaction') {
        throw new TypeError('specgate workerd adapter: transaction() takes a closure, which cannot cross into the object; run a scenario instead');
      }
      if (!CALLABLE.has(command.method)) {
        throw new TypeError(`specgate: storage method ${JSON.stringify(command.method)} cannot be called through the adapter`);
      }
      const method = (storage as unknown as Record<string, (...args: unknown[]) => unknown>)[command.method]!;
      return method.apply(storage, command.args);
    }
    throw new TypeError(`specgate: unknown command kind ${JSON.stringify((command as { kind?: unknown }).kind)}`);
  }
}

export default {
  async fetch(): Promise<Response> {
    return new Response('specgate workerd adapter: talk to the SpecgateObject Durable Object', { status: 404 });
  },
};
