// The reference's custom hostnames through HTTP, as docs/custom-hostnames-contract.md states them:
// validation, holds, the choice of CA under CAA, moved and its deletion, routing causes, the
// issuance rate limit, and the control API's refusals.

import supertest from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dnsNameProblem, isWildcard, parentDomain, wildcardParent } from '../reference-impl/zone-api/custom-hostnames/hostname.js';
import { caaPermits, MESSAGES, reconsider, revalidate as revalidateModel, sameEvaluation, type Circumstances } from '../reference-impl/zone-api/custom-hostnames/model.js';
import { CustomHostnamePolicy } from '../reference-impl/zone-api/custom-hostnames/policy.js';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import type { CaaRecord, CustomHostnameRow } from '../reference-impl/zone-api/custom-hostnames/store.js';

interface ErrorDetail { code: number; message: string }

let server: RunningServer;
let zone: { id: string; name: string };
let cas: { preferred: { name: string; caa_domain: string }; other: { name: string; caa_domain: string } };

/** The server's zone API as its operator (bearer token), and its control API. */
let api: supertest.Agent;
let control: supertest.Agent;

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A control request whose body, when given, is any JSON value (a string too), sent as JSON text. */
function controlRequest(method: Verb, path: string, body: unknown): supertest.Test {
  const request = control[method](path);
  return body === undefined ? request : request.type('json').send(JSON.stringify(body));
}

const hostnames = `/zones/`;
const create = (hostname: string, ssl?: object) => api.post(`${hostnames}${zone.id}/custom_hostnames`).send({ hostname, ...(ssl && { ssl }) });
const get = (id: string) => api.get(`${hostnames}${zone.id}/custom_hostnames/${id}`);
const cname = (hostname: string, target: string | null, caa: object[] = []) => control.put(`/dns/${hostname}`).send({ cname: target, caa });
const advance = (ms: number) => control.post('/clock/advance').send({ ms });

beforeEach(async () => {
  server = await startServer({ testMode: true });
  api = supertest.agent(server.baseUrl).auth(server.credentials.token!, { type: 'bearer' });
  control = supertest.agent(server.controlUrl!);
  await control.put('/clock').send({ now: '2025-03-01T00:00:00.000Z' });
  zone = (await control.post('/zones').send({ name: 'saas.example' })).body.result;
  cas = (await control.get('/certificate_authorities')).body.result;
});
afterEach(async () => { await server.close(); });

