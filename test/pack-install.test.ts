// specgate as a stranger gets it: `npm pack`, the tarball installed into an empty project from the
// npm registry, then the README's commands run there. It installs real packages (about a minute
// from a warm npm cache, plus better-sqlite3 12 compiled from source on Node 20), too slow for
// `npm test` on this machine: it runs when SPECGATE_PACK_INSTALL=1, as `.ci/run` does; `npm test`
// reports it skipped with that reason. What the package holds and where reports go are checked in
// `npm test` without the registry (test/packaging.test.ts, test/optional-packages.test.ts).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTIONAL_PARTS } from '../src/core/optional-package.js';
import { readReport, ROOT, runAsUser, tempDir, type CliResult } from './helpers/cli.js';

const ENABLED = process.env.SPECGATE_PACK_INSTALL === '1';
const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** A command in the user's project, with a user's environment (not this test worker's). */
const inProject = (project: string, command: string, args: string[]): Promise<CliResult> => runAsUser(command, args, project);

describe.skipIf(!ENABLED)('npm pack, npm install of the tarball into an empty project, the README\'s commands (SPECGATE_PACK_INSTALL=1)', () => {
  // Made when the tests run (not when vitest collects them skipped), removed after: ~130 MB.
  let project = '';
  const installed = (): string => join(project, 'node_modules/specgate');
  const specgate = (args: string[]): Promise<CliResult> => inProject(project, join(project, 'node_modules/.bin/specgate'), args);
  let serve: ReturnType<typeof spawn> | undefined;

  beforeAll(async () => {
    project = tempDir('pack-install');
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as [{ filename: string }];
    writeFileSync(join(project, 'package.json'), '{"name":"user-project","version":"1.0.0","private":true}\n');
    // npm's cache as it is (warm after the first time); the registry only for what it lacks.
    const install = await inProject(project, 'npm', ['install', join(project, pack.filename), '--no-audit', '--no-fund', '--prefer-offline']);
    if (install.code !== 0) throw new Error(`npm install of the tarball failed (${install.code}):\n${install.stdout}${install.stderr}`);
  }, INSTALL_TIMEOUT_MS);

  afterAll(() => {
    serve?.kill('SIGTERM');
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('installs none of the optional heavy parts, and every file the README links', () => {
    for (const pkg of [...Object.values(OPTIONAL_PARTS).flat(), 'workerd', 'playwright-core']) {
      expect(existsSync(join(project, 'node_modules', pkg)), `${pkg} installed`).toBe(false);
    }
    for (const file of ['README.md', 'ARCHITECTURE.md', 'reports/README.md', 'docs/compatibility.md', 'docs/adapters/miniflare2.md', 'examples/minimal-adapter.ts']) {
      expect(existsSync(join(installed(), file)), file).toBe(true);
    }
  });

  it('npx specgate list; serve + run --suite zone-api; run --suite storage: reports in the project\'s reports/', async () => {
    const list = await inProject(project, 'npx', ['specgate', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).not.toHaveLength(0);

    serve = spawn(join(project, 'node_modules/.bin/specgate'), ['serve', '--port', '0', '--test-mode', '--token', 'pack-install-token-0123456789abcdef01234'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    const banner = await new Promise<string>((resolve, reject) => {
      let out = '';
      serve!.stdout!.on('data', (d) => { out += d; if (out.includes('data:')) resolve(out); });
      serve!.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    const baseUrl = /base URL:\s+(\S+)/.exec(banner)![1]!;
    const controlUrl = /control URL:\s+(\S+)/.exec(banner)![1]!;
    const zone = await specgate(['run', '--suite', 'zone-api', '--target', baseUrl, '--token', 'pack-install-token-0123456789abcdef01234', '--control', controlUrl, '--requirement', 'ZM-ENV-*']);
    expect(zone.code, zone.stdout + zone.stderr).toBe(0);

    const storage = await specgate(['run', '--suite', 'storage', '--requirement', 'ST-KV-DELETE-EXISTING-TRUE']);
    expect(storage.code, storage.stdout + storage.stderr).toBe(0);

    const runs = readdirSync(join(project, 'reports'));
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(readReport(join(project, 'reports', run)).summary.failed).toBe(0);
    expect(readdirSync(join(installed(), 'reports')), 'nothing written into the package (its reports/ holds its README only)').toEqual(['README.md']);
  });

  it('an optional part asked for and not installed: one line naming the package to install, exit 2', async () => {
    const cases: [string[], string][] = [
      [['run', '--suite', 'storage', '--adapter', 'workerd'], 'npm install -D miniflare'],
      [['run', '--suite', 'storage', '--adapter', 'miniflare2'], 'npm install -D @miniflare/durable-objects@2.14.4 @miniflare/shared@2.14.4 @miniflare/storage-memory@2.14.4'],
      [['run', '--suite', 'zone-api', '--target-image', 'specgate-reference:latest', '--token', 't'], 'npm install -D testcontainers@'],
    ];
    for (const [args, install] of cases) {
      const run = await specgate(args);
      expect(run.code, `${args.join(' ')}\n${run.stdout}${run.stderr}`).toBe(2);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.stderr).toContain(install);
    }
  });
});
