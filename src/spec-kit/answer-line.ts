// What the target answered, in one line: `HTTP 403, errors 10000 "Authentication error"`. The
// first line of every failure of a spec that got an answer says it this way (spec-kit/expect.ts),
// as does the preflight (targets/preflight.ts); the answer itself, as data, is core/answer.ts, on
// which report/causes.ts groups failures. No vitest here: the preflight runs in the CLI, which
// loads no test runner for `specgate doctor`.

import { answerOf, answerText } from '../core/answer.js';

/** What the target answered, in one line: `HTTP 403, errors 10000 "Authentication error"`, or why the body is not what it should be. */
export const answerLine = (status: number | undefined, body: unknown): string => answerText(answerOf(status, body));