describe('validation and certificates', () => {
  it('is pending without the CNAME, then active with the preferred CA', async () => {
    const created = await create('Shop.Customer.test');
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({
      hostname: 'shop.customer.test', status: 'pending', verification_errors: ['custom hostname does not CNAME to this zone.'],
      ssl: { method: 'txt', type: 'dv', certificate_authority: '', issuer: null }, created_at: '2025-03-01T00:00:00.000Z',
    });
    await cname('shop.customer.test', 'saas.example');
    const after = await get(created.body.result.id);
    expect(after.body.result).toMatchObject({ status: 'active', verification_errors: [], ssl: { issuer: cas.preferred.name } });
  });

  it('falls back to the other CA by default when CAA blocks the preferred; a pinned preferred CA is caa_error', async () => {
    await cname('a.customer.test', 'saas.example', [{ tag: 'issue', value: cas.other.caa_domain }]);
    await cname('b.customer.test', 'saas.example', [{ tag: 'issue', value: cas.other.caa_domain }]);
    expect((await create('a.customer.test')).body.result).toMatchObject({ status: 'active', ssl: { issuer: cas.other.name } });
    const pinned = await create('b.customer.test', { certificate_authority: cas.preferred.name });
    expect(pinned.body.result).toMatchObject({ status: 'caa_error', ssl: { issuer: null } });
    await cname('b.customer.test', 'saas.example', [{ tag: 'issue', value: cas.preferred.caa_domain }]);
    expect((await get(pinned.body.result.id)).body.result).toMatchObject({ status: 'active', ssl: { issuer: cas.preferred.name } });
  });

  it('the control API names the CA whose certificate a client meets at the hostname (null while none is issued)', async () => {
    const certificate = async (hostname: string) => (await control.get(`/certificate/${hostname}`)).body.result;
    await create('c.customer.test');
    expect(await certificate('c.customer.test')).toEqual({ hostname: 'c.customer.test', issuer: null });
    await cname('c.customer.test', 'saas.example');
    expect(await certificate('c.customer.test')).toEqual({ hostname: 'c.customer.test', issuer: cas.preferred.name });
    await cname('d.customer.test', 'saas.example', [{ tag: 'issue', value: cas.other.caa_domain }]);
    await create('d.customer.test');
    expect((await certificate('d.customer.test')).issuer).toBe(cas.other.name);
    expect(await certificate('nobody.customer.test')).toEqual({ hostname: 'nobody.customer.test', issuer: null });
  });

  it('becomes moved when the CNAME leaves, and is deleted at exactly 7 days', async () => {
    await cname('m.customer.test', 'saas.example');
    const id = (await create('m.customer.test')).body.result.id;
    await cname('m.customer.test', 'elsewhere.example');
    expect((await get(id)).body.result.status).toBe('moved');
    await advance(7 * 86_400_000 - 1);
    expect((await get(id)).status).toBe(200);
    await advance(1);
    const gone = await get(id);
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0]?.code).toBe(1436);
  });

  it('a PATCH reactivates a moved hostname once the CNAME points back', async () => {
    await cname('p.customer.test', 'saas.example');
    const id = (await create('p.customer.test')).body.result.id;
    await cname('p.customer.test', null);
    const path = `${hostnames}${zone.id}/custom_hostnames/${id}`;
    const ssl = { method: 'txt', type: 'dv', certificate_authority: '' };
    expect((await api.patch(path).send({ ssl })).body.result.status).toBe('moved');
    await cname('p.customer.test', 'saas.example');
    const patched = await api.patch(path).send({ ssl });
    expect(patched.status).toBe(202);
    expect(patched.body.result.status).toBe('active');
  });

  it('is blocked under a hold that includes subdomains, and active once released', async () => {
    await control.post('/holds').send({ domain: 'customer.test', include_subdomains: true });
    await cname('h.customer.test', 'saas.example');
    const created = await create('h.customer.test');
    expect(created.body.result.status).toBe('blocked');
    expect(created.body.result.verification_errors[0]).toMatch(/associated with a held zone/);
    await control.delete('/holds/customer.test');
    expect((await get(created.body.result.id)).body.result.status).toBe('active');
  });

  it('refuses a duplicate (1406) and bad input (400)', async () => {
    await create('dup.customer.test');
    const duplicate = await create('DUP.customer.test');
    expect([duplicate.status, duplicate.body.errors[0]?.code]).toEqual([409, 1406]);
    for (const body of [{}, { hostname: 'bad_name.test' }, { hostname: '-a.test' }, { hostname: `${'a'.repeat(64)}.test` }, { hostname: 'a.*.test' },
      { hostname: 'ok.test', ssl: { method: 'http' } }, { hostname: 'ok.test', ssl: { type: 'ov' } }, { hostname: 'ok.test', ssl: { certificate_authority: 'acme' } }, []]) {
      const answer = await api.post(`${hostnames}${zone.id}/custom_hostnames`).send(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.errors[0]?.message).toBeTruthy();
    }
  });
});

describe('routing', () => {
  it('names each cause of 1016, and routes once everything is in place', async () => {
    const route = async (hostname: string) => (await control.get(`/route/${hostname}`)).body.result;
    expect(await route('nothing.customer.test')).toEqual({ routable: false, error: 1016, cause: 'no_custom_hostname' });
    const exact = (await create('r.customer.test')).body.result;
    expect((await route('r.customer.test')).cause).toBe('validation_incomplete');
    await cname('r.customer.test', 'saas.example');
    expect((await route('r.customer.test')).cause).toBe('fallback_origin');
    await control.put(`/zones/${zone.id}/fallback_origin`).send({ origin: 'origin.saas.example', dns_record: false });
    expect((await route('r.customer.test')).cause).toBe('fallback_origin');
    await control.put(`/zones/${zone.id}/fallback_origin`).send({ origin: 'origin.saas.example', dns_record: true });
    expect(await route('r.customer.test')).toEqual({ routable: true, zone_id: zone.id, custom_hostname_id: exact.id });

    await cname('*.wild.test', 'saas.example');
    const wildcard = (await create('*.wild.test')).body.result;
    expect(wildcard.status).toBe('active');
    expect((await route('x.wild.test')).custom_hostname_id).toBe(wildcard.id);
    await control.post('/standalone_zones').send({ domain: 'x.wild.test' });
    expect((await route('x.wild.test')).cause).toBe('shadowed_by_zone');
    await cname('x.wild.test', 'saas.example');
    const own = (await create('x.wild.test')).body.result;
    expect((await route('x.wild.test')).custom_hostname_id).toBe(own.id);
  });
});

