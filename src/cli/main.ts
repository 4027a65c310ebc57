// specgate's command line: a thin dispatcher. Each command's module is loaded only when it is the
// one asked for, so that commands which run no specs (diff, merge, init, --help) load neither the
// runner (vitest) nor the reference server. Exit codes: 0 all passed, 1 some gated spec failed (or
// a spec file did not load, or its test worker died), 2 bad usage or unreachable target.

import { UnreachableError, UsageError } from '../core/errors.js';

const COMMANDS: Record<string, () => Promise<(args: string[]) => number | Promise<number>>> = {
  run: async () => (await import('./run-command.js')).runCommand,
  list: async () => (await import('./list.js')).listCommand,
  serve: async () => (await import('./serve.js')).serveCommand,
  diff: async () => (await import('./diff.js')).diffCommand,
  merge: async () => (await import('./merge.js')).mergeCommand,
  init: async () => (await import('./config-file.js')).initCommand,
  doctor: async () => (await import('./doctor.js')).doctorCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write((await import('./help.js')).HELP);
      return command === undefined ? 2 : 0;
    }
    const load = COMMANDS[command];
    if (!load) throw new UsageError(`unknown command "${command}" (expected ${Object.keys(COMMANDS).join(', ').replace(/, (\w+)$/, ' or $1')}; see specgate --help)`);
    return await (await load())(rest);
  } catch (error) {
    if (error instanceof UsageError || error instanceof UnreachableError || isParseArgsError(error)) {
      process.stderr.write(`specgate: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}

const isParseArgsError = (error: unknown): boolean => typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('ERR_PARSE_ARGS');
