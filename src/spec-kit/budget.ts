// A spec's budget: how long it may run (--spec-timeout, default 60 s) counting only its own time.
// The time it spends waiting on the target is not counted: for its turn under --max-rps, out a
// 429's retry-after, for an answer (each request is bounded by --timeout, and named when it runs
// out), for a control API call, for time to pass in real time (--real-time), or, in a storage
// spec, for a call into the adapter (each bounded by --timeout). Nor is the time of its fixtures
// (a zone created, the first create() of a worker starting a runtime): it starts with its body. A conforming
// target that is slow, paced or rate limiting therefore never exhausts a budget; what does is a
// spec stuck on something else, and its failure says what it last asked of the target.
//
// A spec that runs out of time, whether its budget, a request's --timeout or a storage call's, is
// marked `timedOut` (task.meta): the report counts it as one failure with that cause and leaves
// the requirements it cites "not verified: timed out" rather than failed (report/model.ts).

// No vitest here: the API client, which the benchmarks use too, reads these classes.

import { StorageCallTimeout } from './bounded-storage.js';

export { DEFAULT_SPEC_TIMEOUT_MS } from '../core/run-config.js';

/** The spec's own time ran out (its budget). */
export class SpecTimeout extends Error {
  override name = 'SpecTimeout';
}

/** A request that got no answer within --timeout (spec-kit/api-client.ts). */
export class RequestTimeout extends Error {
  override name = 'RequestTimeout';
}

/**
 * Whether an error is something running out of time, which leaves the spec's requirements
 * unverified: or is caused by one (a property's failure wraps its run's error as its `cause`).
 */
export function isTimeout(error: unknown): boolean {
  for (let at = error, depth = 0; at !== null && at !== undefined && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    if (at instanceof SpecTimeout || at instanceof RequestTimeout || at instanceof StorageCallTimeout) return true;
  }
  return false;
}

/** One spec's budget: counts time only while the spec waits on nothing of the target's. */
export class SpecBudget {
  /** Waits on the target in progress (a spec may send several requests at once). */
  private waits = 0;
  private spentMs = 0;
  private since = 0;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private last: string | undefined;
  private fail: (error: SpecTimeout) => void = () => undefined;
  /** Rejects when the budget runs out. */
  readonly expired: Promise<never>;

  constructor(private limitMs: number, private readonly now: () => number = Date.now) {
    this.expired = new Promise<never>((_, reject) => { this.fail = reject; });
    this.expired.catch(() => undefined); // raced by `run`; never an unhandled rejection
  }

  /** `wait` (a request, a turn of the pacer, a real-time wait), its time not counted; `what` names it. */
  async waitingOnTarget<T>(what: string, wait: () => Promise<T>): Promise<T> {
    this.enter(what);
    try {
      return await wait();
    } finally {
      this.leave();
    }
  }

  /** What the spec last asked of the target, and how it ended ("GET /zones/… answered HTTP 200"). */
  note(outcome: string): void { this.last = outcome; }

  /**
   * Runs the spec's body within the budget (at least `atLeastMs`: what the spec says it needs); it
   * rejects with SpecTimeout when the budget runs out.
   */
  async run<T>(body: () => Promise<T> | T, atLeastMs = 0): Promise<T> {
    this.limitMs = Math.max(this.limitMs, atLeastMs);
    this.running = true;
    this.since = this.now();
    this.schedule();
    const ran = Promise.resolve().then(body);
    ran.catch(() => undefined); // after the budget ran out, the body's own end is of no interest
    try {
      return await Promise.race([ran, this.expired]);
    } finally {
      this.running = false;
      clearTimeout(this.timer);
    }
  }

  private enter(what: string): void {
    this.last = `${what} (still waiting for it)`;
    if (this.waits++ > 0 || !this.running) return;
    this.spentMs += this.now() - this.since;
    clearTimeout(this.timer);
  }

  private leave(): void {
    if (--this.waits > 0 || !this.running) return;
    this.since = this.now();
    this.schedule();
  }

  private schedule(): void {
    if (this.waits > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fail(new SpecTimeout(this.message())), Math.max(0, this.limitMs - this.spentMs));
  }

  private message(): string {
    const last = this.last === undefined ? 'it had asked nothing of the target yet' : `the last thing it asked of the target: ${this.last}`;
    return `the spec ran out of its budget: ${this.limitMs / 1000} s of its own time (--spec-timeout), not counting its waits `
      + `on the target (its requests or calls into the adapter, --max-rps pacing, retry-after, real time); it was waiting on none of them (${last}); `
      + 'fix: raise --spec-timeout S (specTimeoutSeconds in specgate.config.ts) if the spec needs longer, else it is stuck: report it';
  }
}

type Body<C> = (context: C) => unknown;
type SpecContext = { task: { meta: { timedOut?: true } } };

/**
 * A zone API spec's body run within its budget (at least `atLeastMs`, what the spec itself says it
 * needs); a failure because something ran out of time is marked `timedOut`.
 */
export function withinBudget<C extends SpecContext>(body: Body<C>, budgetOf: (context: C) => SpecBudget, atLeastMs = 0): Body<C> {
  return markingTimeouts(body, (context) => budgetOf(context).run(() => body(context), atLeastMs));
}

/** A storage spec's body (bounded by vitest's limit and each call's --timeout): a timeout is marked `timedOut`. */
export function markingTimeouts<C extends SpecContext>(body: Body<C>, run: Body<C> = body): Body<C> {
  const wrapped = async (context: C): Promise<unknown> => {
    try {
      return await run(context);
    } catch (error) {
      if (isTimeout(error)) context.task.meta.timedOut = true;
      throw error;
    }
  };
  return readAsBody(wrapped, body);
}

/**
 * vitest decides which fixtures to set up from the source text of the function it is given (its
 * parameter's destructuring): a wrapper of a spec's body shows it the body's.
 */
export function readAsBody<W extends (...args: never[]) => unknown>(wrapper: W, body: (...args: never[]) => unknown): W {
  Object.defineProperty(wrapper, 'toString', { value: () => body.toString() });
  return wrapper;
}
