// The suite's side of the storage protocol (docs/storage-protocol.md): a StorageAdapter whose
// objects live in a host, another process reached by a transport. Each storage call, scenario,
// restart and clock or fault control is one request; its reply is the result or the host's error,
// rebuilt whole (class, name, message, stack, cause). What the host does wrong (another protocol
// version, an answer that is not a reply, no answer in time, an exit) is a HostFault: one line
// naming the host and what it did, never a verdict on the storage document.

import { scenarios as suiteScenarios } from '../../../contract/scenarios.js';
import { defineAdapter } from '../../../contract/storage.js';
import type { ObjectStorage, StorageAdapter, StorageObject } from '../../../contract/storage.js';
import { CALLABLE_METHODS, PROTOCOL_VERSION, type Manifest, type Reply, type Request } from './messages.js';
import { decode, encode, errorFromWire, type Wire } from './wire.js';

/** A request without its id: the client numbers them. */
export type Outgoing = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/**
 * What the host did wrong, as one line naming it (`host`) and what it did. The run's verdict on
 * the storage document does not count it: it is a set-up error of the run.
 */
export class HostFault extends Error {
  override name = 'HostFault';
  /** Marks a set-up error for whoever reports it (the preflight, the collector). */
  readonly setUpError = true;
  readonly fix: string;
  constructor(readonly host: string, readonly what: string, fix?: string) {
    super(`host ${host} ${what}`);
    this.fix = fix ?? `check the host with specgate check-host '${host}' (docs/storage-protocol.md, "Faults of a host")`;
  }
}

/** How requests reach a host and replies come back. */
export interface Transport {
  /** The host as the user gave it (`http://...`, `stdio:command`), for messages. */
  readonly host: string;
  /** Sends one request; resolves with the parsed reply, or rejects with a HostFault. */
  send(request: Request, timeoutMs: number): Promise<unknown>;
  close(): Promise<void>;
}

/** The op's own fields a successful reply carries. */
const REPLY_FIELD: Partial<Record<Request['op'], 'manifest' | 'object' | 'value'>> = {
  manifest: 'manifest', create: 'object', call: 'value', run: 'value', clockNow: 'value',
};

/** What is wrong with `reply` as the answer to `request`, if anything. */
export function replyProblem(request: Request, reply: unknown): string | undefined {
  if (reply === null || typeof reply !== 'object' || Array.isArray(reply)) return 'is not a JSON object';
  const r = reply as Record<string, unknown>;
  if (r.id !== request.id) return `has id ${JSON.stringify(r.id)}, not ${request.id}`;
  if (r.ok === false) {
    const error = r.error as Record<string, unknown> | undefined;
    if (error === null || typeof error !== 'object' || typeof error.name !== 'string' || typeof error.message !== 'string') return 'has ok: false without error { name, message }';
    return undefined;
  }
  if (r.ok !== true) return 'has no ok: true or false';
  const field = REPLY_FIELD[request.op];
  if (field === 'object' && typeof r.object !== 'string') return 'has no object (a string)';
  if (field === 'manifest' && (r.manifest === null || typeof r.manifest !== 'object')) return 'has no manifest';
  if (field === 'value' && !('value' in r)) return 'has no value';
  return undefined;
}

