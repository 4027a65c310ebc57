// `specgate list` says what a selection's zone API specs would send, from what each sent against
// the bundled reference (suites/zone-api/requests.json, held true by test/cli.test.ts), before
// anything runs: a production account allows 1,200 API requests per 5 minutes.

import { describe, expect, it } from 'vitest';
import { estimateRequests, readRequestTable } from '../src/report/request-table.js';
import { ROOT, runCli } from './helpers/cli.js';

const table = readRequestTable(ROOT)!;
const ESTIMATE = /^specgate: requests, as against the bundled reference \(seed (\d+)\): about (\d+) to the API and (\d+) to the control API(?:; within --budget (\d+)[^:]*: about (\d+) to the API)?; a target's answers move it$/m;

describe('specgate list: the requests of a selection', () => {
  // dns-settings has a spec a request budget sizes (the flatten mirror's property), filters none.
  it('sums what the listed specs sent against the reference, in the text listing and per spec in --json', async () => {
    const selection = ['list', '--suite', 'zone-api', '--area', 'filters', '--area', 'dns-settings', '--profile', 'core'];
    const [text, json] = await Promise.all([runCli(selection), runCli([...selection, '--json'])]);
    expect([text.code, json.code], text.stderr + json.stderr).toEqual([0, 0]);
    const specs = JSON.parse(json.stdout) as { file: string; name: string; requests?: { api: number; control: number } }[];
    expect(specs.length, 'the selection lists specs').toBeGreaterThan(5);
    expect(specs.filter((spec) => spec.requests === undefined).map((spec) => spec.name), 'every listed spec was measured').toEqual([]);
    for (const spec of specs) {
      const { budgetShare, ...measured } = table.specs[`${spec.file} > ${spec.name}`]!;
      expect(spec.requests, spec.name).toEqual(measured);
      expect((spec as { budgetShare?: unknown }).budgetShare, spec.name).toEqual(budgetShare);
    }
    const sum = (side: 'api' | 'control') => specs.reduce((total, spec) => total + spec.requests![side], 0);
    const [, seed, api, control, budget, within] = ESTIMATE.exec(text.stdout) ?? [];
    expect([Number(seed), Number(api), Number(control)], text.stdout).toEqual([table.seed, sum('api'), sum('control')]);
    expect(sum('api'), 'the specs send requests').toBeGreaterThan(0);
    // Within the default budget of a URL target, a sized spec counts at most its allowance.
    const sized = specs.filter((spec) => table.specs[`${spec.file} > ${spec.name}`]?.budgetShare);
    expect(sized.length, 'requests.json records the budget share of a spec a budget sizes').toBeGreaterThan(0);
    expect([Number(budget), Number(within)], text.stdout).toEqual([1200, estimateRequests(table, specs, 1200).api]);
    expect(Number(within), 'positive control: the budget cuts the sized spec short').toBeLessThan(Number(api));
  });

  it('takes --budget: N estimates within N, unbounded leaves the budget out, anything else is refused in one line', async () => {
    const selection = ['list', '--suite', 'zone-api', '--area', 'dns-settings', '--profile', 'core'];
    const [small, unbounded, bad] = await Promise.all([runCli([...selection, '--budget', '150']), runCli([...selection, '--budget', 'unbounded']), runCli([...selection, '--budget', 'lots'])]);
    expect([small.code, unbounded.code], small.stderr + unbounded.stderr).toEqual([0, 0]);
    const [, , api, , budget, within] = ESTIMATE.exec(small.stdout) ?? [];
    const listed = (stdout: string) => stdout.split('\n').filter((line) => line.includes(' > ')).map((line) => {
      const [file, ...name] = line.replace(/  \[.*\]$/, '').split(' > ');
      return { file: file!, name: name.join(' > ') };
    });
    expect([Number(budget), Number(within)], small.stdout).toEqual([150, estimateRequests(table, listed(small.stdout), 150).api]);
    const line = ESTIMATE.exec(unbounded.stdout);
    expect(line?.[4], unbounded.stdout).toBeUndefined();
    expect(Number(line?.[2])).toBe(Number(api));
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^specgate: --budget must be a whole number of API requests.*got "lots": give e\.g\. --budget 1200[^\n]*$/);
  });

  it('says nothing of requests for a selection without zone API specs (storage specs send none)', async () => {
    const storage = await runCli(['list', '--suite', 'storage', '--area', 'alarms']);
    expect(storage.code, storage.stderr).toBe(0);
    expect(storage.stdout).toMatch(/^specgate: \d+ specs? in \d+ files?/m);
    expect(storage.stdout).not.toMatch(/requests/);
  });
});
