// Virtual time for Miniflare 2's alarm scheduler: the adapter's, not Miniflare 2's.
//
// Miniflare 2's AlarmStore (@miniflare/durable-objects) reads the time with `Date.now()` and
// schedules with the global `setTimeout`/`clearTimeout`; it has no clock of its own to inject.
// Its code runs unchanged here: every call into it (setAlarm, deleteAlarm, setupAlarms, dispose,
// and each timer callback it registered) runs inside `within()`, which points those three globals
// at this clock for the *synchronous* part of the call only and restores them before returning.
// Nothing else can run meanwhile (JavaScript is single-threaded), and AlarmStore reads the time and
// touches timers only before its first `await`.
//
// What this clock decides, and Node's real timers would decide otherwise:
// - time moves only through advance(); timers fire in time order (registration order on ties),
//   the clock standing at each timer's time while it fires;
// - a timer registered already due (delay <= 0) fires without the clock moving, on the next turn
//   of the event loop (Node clamps delays below 1 ms to 1 ms of real time);
// - a delay keeps its fraction (Node truncates to whole milliseconds).

/** What code running inside `within()` gets back from setTimeout. */
interface VirtualTimer {
  readonly id: number;
  at: number;
  callback: (() => void) | undefined;
  unref(): VirtualTimer;
  ref(): VirtualTimer;
  hasRef(): boolean;
}

export class VirtualTime {
  #now: number;
  #nextId = 1;
  readonly #timers = new Map<number, VirtualTimer>();
  readonly #issued = new WeakSet<object>();
  /** Called when a timer is registered that is already due (it should fire soon, unprompted). */
  onDueTimer: () => void = () => {};

  constructor(start: number = Date.now()) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  /** Moves the clock forward to `time` (never back). */
  moveTo(time: number): void {
    if (time > this.#now) this.#now = time;
  }

  /** The earliest timer due at or before `time`, if any (ties: the first registered). */
  nextDue(time: number): VirtualTimer | undefined {
    let next: VirtualTimer | undefined;
    for (const timer of this.#timers.values()) {
      if (timer.at <= time && (next === undefined || timer.at < next.at)) next = timer;
    }
    return next;
  }

  /** Fires one timer: the clock moves to its time, and its callback runs inside within(). */
  fire(timer: VirtualTimer): void {
    this.#timers.delete(timer.id);
    this.moveTo(timer.at);
    const callback = timer.callback;
    timer.callback = undefined;
    if (callback) this.within(callback);
  }

  /** Forgets every timer (the object is gone). */
  clear(): void {
    this.#timers.clear();
  }

  /** Runs the synchronous part of `work` with Date.now, setTimeout and clearTimeout on this clock. */
  within<T>(work: () => T): T {
    const saved = { now: Date.now, setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
    Date.now = () => this.#now;
    globalThis.setTimeout = this.#setTimeout as unknown as typeof globalThis.setTimeout;
    globalThis.clearTimeout = ((handle: unknown) => this.#clearTimeout(handle, saved.clearTimeout)) as typeof globalThis.clearTimeout;
    try {
      return work();
    } finally {
      Date.now = saved.now;
      globalThis.setTimeout = saved.setTimeout;
      globalThis.clearTimeout = saved.clearTimeout;
    }
  }

  #setTimeout = (callback: () => void, delay?: number): VirtualTimer => {
    const ms = Number(delay);
    const timer: VirtualTimer = {
      id: this.#nextId++,
      at: this.#now + (Number.isFinite(ms) && ms > 0 ? ms : 0),
      callback,
      unref: () => timer,
      ref: () => timer,
      hasRef: () => false,
    };
    this.#timers.set(timer.id, timer);
    this.#issued.add(timer);
    if (timer.at <= this.#now) this.onDueTimer();
    return timer;
  };

  /** A virtual timer is forgotten (a no-op once fired); anything else is a real timer. */
  #clearTimeout(handle: unknown, realClearTimeout: typeof globalThis.clearTimeout): void {
    if (this.#issued.has(handle as object)) this.#timers.delete((handle as VirtualTimer).id);
    else realClearTimeout(handle as NodeJS.Timeout);
  }
}
