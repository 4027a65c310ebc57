// A run that selects nothing must not pass: a typo in --requirement or a --grep that matches no
// spec is bad usage, exit 2, one line naming the nearest names (as vitest and Playwright refuse an
// empty run). Requirement patterns are checked against the catalogs before anything starts; a
// --grep, or filters that exclude each other, once the specs are collected, before any report.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nearestContaining } from '../src/core/did-you-mean.js';
import { runCli, tempDir, type CliResult } from './helpers/cli.js';

/** A run expected to stop as bad usage: exit 2, one line on stderr, no report, no spec output. */
async function refused(args: string[]): Promise<CliResult> {
  const reportDir = join(tempDir('empty-selection'), 'report');
  const run = await runCli(['run', '--report-dir', reportDir, ...args]);
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(existsSync(reportDir), 'no report is written').toBe(false);
  return run;
}

describe('a --requirement that matches no catalogued requirement (before anything starts)', () => {
  it('a misspelt ID: the nearest ID', async () => {
    const run = await refused(['--suite', 'zone-api', '--requirement', 'ZM-FLT-CREAT']);
    expect(run.stderr).toBe('specgate: --requirement ZM-FLT-CREAT matches no requirement of the zone-api catalog (did you mean ZM-FLT-CREATE?)\n');
    expect(run.stdout).toBe('');
  });

  it('a misspelt glob, one of several: the nearest prefix', async () => {
    const run = await refused(['--requirement', 'ZM-FLT-CREATE,ZM-FTL-*']);
    expect(run.stderr).toBe('specgate: --requirement ZM-FTL-* matches no requirement of the zone-api or storage catalog (did you mean ZM-FLT-*?)\n');
  });

  it('an ID of the suite the run leaves out: says which suite has it', async () => {
    const run = await refused(['--suite', 'storage', '--requirement', 'ZM-FLT-CREATE']);
    expect(run.stderr).toBe('specgate: --requirement ZM-FLT-CREATE is a requirement of the zone-api suite, which this run leaves out (--suite zone-api, or --suite all)\n');
  });

  it('nothing near: where to find the IDs', async () => {
    const run = await refused(['--suite', 'storage', '--requirement', 'no-such-thing']);
    expect(run.stderr).toMatch(/matches no requirement of the storage catalog \(`specgate list` shows the requirement IDs of each spec\)\n$/);
  });
});

describe('an --area no suite has', () => {
  it('the nearest area, and all of them', async () => {
    const run = await refused(['--area', 'filter']);
    expect(run.stderr).toMatch(/^specgate: --area: unknown area "filter" \(did you mean filters\? areas: envelope, /);
  });
});

describe('a selection that the specs do not match (once they are collected)', () => {
  it('a --grep with a typo: exit 2 with the nearest spec names, not PASSED with exit 0', async () => {
    const run = await refused(['--suite', 'storage', '--adapter', 'reference-kv', '--grep', 'removes an exsting key']);
    expect(run.stderr).toMatch(/^specgate: nothing selected: --grep "removes an exsting key" matches no spec \(it matches the describe blocks and title, case-sensitively; did you mean a spec named "[^"]*delete\(key\) removes an existing key and resolves to true"/);
    expect(run.stdout).not.toContain('PASSED');
  });

  it('filters each of which selects specs, but none together: names them', async () => {
    const run = await refused(['--suite', 'storage', '--adapter', 'reference-kv', '--area', 'alarms', '--requirement', 'ST-KV-DELETE-EXISTING-TRUE']);
    expect(run.stderr).toBe('specgate: nothing selected: no spec is selected by --area alarms --requirement ST-KV-DELETE-EXISTING-TRUE together (a spec must match every filter; `specgate list` shows the requirements each spec cites)\n');
  });

  it('the control: the same --grep spelt right runs its spec', async () => {
    const reportDir = tempDir('empty-selection-control');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'reference-kv', '--grep', 'removes an existing key and resolves to true', '--report-dir', reportDir]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/1 specs passed/);
  });
});

describe('nearestContaining', () => {
  const names = ['filters a filter created through the filters endpoint', 'rules a rule refers to its filter', 'kv delete(key) tells whether the key existed'];
  it('a name holding the pattern in another case first; else the names with the nearest stretch; nothing when none is near', () => {
    expect(nearestContaining('FILTER CREATED', names)).toEqual([names[0]]);
    expect(nearestContaining('fliter created', names)).toEqual([names[0]]);
    expect(nearestContaining('tells wether', names)).toEqual([names[2]]);
    expect(nearestContaining('zzzzzzzz', names)).toEqual([]);
  });
});
