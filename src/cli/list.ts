// `specgate list [--suite S] [--json]`: every spec and the requirements it cites, running nothing.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { listSpecs, SpecFileError } from '../runner/list.js';
import { suitesFrom } from './run-config.js';

/** The options of `specgate list` (its help, help.ts, lists the same). */
export const LIST_OPTIONS = {
  suite: { type: 'string', default: 'all' },
  json: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

export async function listCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: LIST_OPTIONS, strict: true, allowPositionals: false });
  let specs;
  try {
    specs = await listSpecs(suitesFrom(values.suite));
  } catch (error) {
    // A listing without a file's specs would look complete: say which file, exit 1 (as a run does).
    if (!(error instanceof SpecFileError)) throw error;
    process.stderr.write(`specgate: list: ${error.message.split('\n')[0]}\n`);
    return 1;
  }
  if (values.json) process.stdout.write(`${JSON.stringify(specs, null, 2)}\n`);
  else for (const spec of specs) process.stdout.write(`${spec.file} > ${spec.name}  [${spec.requirements.join(', ')}]\n`);
  return 0;
}
