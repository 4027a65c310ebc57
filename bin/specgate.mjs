#!/usr/bin/env node
// specgate's command. The package runs its compiled JavaScript (dist/, which `npm run build` makes
// and `npm pack` builds through prepack): no TypeScript is compiled at start-up. A git checkout
// without dist/ (or SPECGATE_FROM_SOURCE=1) runs the TypeScript sources through tsx, its exports
// resolving to the sources too (from-source.mjs). So does a git checkout whose dist/ is older than
// a source it compiles: a build left behind would otherwise run yesterday's code, silently.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// A closed pipe (specgate list | head) is not an error worth a stack trace.
process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });

const ROOT = new URL('../', import.meta.url);
const compiled = new URL('dist/src/cli/main.js', ROOT);
/** The folders the build compiles (tsconfig.build.json). */
const COMPILED_SOURCES = ['contract', 'requirements', 'src', 'reference-impl'];

/** In a git checkout, a source file changed after dist/ was built (its path from the root), if any. */
function changedSinceBuild() {
  if (!existsSync(new URL('.git', ROOT))) return undefined;
  const built = statSync(compiled).mtimeMs;
  for (const folder of COMPILED_SOURCES) {
    const dir = fileURLToPath(new URL(`${folder}/`, ROOT));
    if (!existsSync(dir)) continue;
    const changed = readdirSync(dir, { recursive: true })
      .find((file) => /\.(ts|mjs|css|js)$/.test(file) && statSync(`${dir}${file}`).mtimeMs > built);
    if (changed !== undefined) return `${folder}/${changed.split('\\').join('/')}`;
  }
  return undefined;
}

let fromSource = process.env.SPECGATE_FROM_SOURCE === '1' || !existsSync(compiled);
const changed = fromSource ? undefined : changedSinceBuild();
if (changed !== undefined) {
  process.stderr.write(`specgate: dist/ is older than ${changed}, changed after the last build: running the TypeScript sources instead; run \`npm run build\` to use the compiled CLI again, or delete dist/\n`);
  fromSource = true;
}
const { main } = await import(fromSource ? './from-source.mjs' : compiled.href);
process.exitCode = await main(process.argv.slice(2));
