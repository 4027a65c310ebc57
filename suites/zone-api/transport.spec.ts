// JSON in and out, and requests refused before they reach an operation.

import { expect } from 'vitest';
import { about, answered, expectArray, expectFailure, expectFailureStatus, expectRawFailureStatus } from '../../src/spec-kit/expect.js';
import { spec } from '../../src/spec-kit/spec.js';
import { expectNoFilters, listed, uniqueExpression, type Filter } from './support/firewall.js';
import { rawPostFilters } from './support/transport.js';

spec('ZM-TRANSPORT-JSON-BODY', 'JSON bodies sent with Content-Type application/json are accepted', async ({ api, zone }) => {
  for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
    const expression = uniqueExpression();
    const body = JSON.stringify([{ expression }]);
    const [filter] = expectArray<Filter>(await api.post(zone.path('/filters'), { raw: body, headers: { 'content-type': contentType } }), `a body sent as ${contentType}`, { minLength: 1 });
    // The body was read: what was created carries the expression sent.
    expect(filter!.expression, `the filter created from a body sent as ${contentType} has the expression sent`).toBe(expression);
    expect((await listed<Filter>(api, zone, '/filters')).filter((f) => f.expression === expression).length, `the filter sent as ${contentType} is listed once`).toBe(1);
  }
});

spec('ZM-TRANSPORT-JSON-RESPONSE', 'responses are JSON, on success and on failure', async ({ api, zone }) => {
  for (const response of [await api.get(zone.path('/filters')), await api.get(zone.path('/filters/0'))]) {
    expect(response.body, `the body parses as JSON: ${response.text.slice(0, 200)}`).toBeDefined();
    expect(response.headers.get('content-type') ?? '', 'Content-Type of the response').toMatch(/^application\/json/);
  }
});

spec('ZM-TRANSPORT-MALFORMED-JSON', 'a body that is not JSON is refused with 400', async ({ api, ownZone: zone }) => {
  expectFailureStatus(await api.post(zone.path('/filters'), { raw: '[{"expression": "ssl"', headers: { 'content-type': 'application/json' } }), 400, 'a truncated JSON body');
  await expectNoFilters(api, zone, 'the truncated JSON body');
});

spec('ZM-TRANSPORT-BODY-TOO-LARGE', 'a body over the size limit is refused with 413', async ({ api, ownZone: zone, target }) => {
  const huge = `[${' '.repeat(8 * 1024 * 1024)}{"expression": "ssl"}]`;
  const response = await rawPostFilters(target, zone.path(), [`Content-Length: ${Buffer.byteLength(huge)}`], huge);
  expectRawFailureStatus(response, 413, 'an 8 MiB body');
  await expectNoFilters(api, zone, 'the 8 MiB body');
});

spec('ZM-TRANSPORT-WRONG-CONTENT-TYPE', 'a body with another Content-Type is refused', async ({ api, ownZone: zone }) => {
  const body = JSON.stringify([{ expression: uniqueExpression() }]);
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
    const response = await api.post(zone.path('/filters'), { raw: body, headers: { 'content-type': contentType } });
    expectFailure(response, `a body sent as ${contentType}`);
    about(response, () => expect(response.status >= 400 && response.status < 500, `a body sent as ${contentType}: ${answered(response)}; it should be refused with a 4xx`).toBe(true));
  }
  await expectNoFilters(api, zone, 'the bodies of another Content-Type');
});
