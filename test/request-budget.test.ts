// A spec sized by the run's request budget (--budget) runs cases while the next one fits its
// share: the first always, a failing one never cut short (shrinking runs freely), none at all
// left out in an unbounded run.

import { describe, expect, it } from 'vitest';
import { RequestAllowance, allowanceFor } from '../src/spec-kit/request-budget.js';

/** A spec whose cases each send `size(i)` requests, under `limit`: the cases it ran. */
async function run(limit: number | undefined, sizes: number[], failAt?: number): Promise<{ ran: number[]; sent: number; allowance: RequestAllowance }> {
  let sent = 0;
  const ran: number[] = [];
  const allowance = new RequestAllowance(limit, () => sent);
  const predicate = allowance.cases(async (i: number) => {
    ran.push(i);
    sent += sizes[i]!;
    if (i === failAt) throw new Error('disagrees');
  });
  for (const i of sizes.keys()) await predicate(i).catch(() => undefined);
  return { ran, sent, allowance };
}

describe('RequestAllowance', () => {
  it('runs cases while the next fits, judged by the largest so far, and says how many it left untried', async () => {
    const { ran, sent, allowance } = await run(30, [10, 10, 5, 10, 10]);
    // 20 sent and 10 the largest: 30 still fits; at 25 a case of 10 would not.
    expect(ran).toEqual([0, 1, 2]);
    expect(sent).toBe(25);
    expect(allowance.describe()).toBe('3 of 5 cases within its 30 API requests of the run\'s budget');
  });

  it('always runs the first case, even one larger than the share', async () => {
    expect((await run(5, [20, 1])).ran).toEqual([0]);
  });

  it('unbounded: every case runs', async () => {
    expect((await run(undefined, [50, 50, 50])).ran).toEqual([0, 1, 2]);
  });

  it('once a case failed, the cases after it run whatever they send (fast-check shrinks it)', async () => {
    expect((await run(20, [10, 10, 10, 10], 1)).ran).toEqual([0, 1, 2, 3]);
  });

  it('a share of the budget, at least its floor; none for an unbounded run', () => {
    expect(allowanceFor(1200, 0.05)).toBe(60);
    expect(allowanceFor(100, 0.05, 12)).toBe(12);
    expect(allowanceFor(undefined, 0.05)).toBeUndefined();
  });
});
