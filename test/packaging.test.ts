// specgate as an npm package: where its reports go for a user who installed it (the working
// directory's reports/, not the package's folder inside node_modules), and what the package holds
// (everything the README points a user to), and that its exports and bin name the compiled
// JavaScript that `npm run build` makes (dist/, built by prepack). The install of the packed
// tarball itself, with dist/ built, is test/pack-install.test.ts.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ASSETS_DIR } from '../src/report/page-assets.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

/** A user's project with specgate in its node_modules (a link to this checkout, as after `npm install`). */
function userProject(name: string): string {
  const project = tempDir(name);
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules/specgate'), 'dir');
  return project;
}

/** The run directories under `dir`/reports, none if it does not exist. */
const runsIn = (dir: string): string[] => (existsSync(join(dir, 'reports')) ? readdirSync(join(dir, 'reports')) : []);

describe('reports go to the working directory', () => {
  it('a run writes reports/<run-id>/ where it is run from, and says so', async () => {
    const project = userProject('report-cwd');
    const before = new Set(runsIn(ROOT));
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'reference-kv', '--requirement', 'ST-ALARM-NONE-NULL'], {}, project);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const runs = runsIn(project);
    expect(runs, 'one run directory in the working directory\'s reports/').toHaveLength(1);
    expect(run.stdout).toContain(`specgate: report in reports/${runs[0]}/ (`);
    expect(readReport(join(project, 'reports', runs[0]!)).run.id).toBe(runs[0]);
    const { summary } = readReport(join(project, 'reports', runs[0]!));
    expect([summary.passed > 0, summary.failed], 'the specs of ST-ALARM-NONE-NULL ran and passed').toEqual([true, 0]);
    expect(runsIn(ROOT).filter((id) => !before.has(id) && id === runs[0]), 'nothing written into the package\'s own reports/').toEqual([]);

    // `merge` without --out writes beside it, in the same working directory.
    const merged = await runCli(['merge', join('reports', runs[0]!)], {}, project);
    expect(merged.code, merged.stdout + merged.stderr).toBe(0);
    const mergedRun = runsIn(project).find((id) => id.startsWith('merged-'));
    expect(mergedRun).toBeDefined();
    expect(merged.stdout).toContain(`specgate: report in reports/${mergedRun}/`);
    expect(existsSync(join(project, 'reports', mergedRun!, 'report.json'))).toBe(true);
  });
});

