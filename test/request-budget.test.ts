// A spec sized by the run's request budget (--budget) runs cases while the next one fits its
// share: the first always, a failing one never cut short (shrinking runs freely), none at all
// left out in an unbounded run.

import { describe, expect, it } from 'vitest';
import { RequestAllowance, allowanceFor } from '../src/spec-kit/request-budget.js';
import { budgetText } from '../src/report/verdict-text.js';
import type { Report } from '../src/report/model.js';

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

describe('the budget line (budgetText)', () => {
  const zoneTarget = (name: string) => ({ name, suite: 'zone-api', requestBudget: 1200 });
  const test = (target: string, requests: number, sized?: { allowance: number; cases: number; drawn: number }) => ({ target, requests, ...(sized && { sized }) });
  const reportOf = (targets: object[], tests: object[], api: number) => ({ run: { targets, requests: { api, control: 0, total: api } }, tests }) as unknown as Report;

  it('counts the requests sent outside the specs (the preflight) against the one target\'s budget, and says how many', () => {
    const report = reportOf([zoneTarget('staging')], [test('zone-api', 700, { allowance: 48, cases: 3, drawn: 10 }), test('zone-api', 300)], 1003);
    expect(budgetText(report)).toBe('1003 of 1200 API requests (--budget), 3 of them outside the specs (the preflight); the model or property spec sized by it ran 3 of 10 cases drawn');
  });

  it('with several targets, names the one that got the most and keeps the preflight\'s apart', () => {
    const report = reportOf([zoneTarget('a'), zoneTarget('b')], [test('zone-api@a', 500), test('zone-api@b', 600)], 1106);
    expect(budgetText(report)).toBe('600 of 1200 API requests to b, the target that got the most (--budget), and 6 outside the specs (the preflight) to the targets together');
  });

  it('says nothing for an unbounded run', () => {
    expect(budgetText(reportOf([{ name: 'reference', suite: 'zone-api', requestBudget: null }], [test('zone-api', 10)], 13))).toBeNull();
  });
});
