// JSON in and out, and requests refused before they reach an operation.

import { expect } from 'vitest';
import { expectFailure, expectFailureStatus, expectShape, expectSuccess } from '../../src/spec-kit/expect.js';
import { rawExchange } from '../../src/spec-kit/raw-http.js';
import { spec } from '../../src/spec-kit/spec.js';
import { authHeaders, defaultAuth } from '../../src/spec-kit/target.js';
import { listed, uniqueExpression, type Filter } from './support/firewall.js';

spec('ZM-TRANSPORT-JSON-BODY', 'JSON bodies sent with Content-Type application/json are accepted', async ({ api, zone }) => {
  for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
    const body = JSON.stringify([{ expression: uniqueExpression() }]);
    expectSuccess(await api.post(zone.path('/filters'), { raw: body, headers: { 'content-type': contentType } }), `a body sent as ${contentType}`);
  }
});

spec('ZM-TRANSPORT-JSON-RESPONSE', 'responses are JSON, on success and on failure', async ({ api, zone }) => {
  for (const response of [await api.get(zone.path('/filters')), await api.get(zone.path('/filters/0'))]) {
    expect(response.body, `the body parses as JSON: ${response.text.slice(0, 200)}`).toBeDefined();
    expect(response.headers.get('content-type') ?? '', 'Content-Type of the response').toMatch(/^application\/json/);
  }
});

type RawTarget = { baseUrl: string; credentials: Parameters<typeof defaultAuth>[0] };

/**
 * POSTs to the zone's filters over a raw socket. Used where fetch cannot: a request with both
 * Transfer-Encoding and Content-Length, and a huge body that the target may answer (and close the
 * connection on) before it has read it all — fetch then reports a reset instead of the answer.
 */
function rawPostFilters(target: RawTarget, zonePath: string, headers: string[], body: string) {
  const url = new URL(`${target.baseUrl}${zonePath}/filters`);
  const auth = Object.entries(authHeaders(defaultAuth(target.credentials))).map(([k, v]) => `${k}: ${v}`);
  // No "Connection: close": a target that answers early would then close on unread input, and
  // the reset that follows can destroy its answer before it is read.
  return rawExchange(url, [`POST ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, ...auth, 'Content-Type: application/json', ...headers], body);
}

function postWithBothLengths(target: RawTarget, zonePath: string, expression: string) {
  const body = JSON.stringify([{ expression }]);
  const chunked = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  return rawPostFilters(target, zonePath, [`Content-Length: ${Buffer.byteLength(chunked)}`, 'Transfer-Encoding: chunked'], chunked);
}

const parseEnvelope = (text: string): unknown => { try { return JSON.parse(text); } catch { return undefined; } };

spec('ZM-TRANSPORT-TE-CL-DECLINED', 'a request with both Transfer-Encoding and Content-Length is declined and not processed', async ({ api, zone, target, control }) => {
  const { epoch_ms } = await control.now();
  expect(epoch_ms, 'the target\'s clock must be on or after 2023-07-01 for this spec').toBeGreaterThanOrEqual(Date.parse('2023-07-01T00:00:00Z'));
  const expression = uniqueExpression();
  const response = await postWithBothLengths(target, zone.path(), expression);
  const declined = response.status === undefined || response.status >= 400;
  expect(declined, `the request must be declined; got ${response.status} ${response.body.slice(0, 300)}`).toBe(true);
  const filters = await listed<Filter>(api, zone, '/filters');
  expect(filters.map((f) => f.expression), 'the declined request created nothing').not.toContain(expression);
});

spec('ZM-TRANSPORT-TE-CL-ENVELOPE', 'the declined request is answered 400 with the error envelope', async ({ zone, target }) => {
  const response = await postWithBothLengths(target, zone.path(), uniqueExpression());
  expect(response.status).toBe(400);
  expectShape('failure-envelope', parseEnvelope(response.body), 'the answer');
});

spec('ZM-TRANSPORT-MALFORMED-JSON', 'a body that is not JSON is refused with 400', async ({ api, zone }) => {
  expectFailureStatus(await api.post(zone.path('/filters'), { raw: '[{"expression": "ssl"', headers: { 'content-type': 'application/json' } }), 400, 'a truncated JSON body');
  expect(await listed(api, zone, '/filters')).toEqual([]);
});

spec('ZM-TRANSPORT-BODY-TOO-LARGE', 'a body over the size limit is refused with 413', async ({ api, zone, target }) => {
  const huge = `[${' '.repeat(8 * 1024 * 1024)}{"expression": "ssl"}]`;
  const response = await rawPostFilters(target, zone.path(), [`Content-Length: ${Buffer.byteLength(huge)}`], huge);
  expect(response.status, `an 8 MiB body: ${response.body.slice(0, 300)}`).toBe(413);
  expectShape('failure-envelope', parseEnvelope(response.body), 'the answer');
  expect(await listed(api, zone, '/filters')).toEqual([]);
});

spec('ZM-TRANSPORT-WRONG-CONTENT-TYPE', 'a body with another Content-Type is refused', async ({ api, zone }) => {
  const body = JSON.stringify([{ expression: uniqueExpression() }]);
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
    const response = await api.post(zone.path('/filters'), { raw: body, headers: { 'content-type': contentType } });
    expectFailure(response, `a body sent as ${contentType}`);
    expect(response.status, `status for ${contentType}`).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  }
  expect(await listed(api, zone, '/filters')).toEqual([]);
});
