// One live incarnation of an object: its write buffer over the persisted store, and its input
// gate. A failed flush, a restart or destroy() breaks it: everything in flight on it fails, and
// the runtime carries on with a fresh instance over the persisted state.

import { deferred } from './deferred.js';
import { InputGate } from './gates.js';
import type { PersistedStore } from './persisted-store.js';
import { WriteBuffer, type FlushHooks } from './write-buffer.js';

export class ObjectInstance {
  readonly gate = new InputGate();
  readonly buffer: WriteBuffer;
  private failure: Error | null = null;
  private readonly brokenSignal = deferred<never>();

  constructor(readonly store: PersistedStore, hooks: FlushHooks) {
    this.buffer = new WriteBuffer(store, hooks);
  }

  /** Rejects with the reason once the instance is broken; never resolves. */
  get broken(): Promise<never> {
    return this.brokenSignal.promise;
  }

  assertUsable(): void {
    if (this.failure) throw this.failure;
  }

  break(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.buffer.discard(error);
    this.brokenSignal.reject(error);
    this.gate.openForGood();
  }
}
