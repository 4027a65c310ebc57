// The worker that runs inside workerd (bundled at run time with esbuild, see bundle.ts): a host of
// the storage protocol (docs/storage-protocol.md) built on the host kit, reached over HTTP.
//
// Its fetch handler is the host: it makes objects (Durable Objects of class SpecgateObject on the
// SQLite backend, each by a random name) and hands each `call` and `run` request to its object,
// where the kit answers it on ctx.storage as one event (a fetch). The alarm handler is the
// scenarios module's. `/instance?object=ID` (not part of the protocol) names the object's current
// in-memory instance, so that a test can see restart() make a new one.

import { alarm, answerInObject, createHost, type ObjectRequest, type Reply } from '../protocol/host-kit.js';
import type { ObjectStorage } from '../../../contract/storage.js';
import { supports, unsupportedReasons } from './capabilities.js';

/** The part of workerd's DurableObjectState this worker uses. */
interface ObjectState {
  readonly storage: ObjectStorage;
  abort(reason?: string): void;
}
interface ObjectStub {
  fetch(url: string, init?: RequestInit): Promise<Response>;
}
interface ObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): ObjectStub;
}
interface Env {
  SPECGATE_OBJECT: ObjectNamespace;
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
    if (path === '/instance') return Response.json(this.#instance);
    if (path === '/restart') {
      // Drops this instance (its in-memory state); the next event gets a new instance over the
      // same persisted storage. abort() throws; the host expects the fetch to fail.
      this.ctx.abort('specgate: restart');
      return Response.json(null);
    }
    return Response.json(await answerInObject(this.ctx.storage, (await request.json()) as ObjectRequest));
  }

  async alarm(): Promise<void> {
    await alarm(this.ctx.storage, { now: Date.now() });
  }
}

let host: ReturnType<typeof createHost> | undefined;
const stubs = new Map<string, () => ObjectStub>();

function hostOf(env: Env): ReturnType<typeof createHost> {
  host ??= createHost({
    name: 'workerd',
    supports,
    unsupportedReasons,
    // workerd under miniflare is local development: "point-in-time recovery ... not supported in local development".
    localDevelopment: true,
    create() {
      const name = `specgate-${crypto.randomUUID()}`;
      const id = env.SPECGATE_OBJECT.idFromName(name);
      // A stub per event: a stub belongs to the request that made it, and one whose object
      // aborted (restart) stays broken.
      const stub = () => env.SPECGATE_OBJECT.get(id);
      stubs.set(name, stub);
      const send = async (request: ObjectRequest): Promise<Reply> =>
        (await (await stub().fetch('http://specgate.object/', { method: 'POST', body: JSON.stringify(request) })).json()) as Reply;
      const call = async (method: string): Promise<void> => {
        const reply = await send({ id: 0, op: 'call', object: name, method, args: { $: 'a', i: 0, v: [] } });
        if (!reply.ok) throw Object.assign(new Error(reply.error.message), { name: reply.error.name });
      };
      return {
        id: name,
        send,
        async restart() {
          try {
            await (await stub().fetch('http://specgate.object/restart', { method: 'POST' })).text();
          } catch {
            // Expected: abort() fails the event that called it.
          }
        },
        async destroy() {
          stubs.delete(name);
          await call('deleteAlarm');
          await call('deleteAll');
        },
      };
    },
  });
  return host;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/instance') {
      const stub = stubs.get(url.searchParams.get('object') ?? '');
      return stub ? stub().fetch('http://specgate.object/instance') : new Response('no such object', { status: 404 });
    }
    return hostOf(env).fetch(request);
  },
};
