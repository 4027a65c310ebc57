// JSON in and out, and requests refused before they reach an operation.

import { expect } from 'vitest';
import { expectFailure, expectFailureStatus, expectShape, expectSuccess } from '../../src/spec-kit/expect.js';
import { spec } from '../../src/spec-kit/spec.js';
import { listed, uniqueExpression, type Filter } from './support/firewall.js';
import { parseEnvelope, rawPostFilters } from './support/transport.js';

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

spec('ZM-TRANSPORT-MALFORMED-JSON', 'a body that is not JSON is refused with 400', async ({ api, ownZone: zone }) => {
  expectFailureStatus(await api.post(zone.path('/filters'), { raw: '[{"expression": "ssl"', headers: { 'content-type': 'application/json' } }), 400, 'a truncated JSON body');
  expect(await listed(api, zone, '/filters')).toEqual([]);
});

spec('ZM-TRANSPORT-BODY-TOO-LARGE', 'a body over the size limit is refused with 413', async ({ api, ownZone: zone, target }) => {
  const huge = `[${' '.repeat(8 * 1024 * 1024)}{"expression": "ssl"}]`;
  const response = await rawPostFilters(target, zone.path(), [`Content-Length: ${Buffer.byteLength(huge)}`], huge);
  expect(response.status, `an 8 MiB body: ${response.body.slice(0, 300)}`).toBe(413);
  expectShape('failure-envelope', parseEnvelope(response.body), 'the answer');
  expect(await listed(api, zone, '/filters')).toEqual([]);
});

spec('ZM-TRANSPORT-WRONG-CONTENT-TYPE', 'a body with another Content-Type is refused', async ({ api, ownZone: zone }) => {
  const body = JSON.stringify([{ expression: uniqueExpression() }]);
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
    const response = await api.post(zone.path('/filters'), { raw: body, headers: { 'content-type': contentType } });
    expectFailure(response, `a body sent as ${contentType}`);
    expect(response.status, `status for ${contentType}`).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  }
  expect(await listed(api, zone, '/filters')).toEqual([]);
});