describe('issuance rate limit', () => {
  it('accepts 15 successful POSTs a minute (failed ones do not count) and refuses the 16th with retry-after', async () => {
    const failed = await create('bad_name');
    expect(failed.status).toBe(400);
    for (let i = 0; i < 15; i++) expect((await create(`n${i}.customer.test`)).status).toBe(200);
    const refused = await create('n15.customer.test');
    expect([refused.status, refused.body.errors[0]?.code, refused.headers['retry-after']]).toEqual([429, 1407, '30']);
    // The window would allow it again after 60 s, not 30: move the window past first.
    await advance(60_000);
    expect((await create('late.customer.test')).status).toBe(200);
  });

  it('refuses everything during the penalty and accepts at exactly 30 s', async () => {
    await control.patch(`/zones/${zone.id}`).send({ certificate_rate_limit: 1 });
    expect((await create('one.customer.test')).status).toBe(200);
    await advance(59_999);
    expect((await create('two.customer.test')).status).toBe(429);
    await advance(29_999);
    expect((await create('three.customer.test')).status).toBe(429);
    await advance(1);
    expect((await create('four.customer.test')).status).toBe(200);
  });
});

describe('control API refusals', () => {
  it('answers 400 in the envelope', async () => {
    for (const [method, path, body] of [
      ['put', '/dns/a.test', { cname: 'bad name' }], ['put', '/dns/a.test', { caa: [{ tag: 'iodef', value: 'x' }] }], ['put', '/dns/bad_host', {}],
      ['post', '/holds', { include_subdomains: true }], ['post', '/holds', { domain: 'a.test', include_subdomains: 'yes' }],
      ['post', '/standalone_zones', { domain: '*.a.test' }], ['put', `/zones/${zone.id}/fallback_origin`, { dns_record: true }],
      ['put', `/zones/${zone.id}/fallback_origin`, { origin: 'o.test', dns_record: 1 }], ['patch', `/zones/${zone.id}`, { certificate_rate_limit: 0 }],
      ['get', '/route/*.a.test', undefined], ['put', '/dns/a.test', 'text'],
    ] as const) {
      const answer = await controlRequest(method, path, body);
      expect(answer.status, `${method.toUpperCase()} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toMatchObject({ success: false, result: null });
    }
    expect((await control.delete('/holds/never-held.test')).status).toBe(404);
  });
});

describe('policy overrides', () => {
  it('a variant changes a number or a decision on the instance', async () => {
    server.customHostnames.pinnedCandidates = (ca) => server.customHostnames.withFallback(ca);
    await cname('f.customer.test', 'saas.example', [{ tag: 'issue', value: cas.other.caa_domain }]);
    const pinned = await create('f.customer.test', { certificate_authority: cas.preferred.name });
    expect(pinned.body.result).toMatchObject({ status: 'active', ssl: { issuer: cas.other.name } });
  });
});

// --- Written for mutation testing: the reference's own choices below had no test. ---

const messages = (answer: supertest.Response): string[] => answer.body.errors.map((e: ErrorDetail) => e.message);

describe('DNS names (hostname.ts)', () => {
  const label63 = 'a'.repeat(63);

  it('names each problem of a name', () => {
    expect(dnsNameProblem('', true)).toBe('must not be empty');
    expect(dnsNameProblem(`${label63}.${label63}.${label63}.${'a'.repeat(61)}`, false), '253 characters are allowed').toBeUndefined();
    expect(dnsNameProblem(`${label63}.${label63}.${label63}.${'a'.repeat(62)}`, false), 'labels all valid, 254 characters in all').toBe('must be at most 253 characters');
    expect(dnsNameProblem('*', true)).toBe('needs a domain after "*."');
    expect(dnsNameProblem('*.shop.example', false)).toBe('must not be a wildcard');
    expect(dnsNameProblem('*.shop.example', true)).toBeUndefined();
    expect(dnsNameProblem('a..example', true)).toBe('must not contain an empty label (check for leading, trailing or doubled dots)');
    expect(dnsNameProblem(`${label63}.example`, true), 'a 63-character label is allowed').toBeUndefined();
    expect(dnsNameProblem(`b${label63}.example`, true)).toBe(`label "b${'a'.repeat(19)}…" is longer than 63 characters`);
    expect(dnsNameProblem(`-${'a'.repeat(62)}.example`, true), 'a bad label of exactly 63 characters').toBe(`label "-${'a'.repeat(62)}" must be letters, digits and "-", not starting or ending with "-"`);
    expect(dnsNameProblem('a_b.example', true)).toBe('label "a_b" must be letters, digits and "-", not starting or ending with "-"');
    expect(dnsNameProblem('a.*.example', true)).toBe('"*" is only allowed as the whole first label');
    expect(dnsNameProblem('*a.example', true)).toBe('"*" is only allowed as the whole first label');
  });

  it('wildcards, their parent, and the domain one label up', () => {
    expect([isWildcard('*.shop.example'), isWildcard('shop.example'), isWildcard('shop.*.')]).toEqual([true, false, false]);
    expect(wildcardParent('*.shop.example')).toBe('shop.example');
    expect(parentDomain('a.shop.example')).toBe('shop.example');
    expect(parentDomain('localhost')).toBeUndefined();
  });

  it('a single-label hostname is not covered by a wildcard of itself', async () => {
    await control.put(`/zones/${zone.id}/fallback_origin`).send({ origin: 'origin.saas.example', dns_record: true });
    // 'undefined' too: a lookup of the parent's wildcard built from a missing parent would read `*.undefined`.
    for (const name of ['localhost', 'undefined']) {
      await cname(`*.${name}`, 'saas.example');
      expect((await create(`*.${name}`)).body.result.status).toBe('active');
      expect((await control.get(`/route/x.${name}`)).body.result.routable, `x.${name} is covered by *.${name}`).toBe(true);
      expect((await control.get(`/route/${name}`)).body.result, `${name} has no parent: no wildcard covers it`).toEqual({ routable: false, error: 1016, cause: 'no_custom_hostname' });
    }
  });
});

describe('CAA (model.ts caaPermits)', () => {
  const policy = new CustomHostnamePolicy();
  const [preferred, other] = [policy.preferred, policy.other];
  const issue = (value: string): CaaRecord => ({ tag: 'issue', value });
  const issuewild = (value: string): CaaRecord => ({ tag: 'issuewild', value });
  const permitted = (records: CaaRecord[], wildcard: boolean) =>
    [preferred, other].filter((ca) => caaPermits(records, wildcard, ca)).map((ca) => ca.name);

  it('the issue records decide for a hostname; its issuewild records do not', () => {
    expect(permitted([], false), 'no records permit every CA').toEqual([preferred.name, other.name]);
    expect(permitted([issue(other.caa_domain), issuewild(preferred.caa_domain)], false)).toEqual([other.name]);
    expect(permitted([issuewild(other.caa_domain)], false), 'issuewild alone does not restrict a hostname').toEqual([preferred.name, other.name]);
  });

  it('for a wildcard its issuewild records decide when it has any, else its issue records', () => {
    expect(permitted([issue(preferred.caa_domain), issuewild(other.caa_domain)], true)).toEqual([other.name]);
    expect(permitted([issue(other.caa_domain)], true)).toEqual([other.name]);
    expect(permitted([issuewild(preferred.caa_domain)], true)).toEqual([preferred.name]);
  });

  it('a value is a domain (any case, spaces trimmed) and optional parameters after ";"', () => {
    expect(permitted([issue(` ${other.caa_domain.toUpperCase()} ; validationmethods=dns-01`)], false)).toEqual([other.name]);
  });
});

describe('evaluation (model.ts)', () => {
  const policy = new CustomHostnamePolicy();
  const row = (fields: Partial<CustomHostnameRow>): CustomHostnameRow => ({
    id: 'id', zone_id: 'zone', hostname: 'shop.customer.test', method: 'txt', type: 'dv', certificate_authority: '', issuer: null,
    status: 'pending', verification_errors: [], created_at: '2025-03-01T00:00:00.000Z', moved_at: null, ...fields,
  });
  const facts = (fields: Partial<Circumstances>): Circumstances => ({ pointsAtZone: true, caa: [], held: false, ...fields });
  const moved = row({ status: 'moved', issuer: 'google', verification_errors: [MESSAGES.notCnamed], moved_at: 1_000 });

  it('reconsider keeps a moved hostname as it is, and an active one while its CNAME points at the zone', () => {
    const evaluation = { status: 'moved', issuer: 'google', verification_errors: [MESSAGES.notCnamed], moved_at: 1_000 };
    expect(reconsider(moved, facts({}), policy, 5_000)).toEqual(evaluation);
    expect(reconsider(moved, facts({ pointsAtZone: false }), policy, 5_000)).toEqual(evaluation);
    const active = row({ status: 'active', issuer: 'google' });
    expect(reconsider(active, facts({}), policy, 5_000)).toEqual({ status: 'active', issuer: 'google', verification_errors: [], moved_at: null });
    expect(reconsider(active, facts({ pointsAtZone: false }), policy, 5_000)).toEqual({ status: 'moved', issuer: 'google', verification_errors: [MESSAGES.notCnamed], moved_at: 5_000 });
  });

  it('revalidate keeps a moved hostname moved (same issuer and moved_at) while its CNAME points elsewhere; a pending one stays pending', () => {
    expect(revalidateModel(moved, facts({ pointsAtZone: false }), policy)).toEqual({ status: 'moved', issuer: 'google', verification_errors: [MESSAGES.notCnamed], moved_at: 1_000 });
    expect(revalidateModel(row({}), facts({ pointsAtZone: false }), policy)).toEqual({ status: 'pending', issuer: null, verification_errors: [MESSAGES.notCnamed], moved_at: null });
    expect(revalidateModel(moved, facts({}), policy)).toEqual({ status: 'active', issuer: 'google', verification_errors: [], moved_at: null });
  });

  it('sameEvaluation compares every field', () => {
    const base = { status: 'moved', issuer: 'google', verification_errors: ['x'], moved_at: 1 };
    expect(sameEvaluation(base, { ...base })).toBe(true);
    for (const change of [{ status: 'active' }, { issuer: 'lets_encrypt' }, { moved_at: 2 }, { verification_errors: ['y'] }]) {
      expect(sameEvaluation(base, { ...base, ...change }), JSON.stringify(change)).toBe(false);
    }
  });
});

describe('policy (policy.ts)', () => {
  it('the two CAs, the default order and the candidates of an unknown CA', async () => {
    expect(cas).toEqual({ preferred: { name: 'google', caa_domain: 'pki.goog' }, other: { name: 'lets_encrypt', caa_domain: 'letsencrypt.org' } });
    const policy = new CustomHostnamePolicy();
    expect(policy.withFallback(policy.preferred)).toEqual([policy.preferred, policy.other]);
    expect(policy.withFallback(policy.other)).toEqual([policy.other, policy.preferred]);
    expect(policy.candidateIssuers('acme'), 'a CA the policy does not know').toEqual([]);
    expect(MESSAGES.caa([])).toBe('No certificate authority can issue for this hostname.');
  });
});

describe('verification errors of each status', () => {
  it('blocked: the hold message only; caa_error: the CAs CAA refused; moved: no CNAME', async () => {
    await control.post('/holds').send({ domain: 'held.test', include_subdomains: true });
    await cname('h.held.test', 'saas.example');
    expect((await create('h.held.test')).body.result.verification_errors).toEqual([MESSAGES.held]);

    await cname('c.customer.test', 'saas.example', [{ tag: 'issue', value: 'ca.nobody.example' }]);
    expect((await create('c.customer.test')).body.result).toMatchObject({
      status: 'caa_error',
      verification_errors: ['CAA records on this hostname do not permit google (pki.goog) or lets_encrypt (letsencrypt.org) to issue a certificate.'],
    });

    await cname('m.customer.test', 'saas.example');
    const id = (await create('m.customer.test')).body.result.id;
    await cname('m.customer.test', 'elsewhere.example');
    expect((await get(id)).body.result).toMatchObject({ status: 'moved', verification_errors: [MESSAGES.notCnamed] });
  });

  it('a wildcard without CAA records of its own follows its parent domain\'s', async () => {
    await cname('shop.wild.test', 'saas.example', [{ tag: 'issue', value: cas.other.caa_domain }]);
    await cname('*.shop.wild.test', 'saas.example');
    expect((await create('*.shop.wild.test')).body.result).toMatchObject({ status: 'active', ssl: { issuer: cas.other.name } });
    await cname('*.own.wild.test', 'saas.example', [{ tag: 'issue', value: cas.preferred.caa_domain }]);
    await cname('own.wild.test', 'saas.example', [{ tag: 'issue', value: cas.other.caa_domain }]);
    expect((await create('*.own.wild.test')).body.result).toMatchObject({ status: 'active', ssl: { issuer: cas.preferred.name } });
  });
});

describe('create and PATCH input (input.ts)', () => {
  /** `body` is any JSON value (null too), sent as JSON text. */
  const post = (body: unknown) => api.post(`${hostnames}${zone.id}/custom_hostnames`).type('json').send(JSON.stringify(body));

  it('refuses with a message naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'hostname is required'],
      [{ hostname: 5 }, 'hostname must be a string'],
      [{ hostname: '' }, 'hostname is not a valid hostname: must not be empty'],
      [null, 'request body must be a JSON object (custom hostname)'],
      [{ hostname: 'ok.test', ssl: null }, 'ssl must be an object'],
      [{ hostname: 'ok.test', ssl: 'dv' }, 'ssl must be an object'],
      [{ hostname: 'ok.test', ssl: ['dv'] }, 'ssl must be an object'],
      [{ hostname: 'ok.test', ssl: { certificate_authority: 5 } }, 'ssl.certificate_authority must be "" (the default CA) or one of "google", "lets_encrypt"'],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect([answer.status, messages(answer)], JSON.stringify(body)).toEqual([400, [message]]);
    }
  });

  it('an ssl object without certificate_authority means the default CA', async () => {
    expect((await post({ hostname: 'defaults.customer.test', ssl: { method: 'txt' } })).body.result.ssl).toEqual({ method: 'txt', type: 'dv', certificate_authority: '', issuer: null });
  });

  it('PATCH checks its ssl and stores it', async () => {
    await cname('patched.customer.test', 'saas.example');
    const id = (await create('patched.customer.test')).body.result.id;
    const path = `${hostnames}${zone.id}/custom_hostnames/${id}`;
    const refused = await api.patch(path).send({ ssl: { certificate_authority: 'acme' } });
    expect(refused.status).toBe(400);
    const patched = await api.patch(path).send({ ssl: { certificate_authority: cas.other.name } });
    expect([patched.status, patched.body.result.ssl]).toEqual([202, { method: 'txt', type: 'dv', certificate_authority: cas.other.name, issuer: cas.other.name }]);
    expect((await get(id)).body.result.ssl.certificate_authority).toBe(cas.other.name);
  });

  it('a PATCH of a pending hostname leaves it pending', async () => {
    const id = (await create('never.customer.test')).body.result.id;
    const patched = await api.patch(`${hostnames}${zone.id}/custom_hostnames/${id}`).send({ ssl: {} });
    expect(patched.body.result).toMatchObject({ status: 'pending', ssl: { issuer: null }, verification_errors: [MESSAGES.notCnamed] });
  });
});

describe('control API input (input.ts)', () => {
  const expectRefusal = async (method: Verb, path: string, body: unknown, message: string) => {
    const answer = await controlRequest(method, path, body);
    expect([answer.status, messages(answer)], `${method.toUpperCase()} ${path} ${JSON.stringify(body)}`).toEqual([400, [message]]);
  };

  it('DNS facts: cname and caa each optional; a cname is a domain name, not a wildcard', async () => {
    expect((await control.put('/dns/a.customer.test').send({ cname: 'saas.example' })).body.result).toEqual({ hostname: 'a.customer.test', cname: 'saas.example', caa: [] });
    expect((await control.put('/dns/a.customer.test').send({ cname: 'saas.example', caa: null })).body.result.caa).toEqual([]);
    const caa = [{ tag: 'issue', value: cas.other.caa_domain }];
    expect((await control.put('/dns/a.customer.test').send({ caa })).body.result).toEqual({ hostname: 'a.customer.test', cname: null, caa });
    await expectRefusal('put', '/dns/a.customer.test', { cname: '*.saas.example' }, 'cname is not a valid domain name: must not be a wildcard');
    await expectRefusal('put', '/dns/a.customer.test', { caa: [{ tag: 'issue', value: 5 }] }, 'caa[0] must be {tag: "issue" or "issuewild", value: string}');
  });

  it('holds, standalone zones and fallback origins: messages naming the field; include_subdomains false stays false', async () => {
    expect((await control.post('/holds').send({ domain: 'h.test', include_subdomains: false })).body.result).toEqual({ domain: 'h.test', include_subdomains: false });
    await expectRefusal('post', '/holds', {}, 'domain is required');
    await expectRefusal('post', '/holds', { domain: 'a_b.test' }, 'domain is not a valid domain name: label "a_b" must be letters, digits and "-", not starting or ending with "-"');
    await expectRefusal('post', '/standalone_zones', {}, 'domain is required');
    await expectRefusal('post', '/standalone_zones', { domain: '-a.test' }, 'domain is not a valid domain name: label "-a" must be letters, digits and "-", not starting or ending with "-"');
    const fallback = `/zones/${zone.id}/fallback_origin`;
    await expectRefusal('put', fallback, {}, 'origin is required (a hostname, or null for no setting)');
    await expectRefusal('put', fallback, { origin: '*.o.test' }, 'origin is not a valid domain name: must not be a wildcard');
  });

  it('certificate_rate_limit is a positive integer', async () => {
    for (const value of ['5', 1.5, 0, null]) {
      await expectRefusal('patch', `/zones/${zone.id}`, { certificate_rate_limit: value }, 'certificate_rate_limit must be a positive integer');
    }
    expect((await control.patch(`/zones/${zone.id}`).send({ certificate_rate_limit: 1 })).status).toBe(200);
  });
});

describe('the list (routes/custom-hostnames.ts)', () => {
  it('answers result_info; a repeated filter takes its last value; two filters are refused by name', async () => {
    const a = (await create('a.list.test')).body.result;
    await create('b.list.test');
    const list = (query: string) => api.get(`${hostnames}${zone.id}/custom_hostnames${query}`);
    expect((await list('?per_page=5')).body).toMatchObject({ result_info: { page: 1, per_page: 5, count: 2, total_count: 2, total_pages: 1 } });
    expect((await list('?hostname=b.list.test&hostname=a.list.test')).body.result.map((h: { id: string }) => h.id)).toEqual([a.id]);
    const refused = await list(`?id=${a.id}&hostname.contain=list`);
    expect([refused.status, messages(refused)]).toEqual([400, ['id and hostname.contain cannot be used together']]);
  });
});

describe('issuance rate limit: retry-after', () => {
  it('counts down the penalty', async () => {
    await control.patch(`/zones/${zone.id}`).send({ certificate_rate_limit: 1 });
    expect((await create('one.rate.test')).status).toBe(200);
    expect((await create('two.rate.test')).headers['retry-after']).toBe('30');
    await advance(10_500);
    const during = await create('three.rate.test');
    expect([during.status, during.headers['retry-after']]).toEqual([429, '20']);
  });
});
