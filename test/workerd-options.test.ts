// The workerd adapter's options as a user meets them: the compatibility date (flag, config file,
// `workerd@DATE`), a date the runtime refuses (exit 2 before any spec runs), and a miniflare of the
// user's own, found from the working directory.
//
// The date is shown to reach workerd, not only the report: the one spec whose verdict depends on
// it (deleteAll() keeps the alarm, until compatibility flag delete_all_deletes_alarm, enabled from
// 2026-02-24) passes at 2025-07-18 and fails at 2026-03-01.

import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { supportedCompatibilityDate } from 'miniflare';
import { beforeAll, describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';
import { callCli } from './helpers/cli-in-process.js';
import type { Report } from '../src/report/model.js';

const DELETEALL_SPEC = ['--grep', 'deleteAll\\(\\) leaves the alarm set'];
const OWN_MINIFLARE = createRequire(import.meta.url).resolve('miniflare');
const OWN_WORKERD = createRequire(OWN_MINIFLARE)('workerd').default as string;

/** A plain-JavaScript config file (no import, so it loads from any directory). */
function writeConfig(config: unknown): string {
  const file = join(tempDir('workerd-config'), 'specgate.config.mjs');
  writeFileSync(file, `export default ${JSON.stringify(config, null, 2)};\n`);
  return file;
}

const storageTarget = (report: Report) => report.run.targets.find((t) => t.suite === 'storage')!;
const statusOfDeleteAllSpec = (report: Report) => report.tests.filter((t) => t.requirements.includes('ST-KV-DELETEALL-KEEPS-ALARM')).map((t) => t.status);

/**
 * A project folder whose node_modules holds a miniflare of its own: a wrapper around specgate's
 * (so no download) with its own version, which logs every runtime it starts.
 */
function projectWithMiniflare(version: string): { dir: string; log: string } {
  const dir = tempDir('byo-miniflare');
  const log = join(dir, 'started.log');
  const own = createRequire(OWN_MINIFLARE);
  const packages: Record<string, { version: string; source: string }> = {
    miniflare: {
      version,
      source: `const real = require(${JSON.stringify(OWN_MINIFLARE)});
const { appendFileSync } = require('node:fs');
class Miniflare extends real.Miniflare {
  constructor(options) { appendFileSync(${JSON.stringify(log)}, options.compatibilityDate + '\\n'); super(options); }
}
module.exports = { ...real, Miniflare };
`,
    },
    // The runtime package next to it, as npm installs miniflare's dependency.
    workerd: { version: own('workerd/package.json').version, source: `module.exports = require(${JSON.stringify(own.resolve('workerd'))});\n` },
  };
  for (const [name, { version: v, source }] of Object.entries(packages)) {
    mkdirSync(join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: v, main: 'index.js' }));
    writeFileSync(join(dir, 'node_modules', name, 'index.js'), source);
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
  return { dir, log };
}

