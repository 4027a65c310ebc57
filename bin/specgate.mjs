#!/usr/bin/env node
// specgate's command. The package runs its compiled JavaScript (dist/, which `npm run build` makes
// and `npm pack` builds through prepack): no TypeScript is compiled at start-up. A git checkout
// without dist/ (or SPECGATE_FROM_SOURCE=1) runs the TypeScript sources through tsx, its exports
// resolving to the sources too (from-source.mjs).
import { existsSync } from 'node:fs';

// A closed pipe (specgate list | head) is not an error worth a stack trace.
process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });

const compiled = new URL('../dist/src/cli/main.js', import.meta.url);
const fromSource = process.env.SPECGATE_FROM_SOURCE === '1' || !existsSync(compiled);
const { main } = await import(fromSource ? './from-source.mjs' : compiled.href);
process.exitCode = await main(process.argv.slice(2));
