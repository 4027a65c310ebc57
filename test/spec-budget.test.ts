// A spec's budget (spec-kit/budget.ts): it counts only the spec's own time, never its waits on the
// target (answers, --max-rps pacing, retry-after, real time), and when it runs out the failure says
// what the spec last asked of the target and which flag raises it. A spec that ran out of time (its
// budget, a request's --timeout, a storage call's) is marked timed out. On virtual time (vitest's
// fake timers): no test here waits.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageCallTimeout } from '../src/spec-kit/bounded-storage.js';
import { markingTimeouts, RequestTimeout, SpecBudget, SpecTimeout, withinBudget } from '../src/spec-kit/budget.js';

beforeEach(() => { vi.useFakeTimers({ now: 1_000_000 }); });
afterEach(() => { vi.useRealTimers(); });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a run of `body` within `budget` ended, once the timers up to `ms` from now have run. */
async function outcomeAfter(budget: SpecBudget, body: () => Promise<unknown>, ms: number): Promise<'pending' | 'resolved' | Error> {
  let outcome: 'pending' | 'resolved' | Error = 'pending';
  budget.run(body).then(() => { outcome = 'resolved'; }, (error: Error) => { outcome = error; });
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('SpecBudget', () => {
  it('a spec stuck on something that is not the target runs out at its budget, naming its last request and --spec-timeout', async () => {
    const budget = new SpecBudget(1000);
    const stuck = async () => {
      await budget.waitingOnTarget('GET /zones/z1/filters', () => sleep(10));
      budget.note('GET /zones/z1/filters answered HTTP 200');
      await new Promise(() => undefined); // never settles
    };
    let error: unknown;
    budget.run(stuck).catch((e: unknown) => { error = e; });
    await vi.advanceTimersByTimeAsync(1009);
    expect(error, 'the 10 ms of its request are not counted').toBeUndefined();
    await vi.advanceTimersByTimeAsync(2);
    expect(error).toBeInstanceOf(SpecTimeout);
    expect((error as Error).message).toMatch(/^the spec ran out of its budget: 1 s of its own time \(--spec-timeout\), not counting its waits on the target \(its requests or calls into the adapter, --max-rps pacing, retry-after, real time\); it was waiting on none of them \(the last thing it asked of the target: GET \/zones\/z1\/filters answered HTTP 200\); fix: raise --spec-timeout S \(specTimeoutSeconds in specgate\.config\.ts\)/);
  });

  it('waits on the target far longer than the budget do not exhaust it (a paced or slow target)', async () => {
    const budget = new SpecBudget(1000);
    const paced = async () => {
      for (let request = 0; request < 20; request++) {
        await budget.waitingOnTarget('its turn (--max-rps)', () => sleep(2000));
        await budget.waitingOnTarget(`GET /r${request}`, () => sleep(3000));
      }
    };
    expect(await outcomeAfter(budget, paced, 200_000)).toBe('resolved');
  });

  it('several requests in flight at once: the budget resumes only when the last one ends', async () => {
    const budget = new SpecBudget(1000);
    const overlapping = async () => {
      await Promise.all([budget.waitingOnTarget('GET /a', () => sleep(5000)), budget.waitingOnTarget('GET /b', () => sleep(10_000))]);
      await sleep(900);
    };
    expect(await outcomeAfter(budget, overlapping, 11_000)).toBe('resolved');
  });

  it('its own time adds up across the waits: 600 ms before a request and 600 ms after exhaust a 1 s budget', async () => {
    const budget = new SpecBudget(1000);
    const slowOwnWork = async () => {
      await sleep(600);
      await budget.waitingOnTarget('GET /a', () => sleep(5000));
      await sleep(600);
    };
    const outcome = await outcomeAfter(budget, slowOwnWork, 7000);
    expect(outcome).toBeInstanceOf(SpecTimeout);
    expect((outcome as Error).message).toContain('the last thing it asked of the target: GET /a (still waiting for it)');
  });

  it('a spec that asks for more than the run\'s budget gets it (SpecOptions.timeout)', async () => {
    const budget = new SpecBudget(1000);
    let outcome: unknown = 'pending';
    budget.run(() => sleep(1500), 2000).then(() => { outcome = 'resolved'; }, (e: unknown) => { outcome = e; });
    await vi.advanceTimersByTimeAsync(1600);
    expect(outcome).toBe('resolved');
  });
});

describe('a spec that runs out of time is marked timed out', () => {
  const context = () => ({ task: { meta: {} as { timedOut?: true } } });

  it('its budget, a request\'s --timeout, a storage call\'s: timedOut; any other failure: not', async () => {
    for (const error of [new SpecTimeout('budget'), new RequestTimeout('GET /a: no response in 1 s'), new StorageCallTimeout('storage.get("k") did not settle', { operation: 'storage.get', limitMs: 1000, limit: 'the run\'s --timeout' })]) {
      const ctx = context();
      await expect(markingTimeouts(async () => { throw error; })(ctx)).rejects.toBe(error);
      expect(ctx.task.meta.timedOut, error.message).toBe(true);
    }
    const wrapped = context();
    await expect(markingTimeouts(async () => { throw new Error('property failed', { cause: new RequestTimeout('GET /a') }); })(wrapped)).rejects.toThrow('property failed');
    expect(wrapped.task.meta.timedOut, 'a failure caused by a timeout (a property\'s)').toBe(true);
    const ctx = context();
    await expect(markingTimeouts(async () => { throw new Error('expected 200, got 500', { cause: new Error('not a timeout') }); })(ctx)).rejects.toThrow('expected 200');
    expect(ctx.task.meta.timedOut).toBeUndefined();
  });

  it('within its budget: a body stuck past it fails with SpecTimeout, marked; vitest still reads the body\'s fixtures', async () => {
    const budget = new SpecBudget(1000);
    const body = async ({ api }: { api: unknown }) => { void api; await new Promise(() => undefined); };
    const wrapped = withinBudget(body as unknown as (c: ReturnType<typeof context>) => unknown, () => budget);
    expect(wrapped.toString(), 'vitest decides the fixtures to set up from this text').toBe(body.toString());
    const ctx = context();
    let outcome: unknown;
    void Promise.resolve(wrapped(ctx)).catch((e: unknown) => { outcome = e; });
    await vi.advanceTimersByTimeAsync(1001);
    expect(outcome).toBeInstanceOf(SpecTimeout);
    expect(ctx.task.meta.timedOut).toBe(true);
  });
});
