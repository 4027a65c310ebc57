// The input gate (no new events while a storage operation is in progress) and the output gate
// (an event's result waits until the writes it issued are flushed).

/**
 * Locked while any storage operation is in progress. Delivery of new events waits for it to
 * open; operations themselves never wait for it (they are already inside the object).
 */
export class InputGate {
  private locks = 0;
  private waiters: Array<() => void> = [];

  get isOpen(): boolean {
    return this.locks === 0;
  }

  /** Locks the gate; the returned function releases this lock (once). */
  lock(): () => void {
    this.locks++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.locks--;
      if (this.locks === 0) this.wakeWaiters();
    };
  }

  whenOpen(): Promise<void> {
    if (this.isOpen) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The instance is gone: let whoever waits move on to its successor. */
  openForGood(): void {
    this.locks = 0;
    this.wakeWaiters();
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * Releases an operation's lock on the next turn of the event loop, i.e. after the microtasks of
 * the code awaiting the operation ran: `v = await get(k); put(k, v + 1)` then completes before
 * any other event is delivered, so concurrent read-modify-writes lose nothing.
 */
export function releaseAfterContinuations(release: () => void): void {
  setImmediate(release);
}

/** Per event: the flushes its result must wait for. */
export class OutputGate {
  private readonly held: Array<Promise<void>> = [];

  hold(flush: Promise<void>): void {
    this.held.push(flush);
  }

  /** Resolves once every held flush is done; rejects when one failed. */
  async released(): Promise<void> {
    while (this.held.length > 0) await Promise.all(this.held.splice(0));
  }
}
