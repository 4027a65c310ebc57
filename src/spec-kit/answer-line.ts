// What the target answered, in one line: `HTTP 403, errors 10000 "Authentication error"`. The
// first line of every failure of a spec that got an answer says it this way (spec-kit/expect.ts),
// as does the preflight (targets/preflight.ts); report/causes.ts groups failures by it. No vitest
// here: the preflight runs in the CLI, which loads no test runner for `specgate doctor`.

/** `10000 "Authentication error", 6003 "Invalid request headers"`: the errors of a JSON body, if it has any. */
function errorsOf(body: unknown): string | undefined {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  return errors.map((e) => {
    const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
    return `${JSON.stringify(code)} ${JSON.stringify(message)}`;
  }).join(', ');
}

/** What the target answered, in one line: `HTTP 403, errors 10000 "Authentication error"`, or why the body is not what it should be. */
export function answerLine(status: number | undefined, body: unknown): string {
  const head = status === undefined ? 'no HTTP answer (the connection closed)' : `HTTP ${status}`;
  if (body === undefined) return `${head}, a body that is not JSON`;
  const errors = errorsOf(body);
  if (errors) return `${head}, errors ${errors}`;
  const success = (body as { success?: unknown } | null)?.success;
  return success === undefined ? `${head}, a JSON body without success` : `${head}, success ${JSON.stringify(success)}`;
}
