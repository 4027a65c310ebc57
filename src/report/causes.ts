// Failures grouped by cause. A run against a target with one fault (a wrong token, a proxy
// answering HTML, a control API that is not there) fails hundreds of specs for one reason; a
// report that lists them one by one hides that reason under the first screen. Here failures that
// share their cause form one group, shown first, with the specs under it. A spec's record says
// what its failure was about as data (`failure`, core/records.ts FailureFacts: the spec kit records
// it where it fails, spec-kit/failure-facts.ts), and the grouping is on that:
//
// - an *answer*: the target refused (or answered no envelope) the same way, whatever the spec was
//   doing: the HTTP status, the error codes of its envelope, or the body that is not one. Its label
//   is the answer's line (core/answer.ts, as the failures say it: `HTTP 403, errors 10000
//   "Authentication error"`).
// - a *hung call*: a call into a storage adapter that did not settle, one cause per operation
//   whatever its arguments (`storage.get(…) did not settle within 1000 ms (the run's --timeout)`).
// - a *message*: anything else (an assertion on a success answer, an exception): what the spec
//   wanted of the success (its `finding`, the step left out), else the failure's first line, with
//   its volatile parts (ids, numbers, ports) set aside, so that the same finding in several specs,
//   or the same exception with other ids, is one cause.
// - a *set-up* error: a spec whose set-up did not happen (status error: the adapter's create() or
//   restart() threw or hung) is no failure of what it cites; its causes are of their own kind, one
//   per operation and message (volatile parts aside), and reports show them apart from failures.

import { stripVTControlCharacters } from 'node:util';
import { answerCodes, answerHead, answerText, isSuccessAnswer, type Answer } from '../core/answer.js';
import type { FailureFacts, HungCall } from '../core/records.js';

/** What a cause is made from: a spec of the report (its name, status, failure text, what the failure was about, profile). */
export interface CauseInput {
  name: string;
  status: string;
  error?: string;
  failure?: FailureFacts;
  profile: 'core' | 'extended';
}

export interface FailureCause {
  /** `cause-1`, `cause-2`, …: in the order reports show them (most gated failures first, then most specs). */
  id: string;
  /**
   * answer: the target's answer, shared by the specs; message: the failure's first line (or a hung
   * call), volatile parts aside; set-up: specs whose set-up did not happen (status error), by the
   * call that made or restarted their object and its message.
   */
  kind: 'answer' | 'message' | 'set-up';
  /** What people read first: `HTTP 403, errors 10000 "Authentication error"`; what differs between the specs shows as `…`. */
  label: string;
  /** An answer's HTTP status (absent when no answer came). */
  status?: number;
  /** An answer's error codes (empty when its body is not an error envelope). */
  codes?: number[];
  /** The failed specs (names, as in `tests[]`): gated ones first, then in the report's order. */
  tests: string[];
  /** How many of them the gate counts (core specs, or every spec under --gate extended; every set-up error). */
  gated: number;
}

const MAX_LABEL = 300;

// What varies between two runs of the same failure: uuids, hex ids (with a digit), numbers.
const VOLATILE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b|\d+(?:[.,]\d+)*/gi;

/** A failure as grouped: its key, its kind, the text its label is made from, and an answer's data. */
interface Classified { key: string; kind: FailureCause['kind']; text: string; answer?: Answer }

const firstLine = (error: string | undefined): string => stripVTControlCharacters(error ?? '').split('\n')[0]!.trim();

/**
 * What a spec under an answer cause was doing when it got the answer: its failure's first line
 * (the terminal, summary.md and report.html show it under the spec). Empty under a message cause,
 * which is that line already.
 */
export const stepUnder = (cause: FailureCause, error: string | undefined): string => (cause.kind === 'answer' ? firstLine(error) : '');

/** The fixed parts of a text around its volatile parts: equal for two texts that differ only in ids and numbers. */
const fixedParts = (text: string): string[] => text.split(VOLATILE);
const volatileParts = (text: string): string[] => text.match(VOLATILE) ?? [];

/** A message cause: texts equal but for their volatile parts share it. */
const message = (text: string): Classified => ({ key: `message:${fixedParts(text).join('\u0000')}`, kind: 'message', text });

/** One cause per operation that hangs and limit it ran out of, whatever the call's arguments. */
const hungCall = (hung: HungCall): Classified => ({
  key: `hung:${JSON.stringify([hung.operation, hung.limit])}`,
  kind: 'message',
  text: `${hung.operation}(…) did not settle within ${hung.limitMs} ms (${hung.limit})`,
});

