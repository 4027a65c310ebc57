// specgate's command line: a thin dispatcher. Each command's module is loaded only when it is the
// one asked for, so that commands which run no specs (diff, merge, init, list, --help, --version)
// load neither the runner (vitest) nor the reference server. `--help` (or `-h`) anywhere among a
// command's arguments prints its help (help.ts) without loading it. Exit codes: 0 all passed, 1
// some gated spec failed (or a spec file did not load, or its test worker died), 2 bad usage or
// unreachable target, always as one line on stderr, 3 incomplete, 130 interrupted (Ctrl-C).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UnreachableError, UsageError } from '../core/errors.js';
import { PACKAGE_ROOT } from '../core/paths.js';
import { COMMAND_HELP, HELP, optionsIn } from './help.js';
import { didYouMean, isParseArgsError, usageErrorOf } from './usage.js';

const COMMANDS: Record<string, () => Promise<(args: string[]) => number | Promise<number>>> = {
  run: async () => (await import('./run-command.js')).runCommand,
  list: async () => (await import('./list.js')).listCommand,
  serve: async () => (await import('./serve.js')).serveCommand,
  diff: async () => (await import('./diff.js')).diffCommand,
  merge: async () => (await import('./merge.js')).mergeCommand,
  init: async () => (await import('./config-file.js')).initCommand,
  doctor: async () => (await import('./doctor.js')).doctorCommand,
  'check-host': async () => (await import('./check-host.js')).checkHostCommand,
};

const HELP_FLAGS = ['--help', '-h'];
const VERSION_FLAGS = ['--version', '-v', 'version'];

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined) return print(HELP, 2);
    if (HELP_FLAGS.includes(command)) return print(HELP, 0);
    // `specgate help run` is `specgate run --help`.
    if (command === 'help') return rest[0] === undefined ? print(HELP, 0) : await main([rest[0], '--help']);
    if (VERSION_FLAGS.includes(command)) return print(`specgate ${version()}\n`, 0);
    const load = COMMANDS[command];
    if (!load) throw unknownCommand(command);
    if (asksForHelp(rest) && COMMAND_HELP[command] !== undefined) return print(COMMAND_HELP[command], 0);
    return await (await load())(rest);
  } catch (error) {
    const usage = isParseArgsError(error) ? usageErrorOf(error, command!, optionsIn(COMMAND_HELP[command!] ?? '')) : error;
    if (usage instanceof UsageError || usage instanceof UnreachableError) {
      process.stderr.write(`specgate: ${usage.message}\n`);
      return 2;
    }
    throw error;
  }
}

function print(text: string, code: number): number {
  process.stdout.write(text);
  return code;
}

/** --help or -h among the arguments, before a `--` that ends the options. */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((arg) => HELP_FLAGS.includes(arg));
}

function unknownCommand(command: string): UsageError {
  const known = Object.keys(COMMANDS);
  const suggestion = didYouMean(command, [...known, 'help', 'version']);
  const expected = known.join(', ').replace(/, ([\w-]+)$/, ' or $1');
  return new UsageError(`unknown command "${command}"${suggestion}; the commands are ${expected} (see specgate --help)`);
}

/** The version of the installed package. */
function version(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}
