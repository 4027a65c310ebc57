// What a failure was about, as data (core/records.ts `FailureFacts`): the answer of the target an
// assertion is about, or the call that hung. The spec kit knows them where it fails, so it puts
// them on the error it throws, under FACTS; vitest carries an error's own properties from the test
// worker to the runner, whose collector copies them into the spec's record (runner/collector.ts)
// beside the failure's text. The first facts put on an error stay: they are the innermost, the
// assertion's own. No vitest here: the preflight's clients share the modules that use this.

import { answerOf } from '../core/answer.js';
import type { FailureFacts } from '../core/records.js';

/** The property of an error (and of vitest's copy of it) that holds its facts. */
export const FACTS = 'specgateFailure';

/** Puts the facts on an error (an object), unless it has some already (or there are none); returns the error. */
export function withFacts<E>(error: E, facts: FailureFacts | undefined): E {
  if (facts !== undefined && error !== null && typeof error === 'object' && !Object.hasOwn(error, FACTS)) Object.defineProperty(error, FACTS, { value: facts, enumerable: true, configurable: true });
  return error;
}

/** The facts on an error (thrown, or vitest's copy of it); undefined when it has none. */
export function factsOf(error: unknown): FailureFacts | undefined {
  const facts = error !== null && typeof error === 'object' ? (error as Record<string, unknown>)[FACTS] : undefined;
  return facts !== null && typeof facts === 'object' ? facts as FailureFacts : undefined;
}

/** Runs an assertion; what it throws leaves with the facts. */
export function asserting<T>(facts: FailureFacts, assertion: () => T): T {
  try {
    return assertion();
  } catch (error) {
    throw withFacts(error, facts);
  }
}

/** What the specs' own messages quote (`answered(response)`): a status and a parsed body. */
interface Answered { status: number | undefined; body: unknown }

/**
 * Runs a spec's own assertion whose message quotes the target's answer (`answered(response)`):
 * a failure is about that answer. `expect(codes, `… ${answered(response)}`).toContain(10000)`
 * becomes `about(response, () => expect(…).toContain(10000))`; the message stays as it is.
 */
export const about = <T>(response: Answered, assertion: () => T): T => asserting({ answer: answerOf(response.status, response.body) }, assertion);

/** An error about the target's answer, to throw: its message as given, the answer recorded as data. */
export const failureAbout = (response: Answered, message: string): Error => withFacts(new Error(message), { answer: answerOf(response.status, response.body) });
