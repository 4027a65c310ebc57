// .ci/run's order of steps, run for real with every command it calls replaced by a stand-in that
// records itself (npm, npx, the Docker engine script, miniflare 5's install, .ci/node-line): the
// install of miniflare 5 runs while npm ci does, the three checks after npm test run side by side,
// each step prints its wall time, and a failing check fails the run once the others have ended.

import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runAsUser, tempDir, type CliResult } from './helpers/cli.js';

/** A stand-in command: logs its name and arguments to `calls`, then runs `body` (bash). */
function standIn(path: string, body: string): void {
  writeFileSync(path, `#!/usr/bin/env bash\necho "$(basename "$0") $*" >> "$CALLS"\n${body}\n`);
  chmodSync(path, 0o755);
}

/**
 * A checkout holding .ci/run (as it is, or as `script` makes it) and .ci/side-by-side, and stand-ins
 * for the rest. `npm ci` waits (`waitSteps` × 50 ms) for miniflare 5's install to have started: it
 * passes only if the install runs meanwhile. The pack-install check exits `packInstallExit`.
 */
async function ciRun(packInstallExit: number, { script = (text: string) => text, waitSteps = 1200 } = {}): Promise<CliResult & { calls: string[] }> {
  const checkout = tempDir('ci-run');
  const bin = join(checkout, 'fake-bin');
  for (const dir of ['.ci', 'scripts', 'fake-bin']) mkdirSync(join(checkout, dir));
  cpSync(join(ROOT, '.ci/side-by-side'), join(checkout, '.ci/side-by-side'));
  writeFileSync(join(checkout, '.ci/run'), script(readFileSync(join(ROOT, '.ci/run'), 'utf8')));
  const calls = join(checkout, 'calls.log');
  standIn(join(checkout, 'scripts/install-miniflare5.sh'), 'touch "$(dirname "$CALLS")/miniflare5-installing"; echo .cache/miniflare5');
  standIn(join(checkout, 'scripts/docker-engine.sh'), '[ "$1" = start ] && exit 1; exit 0');
  standIn(join(checkout, 'scripts/sqlite-driver.sh'), '');
  standIn(join(checkout, '.ci/node-line'), 'echo "node line $1 ran"');
  standIn(join(bin, 'npm'), [
    'if [ "$1" = ci ]; then',
    `  for i in $(seq ${waitSteps}); do [ -e "$(dirname "$CALLS")/miniflare5-installing" ] && exit 0; sleep 0.05; done`,
    '  echo "npm ci: miniflare 5 was not being installed meanwhile"; exit 1',
    'fi',
  ].join('\n'));
  standIn(join(bin, 'npx'), `case "$*" in *pack-install*) echo "pack-install ran"; exit ${packInstallExit};; *) echo "vitest $*";; esac`);
  standIn(join(bin, 'chromium'), '');
  const run = await runAsUser('bash', [join(checkout, '.ci/run')], checkout, { CALLS: calls, PATH: `${bin}:${process.env.PATH ?? ''}` });
  return { ...run, calls: readFileSync(calls, 'utf8').trim().split('\n') };
}

describe('.ci/run', () => {
  it('installs miniflare 5 during npm ci, runs npm test, then the three checks side by side, timing each step', async () => {
    const run = await ciRun(0);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const steps = run.stdout.split('\n').filter((line) => line.startsWith('== ci: ')).map((line) => line.replace(/\d+\.\d s/, 'T s'));
    const isCheck = (line: string) => /^== ci: (workerd-miniflare5|pack-install|node-line-24) \(/.test(line);
    expect(steps.filter((line) => !line.startsWith('== ci: took') && !isCheck(line))).toEqual([
      '== ci: npm ci',
      '== ci: Docker engine and the reference image',
      '== ci: npm test',
      '== ci: miniflare 5 from the npm registry (fetched since the start)',
      '== ci: miniflare 5, the packed package installed, node 24: side by side',
      '== ci: everything took T s',
    ]);
    // The checks in the order they ended, each under its own header.
    expect(steps.filter(isCheck).sort()).toEqual(['node-line-24', 'pack-install', 'workerd-miniflare5'].map((name) => `== ci: ${name} (exit 0, T s)`));
    expect(steps.filter((line) => line.startsWith('== ci: took'))).toHaveLength(5);
    expect(run.stdout).toContain('ci: no Docker engine: the container tests (test/container-engine.test.ts) will be skipped');
    expect(run.stdout).toContain('node line 24 ran');
    expect(run.calls).toEqual(expect.arrayContaining([
      'npm ci --no-audit --no-fund',
      'npm test',
      'npx vitest run test/workerd-miniflare5.test.ts',
      'npx vitest run test/pack-install.test.ts',
      'node-line 24',
    ]));
    expect(run.calls.indexOf('npm test'), 'npm test before the checks after it').toBeLessThan(run.calls.indexOf('node-line 24'));
  });

  it('a failing check fails the run, named, after the others ran to their end', async () => {
    const run = await ciRun(1);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^== ci: pack-install \(exit 1, \d+\.\d s\)\npack-install ran$/m);
    expect(run.stdout).toContain('node line 24 ran');
    expect(run.stdout).toMatch(/^== ci: workerd-miniflare5 \(exit 0, /m);
    expect(run.stderr).toContain('ci: failed: pack-install');
  });

  it('(the negative case: a .ci/run that installs miniflare 5 only after npm test fails the stand-in npm ci)', async () => {
    const installLine = 'scripts/install-miniflare5.sh >/dev/null 2>"$install_log" &';
    const after = (text: string) => {
      expect(text).toContain(installLine);
      return text.replace(installLine, 'true &').replace('\nstep "npm test"\nnpm test\n', '\nstep "npm test"\nnpm test\nscripts/install-miniflare5.sh\n');
    };
    const run = await ciRun(0, { script: after, waitSteps: 20 });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('npm ci: miniflare 5 was not being installed meanwhile');
  });
});
