#!/usr/bin/env node
// specgate is written in TypeScript; tsx loads it without a build step.
import { register } from 'tsx/esm/api';

register();
// A closed pipe (specgate list | head) is not an error worth a stack trace.
process.stdout.on('error', (error) => { if (error.code === 'EPIPE') process.exit(0); else throw error; });
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
