// How the command line answers a mistake: one line, saying what was wrong and, for a misspelt
// command or option, the nearest known one ("did you mean --suite?"). Every command's parser
// errors come through here (main.ts), so every command answers the same way.

import { didYouMean } from '../core/did-you-mean.js';
import type { ParseArgsConfig } from 'node:util';
import { UsageError } from '../core/errors.js';

export { didYouMean, editDistance, nearest } from '../core/did-you-mean.js';

/**
 * `--timeout -5` as `--timeout=-5`, `--token -Xy` as `--token=-Xy`: node's parser takes any
 * value starting with a dash for an option ("argument is ambiguous"), so a negative number would
 * never reach the check that says what is wrong with it, and a token that happens to start with a
 * dash (base64url ones do, one time in 32) could not be given at all. A dashed word after an
 * option that takes a value is its value unless it is itself one of the command's options:
 * `--grep --seed` still means a missing value.
 */
export function withDashedValues(args: readonly string[], options: ParseArgsConfig['options']): string[] {
  const isOption = (word: string) => {
    const long = /^--([^=]+)/.exec(word)?.[1];
    if (long !== undefined) return long in (options ?? {});
    return word.length === 2 && Object.values(options ?? {}).some((option) => option.short === word[1]);
  };
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return [...joined, ...args.slice(i)];
    const name = /^--([^=]+)$/.exec(arg)?.[1];
    const next = args[i + 1];
    if (name !== undefined && options?.[name]?.type === 'string' && next !== undefined && next.startsWith('-') && next !== '--' && !isOption(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/** Errors of node:util's parseArgs (ERR_PARSE_ARGS_*). */
export const isParseArgsError = (error: unknown): error is Error & { code: string } =>
  typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('ERR_PARSE_ARGS');

/**
 * A parser's error as one line about the command: an unknown option with the nearest known ones,
 * a missing value or a stray argument with where to look. `options` are the command's (its help's).
 */
export function usageErrorOf(error: Error & { code: string }, command: string, options: readonly string[]): UsageError {
  const help = `see specgate ${command} --help`;
  const quoted = /'([^']+)'/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const option = quoted ?? error.message;
      return new UsageError(`${command}: unknown option ${option}${didYouMean(option.split('=')[0]!, [...options, '--help'])}; ${help}`);
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(`${command}: unexpected argument ${quoted === undefined ? '' : `"${quoted}" `}(it takes no arguments, only options); ${help}`);
    default: {
      // ERR_PARSE_ARGS_INVALID_OPTION_VALUE: "Option '--suite <value>' argument missing", and the like.
      const firstSentence = error.message.split('\n')[0]!.replace(/\.\s.*$/, '');
      return new UsageError(`${command}: ${firstSentence}; ${help}`);
    }
  }
}
