// Profiles per assertion, not per spec. Within one spec:
//
// - a set-up step the document does not show (a create endpoint, a payload) is a precondition,
//   not a verdict: `setUp(what, step)`. If the target refuses it, the spec ends "not verified:
//   set-up needs <what> and the target answered <…>" (skipped, which leaves the run incomplete);
//   if it accepts it, the documented assertions after it gate as core;
// - a check of a convention of the service (a status code, an error code or message, a field the
//   document does not show) is soft and extended: `convention(ids, label, check)` records what it
//   found for the requirements it cites and never stops the spec, so a core check after it still
//   runs. The spec declares those requirements (`spec(…, { conventions: [ids] })`) so that a
//   listing, the golden check and the report know them before the spec runs, and a check the spec
//   ended before is "not verified", never silently absent;
// - every other assertion of the spec is core and cites the spec's own requirements: plain
//   `expect` (hard), or `expect.soft` where a later check does not depend on it, so a failing core
//   check does not hide a convention check after it either (the test context's `expect`: specs of
//   a file run concurrently, where the global `expect.soft` cannot tell which spec it is in).
//
// The runner turns one spec into two records (core/records.ts `conventionRecordOf`): the spec's
// own, and its conventions', of the extended profile. No vitest here: fixtures in spec.ts bind
// these to a spec's task.

import type { ConventionCheck } from '../core/records.js';
import { isTimeout } from './budget.js';
import { factsOf } from './failure-facts.js';

export type { ConventionCheck };

/** Why a set-up step the document does not show could not be made: the spec verifies nothing. */
export const setUpRefusedReason = (what: string, error: unknown): string =>
  `not verified: set-up needs ${what} and the target answered: ${messageOf(error)}`;

/**
 * An error that must leave the spec as it is, whatever step it came from: vitest's skip (the
 * target lacks what the spec needs), and running out of time (a failure with its own cause).
 */
export const passesThrough = (error: unknown): boolean =>
  (error as { code?: unknown })?.code === 'VITEST_PENDING' || isTimeout(error);

/** Runs a set-up step; a refusal becomes `skip` with the reason. */
export async function runSetUp<T>(what: string, step: () => Promise<T> | T, skip: (reason: string) => never): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (passesThrough(error)) throw error;
    return skip(setUpRefusedReason(what, error));
  }
}

/**
 * Runs one convention check of a spec that declared `declared` as its conventions: records what it
 * found in `checks` and never throws for the check's own failure.
 */
export async function runConventionCheck(checks: ConventionCheck[], declared: readonly string[], requirements: string | string[], label: string, check: () => unknown, reported = true): Promise<void> {
  const ids = Array.isArray(requirements) ? requirements : [requirements];
  const undeclared = ids.filter((id) => !declared.includes(id));
  // A defect of the spec, not of the target: said at once, as a failure of the spec.
  if (undeclared.length > 0) throw new Error(`convention check "${label}" cites ${undeclared.join(', ')}, which the spec does not declare in its options' conventions`);
  // A run that reports none of the spec's conventions (a core run) does not run their checks:
  // what they would find is dropped, and their requests are spared.
  if (!reported) return;
  try {
    await check();
    checks.push({ requirements: ids, label, passed: true });
  } catch (error) {
    if (passesThrough(error)) throw error;
    const failure = factsOf(error);
    checks.push({ requirements: ids, label, passed: false, error: messageOf(error), ...(failure && { failure }) });
  }
}

/** An error's message, every line of it (an assertion's diff included, when it has one). */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const diff = (error as { diff?: unknown }).diff;
  return typeof diff === 'string' && diff !== '' ? `${error.message}\n${diff}` : error.message;
}
