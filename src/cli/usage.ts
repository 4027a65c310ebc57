// How the command line answers a mistake: one line, saying what was wrong and, for a misspelt
// command or option, the nearest known one ("did you mean --suite?"). Every command's parser
// errors come through here (main.ts), so every command answers the same way.

import { UsageError } from '../core/errors.js';

/**
 * The known names nearest to `name`, if any is near enough to be what was meant: at most one edit
 * (insertion, deletion, substitution or swap of neighbours) per three characters, and at least one.
 */
export function nearest(name: string, known: readonly string[]): string[] {
  const bare = (text: string) => text.replace(/^-+/, '');
  const allowed = Math.max(1, Math.floor(bare(name).length / 3));
  const scored = known.map((candidate) => ({ candidate, distance: editDistance(bare(name), bare(candidate)) }))
    .filter((s) => s.distance <= allowed);
  const best = Math.min(...scored.map((s) => s.distance));
  return scored.filter((s) => s.distance === best).map((s) => s.candidate);
}

/** " (did you mean X?)", " (did you mean X or Y?)", or nothing. */
export function didYouMean(name: string, known: readonly string[]): string {
  const near = nearest(name, known);
  return near.length === 0 ? '' : ` (did you mean ${near.join(' or ')}?)`;
}

/**
 * Optimal string alignment distance (Levenshtein plus the swap of two neighbours, so that `rnu`
 * is one edit from `run`).
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => rows[i]![j]!;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, at(i - 2, j - 2) + 1);
      rows[i]![j] = distance;
    }
  }
  return at(a.length, b.length);
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
