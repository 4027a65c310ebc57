// Failures grouped by cause. A run against a target with one fault (a wrong token, a proxy
// answering HTML, a control API that is not there) fails hundreds of specs for one reason; a
// report that lists them one by one hides that reason under the first screen. Here failures that
// share their cause form one group, shown first, with the specs under it:
//
// - an *answer*: the target refused (or answered no envelope) the same way, whatever the spec was
//   doing: the HTTP status, the error codes and messages of its envelope, or the body that is not
//   one. The spec kit writes it on the first line of every failure about an answer
//   (spec-kit/answer-line.ts, `answerLine`: `creating filters: HTTP 403, errors 10000 "Authentication
//   error"; it should succeed ...`); test/causes.test.ts reads answerLine's own output, so the two
//   stay in step.
// - a *message*: anything else (an assertion on a success answer, an exception), by its first line
//   with its volatile parts (ids, numbers, ports) set aside, so that the same finding in several
//   specs, or the same exception with other ids, is one cause. A success answer is no cause by
//   itself: the step before it is left out ("creating filters: "), what the spec wanted kept.
//
// The failure's text is the only record of its cause (the runner keeps an error's message, not its
// class), so the first line is read here, and nowhere else.

import { stripVTControlCharacters } from 'node:util';

/** What a cause is made from: a spec of the report (its name, status, failure text and profile). */
export interface CauseInput {
  name: string;
  status: string;
  error?: string;
  profile: 'core' | 'extended';
}

export interface FailureCause {
  /** `cause-1`, `cause-2`, …: in the order reports show them (most gated failures first, then most specs). */
  id: string;
  /** answer: the target's answer, shared by the specs; message: the failure's first line, volatile parts aside. */
  kind: 'answer' | 'message';
  /** What people read first: `HTTP 403, errors 10000 "Authentication error"`; what differs between the specs shows as `…`. */
  label: string;
  /** An answer's HTTP status (absent when no answer came). */
  status?: number;
  /** An answer's error codes (empty when its body is not an error envelope). */
  codes?: number[];
  /** The failed specs (names, as in `tests[]`): gated ones first, then in the report's order. */
  tests: string[];
  /** How many of them the gate counts (core specs, or every spec under --gate extended). */
  gated: number;
}

const MAX_LABEL = 300;

// answerLine (spec-kit/answer-line.ts): `HTTP 403` or `no HTTP answer (...)`, a comma, then what the body was.
const STATUS = String.raw`(?:HTTP (\d{3})|no HTTP answer \(the connection closed\))`;
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const ERROR_ITEM = String.raw`-?\d+ (?:${JSON_STRING}|undefined|null)`;
/** An answer where the spec kit writes one: at the start of the line, after a step's `: `, or quoted in parentheses. */
const ANSWER_START = new RegExp(String.raw`(?:^|: |\()(?=${STATUS}, )`, 'g');
const ANSWER = new RegExp(String.raw`^${STATUS}, (?:errors (${ERROR_ITEM}(?:, ${ERROR_ITEM})*)|a body that is not JSON|a JSON body without success|success ([^;)]*))(?=; |: |\)|$)`);
const ERROR_CODE = new RegExp(String.raw`(-?\d+) (?:${JSON_STRING}|undefined|null)`, 'g');

// What varies between two runs of the same failure: uuids, hex ids (with a digit), numbers.
const VOLATILE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b|\d+(?:[.,]\d+)*/gi;

interface Classified { key: string; kind: FailureCause['kind']; text: string; status?: number; codes?: number[] }

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

// A call into a storage adapter that hung (spec-kit/bounded-storage.ts): the call, its arguments, the bound.
const UNSETTLED_CALL = /^([\w$.]+)\(.*\) (did not settle within .*)$/;

function classify(error: string | undefined): Classified {
  const line = firstLine(error);
  if (line === '') return { key: 'message:', kind: 'message', text: '(no message)' };
  // One cause per operation that hangs, whatever its arguments: `storage.get(…) did not settle …`.
  const unsettled = UNSETTLED_CALL.exec(line);
  if (unsettled) {
    const text = `${unsettled[1]}(…) ${unsettled[2]}`;
    return { key: `message:${fixedParts(text).join('\u0000')}`, kind: 'message', text };
  }
  const start = line.matchAll(ANSWER_START).next().value;
  const at = start === undefined ? undefined : start.index + start[0].length;
  const answer = at === undefined ? null : ANSWER.exec(line.slice(at));
  const status = answer?.[1] === undefined ? undefined : Number(answer[1]);
  const success = answer?.[3] === 'true' && status !== undefined && status < 400;
  if (answer && !success) {
    const codes = [...(answer[2] ?? '').matchAll(ERROR_CODE)].map((m) => Number(m[1]));
    // The answer without its messages: one cause per status and codes, whatever the messages say.
    const shape = answer[0].replace(answer[2] ?? '\u0000', codes.join(', '));
    return { key: `answer:${shape}`, kind: 'answer', text: answer[0], ...(status !== undefined && { status }), codes };
  }
  // What the spec wanted of a success is the cause; the step before it is left out, unless the
  // answer is only quoted (in parentheses) after the spec's own finding.
  const from = at !== undefined && start![0] !== '(' ? line.slice(at) : line;
  return { key: `message:${fixedParts(from).join('\u0000')}`, kind: 'message', text: from };
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
function answerFallback(group: Classified): string {
  const head = group.text.slice(0, group.text.indexOf(', '));
  return `${head}, errors ${group.codes!.join(', ')} (messages vary)`;
}

/** The causes of a report's failed specs, in the order to show them. */
export function failureCauses(tests: readonly CauseInput[], gate: 'core' | 'extended'): FailureCause[] {
  const gated = (test: CauseInput) => gate === 'extended' || test.profile === 'core';
  const groups = new Map<string, { first: Classified; texts: string[]; tests: CauseInput[] }>();
  for (const test of tests.filter((t) => t.status === 'failed')) {
    const classified = classify(test.error);
    const group = groups.get(classified.key) ?? groups.set(classified.key, { first: classified, texts: [], tests: [] }).get(classified.key)!;
    group.texts.push(classified.text);
    group.tests.push(test);
  }
  const causes = [...groups.values()].map(({ first, texts, tests: members }): Omit<FailureCause, 'id'> => ({
    kind: first.kind,
    label: labelOf(texts, first.kind === 'answer' ? answerFallback(first) : first.text),
    ...(first.status !== undefined && { status: first.status }),
    ...(first.codes && { codes: first.codes }),
    tests: [...members.filter(gated), ...members.filter((t) => !gated(t))].map((t) => t.name),
    gated: members.filter(gated).length,
  }));
  // A stable sort: equal causes keep the order of their first spec in the report.
  causes.sort((a, b) => b.gated - a.gated || b.tests.length - a.tests.length);
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
