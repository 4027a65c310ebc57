// The two authentication schemes, and how refusals look. Every refusal is paired with the same
// request, with the right credentials, being accepted; every acceptance with a wrong credential
// of the same scheme being refused (otherwise a target that checks nothing would pass).

import { expect } from 'vitest';
import type { ApiClient } from '../../src/spec-kit/api-client.js';
import { about, answered, errorCodes, errorsIn, expectArray, expectFailure, expectFailureStatus, expectObject } from '../../src/spec-kit/expect.js';
import { ControlClient } from '../../src/spec-kit/control.js';
import { spec, type TestZone } from '../../src/spec-kit/spec.js';
import type { Auth } from '../../src/spec-kit/target.js';

/** Well-formed but wrong credentials: only their value is wrong. */
const WRONG_TOKEN = 'specgate0wrong0token0000000000000000000000';
const WRONG_KEY = '0123456789abcdef0123456789abcdef01234';
const NOBODY_EMAIL = 'nobody-specgate@example.com';

/** The request every auth spec makes: a zone's filters. */
const read = (api: ApiClient, auth: Auth | undefined, zone: TestZone, headers?: Record<string, string>) =>
  api.as(auth).get(zone.path('/filters'), headers ? { headers } : {});

async function expectAccepted(api: ApiClient, auth: Auth | undefined, zone: TestZone, what: string): Promise<void> {
  expectArray(await read(api, auth, zone), what, { items: 'any' });
}

spec('ZM-AUTH-BEARER', 'a bearer token authenticates; a wrong token does not', async ({ api, auth, zone, skip }) => {
  if (!auth.token) skip('no API token was given for the target (--token)');
  await expectAccepted(api, auth.token, zone, 'a request with the bearer token');
  expectFailure(await read(api, { scheme: 'token', token: WRONG_TOKEN }, zone), 'the same request with a wrong token (the token is what authenticates)');
});

spec('ZM-AUTH-KEY-PAIR', 'an email and API key pair authenticates reads and writes; a wrong key does not', async ({ api, auth, zone, skip }) => {
  if (auth.key?.scheme !== 'key') return skip('no email and API key were given for the target (--email, --key)');
  await expectAccepted(api, auth.key, zone, 'a request with X-Auth-Email and X-Auth-Key');
  expectFailure(await read(api, { ...auth.key, key: WRONG_KEY }, zone), 'the same request with a wrong key (the pair is what authenticates)');
  // A write too: a filter created with the key pair reads back with it.
  const expression = `http.request.uri.path eq "/specgate/${crypto.randomUUID()}"`;
  const keyed = api.as(auth.key);
  const [filter] = expectArray<{ id: string; expression: string }>(await keyed.post(zone.path('/filters'), { json: [{ expression }] }), 'POST /filters with the key pair', { minLength: 1 });
  expect(filter!.expression, 'the filter created with the key pair has the expression sent').toBe(expression);
  expect(expectObject<{ expression: string }>(await keyed.get(zone.path(`/filters/${filter!.id}`)), 'reading it with the key pair').expression).toBe(expression);
});

spec('ZM-AUTH-KEY-PAIR-BOUND', 'a key authenticates only with its own email: not with an unknown email, nor with another user\'s', async ({ api, auth, zone, target, skip }) => {
  if (auth.key?.scheme !== 'key') return skip('no email and API key were given for the target (--email, --key)');
  const mine = auth.key;
  await expectAccepted(api, mine, zone, 'positive control: the key with its own email');
  expectFailure(await read(api, { ...mine, email: NOBODY_EMAIL }, zone), `the key with an email no user has (${NOBODY_EMAIL})`);
  if (!target.controlUrl) return;
  // Another user of the target (control API): each half of each pair is right, only for the other user.
  const other = await new ControlClient(target.controlUrl).createUser();
  const theirs: Auth = { scheme: 'key', email: other.email, key: other.key };
  await expectAccepted(api, theirs, zone, 'positive control: the other user\'s own key pair');
  expectFailure(await read(api, { ...mine, email: other.email }, zone), 'my key with the other user\'s email');
  expectFailure(await read(api, { ...theirs, email: mine.email }, zone), 'the other user\'s key with my email');
});

