// The heavy parts are optional peer dependencies (miniflare for workerd, the Miniflare 2 packages,
// testcontainers): a user who asks for one that is not installed gets one line naming the package
// to install, and exit 2 (before: a module-not-found stack trace, exit 1, or nothing to say which).
// A user's install without them is simulated here without touching this checkout's node_modules:
// a project whose node_modules holds a copy of specgate's packaged folders and links to every
// dependency this checkout has, except the optional ones being tested. The real install of the
// packed tarball, from the registry, is test/pack-install.test.ts.

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONAL_PARTS, requireOptionalPart, resolvable } from '../src/core/optional-package.js';
import { UsageError } from '../src/core/errors.js';
import { ROOT, runAsUser, tempDir, type CliResult } from './helpers/cli.js';

const OPTIONAL: readonly string[] = Object.values(OPTIONAL_PARTS).flat();
/** The folders and files the package ships, less the build (a checkout without dist/ runs the sources). */
const PACKAGED = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files.filter((path) => path !== 'dist');

/** A user's project with specgate installed and, of the optional packages, only `present`. */
function userInstall(name: string, present: readonly string[] = []): string {
  const project = tempDir(name);
  writeFileSync(join(project, 'package.json'), '{"name":"user-project","private":true}\n');
  const modules = join(project, 'node_modules');
  const specgate = join(modules, 'specgate');
  // What the package ships (package.json "files"), as it is in this checkout; dist/ only if built.
  for (const part of [...PACKAGED, 'package.json'].filter((path) => existsSync(join(ROOT, path)))) cpSync(join(ROOT, part), join(specgate, part), { recursive: true });
  const link = (pkg: string): void => symlinkSync(join(ROOT, 'node_modules', pkg), join(modules, pkg), 'dir');
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry.startsWith('.')) continue;
    if (!entry.startsWith('@')) {
      if (!OPTIONAL.includes(entry) || present.includes(entry)) link(entry);
      continue;
    }
    mkdirSync(join(modules, entry));
    for (const scoped of readdirSync(join(ROOT, 'node_modules', entry))) {
      const pkg = `${entry}/${scoped}`;
      if (!OPTIONAL.includes(pkg) || present.includes(pkg)) link(pkg);
    }
  }
  return project;
}

const specgateIn = (project: string): string => join(project, 'node_modules/specgate');
/** specgate's CLI as the project's `npx specgate` runs it: the installed copy's bin, in the project. */
const cli = (project: string, args: string[]): Promise<CliResult> => runAsUser(process.execPath, [join(specgateIn(project), 'bin/specgate.mjs'), ...args], project);

describe('the check of an optional part', () => {
  it('names the missing packages and how to install them; finds them where they are (positive control)', () => {
    const empty = tempDir('no-packages');
    for (const name of OPTIONAL) {
      expect(resolvable(name, empty), `${name} from an empty folder`).toBe(false);
      expect(resolvable(name, ROOT), `${name} from this checkout`).toBe(true);
    }
    expect(() => requireOptionalPart('workerd', '--adapter workerd', empty)).toThrow(new UsageError(
      '--adapter workerd needs miniflare, not installed (an optional peer dependency of specgate): npm install -D miniflare@4.20260730.0'));
    expect(() => requireOptionalPart('miniflare2', '--adapter miniflare2', empty)).toThrow(new UsageError(
      '--adapter miniflare2 needs @miniflare/durable-objects, @miniflare/shared, @miniflare/storage-memory, not installed (an optional peer dependency of specgate): '
      + 'npm install -D @miniflare/durable-objects@2.14.4 @miniflare/shared@2.14.4 @miniflare/storage-memory@2.14.4'));
    expect(() => requireOptionalPart('container', '--target-image', empty)).toThrow(/^--target-image needs testcontainers, not installed .*: npm install -D testcontainers@\^11\.14\.0$/);
    for (const part of Object.keys(OPTIONAL_PARTS) as (keyof typeof OPTIONAL_PARTS)[]) expect(() => requireOptionalPart(part, part)).not.toThrow();
  });
});

describe('a user who did not install an optional part', () => {
  it('is told in one line which package to install, exit 2', async () => {
    const project = userInstall('no-optional');
    // The simulated install works: the reference adapter needs no optional part.
    const reference = await cli(project, ['run', '--suite', 'storage', '--adapter', 'reference-kv', '--requirement', 'ST-KV-DELETE-MISSING-FALSE']);
    expect(reference.code, reference.stdout + reference.stderr).toBe(0);

    const cases: [string[], string][] = [
      [['run', '--suite', 'storage', '--adapter', 'workerd'], 'npm install -D miniflare@4.20260730.0'],
      [['run', '--suite', 'storage', '--adapter', 'workerd@2025-07-18'], 'npm install -D miniflare@4.20260730.0'],
      [['run', '--suite', 'storage', '--adapter', 'miniflare2'], 'npm install -D @miniflare/durable-objects@2.14.4 @miniflare/shared@2.14.4 @miniflare/storage-memory@2.14.4'],
      [['run', '--suite', 'zone-api', '--target-image', 'specgate/reference:latest', '--token', 't'], 'npm install -D testcontainers@^11.14.0'],
    ];
    for (const [args, install] of cases) {
      const run = await cli(project, args);
      expect(run.code, `${args.join(' ')}\n${run.stdout}${run.stderr}`).toBe(2);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toEqual([expect.stringMatching(/^specgate: --(adapter|target-image).* needs .*, not installed \(an optional peer dependency of specgate\): npm install -D /)]);
      expect(run.stderr).toContain(install);
    }
  });

  it('runs the part once its packages are installed (positive control)', async () => {
    const project = userInstall('with-miniflare2', OPTIONAL_PARTS.miniflare2);
    // The key-value spec alone: the model spec cites the same requirement, and Miniflare 2 fails it (its baseline).
    const run = await cli(project, ['run', '--suite', 'storage', '--adapter', 'miniflare2', '--requirement', 'ST-KV-DELETE-MISSING-FALSE', '--grep', '^key-value operations ']);
    expect(run.stderr).not.toContain('not installed');
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });
});