/** A short, printable quote of what a host sent. */
export const quote = (text: string): string => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}...` : text);

export class ProtocolClient {
  #next = 1;
  constructor(readonly transport: Transport, private readonly timeoutMs: number) {}

  get host(): string {
    return this.transport.host;
  }

  /** Sends one request; answers the reply's fields, or throws the host's error rebuilt, or a HostFault. */
  async request(outgoing: Outgoing, timeoutMs = this.timeoutMs): Promise<Record<string, unknown>> {
    const request = { ...outgoing, id: this.#next++ } as Request;
    const reply = await this.transport.send(request, timeoutMs);
    const problem = replyProblem(request, reply);
    if (problem !== undefined) throw new HostFault(this.host, `answered ${request.op} with a reply that ${problem}: ${quote(JSON.stringify(reply) ?? String(reply))}`);
    const r = reply as Reply & Record<string, unknown>;
    if (!r.ok) throw errorFromWire((r as Extract<Reply, { ok: false }>).error);
    return r;
  }

  async value(outgoing: Outgoing): Promise<unknown> {
    const reply = await this.request(outgoing);
    try {
      return decode(reply.value as Wire);
    } catch (error) {
      throw new HostFault(this.host, `answered ${outgoing.op} with a value specgate cannot decode: ${(error as Error).message}`);
    }
  }

  /** The host's manifest, checked: its protocol version is this one's. */
  async manifest(timeoutMs = this.timeoutMs): Promise<Manifest> {
    const { manifest } = (await this.request({ op: 'manifest', protocol: PROTOCOL_VERSION }, timeoutMs)) as { manifest: Manifest };
    if (manifest.protocol !== PROTOCOL_VERSION) {
      throw new HostFault(this.host, `speaks storage protocol ${JSON.stringify(manifest.protocol)}; this specgate speaks ${PROTOCOL_VERSION}`,
        'use a host kit of the same protocol version as this specgate (docs/storage-protocol.md, "Versions")');
    }
    const problem = manifestProblem(manifest);
    if (problem !== undefined) throw new HostFault(this.host, `answered manifest with a manifest that ${problem}`);
    return manifest;
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

/** What the suite cannot work with in a manifest (the schema says the rest; check-host checks it). */
function manifestProblem(manifest: Manifest): string | undefined {
  if (typeof manifest.name !== 'string' || manifest.name === '') return 'has no name';
  if (manifest.supports === null || typeof manifest.supports !== 'object') return 'has no supports';
  for (const capability of ['kv', 'alarms', 'clock', 'faults', 'restart', 'sql', 'pitr']) {
    if (typeof (manifest.supports as Record<string, unknown>)[capability] !== 'boolean') return `has no supports.${capability} (true or false)`;
  }
  if (!Array.isArray(manifest.scenarios)) return 'has no scenarios (the names it can run)';
  return undefined;
}

/** An object of the host, as the contract's StorageObject. */
export class ProtocolObject implements StorageObject {
  readonly storage: ObjectStorage;
  readonly clock?: StorageObject['clock'];
  readonly faults?: StorageObject['faults'];
  #destroyed = false;

  /** The scenarios the host's manifest names: the only ones it is asked to run. */
  readonly #scenarios: ReadonlySet<string>;

  constructor(private readonly client: ProtocolClient, readonly hostId: string, supports: Manifest['supports'], scenarios: readonly string[] = []) {
    this.#scenarios = new Set(scenarios);
    const call = (method: string) => async (...args: unknown[]) => this.#send({ op: 'call', object: hostId, method, args: encode(args) });
    const storage: Record<string, unknown> = Object.fromEntries(CALLABLE_METHODS.map((method) => [method, call(method)]));
    storage.transaction = async () => {
      throw new TypeError('specgate: storage.transaction() takes a closure, which cannot be sent into the object; use a scenario (object.run) for transactions');
    };
    this.storage = storage as unknown as ObjectStorage;
    if (supports.clock) {
      this.clock = {
        now: async () => (await this.#send({ op: 'clockNow', object: hostId })) as number,
        advance: async (ms) => { await this.#request({ op: 'clockAdvance', object: hostId, ms }); },
      };
    }
    if (supports.faults) this.faults = { failNextFlush: async () => { await this.#request({ op: 'failNextFlush', object: hostId }); } };
  }

  #alive(): void {
    if (this.#destroyed) throw new Error(`specgate: this object (${this.client.host} ${this.hostId}) was destroyed`);
  }

  /** Encoding throws (DataCloneError) for a value that cannot be cloned, as the runtime would. */
  async #send(outgoing: Outgoing): Promise<unknown> {
    this.#alive();
    return this.client.value(outgoing);
  }

  async #request(outgoing: Outgoing): Promise<void> {
    this.#alive();
    await this.client.request(outgoing);
  }

  /**
   * A scenario of the suite that its manifest does not name is not sent: whatever the host would
   * answer says nothing of the storage, so the spec that needs it is not verified (a set-up error),
   * never failed. A name the suite does not know goes to the host, which refuses it (a TypeError).
   */
  async run<T = unknown>(scenario: string, args?: unknown): Promise<T> {
    this.#alive();
    if (Object.hasOwn(suiteScenarios, scenario) && !this.#scenarios.has(scenario)) {
      throw new HostFault(this.client.host, `cannot run scenario ${JSON.stringify(scenario)}: its manifest's scenarios do not name it`,
        'a host built on the host kit of this specgate names every scenario (docs/storage-protocol.md, "The manifest")');
    }
    return this.#send({ op: 'run', object: this.hostId, scenario, args: encode(args) }) as Promise<T>;
  }

  restart(): Promise<void> {
    return this.#request({ op: 'restart', object: this.hostId });
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    this.#destroyed = true;
    await this.client.request({ op: 'destroy', object: this.hostId });
  }
}

export interface ProtocolAdapterOptions {
  /** The adapter's name in reports (default: the manifest's). */
  name?: string;
  manifest: Manifest;
  /** Connects to the host (starts it, for a command), once per adapter. */
  connect(): Promise<Transport>;
  /** The bound of each request (the spec kit bounds calls too, by --timeout). */
  timeoutMs: number;
  /** The bound of the connection and the manifest's answer. */
  startupMs: number;
  /** Called on the fresh client once its manifest checked (the workerd adapter's own look at it). */
  started?(client: ProtocolClient): Promise<void> | void;
}

/** A StorageAdapter over a host whose manifest is known. */
export function protocolAdapter(options: ProtocolAdapterOptions): StorageAdapter & { client(): Promise<ProtocolClient> } {
  const { manifest } = options;
  let client: Promise<ProtocolClient> | undefined;
  const connected = (): Promise<ProtocolClient> => {
    client ??= (async () => {
      const made = new ProtocolClient(await options.connect(), options.timeoutMs);
      try {
        const stated = await made.manifest(options.startupMs);
        if (JSON.stringify(stated.supports) !== JSON.stringify(manifest.supports)) {
          throw new HostFault(made.host, `states supports ${JSON.stringify(stated.supports)} now, ${JSON.stringify(manifest.supports)} before the run`);
        }
        await options.started?.(made);
      } catch (error) {
        await made.close().catch(() => {});
        throw error;
      }
      return made;
    })().catch((error: unknown) => {
      client = undefined;
      throw error;
    });
    return client;
  };
  return {
    ...defineAdapter({
      name: options.name ?? manifest.name,
      supports: manifest.supports,
      ...(manifest.unsupportedReasons !== undefined && { unsupportedReasons: manifest.unsupportedReasons }),
      ...(manifest.outOfScope !== undefined && { outOfScope: manifest.outOfScope }),
      ...(manifest.localDevelopment !== undefined && { localDevelopment: manifest.localDevelopment }),
      async start() {
        await connected();
      },
      async create(): Promise<ProtocolObject> {
        const made = await connected();
        const { object } = (await made.request({ op: 'create' })) as { object: string };
        return new ProtocolObject(made, object, manifest.supports, manifest.scenarios);
      },
      async close() {
        const current = client;
        client = undefined;
        if (!current) return;
        const made = await current.catch(() => undefined);
        await made?.close();
      },
    }),
    client: connected,
  };
}