describe('the package', () => {
  /** Paths of the files `npm pack` would put in the tarball. */
  const packed = (): Set<string> => {
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as [{ files: { path: string }[] }];
    return new Set(pack.files.map((f) => f.path));
  };
  /** Folders of the repository that are its own development (tests, benchmarks, mutation testing, CI), not the product. */
  const DEVELOPMENT = ['test/', 'bench/', 'mutation/', 'scripts/', '.ci/', 'reports/mutation/', 'reports/flakiness/'];

  it('holds every file and folder of this repository that the README and the guides name, except the project\'s development', () => {
    const guides = readdirSync(join(ROOT, 'docs')).filter((name) => /^guide-.*\.md$|^cli\.md$/.test(name)).map((name) => `docs/${name}`);
    // Paths are named from the root in code spans, and relative to the document in links.
    const readme = ['README.md', ...guides].map((file) => readFileSync(join(ROOT, file), 'utf8')
      .replace(/\]\((?![a-z]+:)([^)#\s]+)/g, (_, path: string) => `](${relative(ROOT, join(ROOT, file, '..', path)) || '.'}`)).join('\n');
    // Markdown links and `code` spans that name a path of the repository.
    const named = new Set([...readme.matchAll(/\]\(([^)#\s]+)\)|`([A-Za-z][\w.-]*(?:\/[\w.*-]*)+|[A-Z]+\.md)`/g)]
      .map((m) => (m[1] ?? m[2])!).filter((path) => !/^[a-z]+:/.test(path) && existsSync(join(ROOT, path))));
    const files = packed();
    const missing = [...named].filter((path) => !DEVELOPMENT.some((dir) => path.startsWith(dir)))
      .filter((path) => !files.has(path) && ![...files].some((file) => file.startsWith(path.endsWith('/') ? path : `${path}/`)));
    expect(named.size, 'the README names paths').toBeGreaterThan(10);
    expect(missing, 'named by the README, absent from the package').toEqual([]);
    for (const path of ['ARCHITECTURE.md', 'reports/README.md', 'docs/compatibility.md', 'examples/minimal-adapter.ts']) expect(files, path).toContain(path);
    expect([...files].filter((file) => DEVELOPMENT.some((dir) => file.startsWith(dir))), 'no development files').toEqual([]);
  });

  it('holds the HTML report\'s stylesheet and script, which report.html inlines from the package\'s src/ (report/page-assets.ts)', () => {
    const files = packed();
    const assets = readdirSync(join(ROOT, ASSETS_DIR)).map((name) => `${ASSETS_DIR}/${name}`);
    expect(assets.sort()).toEqual([`${ASSETS_DIR}/report-page.css`, `${ASSETS_DIR}/report-page.js`]);
    for (const asset of assets) expect(files, asset).toContain(asset);
    // Negative case: the check tells a file the package leaves out (a test) from one it holds.
    expect(files).not.toContain('test/packaging.test.ts');
  });
});

describe('the compiled package (dist/, built by prepack; tsconfig.build.json)', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>>; files: string[]; scripts: Record<string, string> };
  /** The files tsconfig.build.json compiles (its include; what they import is compiled too), relative to the root. */
  const compiled = (): string[] => {
    const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.build.json'), ts.sys.readFile.bind(ts.sys));
    return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).fileNames.map((file) => relative(ROOT, file));
  };

  it('each export names dist/\'s .d.ts and .js of a source the build compiles, and that source under the specgate-source condition', () => {
    const built = compiled();
    // The host kit is one bundled module (dist/host-kit.mjs, no imports), not a compiled source: apart below.
    const exports = Object.entries(pkg.exports).filter(([name]) => name !== './package.json' && name !== './host-kit');
    expect(exports.map(([name]) => name)).toEqual(['./config', './storage', './scenarios']);
    expect(pkg.exports['./host-kit']).toEqual({ types: './dist/src/adapters/protocol/host-kit.d.ts', 'specgate-source': './src/adapters/protocol/host-kit.ts', default: './dist/host-kit.mjs' });
    expect(existsSync(join(ROOT, 'src/adapters/protocol/host-kit.ts'))).toBe(true);
    expect(built, 'the host kit\'s types are compiled').toContain('src/adapters/protocol/host-kit.ts');
    for (const [name, target] of exports) {
      expect(typeof target === 'object' && Object.keys(target), `${name}: types first (TypeScript), the sources before the default`).toEqual(['types', 'specgate-source', 'default']);
      const source = (target as Record<string, string>)['specgate-source']!.replace(/^\.\//, '');
      expect(existsSync(join(ROOT, source)), `${name}: ${source}`).toBe(true);
      expect(built, `${name}: ${source} is compiled`).toContain(source);
      expect(target, name).toEqual({ types: `./dist/${source.replace(/\.ts$/, '.d.ts')}`, 'specgate-source': `./${source}`, default: `./dist/${source.replace(/\.ts$/, '.js')}` });
    }
  });

  it('bin runs dist/src/cli/main.js, which the build makes; dist/ is packed, built before packing, git-ignored', () => {
    expect(compiled()).toContain('src/cli/main.ts');
    expect(readFileSync(join(ROOT, 'bin/specgate.mjs'), 'utf8')).toContain("new URL('dist/src/cli/main.js', ROOT)");
    expect(pkg.files).toContain('dist');
    expect(pkg.scripts.prepack).toBe('node scripts/build.mjs');
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('dist/');
  });
});
