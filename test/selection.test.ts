// Selecting specs: --profile, --area, --requirement (globs), --level and --shard.

import { describe, expect, it } from 'vitest';
import type { Requirement } from '../requirements/model.js';
import { EVERYTHING, globToRegExp, selects, selectsConventions, shardOf } from '../src/core/selection.js';
import { readReport, runCli, tempDir } from './helpers/cli.js';

const requirement = (id: string, extra: Partial<Requirement>): Requirement =>
  ({ id, area: 'filters', level: 'must', profile: 'core', section: [{ headings: ['s'] }], text: id, ...extra });
const catalog = new Map([
  requirement('ZM-FLT-A', {}),
  requirement('ZM-FLT-B', { profile: 'extended', level: 'should' }),
  requirement('ST-KV-C', { area: 'kv', level: 'may' }),
].map((r) => [r.id, r]));
const spec = (...requirements: string[]) => ({ title: requirements.join('+'), requirements });

describe('selects', () => {
  it('takes everything by default', () => {
    expect([spec('ZM-FLT-A'), spec('ZM-FLT-B'), spec('ST-KV-C')].every((s) => selects(EVERYTHING, s, catalog))).toBe(true);
  });
  it('core profile: only specs all of whose requirements are core', () => {
    const core = { ...EVERYTHING, profile: 'core' as const };
    expect([selects(core, spec('ZM-FLT-A'), catalog), selects(core, spec('ZM-FLT-A', 'ZM-FLT-B'), catalog)]).toEqual([true, false]);
    expect(selects(core, { ...spec('ZM-FLT-A'), extended: true }, catalog), 'a spec declared extended').toBe(false);
  });
  it('area, level and requirement globs: a spec is in when one of its requirements matches', () => {
    expect(selects({ ...EVERYTHING, areas: ['kv'] }, spec('ZM-FLT-A', 'ST-KV-C'), catalog)).toBe(true);
    expect(selects({ ...EVERYTHING, areas: ['kv'] }, spec('ZM-FLT-A'), catalog)).toBe(false);
    expect(selects({ ...EVERYTHING, levels: ['should'] }, spec('ZM-FLT-B'), catalog)).toBe(true);
    expect(selects({ ...EVERYTHING, levels: ['must'] }, spec('ZM-FLT-B'), catalog)).toBe(false);
    expect(selects({ ...EVERYTHING, requirements: ['ZM-FLT-*'] }, spec('ZM-FLT-B'), catalog)).toBe(true);
    expect(selects({ ...EVERYTHING, requirements: ['ZM-FLT-A'] }, spec('ZM-FLT-B'), catalog)).toBe(false);
  });
  it('the conventions a spec checks are reported as a spec of their own would be: never under --profile core', () => {
    expect(selectsConventions(EVERYTHING, ['ZM-FLT-B'], catalog)).toBe(true);
    expect(selectsConventions({ ...EVERYTHING, profile: 'core' }, ['ZM-FLT-B'], catalog)).toBe(false);
    expect(selectsConventions({ ...EVERYTHING, requirements: ['ZM-FLT-B'] }, ['ZM-FLT-B'], catalog)).toBe(true);
    expect(selectsConventions({ ...EVERYTHING, requirements: ['ZM-FLT-A'] }, ['ZM-FLT-B'], catalog)).toBe(false);
    expect(selectsConventions({ ...EVERYTHING, shard: { index: 2, total: 2 } }, ['ZM-FLT-B'], catalog), 'the shard is the spec\'s own').toBe(true);
  });
  it('globs escape everything but *', () => {
    expect(globToRegExp('ZM-FW-*').test('ZM-FW-COMBINED-QUOTA')).toBe(true);
    expect(globToRegExp('ZM.FW').test('ZMXFW')).toBe(false);
  });
  it('shards partition the specs: each spec in exactly one shard, stably', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `spec ${i}`);
    const shards = keys.map((k) => shardOf(k, 3));
    expect(new Set(shards)).toEqual(new Set([1, 2, 3]));
    expect(keys.map((k) => shardOf(k, 3))).toEqual(shards);
    for (const index of [1, 2, 3]) expect(shards.filter((s) => s === index).length).toBeGreaterThan(30);
  });
});

describe('run with filters', () => {
  it('--profile core runs only specs of core requirements', async () => {
    const reportDir = tempDir('core');
    const run = await runCli(['run', '--suite', 'zone-api', '--profile', 'core', '--report-dir', reportDir]);
    expect(run.code, run.stderr).toBe(0);
    const report = readReport(reportDir);
    const profileOf = new Map(report.requirements.map((r) => [r.id, r.profile]));
    expect(report.tests.length).toBeGreaterThan(10);
    expect(report.tests.every((t) => t.requirements.every((id) => profileOf.get(id) === 'core'))).toBe(true);
    expect(report.tests.filter((t) => t.spec.part === 'conventions'), 'no record of conventions (extended)').toEqual([]);
    expect(report.run.selection.profile).toBe('core');
    expect(report.coverageProblems, 'no golden check on a filtered run').toEqual([]);
  });

  it('--requirement globs with --level must', async () => {
    const reportDir = tempDir('requirement');
    const run = await runCli(['run', '--suite', 'zone-api', '--requirement', 'ZM-FW-COMBINED-*', '--level', 'must', '--report-dir', reportDir]);
    expect(run.code, run.stderr).toBe(0);
    const report = readReport(reportDir);
    expect(report.tests.length).toBeGreaterThan(3);
    expect(report.tests.every((t) => t.requirements.some((id) => id.startsWith('ZM-FW-COMBINED-')))).toBe(true);
  });

  it.each([
    [['--profile', 'strict'], /--profile must be core or extended/],
    [['--area', 'nowhere'], /--area: unknown area "nowhere"/],
    [['--level', 'could'], /--level must be must, should or may/],
    [['--shard', '3/2'], /--shard must be I\/N with 1 <= I <= N/],
    [['--update-baseline'], /--update-baseline needs --baseline FILE/],
  ])('%j exits 2', async (args, message) => {
    const run = await runCli(['run', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
