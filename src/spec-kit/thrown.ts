// An exception shown whole beside the expectation it broke. A check such as "txn.rollback()
// returns nothing" that failed because the call threw must say what it threw (name, message, what
// caused it, the head of its stack), not only "expected false to be true": the exception is the
// finding. Exceptions caught inside an object come out as data (contract/scenarios.ts ThrownError);
// those caught here are Errors.

import type { ThrownError } from '../../contract/scenarios.js';

/** An exception, every part a reader needs: `TypeError: msg`, then each cause, then the stack's first frames. */
export function thrownText(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    const part = asThrown(current);
    lines.push(`${depth === 0 ? '' : 'caused by: '}${part.name}: ${part.message}`);
    if (part.stack) lines.push(...part.stack.split('\n').slice(0, 4).map((frame) => `    ${frame.trim()}`));
    current = part.cause;
  }
  return lines.join('\n');
}

function asThrown(error: unknown): ThrownError {
  if (error === null || typeof error !== 'object') return { name: typeof error, message: String(error) };
  const { name, message, stack, cause } = error as Partial<Error> & { cause?: unknown };
  const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s*at /.test(line)).join('\n') : undefined;
  return { name: String(name ?? 'Error'), message: String(message ?? ''), ...(cause !== undefined && { cause: cause as ThrownError }), ...(frames && { stack: frames }) };
}

/** What an outcome of a call inside an object (`{ ok, error }`) threw, if it threw. */
type Outcome = { ok: boolean; error?: unknown } | undefined;

/**
 * The message of an expectation, with the exception beside it when the call it is about threw:
 * `expect(returned, besideThrown('txn.rollback() returns nothing', result)).toBe(true)`.
 */
export function besideThrown(expectation: string, ...outcomes: Outcome[]): string {
  const thrown = outcomes.filter((o) => o !== undefined && o.ok === false && o.error !== undefined).map((o) => thrownText(o!.error));
  return thrown.length === 0 ? expectation : `${expectation}; it threw:\n${thrown.join('\n')}\n`;
}
