// The compatibility matrix (docs/compatibility.md, `npm run matrix`): rendered from one report per
// implementation, and kept in step with the catalog (a requirement added or dropped without
// regenerating the matrix fails here).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { supportedCompatibilityDate } from 'miniflare';
import { describe, expect, it } from 'vitest';
import { SUITES } from '../src/catalog/suites.js';
import { applyBaseline } from '../src/report/baseline.js';
import { matrixRequirementIds, renderMatrix } from '../src/report/matrix.js';
import { buildReport, type Report } from '../src/report/model.js';
import type { TestRecord } from '../src/core/records.js';
import { EVERYTHING } from '../src/core/selection.js';
import { ROOT } from './helpers/cli.js';

const verifiable = SUITES.storage.catalog.flatMap((c) => c.requirements).filter((r) => !r.unspecified).map((r) => r.id);

function reportOf(target: string, tests: TestRecord[], notApplicable: string[] = []): Report {
  return buildReport({
    version: '0.1.0',
    run: { id: target, startedAt: '', finishedAt: '', durationMs: 0, targets: [{ suite: 'storage', name: target, capabilities: { kv: true } }], suites: ['storage'], grep: null, selection: EVERYTHING, seed: 1 },
    suites: [{ name: 'storage', catalog: SUITES.storage.catalog }],
    tests,
    fileErrors: [],
    notApplicable: [{ name: 'left out', target, requirements: notApplicable, reason: 'sql: out of the scope of adapter kv' }],
    checkCoverage: false,
  });
}
const spec = (id: string, status: TestRecord['status'], extra: Partial<TestRecord> = {}): TestRecord =>
  ({ name: `x > ${id}`, target: 'storage:x', spec: { describe: [], title: id }, file: 'suites/storage/x.spec.ts', requirements: [id], status, durationMs: 1, ...extra });

describe('the compatibility matrix', () => {
  it('docs/compatibility.md lists every verifiable storage requirement, and nothing else (regenerate with npm run matrix)', () => {
    const committed = matrixRequirementIds(readFileSync(join(ROOT, 'docs/compatibility.md'), 'utf8'));
    expect([...committed].sort()).toEqual([...verifiable].sort());
  });

  it('covers what users run: the locked workerd at its dates and workerd through miniflare 5, each column naming the runtime that ran', () => {
    const lockedMiniflare = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.miniflare!;
    const columns = readFileSync(join(ROOT, 'docs/compatibility.md'), 'utf8').split('\n').filter((line) => line.startsWith('- **workerd'));
    const ran = columns.map((line) => /; ran workerd (\S+) \(npm (1\.\d{8}\.\d+)\) through miniflare (\S+) at compatibility date (\d{4}-\d{2}-\d{2})\)$/.exec(line));
    expect(ran.every((match) => match !== null), columns.join('\n')).toBe(true);
    const byLauncher = (major: string) => ran.filter((match) => match![3]!.startsWith(major)).map((match) => match![4]);
    expect(byLauncher(`${lockedMiniflare}`), 'the locked release, at 2025-07-18 and at its newest date').toEqual(['2025-07-18', supportedCompatibilityDate]);
    expect(byLauncher('5.'), 'miniflare 5 at its newest date').toHaveLength(1);
  });

  it('shows a pass, a failure with its baseline reason, a skip with its reason, and out of scope', () => {
    const failing = reportOf('b', [
      spec('ST-KV-GET-MISSING-UNDEFINED', 'passed'),
      spec('ST-LIST-ORDER-UTF8', 'failed', { error: 'expected order\nmore' }),
      spec('ST-LIST-PREFIX', 'failed', { error: 'prefix ignored\nmore' }),
      spec('ST-ALARM-HANDLER-RUNS', 'skipped', { skipReason: 'adapter b does not support clock' }),
    ], ['ST-SQL-EXEC-CURSOR']);
    const baseline = { knownFailures: [{ requirement: 'ST-LIST-ORDER-UTF8', reason: 'sorts by UTF-16 | code units' }] };
    applyBaseline(failing, baseline, 'b.json');
    const knownReasons = new Map([['ST-LIST-ORDER-UTF8', 'sorts by UTF-16 | code units']]);
    const markdown = renderMatrix([{ title: 'a', description: 'first', report: reportOf('a', []) }, { title: 'b', description: 'second', report: failing, knownReasons }], { title: 'M', generatedBy: 'test' });
    const row = (id: string) => markdown.split('\n').find((line) => line.startsWith(`| \`${id}\``));
    expect(row('ST-KV-GET-MISSING-UNDEFINED')).toBe('| `ST-KV-GET-MISSING-UNDEFINED` | core | not run | pass |');
    expect(row('ST-LIST-ORDER-UTF8')).toMatch(/\| not run \| FAIL \[\[(\d+)\]\]\(#n\1\) \|$/);
    expect(markdown).toContain('b, ST-LIST-ORDER-UTF8: sorts by UTF-16 \\| code units');
    expect(markdown).toContain('b, ST-LIST-PREFIX: not in the baseline: prefix ignored');
    expect(markdown).toContain('b, ST-ALARM-HANDLER-RUNS: adapter b does not support clock');
    expect(row('ST-SQL-EXEC-CURSOR')).toBe('| `ST-SQL-EXEC-CURSOR` | core | not run | out of scope |');
    expect(matrixRequirementIds(markdown).sort()).toEqual([...verifiable].sort());
  });

  it('gives each requirement a model spec failed its own baseline reason, not the reason of another it also failed', () => {
    const model = { name: 'x > alarm model', requirements: ['ST-ALARM-SET', 'ST-ALARM-REPLACE'], failedRequirements: ['ST-ALARM-SET', 'ST-ALARM-REPLACE'] };
    const report = reportOf('m', [{ ...spec('ST-ALARM-SET', 'failed', { error: 'counterexample\nmore' }), ...model }]);
    const knownReasons = new Map([['ST-ALARM-SET', 'reason of set'], ['ST-ALARM-REPLACE', 'reason of replace']]);
    const markdown = renderMatrix([{ title: 'm', description: 'model', report, knownReasons }], { title: 'M', generatedBy: 'test' });
    expect(markdown).toContain('m, ST-ALARM-SET: reason of set');
    expect(markdown).toContain('m, ST-ALARM-REPLACE: reason of replace');
  });

  it('places the maker\'s sections (what real time cannot verify) after the columns, before the tables', () => {
    const markdown = renderMatrix([{ title: 'a', description: 'first', report: reportOf('a', []) }], { title: 'M', generatedBy: 'test', sections: ['## Alarms in real time\n\nWhat it cannot verify.\n'] });
    const at = (text: string) => markdown.indexOf(text);
    expect(at('- **a**: first')).toBeLessThan(at('## Alarms in real time\n\nWhat it cannot verify.\n\n## By area'));
    expect(renderMatrix([{ title: 'a', description: 'first', report: reportOf('a', []) }], { title: 'M', generatedBy: 'test' })).not.toContain('Alarms in real time');
  });
});
