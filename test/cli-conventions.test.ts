// The command line's conventions, through the real CLI: every command answers
// --help, specgate answers --version, a misspelt option or command gets the nearest known one, a
// usage error is one line and exit 2, and `specgate list` lists what vitest collects without
// starting it.

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_HELP, optionsIn } from '../src/cli/help.js';
import { INIT_OPTIONS } from '../src/cli/config-file.js';
import { DIFF_OPTIONS } from '../src/cli/diff.js';
import { LIST_OPTIONS } from '../src/cli/list.js';
import { MERGE_OPTIONS } from '../src/cli/merge.js';
import { RUN_OPTIONS } from '../src/cli/run-config.js';
import { SERVE_OPTIONS } from '../src/cli/serve.js';
import { collectSpecsWithVitest, type ListedSpec } from '../src/runner/list.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';
import { callCli } from './helpers/cli-in-process.js';

const oneLine = (text: string) => text.trim().split('\n');

describe('--help and --version', () => {
  // Before: `specgate run --help` → "Unknown option '--help'", exit 2.
  for (const command of ['run', 'list', 'serve', 'diff', 'merge', 'init', 'doctor']) {
    it(`specgate ${command} --help (and -h, and specgate help ${command}) prints the command's help and exits 0`, async () => {
      for (const args of [[command, '--help'], [command, '-h'], ['help', command]]) {
        const result = await callCli(args);
        expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
        expect(result.stdout).toBe(COMMAND_HELP[command]);
        expect(result.stdout).toMatch(new RegExp(`^Usage: specgate ${command}`));
      }
    });
  }

  it('--help among other options wins over them (nothing runs), but not after --', async () => {
    const help = await callCli(['run', '--suite', 'storage', '--help']);
    expect([help.code, help.stdout]).toEqual([0, COMMAND_HELP.run]);
    const afterEnd = await runCli(['list', '--', '--help']);
    expect(afterEnd.code).toBe(2);
    expect(afterEnd.stdout).toBe('');
  });

  it('each command\'s help lists exactly the options its parser takes', () => {
    const parsers: Record<string, object> = { run: RUN_OPTIONS, list: LIST_OPTIONS, serve: SERVE_OPTIONS, diff: DIFF_OPTIONS, merge: MERGE_OPTIONS, init: INIT_OPTIONS, doctor: RUN_OPTIONS };
    for (const [command, options] of Object.entries(parsers)) {
      expect(optionsIn(COMMAND_HELP[command]!).sort(), command).toEqual(Object.keys(options).map((name) => `--${name}`).sort());
    }
  });

  it('--version, -v and version print the package\'s version and exit 0', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v', 'version']) {
      const result = await callCli([flag]);
      expect([result.code, result.stdout, result.stderr]).toEqual([0, `specgate ${version}\n`, '']);
    }
  });
});

