// The input gate (no new events while a storage operation is in progress) and the output gate
// (an event's result waits until the writes it issued are flushed).

const RESOLVED: Promise<void> = Promise.resolve();

/**
 * Locked while any storage operation is in progress. Delivery of new events waits for it to
 * open; operations themselves never wait for it (they are already inside the object).
 */
export class InputGate {
  private locks = 0;
  /** Locks taken by this turn's operations, all released by one immediate (lockForTurn). */
  private turnLocks = 0;
  private open = true;
  private waiters: Array<() => void> = [];

  /**
   * `endOfTurn`: runs when a turn's locks are released, just before: the instance flushes what the
   * turn wrote there, so that no other event is delivered before the writes it could read are on
   * disk (an event's output gate holds only its own writes: one that read another's unflushed
   * write would otherwise answer before that write failed).
   */
  constructor(private readonly endOfTurn: () => void = () => {}) {}

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
      this.unlock(1);
    };
  }

  /**
   * Locks the gate until the next turn of the event loop, i.e. until the microtasks of the code
   * awaiting the operation ran: `v = await get(k); put(k, v + 1)` then completes before any other
   * event is delivered, so concurrent read-modify-writes lose nothing. Every lock taken before
   * that turn comes is released by the same immediate (one per turn, not one per operation): an
   * immediate runs only once the microtasks queued before it ran, whenever it was scheduled.
   */
  lockForTurn(): void {
    this.locks++;
    if (this.turnLocks++ === 0) setImmediate(this.turnEnded);
  }

  private readonly turnEnded = (): void => {
    this.endOfTurn();
    this.unlock(this.takeTurnLocks());
  };

  whenOpen(): Promise<void> {
    if (this.isOpen) return RESOLVED;
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The instance is gone: let whoever waits move on to its successor. */
  openForGood(): void {
    this.open = false;
    this.locks = 0;
    this.wakeWaiters();
  }

  private takeTurnLocks(): number {
    const count = this.turnLocks;
    this.turnLocks = 0;
    return count;
  }

  private unlock(count: number): void {
    if (!this.open) return; // opened for good: releases of earlier locks change nothing
    this.locks -= count;
    if (this.locks === 0) this.wakeWaiters();
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * Releases a lock on the next turn of the event loop, i.e. after the microtasks of the code
 * awaiting the operation ran (as lockForTurn does for an operation's lock).
 */
export function releaseAfterContinuations(release: () => void): void {
  setImmediate(release);
}

/**
 * Held by the event whose transaction is open. The input gate keeps new events out meanwhile, but
 * not events already in flight (one that awaited a timer before its transaction, say): their
 * storage operations, transaction() included, wait until the transaction has committed or
 * aborted, in the order they were called. Otherwise two such transactions would read the same
 * value and one would overwrite the other's update.
 */
export class TransactionLock {
  private holder: object | null = null;
  /** Nested transactions of the holder's event. */
  private depth = 0;
  private waiting: Array<() => void> = [];

  /** Whether an operation of `event` must wait: another event's transaction is open. */
  heldAgainst(event: object): boolean {
    return this.holder !== null && this.holder !== event;
  }

  acquire(event: object): void {
    this.holder = event;
    this.depth++;
  }

  release(): void {
    if (--this.depth > 0) return;
    this.holder = null;
    this.wakeWaiters();
  }

  /** Runs `resume` once no transaction is open: at once (synchronously) on release, in call order. */
  whenReleased(resume: () => void): void {
    this.waiting.push(resume);
  }

  /** The instance is gone: whoever waits moves on (and finds the instance unusable). */
  releaseForGood(): void {
    this.holder = null;
    this.depth = 0;
    this.wakeWaiters();
  }

  private wakeWaiters(): void {
    // One that starts a transaction of its own holds the rest off again: they wait anew, in order.
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }
}

/** Per event: the flushes its result must wait for. */
export class OutputGate {
  private readonly held: Array<Promise<void>> = [];

  hold(flush: Promise<void>): void {
    // Writes of one turn share their flush: hold it once (an awaited loop of puts adds thousands).
    if (this.held.at(-1) !== flush) this.held.push(flush);
  }

  get holdsNothing(): boolean {
    return this.held.length === 0;
  }

  /** Resolves once every held flush is done; rejects when one failed. */
  released(): Promise<void> {
    if (this.held.length === 0) return RESOLVED;
    return Promise.all(this.held.splice(0)).then(() => this.released());
  }
}
