// How the command line answers a mistake: one line, saying what was wrong and, for a misspelt
// command or option, the nearest known one ("did you mean --suite?"). Every command's parser
// errors come through here (main.ts), so every command answers the same way.

import { didYouMean } from '../core/did-you-mean.js';
import { UsageError } from '../core/errors.js';

export { didYouMean, editDistance, nearest } from '../core/did-you-mean.js';

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
