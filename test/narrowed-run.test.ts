// A narrowed run (--area, --requirement, --level, --profile) gives its vitest projects only the
// spec files that hold a selected spec, and starts no project whose files hold none: each file a
// worker imports costs start-up on every target (bench/ci-speed.md). What such a run reports stays
// as it was with every file: the targets it names, and the nearest names a --grep that matches
// nothing is told about.
//
// The projects are those runner/run.ts plans (projectsOfRun), printed by a process of its own
// (test/helpers/run-projects.ts): the listing they are narrowed by registers module hooks, which
// this test worker must not get. The expected files are `specgate list`'s.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

interface ProjectFiles { name: string; files: string[] }

/** The projects `specgate run <args>` would start against one zone API target and the reference-kv adapter. */
function projectsOf(args: string[]): ProjectFiles[] {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'test/helpers/run-projects.ts'), ...args], { cwd: ROOT, encoding: 'utf8' });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as ProjectFiles[];
}

/** The files holding the specs `specgate list <args>` selects, sorted. */
async function listedFiles(args: string[]): Promise<string[]> {
  const run = await runCli(['list', '--json', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return [...new Set((JSON.parse(run.stdout) as { file: string }[]).map((spec) => spec.file))].sort();
}

const filesOf = (projects: ProjectFiles[]): string[] => [...new Set(projects.flatMap((p) => p.files))].sort();

describe('the spec files each project of a run is given', () => {
  it('control: a run of everything gives every project every file of its suite, clock projects included', async () => {
    const projects = projectsOf(['--suite', 'all']);
    expect(projects.map((p) => p.name)).toEqual(['zone-api', 'zone-api:clock', 'storage:reference-kv']);
    expect(filesOf(projects)).toEqual(await listedFiles(['--suite', 'all']));
    expect(filesOf(projects).length).toBeGreaterThan(20);
  });

  it('--area envelope: only the files holding an envelope spec; the clock project and the storage adapter are not started', async () => {
    const projects = projectsOf(['--suite', 'all', '--area', 'envelope']);
    expect(projects.map((p) => p.name)).toEqual(['zone-api']);
    expect(filesOf(projects)).toEqual(await listedFiles(['--suite', 'all', '--area', 'envelope']));
    expect(filesOf(projects)).toContain('suites/zone-api/envelope.spec.ts');
    expect(filesOf(projects).length).toBeLessThan((await listedFiles(['--suite', 'all'])).length / 4);
  });

  it('--suite storage --area kv: the adapter gets only the files holding a kv spec', () => {
    expect(projectsOf(['--suite', 'storage', '--area', 'kv'])).toEqual([
      { name: 'storage:reference-kv', files: ['suites/storage/alarm-lifecycle.spec.ts', 'suites/storage/atomicity.spec.ts', 'suites/storage/forms.spec.ts', 'suites/storage/kv.spec.ts', 'suites/storage/model.spec.ts'] },
    ]);
  });

  it('--requirement ZM-FW-*: each project keeps only its own files that hold one (a clock file goes to the clock project only)', async () => {
    const projects = projectsOf(['--requirement', 'ZM-FW-*']);
    expect(filesOf(projects)).toEqual(await listedFiles(['--requirement', 'ZM-FW-*']));
    const clock = projects.find((p) => p.name === 'zone-api:clock')?.files ?? [];
    const main = projects.find((p) => p.name === 'zone-api')?.files ?? [];
    expect(main.filter((file) => /\.(dated|clock)\.spec\.ts$/.test(file))).toEqual([]);
    expect(clock.every((file) => /\.(dated|clock)\.spec\.ts$/.test(file))).toBe(true);
  });

  it('a --grep alone narrows no file (which specs it matches, and which are out of scope, only the workers know)', async () => {
    expect(filesOf(projectsOf(['--suite', 'storage', '--grep', '^limits ']))).toEqual(await listedFiles(['--suite', 'storage']));
  });

  it('a --grep that matches none of the selected specs: every file, so that the run can name the nearest specs of all', async () => {
    expect(filesOf(projectsOf(['--suite', 'storage', '--area', 'alarms', '--grep', 'removes an exsting key']))).toEqual(await listedFiles(['--suite', 'storage']));
  });

  it('a shard: every file (a shard is chosen by title, which the listing does not keep apart)', async () => {
    expect(filesOf(projectsOf(['--suite', 'storage', '--area', 'kv', '--shard', '1/2']))).toEqual(await listedFiles(['--suite', 'storage']));
  });
});

describe('what a narrowed run reports stays as with every file', () => {
  it('a target none of whose files holds a selected spec is still a target of the run', async () => {
    const reportDir = tempDir('narrowed');
    const run = await runCli(['run', '--suite', 'all', '--adapter', 'reference-kv', '--area', 'kv', '--grep', 'deleteAll', '--seed', '7', '--report-dir', reportDir]);
    expect(run.code, run.stderr).toBe(0);
    const report = readReport(reportDir);
    expect(report.run.targets.map((t) => `${t.suite}:${t.name}`)).toEqual(['zone-api:reference', 'storage:reference-kv']);
    expect(report.tests.length).toBeGreaterThan(0);
    expect(report.tests.every((t) => t.target === 'storage:reference-kv')).toBe(true);
  });

  it('a --grep that matches no selected spec is told the nearest spec of every file, also one the selection leaves out', async () => {
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'reference-kv', '--area', 'alarms', '--grep', 'removes an exsting key', '--seed', '7', '--report-dir', join(tempDir('narrowed'), 'report')]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toBe('specgate: nothing selected: --grep "removes an exsting key" matches no spec among the specs --area alarms select (it matches the describe blocks and title, case-sensitively; did you mean a spec named "key-value operations delete delete(key) removes an existing key and resolves to true" or "atomicity of refused writes and failed transactions a refused put(key, value) over an existing key changes nothing" or "atomicity of refused writes and failed transactions txn.put(key, value) over an existing key refused and caught inside a transaction writes nothing of that call; the transaction\'s other writes commit"?)\n');
  });
});
