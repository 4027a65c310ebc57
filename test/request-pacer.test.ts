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
  /** A pacer whose target answered once, declaring no rate limit: from then on nothing holds it but a cap or a hold. */
  async function answeredOnce(pacer = new RequestPacer()): Promise<RequestPacer> {
    await pacer.turn();
    pacer.answered(new Headers());
    return pacer;
  }

  it('without a cap or a hold, every request starts at once, once the target was seen to declare no rate limit (the control)', async () => {
    const pacer = await answeredOnce();
    expect(await startsWithin(pacer, 0)).toBe(true);
    expect(await startsWithin(pacer, 0)).toBe(true);
  });

  it('before the first answer, one request at a time: what the target allows is not known yet', async () => {
    const pacer = new RequestPacer();
    expect(await startsWithin(pacer, 0)).toBe(true);
    expect(await startsWithin(pacer, 1000), 'a second request while the first is unanswered').toBe(false);
    pacer.answered(new Headers());
    await vi.advanceTimersByTimeAsync(10);
    expect(await startsWithin(pacer, 0), 'after an answer declaring no limit').toBe(true);
  });

  it('a window that ran out starts the next with the worker\'s share of the policy, and no more in any span of its length', async () => {
    const pacer = new RequestPacer(undefined, 1 / 2);
    await pacer.turn();
    pacer.answered(new Headers({ ratelimit: '"default";r=9;t=10', 'ratelimit-policy': '"default";q=10;w=10' }));
    // A share of 5 per span of the window's length: the first request was one of them.
    const starts: number[] = [];
    for (let i = 0; i < 6; i++) void pacer.turn().then(() => { starts.push(Date.now() - 1_000_000); pacer.answered(); });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(starts.length, 'within the first window: 4 more of the share of 5').toBe(4);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(starts.length, 'the rest once the span has room').toBe(6);
    expect(Math.min(...starts.slice(4)), 'not before a span of the window\'s length after the first').toBeGreaterThanOrEqual(10_000);
  });

  it('a hold (a 429\'s retry-after) keeps every request back until it runs out, also without a cap', async () => {
    const pacer = await answeredOnce();
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
