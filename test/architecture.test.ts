// The layers and their one-way arrows (ARCHITECTURE.md), enforced: dependency-cruiser with the
// project's rules (.dependency-cruiser.cjs) finds no import that runs back up and no circle; the
// same rules catch both in a small tree made to break them; and the commands that run no specs
// load neither vitest nor the reference server.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from './helpers/cli.js';

const ruleSet = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(root: string, paths: string[]): Promise<string[]> {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(paths, { validate: true, ruleSet: ruleSet as never, ...ruleSet.options }, undefined, undefined);
    return (result.output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

describe('the layers', () => {
  it('no import runs back up and no module is in a circle (contract, requirements, reference-impl, src, suites)', async () => {
    expect(await violations(ROOT, ['contract', 'requirements', 'reference-impl', 'src', 'suites'])).toEqual([]);
  }, 600_000);

  it('the rules catch an upward import, a circle, the reference or the catalogs reaching into the harness, the harness importing a spec', async () => {
    const dir = tempDir('layers');
    const file = (path: string, text: string) => { mkdirSync(join(dir, path, '..'), { recursive: true }); writeFileSync(join(dir, path), text); };
    file('src/report/write.ts', "import { run } from '../runner/run.js';\nexport const write = run;\n");
    file('src/runner/run.ts', "export const run = 1;\n");
    file('src/core/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
    file('src/core/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
    file('reference-impl/store.ts', "import { run } from '../src/runner/run.js';\nexport const store = run;\n");
    file('requirements/kv.ts', "import { run } from '../src/runner/run.js';\nexport const kv = run;\n");
    file('contract/storage.ts', "import { kv } from '../requirements/kv.js';\nexport const storage = kv;\n");
    file('src/catalog/suites.ts', "import { spec } from '../../suites/kv.spec.js';\nexport const suites = spec;\n");
    file('suites/kv.spec.ts', "export const spec = 1;\n");
    file('tsconfig.json', readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'));
    const found = await violations(dir, ['contract', 'requirements', 'reference-impl', 'src', 'suites']);
    expect(found).toEqual(expect.arrayContaining([
      'report-imports-only-below: src/report/write.ts -> src/runner/run.ts',
      'no-circular: src/core/a.ts -> src/core/b.ts',
      'reference-knows-only-the-contract: reference-impl/store.ts -> src/runner/run.ts',
      'requirements-import-only-the-contract: requirements/kv.ts -> src/runner/run.ts',
      'contract-imports-nothing: contract/storage.ts -> requirements/kv.ts',
      'src-never-imports-suites: src/catalog/suites.ts -> suites/kv.spec.ts',
    ]));
  }, 600_000);
});

describe('commands that run no specs', () => {
  const loadsOf = (args: string[]): string[] => {
    const log = join(tempDir('loads'), 'loads.txt');
    writeFileSync(log, '');
    const run = spawnSync(process.execPath, ['--import', join(ROOT, 'test/helpers/record-loads.mjs'), join(ROOT, 'bin/specgate.mjs'), ...args], {
      cwd: ROOT, env: { ...process.env, SPECGATE_LOAD_LOG: log }, encoding: 'utf8',
    });
    expect(run.status, run.stderr).not.toBeNull();
    return readFileSync(log, 'utf8').split('\n').filter(Boolean);
  };
  const heavy = (urls: string[]) => urls.filter((url) => /\/node_modules\/(vitest|@vitest|fastify|better-sqlite3|testcontainers|miniflare)\//.test(url));

  // `list` imports the spec files with a stand-in for vitest (runner/declarations.ts): it loads
  // neither vitest nor an adapter nor the reference.
  for (const args of [['--help'], ['--version'], ['run', '--help'], ['serve', '--help'], ['diff', '--help'], ['merge'], ['init', '--help'], ['list'], ['list', '--suite', 'storage', '--json']]) {
    it(`specgate ${args.join(' ')} loads neither vitest nor the reference server`, () => {
      const loads = loadsOf(args);
      if (args[0] === 'list') expect(loads.some((url) => url.endsWith('.spec.ts')), 'list imports the spec files').toBe(true);
      expect(heavy(loads)).toEqual([]);
    }, 600_000);
  }

  it('(positive control: `specgate run` does load vitest, and the recorder sees it)', () => {
    const loads = loadsOf(['run', '--suite', 'zone-api', '--target', 'http://127.0.0.1:9/client/v4', '--token', 't']);
    expect(heavy(loads).some((url) => url.includes('/node_modules/vitest/'))).toBe(true);
  }, 600_000);
});
