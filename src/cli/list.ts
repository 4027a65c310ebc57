// `specgate list [--suite S] [--json]`: every spec and the requirements it cites, running nothing.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { listSpecs } from '../runner/list.js';
import { suitesFrom } from './run-config.js';

/** The options of `specgate list` (its help, help.ts, lists the same). */
export const LIST_OPTIONS = {
  suite: { type: 'string', default: 'all' },
  json: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

export async function listCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: LIST_OPTIONS, strict: true, allowPositionals: false });
  const specs = await listSpecs(suitesFrom(values.suite));
  if (values.json) process.stdout.write(`${JSON.stringify(specs, null, 2)}\n`);
  else for (const spec of specs) process.stdout.write(`${spec.file} > ${spec.name}  [${spec.requirements.join(', ')}]\n`);
  return 0;
}
