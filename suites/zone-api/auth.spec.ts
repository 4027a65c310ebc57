// The two authentication schemes, and how refusals look.

import { expect } from 'vitest';
import { errorCodes, expectFailure, expectSuccess } from '../../src/spec-kit/expect.js';
import { spec } from '../../src/spec-kit/spec.js';

/** Well-formed but wrong credentials: only their value is wrong. */
const WRONG_TOKEN = 'specgate0wrong0token0000000000000000000000';
const WRONG_KEY = '0123456789abcdef0123456789abcdef01234';

spec('ZM-AUTH-BEARER', 'a bearer token authenticates', async ({ api, auth, zone, skip }) => {
  if (!auth.token) skip('no API token was given for the target (--token)');
  expectSuccess(await api.as(auth.token).get(zone.path('/filters')), 'a request with the bearer token');
});

spec('ZM-AUTH-KEY-PAIR', 'an email and API key pair authenticates', async ({ api, auth, zone, skip }) => {
  if (!auth.key) skip('no email and API key were given for the target (--email, --key)');
  expectSuccess(await api.as(auth.key).get(zone.path('/filters')), 'a request with X-Auth-Email and X-Auth-Key');
});

spec('ZM-AUTH-MISSING', 'a request without credentials is refused', async ({ api, zone }) => {
  const response = await api.as(undefined).get(zone.path('/filters'));
  expectFailure(response, 'a request without credentials');
  expect([401, 403], `status ${response.status}`).toContain(response.status);
});

spec('ZM-AUTH-WRONG', 'wrong credentials of either scheme are refused with 403 and code 10000', async ({ api, auth, zone }) => {
  const email = auth.key?.scheme === 'key' ? auth.key.email : 'someone@example.com';
  for (const wrong of [
    { scheme: 'token', token: WRONG_TOKEN },
    { scheme: 'key', email, key: WRONG_KEY },
  ] as const) {
    const response = await api.as(wrong).get(zone.path('/filters'));
    expectFailure(response, `a request with a wrong ${wrong.scheme}`);
    expect(response.status, `status for a wrong ${wrong.scheme}`).toBe(403);
    expect(errorCodes(response)).toContain(10000);
  }
});

spec('ZM-AUTH-MALFORMED', 'malformed headers are refused with 400, code 6003 and the header named in error_chain', async ({ api, zone }) => {
  const cases: [Record<string, string>, number][] = [
    [{ authorization: 'Basic dXNlcjpwYXNz' }, 6111],
    [{ 'x-auth-email': 'not-an-email', 'x-auth-key': WRONG_KEY }, 6102],
    [{ 'x-auth-email': 'someone@example.com', 'x-auth-key': 'not a key!' }, 6103],
  ];
  for (const [headers, chained] of cases) {
    const response = await api.as(undefined).get(zone.path('/filters'), { headers });
    expectFailure(response, `headers ${Object.keys(headers).join(', ')}`);
    expect(response.status).toBe(400);
    const error = response.body!.errors.find((e) => e.code === 6003);
    expect(error, `an error with code 6003 in ${JSON.stringify(response.body!.errors)}`).toBeDefined();
    expect(error!.error_chain?.map((e) => e.code)).toContain(chained);
  }
});
