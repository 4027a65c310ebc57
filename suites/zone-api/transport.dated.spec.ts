// Requests with both Transfer-Encoding and Content-Length: declined from 2023-07-01 (Errors;
// Versioning). What happens before that date is not shown, so only the after side is verified.

import { expect } from 'vitest';
import { dateOf } from '../../src/catalog/deprecation-schedule.js';
import { answerLine } from '../../src/spec-kit/answer-line.js';
import { about, expectRawFailureStatus, parseJson } from '../../src/spec-kit/expect.js';
import { datedSpec } from '../../src/spec-kit/spec.js';
import { listed, uniqueExpression, type Filter } from './support/firewall.js';
import { deletingFiltersAfter, postWithBothLengths, postWithContentLength, rawGetFilters } from './support/transport.js';

/** A raw answer as `about` reads it: its status and its body parsed. */
const parsed = (raw: { status: number | undefined; body: string }) => ({ status: raw.status, body: parseJson(raw.body) });

const DECLINED = { date: dateOf('Transfer-Encoding with Content-Length'), side: 'after' } as const;

datedSpec('ZM-TRANSPORT-TE-CL-DECLINED', 'a request with both Transfer-Encoding and Content-Length is declined and not processed', DECLINED, async ({ api, zone, target }) => {
  const expression = uniqueExpression();
  const accepted = uniqueExpression();
  await deletingFiltersAfter(api, zone, [expression, accepted], async () => {
    const response = await postWithBothLengths(target, zone.path(), expression);
    const declined = response.status === undefined || response.status >= 400;
    about(parsed(response), () => expect(declined, `a request with both headers: ${answerLine(response.status, parseJson(response.body))}; it must be declined\nbody: ${response.body.slice(0, 300)}`).toBe(true));
    const filters = await listed<Filter>(api, zone, '/filters');
    expect(filters.map((f) => f.expression), 'the declined request created nothing').not.toContain(expression);
    // Positive control: the same raw request with Content-Length alone is processed, and the same listing shows it.
    const plain = await postWithContentLength(target, zone.path(), accepted);
    about(parsed(plain), () => expect(plain.status, `positive control: the same POST with Content-Length only: ${answerLine(plain.status, parseJson(plain.body))}; it should be accepted\nbody: ${plain.body.slice(0, 300)}`).toBe(200));
    expect((await listed<Filter>(api, zone, '/filters')).filter((f) => f.expression === accepted).length, 'positive control: the listing shows the filter of the accepted request').toBe(1);
  });
  // All requests, not only writes: a GET carrying both headers (an empty chunked body) is declined too; the same GET without them answers.
  const both = await rawGetFilters(target, zone.path(), ['Content-Length: 5', 'Transfer-Encoding: chunked'], '0\r\n\r\n');
  about(parsed(both), () => expect(both.status === undefined || both.status >= 400, `a GET with both headers: ${answerLine(both.status, parseJson(both.body))}; it must be declined\nbody: ${both.body.slice(0, 300)}`).toBe(true));
  const plainGet = await rawGetFilters(target, zone.path(), []);
  about(parsed(plainGet), () => expect(plainGet.status, `positive control: the same GET without them: ${answerLine(plainGet.status, parseJson(plainGet.body))}`).toBe(200));
});

datedSpec('ZM-TRANSPORT-TE-CL-ENVELOPE', 'the declined request is answered 400 with the error envelope', DECLINED, async ({ api, zone, target }) => {
  const expression = uniqueExpression();
  await deletingFiltersAfter(api, zone, [expression], async () => {
    const response = await postWithBothLengths(target, zone.path(), expression);
    expectRawFailureStatus(response, 400, 'a request with both Transfer-Encoding and Content-Length');
  });
});
