// What the target answered, as data, and the one line people read it in: `HTTP 403, errors 10000
// "Authentication error"`. The spec kit writes the line into every failure about an answer
// (spec-kit/expect.ts) and records the answer itself beside it (core/records.ts `FailureFacts`);
// the report groups failures on the data (report/causes.ts) and labels them with the same line,
// so the line is never taken apart again.

/** What a body was: not JSON; a JSON body with errors; one with a success value; one without. */
export type AnswerBody =
  | { kind: 'not-json' }
  | { kind: 'errors'; errors: { code: unknown; message: unknown }[] }
  | { kind: 'success'; success: unknown }
  | { kind: 'no-success' };

export interface Answer {
  /** The HTTP status; absent when the connection closed with no answer. */
  status?: number;
  body: AnswerBody;
}

/** The answer as data: `body` is the parsed JSON body (undefined when it is not JSON). */
export function answerOf(status: number | undefined, body: unknown): Answer {
  const head = status === undefined ? {} : { status };
  if (body === undefined) return { ...head, body: { kind: 'not-json' } };
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return { ...head, body: { kind: 'errors', errors: errors.map((e) => ({ code: (e ?? {}).code, message: (e ?? {}).message })) } };
  }
  const success = (body as { success?: unknown } | null)?.success;
  return { ...head, body: success === undefined ? { kind: 'no-success' } : { kind: 'success', success } };
}

/** `HTTP 403`, or `no HTTP answer (the connection closed)`. */
export const answerHead = (answer: Answer): string => (answer.status === undefined ? 'no HTTP answer (the connection closed)' : `HTTP ${answer.status}`);

/** The error codes of an answer that carries errors (only the numeric ones: a code is a number). */
export const answerCodes = (answer: Answer): number[] =>
  answer.body.kind === 'errors' ? answer.body.errors.map((e) => e.code).filter((code): code is number => typeof code === 'number') : [];

/** Whether the answer is a success (success true under a status below 400): no cause by itself. */
export const isSuccessAnswer = (answer: Answer): boolean =>
  answer.body.kind === 'success' && answer.body.success === true && answer.status !== undefined && answer.status < 400;

/** The answer in one line: `HTTP 403, errors 10000 "Authentication error"`, or what the body was instead. */
export function answerText(answer: Answer): string {
  const head = answerHead(answer);
  const { body } = answer;
  switch (body.kind) {
    case 'not-json': return `${head}, a body that is not JSON`;
    case 'errors': return `${head}, errors ${body.errors.map((e) => `${JSON.stringify(e.code)} ${JSON.stringify(e.message)}`).join(', ')}`;
    case 'success': return `${head}, success ${JSON.stringify(body.success)}`;
    case 'no-success': return `${head}, a JSON body without success`;
  }
}
