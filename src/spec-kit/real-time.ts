// Real time, as a storage spec waits for it on an adapter without a virtual clock (workerd, or a
// user's runtime that declares no `clock`): alarms there run on the wall clock, so a spec lets
// time pass for real. What must happen is polled for and returns as soon as it has happened (the
// caller bounds it by the document's delay bound); what must not happen is waited for a short while
// past its time, beside a positive control that shows the same wait would have seen it.
//
// The time waited is time waited on the target: not counted in the spec's budget (budget.ts).

import type { SpecBudget } from './budget.js';

/** How often a condition is read again: often enough to see an event soon after it happens. */
const POLL_INTERVAL_MS = 50;

export interface RealTime {
  /** Lets `ms` of real time pass. */
  pass(ms: number): Promise<void>;
  /**
   * Reads `read` until `done` holds of its answer, or until the wall clock reaches `deadline` (ms
   * since the epoch): answers as soon as it holds, with the last answer read and whether it held.
   */
  until<T>(read: () => Promise<T>, done: (value: T) => boolean, deadline: number): Promise<{ value: T; held: boolean }>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Real time for the spec whose budget is `budget` (none: outside a spec's body). */
export function realTimeFor(budget: () => SpecBudget | undefined): RealTime {
  const pass = async (ms: number): Promise<void> => {
    const wait = () => sleep(Math.max(0, ms));
    const current = budget();
    await (current ? current.waitingOnTarget(`${Math.round(ms)} ms of real time (an adapter without a virtual clock)`, wait) : wait());
  };
  return {
    pass,
    async until(read, done, deadline) {
      for (;;) {
        const value = await read();
        if (done(value)) return { value, held: true };
        if (Date.now() >= deadline) return { value, held: false };
        await pass(Math.min(POLL_INTERVAL_MS, deadline - Date.now()));
      }
    },
  };
}