// "Two schemes are used" is said of the API, not of its zone-scoped half: an account-scoped read
// takes the bearer token as it takes the key pair. The read's form (GET /accounts, listed under
// Versioning, its answer not shown) is a set-up step: a target taking neither scheme there is
// not verified, one taking only one of them fails.
spec(['ZM-AUTH-BEARER', 'ZM-AUTH-KEY-PAIR'], 'both schemes authenticate an account-scoped read too; a wrong token does not', async ({ api, auth, setUp, skip, task }) => {
  if (!auth.token || auth.key?.scheme !== 'key') return skip('both schemes are needed: give a token and an email and key (--token, --email, --key)');
  const byScheme = [auth.token, auth.key] as const;
  const answers = await Promise.all(byScheme.map((scheme) => api.as(scheme).get('/accounts')));
  await setUp('GET /accounts answering a list with one of the two schemes (the answer is not shown)', () => {
    expect(answers.some((answer) => answer.body?.success === true && Array.isArray(answer.body.result)), `GET /accounts with either scheme: ${answers.map(answered).join('; ')}`).toBe(true);
  });
  // A failure is blamed on the scheme refused, not on both.
  for (const [i, scheme] of byScheme.entries()) {
    try {
      expectArray(answers[i]!, `GET /accounts with the ${scheme.scheme === 'token' ? 'bearer token' : 'key pair'}`, { items: 'any' });
    } catch (error) {
      task.meta.failedRequirements = [scheme.scheme === 'token' ? 'ZM-AUTH-BEARER' : 'ZM-AUTH-KEY-PAIR'];
      throw error;
    }
  }
  const wrong = await api.as({ scheme: 'token', token: WRONG_TOKEN }).get('/accounts');
  try {
    expectFailure(wrong, 'GET /accounts with a wrong token (the token is what authenticates there too)');
  } catch (error) {
    task.meta.failedRequirements = ['ZM-AUTH-BEARER'];
    throw error;
  }
});

spec('ZM-AUTH-MISSING', 'a request without credentials is refused; the same request with them is not', async ({ api, zone }) => {
  const response = await read(api, undefined, zone);
  expectFailure(response, 'a request without credentials');
  about(response, () => expect([401, 403], `a request without credentials: ${answered(response)}`).toContain(response.status));
  expectArray(await api.get(zone.path('/filters')), 'positive control: the same request with the run\'s credentials', { items: 'any' });
});

spec('ZM-AUTH-WRONG', 'wrong credentials of either scheme are refused with 403 and code 10000; the right ones are not', async ({ api, auth, zone }) => {
  const email = auth.key?.scheme === 'key' ? auth.key.email : 'someone@example.com';
  for (const wrong of [
    { scheme: 'token', token: WRONG_TOKEN },
    { scheme: 'key', email, key: WRONG_KEY },
  ] as const) {
    const response = await read(api, wrong, zone);
    expectFailureStatus(response, 403, `a request with a wrong ${wrong.scheme}`);
    about(response, () => expect(errorCodes(response), `error codes for a wrong ${wrong.scheme}: ${answered(response)}`).toContain(10000));
  }
  for (const right of [auth.token, auth.key]) {
    if (right) await expectAccepted(api, right, zone, `positive control: the same request with the right ${right.scheme}`);
  }
});

spec('ZM-AUTH-MALFORMED', 'malformed headers are refused with 400, code 6003 and the header named in error_chain', async ({ api, zone }) => {
  const cases: [Record<string, string>, number][] = [
    [{ authorization: 'Basic dXNlcjpwYXNz' }, 6111],
    [{ 'x-auth-email': 'not-an-email', 'x-auth-key': WRONG_KEY }, 6102],
    [{ 'x-auth-email': 'someone@example.com', 'x-auth-key': 'not a key!' }, 6103],
  ];
  for (const [headers, chained] of cases) {
    const response = await read(api, undefined, zone, headers);
    expectFailureStatus(response, 400, `headers ${Object.keys(headers).join(', ')}`);
    const error = errorsIn(response).find((e) => e.code === 6003);
    about(response, () => expect(error, `an error with code 6003 in ${answered(response)}`).toBeDefined());
    const chain = Array.isArray(error!.error_chain) ? error!.error_chain : [];
    about(response, () => expect(chain.map((e) => e?.code), `error_chain of the 6003 error names the header (${chained}): ${answered(response)}`).toContain(chained));
  }
  expectArray(await api.get(zone.path('/filters')), 'positive control: the same request with well-formed credentials (the run\'s)', { items: 'any' });
});
