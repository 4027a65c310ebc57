// The messages of the storage protocol (docs/storage-protocol.md, docs/schema/storage-protocol.schema.json):
// what the suite sends a host (a storage runtime in another process) and what the host answers.
// Types and constants only: bundled into the host kit, so it imports nothing at run time.

import type { Capability, Supports } from '../../../contract/storage.js';
import type { Wire, WireError } from './wire.js';

/** The protocol's version. A host states the one it speaks in its manifest; any other is refused. */
export const PROTOCOL_VERSION = 1;

/** Every operation, in the order `check-host` asks them. */
export const OPERATIONS = ['manifest', 'create', 'call', 'run', 'restart', 'clockNow', 'clockAdvance', 'failNextFlush', 'destroy'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** What a host says it is: sent once, in answer to `manifest`. */
export interface Manifest {
  /** The protocol version the host speaks (PROTOCOL_VERSION). */
  protocol: number;
  /** The runtime's name, shown in reports ("deno-kv", "my-runtime"). */
  name: string;
  /** The runtime's own version, shown in reports. */
  version?: string;
  /** The host kit's version, when the host uses it. */
  kit?: string;
  supports: Supports;
  outOfScope?: Capability[];
  unsupportedReasons?: Partial<Record<Capability, string>>;
  localDevelopment?: boolean;
  /** The scenarios the host can run (the kit's: every one of contract/scenarios.ts). */
  scenarios: string[];
}

/** A request: `id` pairs it with its reply (replies may come in any order). */
export type Request = { id: number } & (
  | { op: 'manifest'; protocol: number }
  | { op: 'create' }
  | { op: 'destroy'; object: string }
  /** One method of ctx.storage; `args` is the encoded array of its arguments. */
  | { op: 'call'; object: string; method: string; args: Wire }
  /** One named scenario of contract/scenarios.ts, run inside the object as one event. */
  | { op: 'run'; object: string; scenario: string; args: Wire }
  | { op: 'restart'; object: string }
  | { op: 'clockNow'; object: string }
  | { op: 'clockAdvance'; object: string; ms: number }
  | { op: 'failNextFlush'; object: string }
);

/** A reply: `ok` with what the operation gives, or the error the host threw, as data. */
export type Reply =
  | { id: number; ok: true; manifest: Manifest }
  | { id: number; ok: true; object: string }
  | { id: number; ok: true; value: Wire }
  | { id: number; ok: true }
  | { id: number; ok: false; error: WireError };

/** The methods of ctx.storage a `call` may name (transaction takes a closure, and sql answers a
 * synchronous cursor: a scenario runs both). */
export const CALLABLE_METHODS = [
  'get', 'put', 'delete', 'deleteAll', 'list', 'sync', 'getAlarm', 'setAlarm', 'deleteAlarm',
  'getCurrentBookmark', 'getBookmarkForTime', 'onNextSessionRestoreBookmark',
] as const;
