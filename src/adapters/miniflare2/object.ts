// The Durable Object class Miniflare 2 runs for the suite (the counterpart of workerd/worker.ts).
//
// Miniflare 2 delivers each event to it through its own gates: a fetch event (DurableObjectState's
// kFetch) carries one Command, which runs one method of `state.storage` or one named scenario of
// contract/scenarios.ts against it; an alarm event (kAlarm) runs the suite's alarm handler.
// The "request" of a fetch event is the Command itself, not an HTTP Request: Miniflare 2's kFetch
// hands it to fetch() untouched, and the object is in the same process as the adapter.

import type { DurableObjectState } from '@miniflare/durable-objects';
import { alarm, scenarios } from '../../../contract/scenarios.js';
import type { ObjectStorage } from '../../../contract/storage.js';

/** ctx.storage's methods as Miniflare 2's DurableObjectStorage has them (no SQL, no PITR). */
export const STORAGE_METHODS = [
  'get', 'put', 'delete', 'deleteAll', 'list', 'transaction', 'sync', 'getAlarm', 'setAlarm', 'deleteAlarm',
] as const;
export type StorageMethod = (typeof STORAGE_METHODS)[number];

/** What one fetch event asks the object to do. */
export type Command =
  | { kind: 'call'; method: StorageMethod; args: unknown[] }
  | { kind: 'run'; scenario: string; args: unknown };

type Scenario = (storage: ObjectStorage, args: unknown) => Promise<unknown>;

export class SpecgateObject {
  constructor(
    private readonly state: DurableObjectState,
    /** The time the alarm handler is told it runs at (the adapter's virtual clock). */
    private readonly now: () => number,
  ) {}

  async fetch(command: Command): Promise<unknown> {
    const storage = this.state.storage as unknown as ObjectStorage;
    if (command.kind === 'run') {
      const scenario = (scenarios as Record<string, Scenario>)[command.scenario];
      if (!Object.hasOwn(scenarios, command.scenario) || typeof scenario !== 'function') {
        throw new TypeError(`specgate: no scenario named ${JSON.stringify(command.scenario)}`);
      }
      return scenario(storage, command.args);
    }
    if (!(STORAGE_METHODS as readonly string[]).includes(command.method)) {
      throw new TypeError(`specgate: storage method ${JSON.stringify(command.method)} cannot be called through the adapter`);
    }
    const method = (storage as unknown as Record<string, (...args: unknown[]) => unknown>)[command.method]!;
    return method.apply(storage, command.args);
  }

  async alarm(): Promise<void> {
    await alarm(this.state.storage as unknown as ObjectStorage, { now: this.now() });
  }
}
