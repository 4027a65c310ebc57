// A crash is a failure: a spec file whose test worker dies, or that fails to load,
// fails its specs (or reports an error) with the cause, in the terminal, in every report format
// and in the exit code; never "skipped" with an empty reason.
//
// One run, four storage targets, the same four specs for each: the reference's key-value backend
// (the positive control: the specs pass when nothing dies), and three adapters wrapping it whose
// test worker dies on purpose when a spec creates an object (test/helpers/dying-adapters/): killed
// by SIGKILL, aborted by a native assertion (Node's own CHECK, as a native module's would), and
// one that loads in the CLI but not in a test worker (as a native module built for another Node).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/core/markup.js';
import type { Report } from '../src/report/model.js';
import { readReport, ROOT, runCli, tempDir, type CliResult } from './helpers/cli.js';

const ADAPTERS = join(ROOT, 'test/helpers/dying-adapters');
const SPECS = [
  ['suites/storage/kv.spec.ts', 'a key written by one object is not visible to another object'],
  ['suites/storage/kv.spec.ts', 'cycles and shared references survive'],
  ['suites/storage/list.spec.ts', 'start is the first key, inclusive'],
  ['suites/storage/list.spec.ts', 'end is exclusive'],
] as const;
const GREP = SPECS.map(([, title]) => title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const STORAGE_SPEC_FILES = readdirSync(join(ROOT, 'suites/storage')).filter((f) => f.endsWith('.spec.ts')).map((f) => `suites/storage/${f}`);

const SIGKILL = 'the test worker was killed by SIGKILL';
// Node's CHECK in TCPWrap::New: the assertion, then where it failed (the line number varies by Node version).
const NATIVE = /the test worker was killed by SIGABRT: Assertion failed: args\[0\]->IsInt32\(\) in static void node::TCPWrap::New\(.*\) at \.\.\/src\/tcp_wrap\.cc:\d+/;
// The load error's own line, with where it was thrown (core/adapter-module.ts).
const LOADER = `--adapter fails-to-load: ${join(ADAPTERS, 'unloadable.ts')} threw while it was being imported: Error: `
  + `The module '/opt/storage/native.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115 (a test adapter that fails to load on purpose) (at ${join(ADAPTERS, 'unloadable.ts')}:6:9)`;

let run: CliResult;
let report: Report;
let dir: string;
const artefact = (name: string): string => readFileSync(join(dir, name), 'utf8');
const testsOf = (adapter: string) => report.tests.filter((t) => t.target === `storage:${adapter}`);

beforeAll(async () => {
  dir = join(tempDir('worker-crash'), 'report');
  run = await runCli(['run', '--suite', 'storage', '--grep', GREP, '--report-dir', dir, '--adapter',
    ['reference-kv', 'killed.ts', 'native-assertion.ts', 'unloadable.ts'].map((a) => (a.endsWith('.ts') ? join(ADAPTERS, a) : a)).join(',')]);
  report = readReport(dir);
}, 600_000);

describe('test workers that die, and spec files that do not load', () => {
  it('the run exits 1', () => {
    expect(run.code, run.stderr).toBe(1);
  });

  it('positive control: the same specs pass against the target whose worker lives, with no error of theirs', () => {
    expect(testsOf('reference-kv').map((t) => [t.file, t.name.split(' > ').pop(), t.status]).sort())
      .toEqual(SPECS.map(([file, title]) => [file, title, 'passed']).sort());
    expect(report.errors.filter((e) => e.error.includes('reference-kv'))).toEqual([]);
  });

  it('a worker killed by a signal: each of its specs failed with the signal and the file, none skipped', () => {
    const tests = testsOf('dies-by-sigkill');
    expect(tests.map((t) => [t.file, t.name.split(' > ').pop()]).sort()).toEqual(SPECS.map((s) => [...s]).sort());
    for (const test of tests) {
      expect(test).toMatchObject({ status: 'failed', error: `did not finish: ${SIGKILL} while running ${test.file}` });
      expect(test).not.toHaveProperty('skipReason');
    }
  });

  it('a worker aborted by a native assertion: each of its specs failed with the assertion and where it failed', () => {
    const tests = testsOf('dies-of-native-assertion');
    expect(tests).toHaveLength(SPECS.length);
    for (const test of tests) {
      expect(test.status).toBe('failed');
      expect(test.error).toMatch(NATIVE);
      expect(test.error).toMatch(new RegExp(` while running ${test.file}$`));
    }
  });

  it('each death is an error of its spec file, naming the target and the cause', () => {
    const deaths = report.errors.filter((e) => e.error.startsWith('storage:dies-'));
    expect(deaths.map((e) => [e.file, e.error.split(':')[1]]).sort()).toEqual([
      ['suites/storage/kv.spec.ts', 'dies-by-sigkill'], ['suites/storage/kv.spec.ts', 'dies-of-native-assertion'],
      ['suites/storage/list.spec.ts', 'dies-by-sigkill'], ['suites/storage/list.spec.ts', 'dies-of-native-assertion'],
    ]);
    for (const death of deaths) expect(death.error).toMatch(death.error.includes('sigkill') ? new RegExp(`${SIGKILL}$`) : NATIVE);
    expect(report.errors.filter((e) => e.file === '(unhandled)'), 'vitest\'s own "Worker forks emitted error" is told by these').toEqual([]);
  });

  it('a spec file that does not load: an error with the loader\'s message for every spec file, and no spec of it reported', () => {
    expect(testsOf('fails-to-load')).toEqual([]);
    const loadErrors = report.errors.filter((e) => e.error.startsWith('--adapter fails-to-load'));
    expect(loadErrors.map((e) => e.file).sort()).toEqual(STORAGE_SPEC_FILES.sort());
    for (const error of loadErrors) expect(error.error).toBe(LOADER);
  });

  it('nothing is skipped, and the counts say so', () => {
    expect(report.tests.filter((t) => t.status === 'skipped')).toEqual([]);
    expect(report.summary).toMatchObject({ passed: 4, failed: 8, skipped: 0, total: 12 });
  });

  it('the terminal lists each failed spec with its cause, each error, and the counts', () => {
    // Grouped by cause (the death and the file it cut short), the cause first.
    expect(run.stdout).toContain(`  ✗ did not finish: ${SIGKILL} while running suites/storage/kv.spec.ts — 2 specs\n      storage:dies-by-sigkill > key-value operations > what the service does > a key written by one object is not visible to another object [ST-KV-PRIVATE]\n`);
    expect(run.stdout).toMatch(new RegExp(`  ✗ did not finish: ${NATIVE.source} while running suites/storage/list.spec.ts — 2 specs\\n(.*\\n)?      storage:dies-of-native-assertion > list options > bounds > end is exclusive \\[ST-LIST-END-EXCLUSIVE\\]\\n`));
    expect(run.stdout).toContain(`\n  suites/storage/sql.spec.ts: ${LOADER}\n`);
    expect(run.stdout).toContain(`\n  suites/storage/list.spec.ts: storage:dies-by-sigkill: ${SIGKILL}\n`);
    expect(run.stdout).toMatch(/\nspecgate: the documents \(core\): 4 specs passed, 8 failed, 0 skipped; .*\n/);
    // A load error per storage spec file, and the four deaths (two files on each dying target).
    expect(run.stdout).toContain(`\nspecgate: FAILED (gate: core); ${STORAGE_SPEC_FILES.length + 4} errors outside specs, `);
  });

  it('summary.md: the failures with their cause, the errors outside specs, no skipped section', () => {
    const md = artefact('summary.md');
    expect(md).toContain('Specs in all: 4 passed, 8 failed, 0 skipped, of 12.');
    expect(md).toContain('**Verdict: failed (gate: core).**');
    expect(md).toContain(`### storage:dies-by-sigkill > list options > bounds > start is the first key, inclusive\n\nRequirements: ST-LIST-START-INCLUSIVE\n\n\`\`\`\ndid not finish: ${SIGKILL} while running suites/storage/list.spec.ts\n\`\`\``);
    expect(md).toMatch(NATIVE);
    expect(md).toContain(`- suites/storage/pitr.spec.ts: ${LOADER}`);
    expect(md).toContain(`- suites/storage/kv.spec.ts: storage:dies-by-sigkill: ${SIGKILL}`);
    expect(md).not.toContain('## Skipped');
    expect(md).not.toContain('undefined');
  });

  it('report.html: the causes and the loader\'s message, escaped', () => {
    const html = artefact('report.html');
    expect(html).toContain(escapeHtml(`did not finish: ${SIGKILL} while running suites/storage/kv.spec.ts`));
    expect(html).toContain(escapeHtml('Assertion failed: args[0]->IsInt32() in static void node::TCPWrap::New('));
    expect(html).toContain(escapeHtml(LOADER));
    expect(html).not.toMatch(/>undefined</);
  });

  it('junit.xml: a failure with the cause for each spec of a dead worker and for each file that did not load', () => {
    const junit = artefact('junit.xml');
    const count = (text: string) => junit.split(text).length - 1;
    expect(count(`<failure message="did not finish: ${SIGKILL} while running suites/storage/`)).toBe(4);
    expect(count('<failure message="did not finish: the test worker was killed by SIGABRT: Assertion failed: args[0]-&gt;IsInt32() in static void node::TCPWrap::New(')).toBe(4);
    expect(count(`<error message="--adapter fails-to-load: ${join(ADAPTERS, 'unloadable.ts')} threw while it was being imported: `)).toBe(STORAGE_SPEC_FILES.length);
    const errors = report.errors.length;
    expect(junit).toMatch(new RegExp(`<testsuites name="specgate [^"]+" tests="${count('<testcase ')}" failures="8" errors="${errors}"`));
    // The four specs ran (passed or failed) for three targets; no testcase of theirs is skipped.
    for (const [, title] of SPECS) {
      const cases = junit.split('<testcase ').filter((c) => c.includes(`&gt; ${title.replace(/'/g, '&apos;')}"`));
      expect(cases, title).toHaveLength(3);
      expect(cases.filter((c) => c.includes('<skipped')), title).toEqual([]);
      expect(cases.filter((c) => c.includes('<failure')), title).toHaveLength(2);
    }
  });
});
