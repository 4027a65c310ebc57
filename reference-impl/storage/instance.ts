// One live incarnation of an object: its write buffer over the persisted store, and its input
// gate. A failed flush, a restart or destroy() breaks it: everything in flight on it fails, and
// the runtime carries on with a fresh instance over the persisted state.

import { InputGate, TransactionLock } from './gates.js';
import type { PersistedStore } from './persisted-store.js';
import { WriteBuffer, type FlushHooks } from './write-buffer.js';

/** An event in flight on the instance: failed, with the reason, if the instance breaks first. */
export interface EventInFlight {
  fail(error: Error): void;
}

export class ObjectInstance {
  /** A turn's writes are flushed when the turn ends, before the gate lets another event in. */
  readonly gate = new InputGate(() => this.flushTurn());
  /** The event whose transaction is open: other events' operations wait for it. */
  readonly transactions = new TransactionLock();
  readonly buffer: WriteBuffer;
  private failure: Error | null = null;
  /** The events in flight: each fails when the instance breaks before it answered. */
  private readonly inFlight = new Set<EventInFlight>();

  constructor(readonly store: PersistedStore, hooks: FlushHooks) {
    this.buffer = new WriteBuffer(store, hooks);
  }

  /** An event started on this instance: it is failed if the instance breaks before `done`. */
  started(event: EventInFlight): void {
    if (this.failure) event.fail(this.failure);
    else this.inFlight.add(event);
  }

  done(event: EventInFlight): void {
    this.inFlight.delete(event);
  }

  private flushTurn(): void {
    try {
      this.buffer.flush();
    } catch {
      // Reported through onFlushFailure, which breaks the instance (its gate opens for good).
    }
  }

  assertUsable(): void {
    if (this.failure) throw this.failure;
  }

  break(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.buffer.discard(error);
    this.gate.openForGood();
    this.transactions.releaseForGood();
    const inFlight = [...this.inFlight];
    this.inFlight.clear();
    for (const event of inFlight) event.fail(error);
  }
}
