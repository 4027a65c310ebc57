#!/usr/bin/env node
// specgate's command. The package runs its compiled JavaScript (dist/, which `npm run build` makes
// and `npm pack` builds through prepack): no TypeScript is compiled at start-up. A git checkout
// without dist/ (or SPECGATE_FROM_SOURCE=1) runs the TypeScript sources through tsx, with the
// 'specgate-source' export condition (from-source-hooks.mjs) so that specgate/config and the other
// exports resolve to the sources as well.
import { existsSync } from 'node:fs';
import { register } from 'node:module';

// A closed pipe (specgate list | head) is not an error worth a stack trace.
process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });

const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
const fromSource = process.env.SPECGATE_FROM_SOURCE === '1' || !existsSync(compiled);
const { main } = fromSource ? await loadSources() : await import(compiled.href);
process.exitCode = await main(process.argv.slice(2));

async function loadSources() {
  const tsx = await import('tsx/esm/api');
  tsx.register();
  register('./from-source-hooks.mjs', import.meta.url);
  return import('../src/cli/main.ts');
}