describe('usage errors: one line, the nearest known name, exit 2', () => {
  it.each([
    // Before: "Unknown option '--suit'. To specify a positional argument starting with a '-', ...", no suggestion.
    [['run', '--suit', 'storage'], 'specgate: run: unknown option --suit (did you mean --suite?); see specgate run --help'],
    [['list', '--jsno'], 'specgate: list: unknown option --jsno (did you mean --json?); see specgate list --help'],
    [['merge', '--otu', 'x'], 'specgate: merge: unknown option --otu (did you mean --out?); see specgate merge --help'],
    [['run', '--frobnicate'], 'specgate: run: unknown option --frobnicate; see specgate run --help'],
    [['rnu'], 'specgate: unknown command "rnu" (did you mean run?); the commands are run, list, serve, diff, merge, init, doctor or check-host (see specgate --help)'],
    [['serv'], 'specgate: unknown command "serv" (did you mean serve?); the commands are run, list, serve, diff, merge, init, doctor or check-host (see specgate --help)'],
    [['list', 'storage'], 'specgate: list: unexpected argument "storage" (it takes no arguments, only options); see specgate list --help'],
  ])('%j', async (args, line) => {
    const result = await callCli(args);
    expect(result.code).toBe(2);
    expect(oneLine(result.stderr)).toEqual([line]);
  });

  it('(positive control: the spelt-right option is taken)', async () => {
    const result = await runCli(['list', '--suite', 'storage', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('usage errors found in the world: a report directory that is a file, a busy port', () => {
  it('--report-dir naming a file (or a path through one) is one line and exit 2, before anything runs', async () => {
    // Before: a stack trace from mkdirSync (EEXIST / ENOTDIR) after the target was started, exit 1.
    const file = join(tempDir('report-dir'), 'report.txt');
    writeFileSync(file, 'not a directory\n');
    for (const [dir, line] of [
      [file, `specgate: --report-dir ${file} is not a directory; give a directory (it is created if missing)`],
      [join(file, 'run-1'), `specgate: --report-dir ${join(file, 'run-1')} is not a directory (${file} is a file); give a directory (it is created if missing)`],
    ] as const) {
      const result = await runCli(['run', '--suite', 'storage', '--report-dir', dir]);
      expect(result.code).toBe(2);
      expect(oneLine(result.stderr)).toEqual([line]);
    }
    expect(readFileSync(file, 'utf8')).toBe('not a directory\n');
  });

  it('(positive control: a --report-dir that does not exist yet, several levels deep, is made and gets the report)', async () => {
    const dir = join(tempDir('report-dir'), 'a', 'b');
    const result = await runCli(['run', '--suite', 'storage', '--adapter', 'reference-kv', '--grep', 'getAlarm\\(\\) is null', '--report-dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    const { summary } = readReport(dir);
    expect([summary.passed > 0, summary.failed]).toEqual([true, 0]);
  }, 600_000);

  const listening = (): Promise<Server> => new Promise((resolve) => { const server = createServer(); server.listen(0, '127.0.0.1', () => resolve(server)); });

  it('serve on a busy port is one line naming the port and --port 0, exit 2', async () => {
    // Before: "Error: listen EADDRINUSE: address already in use 127.0.0.1:N" and a stack trace, exit 1.
    const busy = await listening();
    const { port } = busy.address() as { port: number };
    try {
      const result = await runCli(['serve', '--port', String(port)]);
      expect(result.code).toBe(2);
      expect(oneLine(result.stderr)).toEqual([`specgate: serve: port ${port} is in use on 127.0.0.1 (another specgate serve?); choose another with --port N, or --port 0 for a free one`]);
    } finally {
      busy.close();
    }
  });

  it('(positive control: serve --port 0 listens on a free port until SIGTERM)', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/specgate.mjs'), 'serve', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (data) => { stdout += data; if (stdout.includes('base URL:')) resolve(); });
      child.on('exit', (code) => reject(new Error(`serve exited ${code} before listening`)));
    });
    expect(stdout).toMatch(/base URL: +http:\/\/127\.0\.0\.1:\d+/);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 600_000);
});

describe('specgate list without vitest', () => {
  // Before: list started vitest to collect the spec files (15 to 35 s on this machine). Now it
  // imports them with a stand-in for vitest; what it lists must be what vitest collects.
  // vitest's own order of files is the order they finish collecting; within a file it is fixed.
  const byFile = (specs: ListedSpec[]): Record<string, ListedSpec[]> => {
    const files: Record<string, ListedSpec[]> = {};
    for (const spec of specs) (files[spec.file] ??= []).push(spec);
    return files;
  };

  it('lists exactly what vitest collects, file by file in the same order, with requirements and dated changes', async () => {
    const result = await runCli(['list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    // The requests of each zone API spec, and its share of a budget, come from the table of what it
    // sent (list-requests.test.ts), not from vitest.
    const listed = (JSON.parse(result.stdout) as (ListedSpec & { requests?: unknown; budgetShare?: unknown })[]).map(({ requests: _, budgetShare: __, ...spec }) => spec);
    const collected = JSON.parse(JSON.stringify(await collectSpecsWithVitest(['zone-api', 'storage']))) as ListedSpec[];
    expect(listed.length).toBeGreaterThan(300);
    expect(listed.some((spec) => spec.dated !== undefined)).toBe(true);
    expect(byFile(listed)).toEqual(byFile(collected));
  }, 600_000);
});
