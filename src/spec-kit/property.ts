// Property-based specs: fast-check with the run's seed, failing with a message a reader can act on.
// fast-check's own report starts with "Property failed after N tests" and leaves the failed
// assertion to a `cause` that reports do not show; here the failed assertion comes first, then the
// counterexample, the seed and path that replay it, and the assertion's whole message.

import fc from 'fast-check';
import { factsOf, withFacts } from './failure-facts.js';

export interface PropertyOptions<Ts extends unknown[] = unknown[]> {
  seed: number;
  numRuns: number;
  /** Report the first failure as found, without shrinking it: for properties whose every run is many requests (a model-based spec). */
  endOnFailure?: boolean;
  /**
   * Cases run before any random one, in order: the edges (both sides of each boundary the document
   * states), so that a spec sized by the run's request budget (spec-kit/request-budget.ts) spends
   * it where a misreading shows first.
   */
  examples?: Ts[];
}

/** Runs an async property; throws an Error whose first line is the first line of the failed assertion. */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<Ts>, options: PropertyOptions<Ts>): Promise<void> {
  const details = await fc.check(property, { seed: options.seed, numRuns: options.numRuns, endOnFailure: options.endOnFailure ?? false, ...(options.examples && { examples: options.examples }) });
  if (!details.failed) return;
  // A spec that skips itself inside the property (its zone cannot be had) throws vitest's skip,
  // which fast-check caught as a failure: rethrown whole, the spec is skipped with its reason.
  if ((details.errorInstance as { code?: unknown } | null)?.code === 'VITEST_PENDING') throw details.errorInstance;
  if (details.counterexample === null) throw new Error(`the property could not run to the end (${details.interrupted ? 'interrupted' : 'too many skipped values'}); seed ${details.seed}`);
  const error = details.errorInstance;
  const message = error instanceof Error ? error.message : String(error);
  const [first, ...rest] = message.split('\n');
  // The failed assertion is the cause: a timeout (spec-kit/budget.ts: isTimeout) stays one, and
  // what it was about (failure-facts.ts) is what the property's failure is about.
  throw withFacts(new Error([
    first,
    `property failed on run ${details.numRuns} of ${options.numRuns} (seed ${details.seed}, path "${details.counterexamplePath}", shrunk ${details.numShrinks} times): replay with --seed ${details.seed}`,
    `counterexample: ${fc.stringify(details.counterexample)}`,
    ...rest,
  ].join('\n'), { cause: error }), factsOf(error));
}
