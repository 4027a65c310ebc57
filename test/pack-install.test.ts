// specgate as a stranger gets it: `npm pack`, the tarball installed into an empty project from the
// npm registry, then the README's commands run there. It installs real packages (about a minute
// from a warm npm cache, plus better-sqlite3 12 compiled from source on Node 20), too slow for
// `npm test` on this machine: it runs when SPECGATE_PACK_INSTALL=1, as `.ci/run` does; `npm test`
// reports it skipped with that reason. What the package holds and where reports go are checked in
// `npm test` without the registry (test/packaging.test.ts, test/optional-packages.test.ts).

import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTIONAL_PARTS } from '../src/core/optional-package.js';
import { readReport, ROOT, runAsUser, tempDir, type CliResult } from './helpers/cli.js';

const ENABLED = process.env.SPECGATE_PACK_INSTALL === '1';
const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** The files of the checkout that git tracks, as they are in the work tree, copied; node_modules linked. */
function trackedCopy(): string {
  const copy = tempDir('pack-checkout');
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter((file) => file !== '' && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(copy, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

/** A command in the user's project, with a user's environment (not this test worker's). */
const inProject = (project: string, command: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> => runAsUser(command, args, project, env);
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe.skipIf(!ENABLED)('npm pack, npm install of the tarball into an empty project, the README\'s commands (SPECGATE_PACK_INSTALL=1)', () => {
  // Made when the tests run (not when vitest collects them skipped), removed after: ~130 MB.
  let project = '';
  const installed = (): string => join(project, 'node_modules/specgate');
  const specgate = (args: string[]): Promise<CliResult> => inProject(project, join(project, 'node_modules/.bin/specgate'), args);
  let serve: ReturnType<typeof spawn> | undefined;
  let distLeftInCheckout: boolean | undefined;
  /** The modules `specgate ARGS` of the installed package loads (test/helpers/record-loads.mjs). */
  const loadsOf = async (args: string[], env: Record<string, string> = {}): Promise<string[]> => {
    const log = join(project, `loads-${Date.now()}.txt`);
    writeFileSync(log, '');
    const run = await inProject(project, process.execPath, ['--import', join(ROOT, 'test/helpers/record-loads.mjs'), join(installed(), 'bin/specgate.mjs'), ...args], { SPECGATE_LOAD_LOG: log, ...env });
    expect(run.code, run.stderr).toBe(0);
    return readFileSync(log, 'utf8').split('\n').filter(Boolean);
  };

  beforeAll(async () => {
    project = tempDir('pack-install');
    // Packed from a copy of the checkout's files that git tracks (with its node_modules linked): its
    // prepack removes and rebuilds dist/, which must not happen under other specgate runs of the
    // checkout (npm test builds the checkout's dist/ for the CLI runs of its tests, and .ci/run runs
    // other tests beside this one). A file not yet added to git is not packed.
    const checkout = trackedCopy();
    // With its scripts: prepack builds dist/ (a minute of tsc on a loaded machine), postpack removes it.
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', project], { cwd: checkout, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as [{ filename: string }];
    distLeftInCheckout = existsSync(join(checkout, 'dist'));
    rmSync(checkout, { recursive: true, force: true });
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
    for (const file of ['README.md', 'ARCHITECTURE.md', 'reports/README.md', 'docs/compatibility.md', 'docs/adapters/miniflare2.md', 'docs/guide-storage-adapters.md', 'docs/cli.md', 'examples/minimal-adapter.ts', 'examples/map-runtime-adapter.ts']) {
      expect(existsSync(join(installed(), file)), file).toBe(true);
    }
  });

  it('runs compiled JavaScript: `npx specgate --version` loads no TypeScript and no TypeScript loader', async () => {
    const version = await inProject(project, 'npx', ['specgate', '--version']);
    expect([version.code, version.stdout], version.stderr).toEqual([0, `specgate ${PACKAGE_VERSION}\n`]);
    expect(existsSync(join(installed(), 'dist/src/cli/main.js')), 'dist/ is in the package').toBe(true);
    expect(distLeftInCheckout, 'postpack removed dist/ from the packed checkout again').toBe(false);

    const compiled = await loadsOf(['--version']);
    expect(compiled.filter((url) => /\.[cm]?ts$/.test(url) || url.includes('/node_modules/tsx/')), 'TypeScript loaded').toEqual([]);
    expect(compiled.some((url) => url.endsWith('/node_modules/specgate/dist/src/cli/main.js'))).toBe(true);
    // Positive control: from the sources (SPECGATE_FROM_SOURCE=1) the recorder sees tsx and .ts modules.
    const fromSource = await loadsOf(['--version'], { SPECGATE_FROM_SOURCE: '1' });
    expect(fromSource.some((url) => url.endsWith('/node_modules/specgate/src/cli/main.ts'))).toBe(true);
    expect(fromSource.some((url) => url.includes('/node_modules/tsx/'))).toBe(true);
  });

  it('a plain JavaScript project imports specgate/config, specgate/storage and specgate/scenarios without a TypeScript loader', async () => {
    writeFileSync(join(project, 'imports.mjs'), [
      "import { defineConfig } from 'specgate/config';",
      "import { CAPABILITIES, defineAdapter } from 'specgate/storage';",
      "import { scenarios } from 'specgate/scenarios';",
      "console.log(JSON.stringify({ config: defineConfig({ profile: 'core' }), capabilities: Object.keys(CAPABILITIES).length > 0, defineAdapter: typeof defineAdapter, scenarios: Object.keys(scenarios).length > 0 }));",
    ].join('\n'));
    const run = await inProject(project, process.execPath, ['imports.mjs']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ config: { profile: 'core' }, capabilities: true, defineAdapter: 'function', scenarios: true });
  });

  it('a TypeScript project gets the exports\' types: tsc passes on a consumer, and fails on a config that breaks them', async () => {
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [] }, include: ['*.ts'] }));
    writeFileSync(join(project, 'consumer.ts'), [
      "import { defineConfig, type SpecgateConfig } from 'specgate/config';",
      "import type { StorageAdapter } from 'specgate/storage';",
      "import { scenarios } from 'specgate/scenarios';",
      "const config: SpecgateConfig = defineConfig({ target: { url: 'https://api.example.test/client/v4', credentials: { tokenEnv: 'TOKEN' } }, profile: 'core' });",
      "export const adapterName = (adapter: StorageAdapter): string => adapter.name;",
      "export const names: string[] = Object.keys(scenarios);",
      'export default config;',
    ].join('\n'));
    // The negative case: were the types missing (any), this would pass too.
    writeFileSync(join(project, 'broken.ts'), "import { defineConfig } from 'specgate/config';\nexport default defineConfig({ profile: 'strict' });\n");
    const tsc = await inProject(project, process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    const errors = tsc.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors.length, tsc.stdout).toBeGreaterThan(0);
    expect(errors.filter((line) => !line.startsWith('broken.ts(2,')), 'errors other than broken.ts\'s profile').toEqual([]);
    expect(errors[0]).toContain("Type '\"strict\"' is not assignable to type '\"core\" | \"extended\" | undefined'");
  });

  it('a user\'s TypeScript config and adapter still load (compiled with tsx on demand): `specgate init`, then a run with the README\'s minimal adapter', async () => {
    const dir = join(project, 'ts-user');
    mkdirSync(dir);
    copyFileSync(join(ROOT, 'examples/minimal-adapter.ts'), join(dir, 'my-adapter.ts'));
    const init = await inProject(dir, join(project, 'node_modules/.bin/specgate'), ['init']);
    expect(init.code, init.stderr).toBe(0);
    writeFileSync(join(dir, 'specgate.config.ts'), `${readFileSync(join(dir, 'specgate.config.ts'), 'utf8')}\n`.replace(/export default defineConfig\(\{/, "export default defineConfig({\n  adapter: './my-adapter.ts',"));
    const run = await inProject(dir, join(project, 'node_modules/.bin/specgate'), ['run', '--suite', 'storage', '--area', 'kv', '--report-dir', 'report']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = readReport(join(dir, 'report'));
    expect(report.run.targets).toEqual([expect.objectContaining({ name: 'minimal-memory', module: join(dir, 'my-adapter.ts') })]);
    expect(report.summary.passed, 'the key-value specs ran against it').toBeGreaterThan(10);
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

    const storage = await specgate(['run', '--suite', 'storage', '--area', 'kv']);
    expect(storage.code, storage.stdout + storage.stderr).toBe(0);

    const runs = readdirSync(join(project, 'reports'));
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(readReport(join(project, 'reports', run)).summary.failed).toBe(0);
    for (const run of runs) expect(readReport(join(project, 'reports', run)).summary.passed, 'specs ran').toBeGreaterThan(0);
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
