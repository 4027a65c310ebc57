// bin/specgate.mjs in a git checkout whose dist/ is older than a source it compiles runs the
// sources and says so in one line (a build left behind once ran stale code in a manual run); with
// dist/ up to date, or outside a checkout (the installed package), it runs dist/ and says nothing.
// A layout of stand-ins: bin/ copied, dist/'s main and from-source.mjs each print which ran.

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from './helpers/cli.js';

const HOUR = 3600;

function layout({ checkout, sourceAge, buildAge }: { checkout: boolean; sourceAge: number; buildAge: number }): string {
  const dir = tempDir('stale-dist');
  const file = (path: string, text: string, ageSeconds?: number) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
    if (ageSeconds !== undefined) { const at = Date.now() / 1000 - ageSeconds; utimesSync(join(dir, path), at, at); }
  };
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin/specgate.mjs'), join(dir, 'bin/specgate.mjs'));
  file('bin/from-source.mjs', "export const main = async () => { console.log('sources'); return 0; };\n");
  file('dist/src/cli/main.js', "export const main = async () => { console.log('compiled'); return 0; };\n", buildAge);
  file('src/cli/main.ts', 'export {};\n', sourceAge);
  file('contract/storage.ts', 'export {};\n', buildAge + HOUR);
  if (checkout) mkdirSync(join(dir, '.git'));
  return dir;
}

function run(dir: string) {
  const { SPECGATE_FROM_SOURCE: _, ...env } = process.env;
  const result = spawnSync(process.execPath, [join(dir, 'bin/specgate.mjs'), '--version'], { encoding: 'utf8', env });
  return { ran: result.stdout.trim(), warning: result.stderr.trim(), status: result.status };
}

describe('a stale dist/ in a git checkout', () => {
  it('runs the sources and names the file changed after the build, in one line', () => {
    const { ran, warning, status } = run(layout({ checkout: true, sourceAge: 60, buildAge: HOUR }));
    expect(status).toBe(0);
    expect(ran).toBe('sources');
    expect(warning).toBe('specgate: dist/ is older than src/cli/main.ts, changed after the last build: running the TypeScript sources instead; run `npm run build` to use the compiled CLI again, or delete dist/');
  });

  it('(control) runs dist/ without a word when it is newer than every source', () => {
    expect(run(layout({ checkout: true, sourceAge: HOUR, buildAge: 60 }))).toEqual({ ran: 'compiled', warning: '', status: 0 });
  });

  it('(control) runs dist/ outside a git checkout (the installed package), whatever the times', () => {
    expect(run(layout({ checkout: false, sourceAge: 60, buildAge: HOUR }))).toEqual({ ran: 'compiled', warning: '', status: 0 });
  });
});