/** One cause per status, body kind and error codes, whatever the messages say. */
function answerCause(answer: Answer): Classified {
  const { body } = answer;
  const shape = [answer.status ?? null, body.kind, body.kind === 'errors' ? answerCodes(answer) : body.kind === 'success' ? body.success : null];
  return { key: `answer:${JSON.stringify(shape)}`, kind: 'answer', text: answerText(answer), answer };
}

/** A set-up error: one cause per call that made or restarted the object and message, volatile parts aside. */
function setUpCause(test: CauseInput): Classified {
  const operation = test.failure?.setUp?.operation ?? 'set-up';
  const { hung } = test.failure ?? {};
  const text = hung ? hungCall(hung).text : firstLine(test.error) || '(no message)';
  return { key: `set-up:${operation}:${fixedParts(text).join('\u0000')}`, kind: 'set-up', text };
}

function classify(test: CauseInput): Classified {
  if (test.status === 'error') return setUpCause(test);
  const { answer, finding, hung } = test.failure ?? {};
  if (hung) return hungCall(hung);
  if (answer && !isSuccessAnswer(answer)) return answerCause(answer);
  // What the spec wanted of a success is the cause; the step before it is left out.
  if (finding !== undefined) return message(finding);
  const line = firstLine(test.error);
  return line === '' ? { key: 'message:', kind: 'message', text: '(no message)' } : message(line);
}

/**
 * One label for texts that share their fixed parts: each volatile part kept where all agree, `…`
 * where they differ. Texts whose fixed parts differ (an answer's messages) get `fallback`.
 */
function labelOf(texts: string[], fallback: string): string {
  const [first, ...rest] = texts as [string, ...string[]];
  const fixed = fixedParts(first);
  if (rest.some((t) => fixedParts(t).join('\u0000') !== fixed.join('\u0000'))) return fallback;
  const volatile = volatileParts(first).map((part, i) => (rest.every((t) => volatileParts(t)[i] === part) ? part : '…'));
  const label = fixed.map((part, i) => part + (volatile[i] ?? '')).join('');
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

/** An answer whose messages differ between the specs: its status and codes. */
const answerFallback = (answer: Answer): string => `${answerHead(answer)}, errors ${answerCodes(answer).join(', ')} (messages vary)`;

/** The causes of a report's failed specs, in the order to show them. */
export function failureCauses(tests: readonly CauseInput[], gate: 'core' | 'extended'): FailureCause[] {
  // A set-up error makes the run red whatever the spec's profile.
  const gated = (test: CauseInput) => gate === 'extended' || test.profile === 'core' || test.status === 'error';
  const groups = new Map<string, { first: Classified; texts: string[]; tests: CauseInput[] }>();
  for (const test of tests.filter((t) => t.status === 'failed' || t.status === 'error')) {
    const classified = classify(test);
    const group = groups.get(classified.key) ?? groups.set(classified.key, { first: classified, texts: [], tests: [] }).get(classified.key)!;
    group.texts.push(classified.text);
    group.tests.push(test);
  }
  const causes = [...groups.values()].map(({ first, texts, tests: members }): Omit<FailureCause, 'id'> => ({
    kind: first.kind,
    label: labelOf(texts, first.answer ? answerFallback(first.answer) : first.text),
    ...(first.answer?.status !== undefined && { status: first.answer.status }),
    ...(first.answer && { codes: answerCodes(first.answer) }),
    tests: [...members.filter(gated), ...members.filter((t) => !gated(t))].map((t) => t.name),
    gated: members.filter(gated).length,
  }));
  // A stable sort: equal causes keep the order of their first spec in the report. Set-up errors
  // come after the failures, which are what the run found about the target.
  const setUp = (cause: Omit<FailureCause, 'id'>) => (cause.kind === 'set-up' ? 1 : 0);
  causes.sort((a, b) => setUp(a) - setUp(b) || b.gated - a.gated || b.tests.length - a.tests.length);
  return causes.map((cause, i) => ({ id: `cause-${i + 1}`, ...cause }));
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "196 specs (46 gated, 150 production conventions not gated)": how much of a cause the gate counts. */
export function causeCount(cause: FailureCause): string {
  const specs = plural(cause.tests.length, 'spec');
  const notGated = cause.tests.length - cause.gated;
  if (notGated === 0) return specs;
  if (cause.gated === 0) return `${specs}, ${cause.tests.length === 1 ? 'a production convention' : 'production conventions'}, not gated`;
  return `${specs} (${cause.gated} gated, ${plural(notGated, 'production convention')} not gated)`;
}
