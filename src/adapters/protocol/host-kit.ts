// The host kit (exported as `specgate/host-kit`, built into one self-contained ES module,
// dist/host-kit.mjs): what a storage runtime in another process needs to be tested by specgate
// through the storage protocol (docs/storage-protocol.md). It decodes a request, runs it against
// an object's storage (the suite's scenarios included, since a closure cannot cross a process) and
// encodes the reply. A runtime's own glue is its transport (HTTP or JSON lines on stdio, each one
// call here) and its way to make an object.
//
// It imports nothing at run time but the contract's scenarios and the wire encoding (bundled in)
// and uses no Node API, so the same file runs in workerd, Deno, Bun and Node.

import { alarm, scenarios } from '../../../contract/scenarios.js';
import type { Capability, ObjectStorage, Supports } from '../../../contract/storage.js';
import { CALLABLE_METHODS, PROTOCOL_VERSION, type Manifest, type Reply, type Request } from './messages.js';
import { decode, encode, errorToWire, type Wire } from './wire.js';

export { alarm, scenarios, encode, decode, errorToWire, PROTOCOL_VERSION };
export type { Manifest, Reply, Request, Wire };

/** The kit's version, stated in the manifest. */
export const KIT_VERSION = '1.0.0';

/** A `call` or `run` request: what reaches the object itself. */
export type ObjectRequest = Extract<Request, { op: 'call' | 'run' }>;

/** One object of the runtime, as the host makes it. */
export interface HostObject {
  /** Its id in the protocol, unique among the host's objects (default: one the kit makes). */
  id?: string;
  /** ctx.storage as code inside the object sees it. Omit it when `send` is given. */
  storage?: ObjectStorage;
  /**
   * Runs `work` inside the object as one event (a runtime with input gates delivers it so);
   * default: at once, on `storage`.
   */
  event?<T>(work: (storage: ObjectStorage) => Promise<T>): Promise<T>;
  /**
   * For an object that lives elsewhere (a Durable Object behind a stub): delivers a `call` or
   * `run` request to it, where `answerInObject(ctx.storage, request)` answers it.
   */
  send?(request: ObjectRequest): Promise<Reply>;
  /** Drops in-memory state, keeps what is persisted (supports.restart). */
  restart?(): Promise<void> | void;
  /** supports.clock: the object's time. */
  clock?: { now(): Promise<number> | number; advance(ms: number): Promise<void> | void };
  /** supports.faults. */
  faults?: { failNextFlush(): Promise<void> | void };
  destroy?(): Promise<void> | void;
}

/** The runtime: what its manifest says, and how it makes a fresh, empty object. */
export interface HostRuntime {
  name: string;
  version?: string;
  supports: Supports;
  outOfScope?: Capability[];
  unsupportedReasons?: Partial<Record<Capability, string>>;
  localDevelopment?: boolean;
  create(): Promise<HostObject> | HostObject;
}

export interface Host {
  /** Answers one request (already parsed from JSON). */
  handle(request: unknown): Promise<Reply>;
  /** Answers one request given as JSON text, with the reply as JSON text. */
  handleText(text: string): Promise<string>;
  /** The HTTP transport: a POST whose body is one request, answered with its reply. */
  fetch(request: globalThis.Request): Promise<Response>;
  /**
   * The stdio transport: answers each line (one request) with a line (its reply), several at a
   * time, in the order they finish. Resolves when the lines end and every answer is written.
   */
  serveLines(lines: AsyncIterable<string>, write: (line: string) => unknown): Promise<void>;
}

class ProtocolError extends Error {
  override name = 'ProtocolError';
}

const ok = (id: number, fields: Record<string, unknown> = {}): Reply => ({ id, ok: true, ...fields }) as Reply;
const failed = (id: number | null, error: unknown): Reply => ({ id, ok: false, error: errorToWire(error) }) as Reply;

const callable: ReadonlySet<string> = new Set(CALLABLE_METHODS);
const scenarioTable = scenarios as Record<string, (storage: ObjectStorage, args: unknown) => Promise<unknown>>;

/** Runs one scenario or storage method on `storage`: what `call` and `run` do inside the object. */
async function execute(storage: ObjectStorage, request: ObjectRequest): Promise<unknown> {
  if (request.op === 'run') {
    const scenario = Object.hasOwn(scenarioTable, request.scenario) ? scenarioTable[request.scenario] : undefined;
    if (typeof scenario !== 'function') throw new TypeError(`specgate: no scenario named ${JSON.stringify(request.scenario)}`);
    return scenario(storage, decode(request.args));
  }
  if (request.method === 'transaction') {
    throw new TypeError('specgate: transaction() takes a closure, which cannot cross into the object; run a scenario instead');
  }
  if (!callable.has(request.method)) {
    throw new TypeError(`specgate: storage method ${JSON.stringify(request.method)} cannot be called through the protocol`);
  }
  const args = decode(request.args);
  if (!Array.isArray(args)) throw new ProtocolError('call: args must encode an array');
  const method = (storage as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>)[request.method];
  if (typeof method !== 'function') throw new TypeError(`storage.${request.method} is not a function`);
  return method.apply(storage, args);
}

