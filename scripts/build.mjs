// npm run build: the package's JavaScript and type declarations in dist/ (tsconfig.build.json),
// made afresh, so that nothing of an earlier build's removed modules stays. `npm pack` runs it
// (prepack), and with --clean (postpack) removes dist/ again: in a git checkout bin/specgate.mjs
// runs dist/ when it exists, and a build left behind would go stale as the sources change.

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../dist', import.meta.url));

rmSync(dist, { recursive: true, force: true });
if (!process.argv.includes('--clean')) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    rmSync(dist, { recursive: true, force: true }); // half a build must not be run or packed
    console.error(`build: tsc -p tsconfig.build.json failed (exit ${build.status ?? build.signal}); dist/ not written`);
    process.exit(1);
  }
  const { buildHostKit } = await import('./host-kit.mjs');
  await buildHostKit(fileURLToPath(new URL('../dist/host-kit.mjs', import.meta.url)));
}