/** A workerd "of another version": prints its own --version, runs specgate's binary for the rest. */
function binaryCalling(version: string): string {
  const path = join(tempDir('workerd-binary'), 'workerd');
  writeFileSync(path, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "workerd ${version}"; exit 0; fi\nexec ${JSON.stringify(OWN_WORKERD)} "$@"\n`, { mode: 0o755 });
  return path;
}

/**
 * The runs that run a spec on workerd: each its own specgate process, as the date (a config file's,
 * overridden by the flag, the default), the miniflare (found from the working directory) and the
 * binary (--workerd) are each a whole run's. Started at once before the first test, side by side,
 * each test reads its own.
 */
interface SpecRun { run: CliResult; reportDir: string }
let specRuns: {
  configDate: Promise<SpecRun>;
  flagDate: Promise<SpecRun>;
  defaultDate: Promise<SpecRun>;
  ownMiniflare: Promise<SpecRun & { dir: string; log: string }>;
  givenBinary: Promise<SpecRun & { binary: string }>;
};

/** A run that is awaited later: its failure to spawn is that test's, not an unhandled rejection. */
function startRun<T extends object>(args: string[], reportDir: string, extra: T, cwd?: string): Promise<SpecRun & T> {
  const started = runCli([...args, '--report-dir', reportDir], {}, cwd).then((run) => ({ run, reportDir, ...extra }));
  started.catch(() => {});
  return started;
}

beforeAll(() => {
  const own = projectWithMiniflare('4.99.0-user');
  const binary = binaryCalling('2026-01-15');
  specRuns = {
    configDate: startRun(['run', '--suite', 'storage', '--config', writeConfig({ adapter: 'workerd', compatibilityDate: '2025-07-18' }), ...DELETEALL_SPEC], tempDir('workerd-config-date'), {}),
    flagDate: startRun(['run', '--suite', 'storage', '--config', writeConfig({ adapter: 'workerd', compatibilityDate: '2025-07-18' }), '--compatibility-date', '2026-03-01', ...DELETEALL_SPEC], tempDir('workerd-flag-date'), {}),
    defaultDate: startRun(['run', '--suite', 'storage', '--adapter', 'workerd', '--grep', 'delete\\(key\\) resolves to false for a key'], tempDir('workerd-default-date'), {}),
    ownMiniflare: startRun(['run', '--suite', 'storage', '--adapter', 'workerd@2025-07-18', ...DELETEALL_SPEC], join(own.dir, 'report'), own, own.dir),
    givenBinary: startRun(['run', '--suite', 'storage', '--adapter', 'workerd', '--workerd', binary, ...DELETEALL_SPEC], tempDir('workerd-given-binary'), { binary }),
  };
});

describe('--compatibility-date and workerd@DATE: refused before any spec runs', () => {
  it.each([
    [['--adapter', 'workerd', '--compatibility-date', '2025-7-18'], /^specgate: --compatibility-date: the compatibility date must be a date YYYY-MM-DD, got "2025-7-18"$/],
    [['--adapter', 'workerd@2025-02-30'], /^specgate: --adapter workerd@2025-02-30: the compatibility date must be a date YYYY-MM-DD, got "2025-02-30"$/],
    // miniflare refuses a date after today; workerd a date before its first (2000-01-01 is miniflare's fallback).
    [['--adapter', 'workerd', '--compatibility-date', '2999-01-01'], /^specgate: --compatibility-date: workerd \S+ \(miniflare \S+\) refuses compatibility date 2999-01-01: .*future/],
    [['--adapter', 'workerd@1999-01-01'], /^specgate: --adapter workerd@1999-01-01: workerd \S+ \(miniflare \S+\) refuses compatibility date 1999-01-01: Invalid compatibility date: 1999-01-01$/],
    [['--adapter', 'reference', '--compatibility-date', '2025-07-18'], /^specgate: --compatibility-date applies to the workerd adapter/],
    // At the runtime's default date workerd@DATE is plain `workerd`: twice the same target.
    [['--adapter', `workerd,workerd@${supportedCompatibilityDate}`], /^specgate: --adapter: two adapters are named "workerd"/],
  ])('%j exits 2 with one line and writes no report', async (args, message) => {
    const reportDir = join(tempDir('workerd-refused'), 'report');
    const run = await callCli(['run', '--suite', 'storage', ...args, '--report-dir', reportDir]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.trim()).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(reportDir)).toBe(false);
  }, 600_000);

  it('a config file whose compatibilityDate is not a date exits 2', async () => {
    const run = await callCli(['run', '--suite', 'storage', '--config', writeConfig({ adapter: 'workerd', compatibilityDate: 'yesterday' })]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/compatibilityDate must be a date YYYY-MM-DD/);
  });
});

describe('the compatibility date reaches workerd', () => {
  it('from the config file (2025-07-18: deleteAll keeps the alarm), named workerd@DATE, with the runtime in the report', async () => {
    const { run, reportDir } = await specRuns.configDate;
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const report = readReport(reportDir);
    expect(storageTarget(report)).toMatchObject({
      name: 'workerd@2025-07-18',
      runtime: {
        name: 'workerd',
        // The binary's own version (`workerd --version`), and the npm package holding it.
        version: supportedCompatibilityDate,
        binary: { path: OWN_WORKERD, packageVersion: expect.stringMatching(/^1\.\d{8}\.\d+$/), resolvedFrom: 'miniflare' },
        compatibilityDate: '2025-07-18',
        launcher: { name: 'miniflare', path: OWN_MINIFLARE, resolvedFrom: 'specgate' },
      },
    });
    expect(statusOfDeleteAllSpec(report)).toEqual(['passed']);
    expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain('at compatibility date 2025-07-18, started by miniflare');
  }, 600_000);

  it('the flag overrides the file (2026-03-01: deleteAll deletes the alarm, ST-KV-DELETEALL-KEEPS-ALARM fails)', async () => {
    const { run, reportDir } = await specRuns.flagDate;
    expect(run.code).toBe(1);
    const report = readReport(reportDir);
    expect(storageTarget(report)).toMatchObject({ name: 'workerd@2026-03-01', runtime: { compatibilityDate: '2026-03-01' } });
    expect(statusOfDeleteAllSpec(report)).toEqual(['failed']);
  }, 600_000);

  it('by default the newest date the installed runtime declares, under the plain name workerd', async () => {
    const { run, reportDir } = await specRuns.defaultDate;
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    expect(storageTarget(readReport(reportDir))).toMatchObject({ name: 'workerd', runtime: { compatibilityDate: supportedCompatibilityDate } });
  }, 600_000);
});

describe("the user's own miniflare", () => {
  it('is found from the working directory, runs the specs, and the report says which one ran', async () => {
    const { run, reportDir, dir, log } = await specRuns.ownMiniflare;
    expect(run.code, run.stderr + run.stdout.slice(-2000)).toBe(0);
    const report = readReport(reportDir);
    expect(storageTarget(report).runtime?.launcher).toEqual({
      name: 'miniflare', version: '4.99.0-user', path: join(dir, 'node_modules/miniflare/index.js'), resolvedFrom: 'working directory',
    });
    expect(statusOfDeleteAllSpec(report)).toEqual(['passed']);
    // The date was tried once in the CLI, a fresh object made by the preflight, then the spec's
    // runtime started in a test worker: all three through it.
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['2025-07-18', '2025-07-18', '2025-07-18']);
    expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain("started by miniflare 4.99.0-user (the working directory's");
  }, 600_000);

  it('a miniflare 2 in the working directory is refused (it does not run workerd): exit 2', async () => {
    const { dir } = projectWithMiniflare('2.14.4');
    const run = await callCli(['run', '--suite', 'storage', '--adapter', 'workerd'], {}, dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is version 2\.14\.4; the workerd adapter needs miniflare 3 or later/);
  });
});

describe('miniflare\'s options shape: an error starting the runtime is whole, attributed right, with its fix', () => {
  /**
   * A miniflare of a shape the adapter does not know: it says it is 4.x (so the adapter passes the
   * options of miniflare 3 and 4) and refuses them as miniflare 5 does, with its validation error
   * of several lines.
   */
  function projectWithStrictMiniflare(): string {
    const dir = tempDir('strict-miniflare');
    const own = createRequire(OWN_MINIFLARE);
    const source = `const real = require(${JSON.stringify(OWN_MINIFLARE)});
class Miniflare extends real.Miniflare {
  constructor(options) {
    if (!Array.isArray(options.workers)) {
      throw new Error('Unexpected options passed to \`new Miniflare()\` constructor:\\n✖ Unrecognized keys: "modules", "script", "compatibilityDate"\\n✖ Invalid input: expected array, received undefined\\n  → at workers');
    }
    super(options);
  }
}
module.exports = { ...real, Miniflare };
`;
    for (const [name, version, index] of [
      ['miniflare', '4.99.1-strict', source],
      ['workerd', own('workerd/package.json').version as string, `module.exports = require(${JSON.stringify(own.resolve('workerd'))});\n`],
    ] as const) {
      mkdirSync(join(dir, 'node_modules', name), { recursive: true });
      writeFileSync(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version, main: 'index.js' }));
      writeFileSync(join(dir, 'node_modules', name, 'index.js'), index);
    }
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-project', private: true }));
    return dir;
  }

  it.each([
    ['at the default date (found in the preflight)', 'workerd'],
    ['at a date given (found when the date is tried): not blamed on the date', 'workerd@2025-07-18'],
  ])('%s: exit 2, every line of the validation error, and a fix naming the miniflare', async (_, adapter) => {
    const dir = projectWithStrictMiniflare();
    const run = await callCli(['run', '--suite', 'storage', '--adapter', adapter, '--report-dir', join(dir, 'report')], {}, dir);
    expect(run.code, run.stderr).toBe(2);
    const said = run.stderr.trim();
    expect(said).toMatch(/miniflare 4\.99\.1-strict \(\S+\) refused the options the workerd adapter passes: Unexpected options passed to `new Miniflare\(\)` constructor:\n/);
    expect(said).toContain('✖ Unrecognized keys: "modules", "script", "compatibilityDate"\n✖ Invalid input: expected array, received undefined\n  → at workers');
    expect(said).toMatch(/fix: run a miniflare whose options shape the workerd adapter knows \(3, 4 or 5/);
    expect(said).not.toMatch(/compatibility date/);
    expect(said).not.toMatch(/create\(\) must resolve|adapter's own tests/);
    expect(existsSync(join(dir, 'report'))).toBe(false);
  }, 600_000);
});

/** An executable that is not workerd. */
const NOT_WORKERD = join(tempDir('not-workerd'), 'hello');
writeFileSync(NOT_WORKERD, '#!/bin/sh\necho hello\n', { mode: 0o755 });

describe('--workerd PATH: the binary that runs, and its own version', () => {
  it('the report names the binary and its --version, and the default date is the newest it accepts (2026-01-15: deleteAll keeps the alarm)', async () => {
    const { run, reportDir, binary } = await specRuns.givenBinary;
    expect(run.code, run.stderr + run.stdout.slice(-2000)).toBe(0);
    const report = readReport(reportDir);
    expect(storageTarget(report)).toMatchObject({ name: 'workerd', runtime: { version: '2026-01-15', binary: { path: binary, resolvedFrom: 'given' }, compatibilityDate: '2026-01-15' } });
    expect(storageTarget(report).runtime?.binary).not.toHaveProperty('packageVersion');
    // Before 2026-02-24 (delete_all_deletes_alarm): the date reached the binary.
    expect(statusOfDeleteAllSpec(report)).toEqual(['passed']);
    expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain(`workerd 2026-01-15 (given by --workerd, ${binary}) at compatibility date 2026-01-15`);
  }, 600_000);

  it.each([
    [['--workerd', '/nonexistent/workerd'], /^specgate: --workerd \/nonexistent\/workerd: no executable file there; fix: give the path of a workerd binary/],
    [['--workerd', NOT_WORKERD], /^specgate: --workerd \S+: `--version` printed "hello", not "workerd VERSION": not a workerd binary$/],
    [['--miniflare', '/nonexistent'], /^specgate: --miniflare \/nonexistent: no such folder; fix: give --miniflare a folder miniflare is installed in/],
    [['--miniflare', '/tmp'], /^specgate: --miniflare \/tmp: no miniflare installed there; fix:/],
  ])('%j exits 2 with one line', async (args, message) => {
    const run = await callCli(['run', '--suite', 'storage', '--adapter', 'workerd', ...args]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr.trim()).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  }, 600_000);

  it.each(['--workerd', '--miniflare'])('%s without the workerd adapter is a usage error', async (flag) => {
    const run = await callCli(['run', '--suite', 'storage', '--adapter', 'reference', flag, '/tmp']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`specgate: ${flag} applies to the workerd adapter (--adapter workerd or workerd@DATE)`);
  });
});
