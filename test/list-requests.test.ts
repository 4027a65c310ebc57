// `specgate list` says what a selection's zone API specs would send, from what each sent against
// the bundled reference (suites/zone-api/requests.json, held true by test/cli.test.ts), before
// anything runs: a production account allows 1,200 API requests per 5 minutes.

import { describe, expect, it } from 'vitest';
import { readRequestTable } from '../src/report/request-table.js';
import { ROOT, runCli } from './helpers/cli.js';

const table = readRequestTable(ROOT)!;
const ESTIMATE = /^specgate: requests, as against the bundled reference \(seed (\d+)\): about (\d+) to the API and (\d+) to the control API; a target's answers move it$/m;

describe('specgate list: the requests of a selection', () => {
  it('sums what the listed specs sent against the reference, in the text listing and per spec in --json', async () => {
    const [text, json] = await Promise.all([
      runCli(['list', '--suite', 'zone-api', '--area', 'filters', '--profile', 'core']),
      runCli(['list', '--suite', 'zone-api', '--area', 'filters', '--profile', 'core', '--json']),
    ]);
    expect([text.code, json.code], text.stderr + json.stderr).toEqual([0, 0]);
    const specs = JSON.parse(json.stdout) as { file: string; name: string; requests?: { api: number; control: number } }[];
    expect(specs.length, 'the selection lists specs').toBeGreaterThan(5);
    expect(specs.filter((spec) => spec.requests === undefined).map((spec) => spec.name), 'every listed spec was measured').toEqual([]);
    for (const spec of specs) expect(spec.requests, spec.name).toEqual(table.specs[`${spec.file} > ${spec.name}`]);
    const sum = (side: 'api' | 'control') => specs.reduce((total, spec) => total + spec.requests![side], 0);
    const [, seed, api, control] = ESTIMATE.exec(text.stdout) ?? [];
    expect([Number(seed), Number(api), Number(control)], text.stdout).toEqual([table.seed, sum('api'), sum('control')]);
    expect(sum('api'), 'the filters specs send requests').toBeGreaterThan(0);
  });

  it('says nothing of requests for a selection without zone API specs (storage specs send none)', async () => {
    const storage = await runCli(['list', '--suite', 'storage', '--area', 'alarms']);
    expect(storage.code, storage.stderr).toBe(0);
    expect(storage.stdout).toMatch(/^specgate: \d+ specs? in \d+ files?/m);
    expect(storage.stdout).not.toMatch(/requests/);
  });
});