/** Answers a `call` or `run` request inside the object, on its ctx.storage. */
export async function answerInObject(storage: ObjectStorage, request: ObjectRequest): Promise<Reply> {
  try {
    return ok(request.id, { value: encode(await execute(storage, request)) });
  } catch (error) {
    return failed(request.id, error);
  }
}

const requireString = (request: Record<string, unknown>, field: string): string => {
  if (typeof request[field] !== 'string') throw new ProtocolError(`${String(request.op)}: ${field} must be a string`);
  return request[field] as string;
};

/** A host over `runtime`: it keeps the objects it made, by id. */
export function createHost(runtime: HostRuntime): Host {
  const objects = new Map<string, HostObject>();
  let made = 0;

  const manifest = (): Manifest => ({
    protocol: PROTOCOL_VERSION,
    name: runtime.name,
    ...(runtime.version !== undefined && { version: runtime.version }),
    kit: KIT_VERSION,
    supports: runtime.supports,
    ...(runtime.outOfScope !== undefined && { outOfScope: runtime.outOfScope }),
    ...(runtime.unsupportedReasons !== undefined && { unsupportedReasons: runtime.unsupportedReasons }),
    ...(runtime.localDevelopment !== undefined && { localDevelopment: runtime.localDevelopment }),
    scenarios: Object.keys(scenarios),
  });

  const objectOf = (request: Record<string, unknown>): [string, HostObject] => {
    const id = requireString(request, 'object');
    const object = objects.get(id);
    if (!object) throw new ProtocolError(`${String(request.op)}: no object ${JSON.stringify(id)} (destroyed, or never made)`);
    return [id, object];
  };
  const unsupported = (what: string): never => {
    throw new ProtocolError(`${what}: the runtime ${runtime.name} does not offer it`);
  };

  const answer = async (request: Record<string, unknown>, id: number): Promise<Reply> => {
    switch (request.op) {
      case 'manifest':
        return ok(id, { manifest: manifest() });
      case 'create': {
        const object = await runtime.create();
        const name = object.id ?? `o${++made}`;
        if (objects.has(name)) throw new ProtocolError(`create: the runtime made a second object with id ${JSON.stringify(name)}`);
        objects.set(name, object);
        return ok(id, { object: name });
      }
      case 'destroy': {
        const [name, object] = objectOf(request);
        objects.delete(name);
        await object.destroy?.();
        return ok(id);
      }
      case 'call':
      case 'run': {
        const [, object] = objectOf(request);
        if (request.op === 'call') requireString(request, 'method');
        else requireString(request, 'scenario');
        const inObject = request as ObjectRequest;
        if (object.send) return object.send(inObject);
        const storage = object.storage ?? unsupported('storage');
        if (!object.event) return answerInObject(storage, inObject);
        try {
          return ok(id, { value: encode(await object.event((inside) => execute(inside, inObject))) });
        } catch (error) {
          return failed(id, error);
        }
      }
      case 'restart': {
        const [, object] = objectOf(request);
        await (object.restart ?? (() => unsupported('restart')))();
        return ok(id);
      }
      case 'clockNow': {
        const [, object] = objectOf(request);
        return ok(id, { value: encode(await (object.clock ?? unsupported('clockNow')).now()) });
      }
      case 'clockAdvance': {
        const [, object] = objectOf(request);
        if (typeof request.ms !== 'number') throw new ProtocolError('clockAdvance: ms must be a number');
        await (object.clock ?? unsupported('clockAdvance')).advance(request.ms);
        return ok(id);
      }
      case 'failNextFlush': {
        const [, object] = objectOf(request);
        await (object.faults ?? unsupported('failNextFlush')).failNextFlush();
        return ok(id);
      }
      default:
        throw new ProtocolError(`unknown op ${JSON.stringify(request.op)}`);
    }
  };

  const handle = async (request: unknown): Promise<Reply> => {
    const id = (request as { id?: unknown } | null)?.id;
    if (request === null || typeof request !== 'object' || typeof id !== 'number') {
      return failed(null, new ProtocolError('a request is a JSON object with a numeric id'));
    }
    try {
      return await answer(request as Record<string, unknown>, id);
    } catch (error) {
      return failed(id, error);
    }
  };

  const handleText = async (text: string): Promise<string> => {
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      return JSON.stringify(failed(null, new ProtocolError(`not JSON: ${text.slice(0, 200)}`)));
    }
    return JSON.stringify(await handle(request));
  };

  return {
    handle,
    handleText,
    async fetch(request) {
      const reply = await handleText(await request.text());
      return new Response(reply, { headers: { 'content-type': 'application/json' } });
    },
    async serveLines(lines, write) {
      const pending = new Set<Promise<void>>();
      for await (const line of lines) {
        if (line.trim() === '') continue;
        const answered = handleText(line).then((reply) => { write(`${reply}\n`); });
        pending.add(answered);
        void answered.finally(() => pending.delete(answered));
      }
      await Promise.all(pending);
    },
  };
}

/** The lines of a byte or text stream (stdin in Deno, Bun or Node), without their line ends. */
export async function* lines(stream: AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = rest.indexOf('\n')) >= 0) {
      yield rest.slice(0, end).replace(/\r$/, '');
      rest = rest.slice(end + 1);
    }
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}
