// vitest's global set-up: the tests' CLI runs (cli.ts runCli) run the compiled JavaScript in dist/,
// as an installed package does, built here once from the sources under test when dist/ is missing
// or older than a source. From the sources, each child process compiled the CLI's modules with tsx
// again: about 2 CPU-s more per run, over a few hundred runs (bench/ci-speed.md).
//
// dist/ is shared by every vitest process of the checkout (.ci/run starts several side by side),
// so it is never removed at the end: one process's clean-up would pull it from under another's
// running CLI. The build takes a lock (an atomic mkdir), and a process that waited on it checks
// again, so two processes never build over each other. A dist/ left behind is safe:
// bin/specgate.mjs falls back to the sources, and says so, when a source is newer than it.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');
const MAIN = join(DIST, 'src/cli/main.js');
const LOCK = join(ROOT, '.cache', 'dist-build.lock');
/** A lock older than this was left by a build that died; a build takes about 10 s. */
const STALE_LOCK_MS = 5 * 60_000;
/** What the build compiles (tsconfig.build.json, as bin/specgate.mjs checks). */
const COMPILED_SOURCES = ['contract', 'requirements', 'src', 'reference-impl'];

function upToDate(): boolean {
  if (!existsSync(MAIN)) return false;
  const built = statSync(MAIN).mtimeMs;
  return !COMPILED_SOURCES.some((folder) => existsSync(join(ROOT, folder)) && readdirSync(join(ROOT, folder), { recursive: true })
    .some((file) => /\.(ts|mjs|css|js)$/.test(String(file)) && statSync(join(ROOT, folder, String(file))).mtimeMs > built));
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes the build lock, waiting while another process holds it. */
function lock(): void {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = statSync(LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else sleep(200);
    }
  }
}

export default function setup(): void {
  if (upToDate()) return;
  lock();
  try {
    if (upToDate()) return; // built by the process this one waited for
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) {
      throw new Error(`the tests' CLI runs need dist/: \`node scripts/build.mjs\` failed (exit ${build.status ?? build.signal}):\n${build.stdout}${build.stderr}`);
    }
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
