// Lists the specs of the selected suites with the requirements each cites, without running them
// and without starting vitest: the spec files are imported here, in specgate's own process, with
// declarations.ts standing in for 'vitest' (no target is contacted, no adapter is loaded, no test
// worker starts). `collectSpecsWithVitest` asks vitest itself for the same listing: the slow way,
// kept so that test/cli-conventions.test.ts can hold the two equal.

import { readdirSync } from 'node:fs';
import { register } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SUITES, type SuiteName } from '../catalog/suites.js';
import type { CitingTest } from '../catalog/coverage.js';
import type { DatedChange } from '../core/dates.js';
import { COMPILED, ownModule, PACKAGE_ROOT } from '../core/paths.js';
import { declaredSpecs } from './declarations.js';

export interface ListedSpec extends CitingTest {
  file: string;
  /** Why the spec is of the extended profile although it cites core requirements (--profile core leaves it out). */
  extended?: string;
}

/** A spec file that could not be loaded: listing it would silently drop its specs. */
export class SpecFileError extends Error {
  constructor(readonly file: string, cause: unknown) {
    super(`${file} did not load: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

const includeOf = (suiteNames: SuiteName[]): string[] =>
  suiteNames.map((n) => SUITES[n]).filter((s) => !s.pending).flatMap((s) => s.include);

/** A listed spec with the name --grep matches: what the runner needs to narrow a run (runner/run.ts). */
export interface RunnableSpec extends ListedSpec {
  grepName: string;
}

export async function listSpecs(suiteNames: SuiteName[]): Promise<ListedSpec[]> {
  return (await listRunnableSpecs(suiteNames)).map(({ grepName: _, ...listed }) => listed);
}

export async function listRunnableSpecs(suiteNames: SuiteName[]): Promise<RunnableSpec[]> {
  const files = specFiles(includeOf(suiteNames));
  if (files.length === 0) return [];
  await standInForVitest();
  const listed: RunnableSpec[] = [];
  for (const file of files) {
    let declared;
    try {
      declared = await declaredSpecs(() => import(pathToFileURL(join(PACKAGE_ROOT, file)).href));
    } catch (error) {
      throw new SpecFileError(file, error);
    }
    listed.push(...declared.map(({ name, grepName, meta }) => ({ ...listedSpec(name, file, meta), grepName })));
  }
  return listed;
}

function listedSpec(name: string, file: string, meta: { requirements?: string[]; conventions?: string[]; dated?: DatedChange; extended?: string }): ListedSpec {
  const { requirements = [], conventions, dated, extended } = meta;
  return { name, file, requirements, ...(conventions && { conventions }), ...(dated && { dated }), ...(extended !== undefined && { extended }) };
}

let registered = false;

/**
 * Registers the module hooks (once per process) that make declarations.ts the spec files' 'vitest'.
 * The spec files are TypeScript: compiled specgate has no TypeScript loader of its own yet, so
 * tsx's is registered here, for `list` only (from the sources, bin/specgate.mjs has registered it).
 */
async function standInForVitest(): Promise<void> {
  if (registered) return;
  if (COMPILED) (await import('tsx/esm/api')).register();
  const standIn = pathToFileURL(ownModule('./declarations.ts', import.meta.url)).href;
  const importers = ['suites/', 'src/spec-kit/'].map((dir) => pathToFileURL(join(PACKAGE_ROOT, dir)).href);
  register('./list-hooks.mjs', { parentURL: import.meta.url, data: { standIn, importers } });
  registered = true;
}

/**
 * The spec files the include globs match (`suites/zone-api/**\/*.spec.ts`), relative to the
 * package root, in the order vitest lists its test modules: suite by suite, each by path.
 */
export function specFiles(include: string[]): string[] {
  const files = new Set<string>();
  for (const glob of include) {
    const segments = glob.split('/');
    const base = segments.slice(0, segments.findIndex((s) => /[*?[{]/.test(s))).join('/');
    const pattern = globRegExp(glob);
    const matched = [...walk(join(PACKAGE_ROOT, base))].map((file) => relative(PACKAGE_ROOT, file).split('\\').join('/')).filter((path) => pattern.test(path));
    for (const path of matched.sort()) files.add(path);
  }
  return [...files];
}

/** `**` any directories (or none), `*` any part of a name: the globs SUITES uses. */
function globRegExp(glob: string): RegExp {
  const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const segments = glob.split('/');
  const source = segments.map((segment, i) => (segment === '**'
    ? '(?:[^/]+/)*'
    : `${segment.split('*').map(escape).join('[^/]*')}${i < segments.length - 1 ? '/' : ''}`)).join('');
  return new RegExp(`^${source}$`);
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** The same listing, collected by vitest (slow: it starts vitest and its workers). */
export async function collectSpecsWithVitest(suiteNames: SuiteName[]): Promise<ListedSpec[]> {
  const include = includeOf(suiteNames);
  if (include.length === 0) return [];
  const { createVitest } = await import('vitest/node');
  const vitest = await createVitest('test', { root: PACKAGE_ROOT, config: false, include, watch: false, reporters: [] });
  try {
    await vitest.collect();
    return vitest.state.getTestModules().flatMap((module) => [...module.children.allTests()].map((test) => {
      return listedSpec(test.fullName, relative(PACKAGE_ROOT, module.moduleId), test.meta());
    }));
  } finally {
    await vitest.close();
  }
}
