// The envelope every response carries, on success and on failure.

import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { about, answered, errorCodes, expectArray, expectEnvelope, expectFailure, expectFailureStatus, expectSuccess } from '../../src/spec-kit/expect.js';
import { spec } from '../../src/spec-kit/spec.js';
import { uniqueExpression } from './support/firewall.js';

const unknownId = () => randomBytes(16).toString('hex');

spec(['ZM-ENV-SHAPE', 'ZM-ENV-SUCCESS'], 'successful reads and writes answer the success envelope', async ({ api, zone }) => {
  for (const response of [
    await api.post(zone.path('/filters'), { json: [{ expression: uniqueExpression() }] }),
    await api.get(zone.path('/filters')),
    await api.get(zone.path('/firewall/rules')),
  ]) {
    expectEnvelope(response, 'the answer');
    expectSuccess(response);
  }
});

spec(['ZM-ENV-SHAPE', 'ZM-ENV-FAILURE'], 'failed operations answer the error envelope', async ({ api, zone }) => {
  for (const response of [
    await api.post(zone.path('/filters'), { json: [{ expression: 'not an expression' }] }),
    await api.get(zone.path(`/filters/${unknownId()}`)),
    await api.delete(zone.path(`/firewall/rules/${unknownId()}`)),
  ]) {
    expectEnvelope(response, 'the answer');
    expectFailure(response);
  }
});

spec('ZM-ENV-UNKNOWN-ROUTE', 'an unknown route answers 404 with code 7000', async ({ api }) => {
  const response = await api.get(`/specgate-no-such-route/${unknownId()}`);
  expectFailureStatus(response, 404, 'an unknown route');
  about(response, () => expect(errorCodes(response), `the error codes of an unknown route: ${answered(response)}`).toContain(7000));
});

spec('ZM-ENV-WRONG-METHOD', 'a method the path does not support answers 405', async ({ api, zone }) => {
  // The Versioning table lists no PATCH on the filters collection.
  expectFailureStatus(await api.patch(zone.path('/filters'), { json: [] }), 405, 'PATCH /filters');
  // Positive control: the path exists; only the method is wrong.
  expectArray(await api.get(zone.path('/filters')), 'positive control: GET on the same path');
});

spec('ZM-ENV-UNKNOWN-ID', 'an unknown zone answers 404 with code 7003', async ({ api, zone }) => {
  const response = await api.get(`/zones/${unknownId()}/firewall/rules`);
  expectFailureStatus(response, 404, 'a list in an unknown zone');
  about(response, () => expect(errorCodes(response), `the error codes of a list in an unknown zone: ${answered(response)}`).toContain(7003));
  // Positive control: the same request in a zone that exists answers.
  expectArray(await api.get(zone.path('/firewall/rules')), 'positive control: the same list in the spec\'s zone');
});

spec('ZM-ENV-ERROR-CODES', 'error codes are integers of at least 1000', async ({ api, zone }) => {
  const responses = [
    await api.post(zone.path('/filters'), { json: [{ expression: '(' }] }),
    await api.get(zone.path(`/firewall/rules/${unknownId()}`)),
    await api.get(`/specgate-no-such-route/${unknownId()}`),
  ];
  for (const response of responses) {
    expectFailure(response);
    for (const code of errorCodes(response)) expect(code, `error code ${code}`).toBeGreaterThanOrEqual(1000);
  }
});
