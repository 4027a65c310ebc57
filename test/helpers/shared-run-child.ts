// A test worker's stand-in for shared-runs.test.ts: asks for one shared run and prints who made it.
import { sharedRun } from './shared-runs.js';

const made = await sharedRun('probe', ['--help']);
process.stdout.write(JSON.stringify({ madeBy: made.madeBy, code: made.run.code }));
