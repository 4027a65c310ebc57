// vitest's global set-up: the tests' CLI runs (cli.ts runCli) run the compiled JavaScript in dist/,
// as an installed package does, built here once from the sources under test when dist/ is missing
// or older than a source. From the sources, each child process compiled the CLI's modules with tsx
// again: about 2 CPU-s more per run, over a few hundred runs (bench/ci-speed.md). A dist/ built
// here is removed at the end, leaving the checkout as it was; one that was up to date stays.
// bin/specgate.mjs still falls back to the sources, and says so, if a source changes mid-run.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');
const MAIN = join(DIST, 'src/cli/main.js');
/** What the build compiles (tsconfig.build.json, as bin/specgate.mjs checks). */
const COMPILED_SOURCES = ['contract', 'requirements', 'src', 'reference-impl'];

function upToDate(): boolean {
  if (!existsSync(MAIN)) return false;
  const built = statSync(MAIN).mtimeMs;
  return !COMPILED_SOURCES.some((folder) => existsSync(join(ROOT, folder)) && readdirSync(join(ROOT, folder), { recursive: true })
    .some((file) => /\.(ts|mjs|css|js)$/.test(String(file)) && statSync(join(ROOT, folder, String(file))).mtimeMs > built));
}

export default function setup(): (() => void) | undefined {
  if (upToDate()) return undefined;
  const existed = existsSync(DIST);
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`the tests' CLI runs need dist/: \`node scripts/build.mjs\` failed (exit ${build.status ?? build.signal}):\n${build.stdout}${build.stderr}`);
  }
  return existed ? undefined : () => rmSync(DIST, { recursive: true, force: true });
}
