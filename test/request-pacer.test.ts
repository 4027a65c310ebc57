// The pacer every request of a test worker goes through (spec-kit/api-client.ts): --max-rps spaces
// the requests, and a 429's retry-after holds all of them, not only the retry: with specs and
// requests in flight together, the others would go on asking a target that said to wait. On
// virtual time (vitest's fake timers): no test here waits.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestPacer } from '../src/spec-kit/api-client.js';

/** Whether `turn()` has resolved once the pending timers up to `ms` from now have run. */
async function startsWithin(pacer: RequestPacer, ms: number): Promise<boolean> {
  let started = false;
  void pacer.turn().then(() => { started = true; });
  await vi.advanceTimersByTimeAsync(ms);
  return started;
}

beforeEach(() => { vi.useFakeTimers({ now: 1_000_000 }); });
afterEach(() => { vi.useRealTimers(); });

describe('RequestPacer', () => {
  it('without a cap or a hold, every request starts at once (the control)', async () => {
    const pacer = new RequestPacer();
    expect(await startsWithin(pacer, 0)).toBe(true);
    expect(await startsWithin(pacer, 0)).toBe(true);
  });

  it('a hold (a 429\'s retry-after) keeps every request back until it runs out, also without a cap', async () => {
    const pacer = new RequestPacer();
    pacer.hold(1000);
    expect(await startsWithin(pacer, 999)).toBe(false);
    // Another request asked for meanwhile waits just as long.
    let second = false;
    void pacer.turn().then(() => { second = true; });
    await vi.advanceTimersByTimeAsync(1);
    expect(second).toBe(true);
    expect(await startsWithin(pacer, 0)).toBe(true);
  });

  it('a shorter hold does not shorten a longer one', async () => {
    const pacer = new RequestPacer();
    pacer.hold(2000);
    pacer.hold(500);
    expect(await startsWithin(pacer, 1999)).toBe(false);
  });

  it('--max-rps spaces requests by 1000 / N ms, after a hold too', async () => {
    const pacer = new RequestPacer(10);
    expect(await startsWithin(pacer, 0)).toBe(true);
    expect(await startsWithin(pacer, 99)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    pacer.hold(300);
    expect(await startsWithin(pacer, 299)).toBe(false);
  });
});
