// Gates that must not pass by accident, through the real CLI on reports of
// real runs: `merge` of an incomplete set of shards (one missing, one given twice) and `diff` of
// runs over different targets fail, unless the user asks for it. (The baseline's gates are in
// test/baseline.test.ts.)

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir } from './helpers/cli.js';
import { callCli } from './helpers/cli-in-process.js';

// A few storage specs, split in two shards, and the same selection on two adapters.
const SELECTION = ['--suite', 'storage', '--area', 'alarms,kv', '--grep', 'is null|undefined'];
const reports: Record<'shard1' | 'shard2' | 'kv' | 'sqlite', string> = { shard1: '', shard2: '', kv: '', sqlite: '' };

beforeAll(async () => {
  const runs: [keyof typeof reports, string[]][] = [
    ['shard1', ['--adapter', 'reference-kv', '--shard', '1/2']],
    ['shard2', ['--adapter', 'reference-kv', '--shard', '2/2']],
    ['kv', ['--adapter', 'reference-kv']],
    ['sqlite', ['--adapter', 'reference-sqlite']],
  ];
  // One after the other: the machine is shared.
  for (const [name, args] of runs) {
    const dir = tempDir(name);
    const run = await runCli(['run', ...SELECTION, ...args, '--report-dir', dir]);
    if (run.code !== 0) throw new Error(`run ${name} exited ${run.code}: ${run.stderr}`);
    reports[name] = dir;
  }
  expect(readReport(reports.shard1).tests.length).toBeGreaterThan(0);
  expect(readReport(reports.shard2).tests.length).toBeGreaterThan(0);
}, 600_000);

const oneLine = (text: string) => text.trim().split('\n');

describe('merge refuses an incomplete set of shards', () => {
  it('a shard missing: one line naming it and --allow-partial, exit 2, nothing written', async () => {
    // Before: exit 0, the merged report written, and only a warning on stderr.
    const out = join(tempDir('merged'), 'out');
    const result = await callCli(['merge', reports.shard1, '--out', out]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toEqual(['specgate: merge: shard 2/2 missing: the merged run would be incomplete (give every shard\'s report, or --allow-partial to merge what is there)']);
    expect(existsSync(out)).toBe(false);
  });

  it('a shard given twice: one line naming the shard and both paths, exit 2 (also with --allow-partial)', async () => {
    // Before: exit 0 (the same specs were united; shard 2 missing was only a warning).
    for (const extra of [[], ['--allow-partial']]) {
      const out = join(tempDir('merged'), 'out');
      const result = await callCli(['merge', reports.shard1, reports.shard1, ...extra, '--out', out]);
      expect(result.code).toBe(2);
      expect(oneLine(result.stderr)).toEqual([`specgate: merge: shard 1/2 (${reports.shard1}, ${reports.shard1}) given twice: give each shard's report once`]);
      expect(existsSync(out)).toBe(false);
    }
  });

  it('the same unsharded run given twice is refused too', async () => {
    const result = await callCli(['merge', reports.kv, join(reports.kv, 'report.json'), '--out', join(tempDir('merged'), 'out')]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)[0]).toMatch(/^specgate: merge: run \S+ \(.*\) given twice: give each shard's report once$/);
  });

  it('--allow-partial merges what is there, saying which shard is missing', async () => {
    const out = join(tempDir('merged'), 'out');
    const result = await callCli(['merge', reports.shard1, '--allow-partial', '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('specgate: shards 2/2 missing (--allow-partial): the merged run is incomplete');
    expect(readReport(out).summary.total).toBe(readReport(reports.shard1).summary.total);
  });

  it('(positive control: every shard, once each, merges into the unsharded run, exit 0)', async () => {
    const out = join(tempDir('merged'), 'out');
    const result = await callCli(['merge', reports.shard2, reports.shard1, '--out', out]);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(readReport(out).tests.map((t) => t.name).sort()).toEqual(readReport(reports.kv).tests.map((t) => t.name).sort());
  });
});

describe('diff refuses runs over different targets', () => {
  it('two adapters: one line naming both sides\' targets, exit 2', async () => {
    // Before: exit 0, every spec "new" and "removed", nothing regressed.
    const result = await callCli(['diff', reports.kv, reports.sqlite]);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toEqual(['specgate: diff: the reports are runs over different targets (OLD ran on storage:reference-kv, NEW on storage:reference-sqlite); their specs cannot be compared (--allow-different-targets to compare anyway)']);
    expect(result.stdout).toBe('');
  });

  it('--allow-different-targets compares them anyway, saying so', async () => {
    const result = await callCli(['diff', reports.kv, reports.sqlite, '--allow-different-targets']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('specgate: comparing runs over different targets (--allow-different-targets): OLD ran on storage:reference-kv, NEW on storage:reference-sqlite\n');
    expect(result.stdout).not.toBe('');
  });

  it('(positive control: two runs over the same target are compared, exit 0)', async () => {
    const merged = join(tempDir('merged'), 'out');
    expect((await callCli(['merge', reports.shard1, reports.shard2, '--out', merged])).code).toBe(0);
    const result = await callCli(['diff', reports.kv, merged]);
    expect([result.code, result.stderr]).toEqual([0, '']);
  });
});
