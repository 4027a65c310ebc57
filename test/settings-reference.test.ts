// The reference's zone, DNS and account settings where neither the spec nor its docs pin the
// behaviour down (docs/settings-contract.md gives the endpoints; the checks and messages here are
// the reference's own): what a request body must look like, when modified_on changes, what a
// removed route says, and the instant a dated change takes effect.

import supertest from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';

interface ErrorDetail { code: number; message: string }

let server: RunningServer;
/** The server's zone API as its operator (bearer token), and its control API. */
let api: supertest.Agent;
let control: supertest.Agent;
let zone: { id: string; name: string };
const at = (iso: string) => server.clock.set(Date.parse(iso));
const settings = (path = '') => `/zones/${zone.id}/settings${path}`;
const dnsSettings = (path = '') => `/zones/${zone.id}/dns_settings${path}`;

/** Expects the reference's validation error: 400, code 10014, and a message naming the problem. */
function expectValidation(answer: supertest.Response, message: RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.errors.map((e: ErrorDetail) => e.code)).toEqual([10014]);
  expect(answer.body.errors[0]!.message).toMatch(message);
}

beforeEach(async () => {
  server = await startServer({ testMode: true });
  api = supertest.agent(server.baseUrl).auth(server.credentials.token!, { type: 'bearer' });
  control = supertest.agent(server.controlUrl!);
  at('2024-01-01T12:00:00.000Z');
  zone = (await control.post('/zones').send({ plan: 'pro' })).body.result;
});
afterEach(async () => { await server.close(); });

describe('accounts', () => {
  const newAccount = async (name = 'an account') => (await api.post('/accounts').send({ name })).body.result as { id: string; name: string };

  it('a name is 1 to 100 characters, not blank', async () => {
    for (const name of ['', '   ', 'n'.repeat(101)]) {
      expectValidation(await api.post('/accounts').send({ name }), /^name must be a non-empty string of at most 100 characters$/);
    }
    expect((await api.post('/accounts').send({ name: 'n'.repeat(100) })).body.result.name).toBe('n'.repeat(100));
    const account = await newAccount(' padded ');
    expect(account.name, 'the name is kept as sent').toBe(' padded ');
    expectValidation(await api.put(`/accounts/${account.id}`).send({ name: ' ' }), /^name must be/);
  });

  it('PATCH dns_settings takes only zone_defaults.nameservers, and {} or {zone_defaults: {}} change nothing', async () => {
    const account = await newAccount();
    const path = `/accounts/${account.id}/dns_settings`;
    expect((await api.patch(path).send({ zone_defaults: { nameservers: { type: 'custom.tenant' } } })).body.result).toEqual({ zone_defaults: { nameservers: { type: 'custom.tenant' } } });
    expectValidation(await api.patch(path).send({ zone_defaults: { nameservers: { type: 'custom.tenant' } }, colour: 'red' }), /^unknown account DNS setting colour$/);
    expectValidation(await api.patch(path).send({ zone_defaults: { nameservers: { type: 'custom.account' }, ttl: 5 } }), /^unknown zone_defaults field ttl$/);
    expectValidation(await api.patch(path).send({ zone_defaults: 'custom.account' }), /zone_defaults/);
    for (const body of [{}, { zone_defaults: {} }]) {
      const answer = await api.patch(path).send(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.result, `PATCH ${JSON.stringify(body)}`).toEqual({ zone_defaults: { nameservers: { type: 'custom.tenant' } } });
    }
  });

  it('the control API\'s reset deletes every account', async () => {
    const account = await newAccount();
    await control.post('/reset');
    expect((await api.get(`/accounts/${account.id}`)).body.errors).toEqual([{ code: 10024, message: `account ${account.id} not found` }]);
    expect((await api.get('/accounts')).body.result).toEqual([]);
  });
});

describe('zone settings', () => {
  it('PATCH /settings needs a non-empty array of {id, value} objects naming existing settings', async () => {
    for (const body of [{}, { items: [] }, { items: { id: 'brotli', value: 'off' } }]) {
      expectValidation(await api.patch(settings()).send(body), /^items must be a non-empty array of \{id, value\}$/);
    }
    for (const item of [null, ['brotli', 'off'], 'brotli']) {
      expectValidation(await api.patch(settings()).send({ items: [{ id: 'brotli', value: 'off' }, item] }), /^items\[1\] must be an object \{id, value\}$/);
    }
    for (const id of [undefined, 7, 'gzip']) {
      expectValidation(await api.patch(settings()).send({ items: [{ id, value: 'off' }] }), /^items\[0\]\.id: unknown zone setting/);
    }
    expectValidation(await api.patch(settings()).send({ items: [{ id: 'brotli' }] }), /^items\[0\]\.value is required$/);
    expect((await api.get(settings('/brotli'))).body.result).toEqual({ id: 'brotli', value: 'on', editable: true, modified_on: null });
  });

  it('PATCH of one setting needs a value', async () => {
    expectValidation(await api.patch(settings('/server_side_exclude')).send({}), /^value is required$/);
    expectValidation(await api.patch(settings('/minify')).send({ css: 'on' }), /^value is required$/);
  });

  it('a refused value is told by a message that names the setting, its field and what it takes', async () => {
    const cases: [string, unknown, string][] = [
      ['cname_flattening', 'flatten', 'cname_flattening must be one of off, apex, on'],
      ['server_side_exclude', 1, 'server_side_exclude must be one of on, off'],
      ['minify', 'on', 'minify value must be an object'],
      ['minify', { css: 'yes' }, 'minify.css must be one of on, off'],
      ['minify', { png: 'on' }, 'minify has no field png (css, html, js)'],
      ['mobile_redirect', ['on'], 'mobile_redirect value must be an object'],
      ['mobile_redirect', { status: 'maybe' }, 'mobile_redirect.status must be one of on, off'],
      ['mobile_redirect', { mobile_subdomain: '!m' }, 'mobile_redirect.mobile_subdomain must be a DNS label or null'],
      ['mobile_redirect', { mobile_subdomain: 'm!' }, 'mobile_redirect.mobile_subdomain must be a DNS label or null'],
      ['mobile_redirect', { strip_uri: 'yes' }, 'mobile_redirect.strip_uri must be a boolean'],
      ['mobile_redirect', { colour: 'red' }, 'mobile_redirect has no field colour (status, mobile_subdomain, strip_uri)'],
    ];
    for (const [id, value, message] of cases) {
      const answer = await api.patch(settings(`/${id}`)).send({ value });
      expect(answer.body.errors, `${id} ${JSON.stringify(value)}`).toEqual([{ code: 10014, message }]);
    }
    expect((await api.patch(settings('/mobile_redirect')).send({ value: { mobile_subdomain: 'M-1' } })).body.result.value.mobile_subdomain).toBe('M-1');
  });

  it('modified_on is null until a write, then the time of the last write', async () => {
    expect((await api.get(settings('/minify'))).body.result.modified_on).toBeNull();
    at('2024-02-03T04:05:06.007Z');
    expect((await api.patch(settings('/minify')).send({ value: { css: 'on' } })).body.result.modified_on).toBe('2024-02-03T04:05:06.007Z');
    at('2024-02-04T00:00:00.000Z');
    expect((await api.get(settings())).body.result.find((s: { id: string }) => s.id === 'minify').modified_on).toBe('2024-02-03T04:05:06.007Z');
  });

  it('after its end of life brotli is on and not editable; PATCH on is accepted without a write', async () => {
    at('2024-08-15T00:00:00.000Z');
    const expected = { id: 'brotli', value: 'on', editable: false, modified_on: null };
    expect((await api.get(settings('/brotli'))).body.result).toEqual(expected);
    expect((await api.patch(settings('/brotli')).send({ value: 'on' })).body.result).toEqual(expected);
    expectValidation(await api.patch(settings('/brotli')).send({ value: 'off' }), /^brotli is no longer editable since 2024-08-15/);
    expect((await api.get(settings())).body.result.find((s: { id: string }) => s.id === 'brotli')).toEqual(expected);
  });

  it('a dated change takes effect at 00:00:00.000 UTC of its date: privacy_pass answers as an unknown route', async () => {
    const listed = async () => (await api.get(settings())).body.result.map((s: { id: string }) => s.id);
    at('2024-03-30T23:59:59.999Z');
    expect((await api.get(settings('/privacy_pass'))).status).toBe(200);
    expect(await listed()).toEqual(['brotli', 'cname_flattening', 'minify', 'mobile_redirect', 'privacy_pass', 'server_side_exclude']);
    at('2024-03-31T00:00:00.000Z');
    expect(await listed()).toEqual(['brotli', 'cname_flattening', 'minify', 'mobile_redirect', 'server_side_exclude']);
    for (const [method, answer] of [['GET', await api.get(settings('/privacy_pass'))], ['POST', await api.post(settings('/privacy_pass')).send({ value: 'on' })]] as const) {
      expect(answer.status).toBe(404);
      expect(answer.body.errors).toEqual([{ code: 7000, message: `No route for that URI: ${method} /client/v4${settings('/privacy_pass')}` }]);
    }
  });
});

describe('DNS settings', () => {
  it('PATCH takes only the three booleans', async () => {
    expectValidation(await api.patch(dnsSettings()).send({ multi_provider: true, use_apex_ns: true }), /^unknown DNS setting use_apex_ns/);
    expectValidation(await api.patch(dnsSettings()).send({ secondary_overrides: 'true' }), /^secondary_overrides must be a boolean$/);
    expect((await api.get(dnsSettings())).body.result).toEqual({ flatten_all_cnames: false, multi_provider: false, secondary_overrides: false });
  });

  it('flatten_all_cnames changes cname_flattening only when it must: false leaves off as it is, a PATCH without it leaves on', async () => {
    expect((await api.patch(dnsSettings()).send({ flatten_all_cnames: false })).body.result.flatten_all_cnames).toBe(false);
    expect((await api.get(settings('/cname_flattening'))).body.result).toMatchObject({ value: 'apex', modified_on: null });
    await api.patch(settings('/cname_flattening')).send({ value: 'off' });
    at('2024-01-02T00:00:00.000Z');
    await api.patch(dnsSettings()).send({ flatten_all_cnames: false });
    expect((await api.get(settings('/cname_flattening'))).body.result).toMatchObject({ value: 'off', modified_on: '2024-01-01T12:00:00.000Z' });
    await api.patch(dnsSettings()).send({ flatten_all_cnames: true });
    expect((await api.patch(dnsSettings()).send({ multi_provider: true })).body.result).toEqual({ flatten_all_cnames: true, multi_provider: true, secondary_overrides: false });
  });

  it('the legacy endpoints answer {id, value, editable: true, modified_on} and take a boolean value', async () => {
    const path = dnsSettings('/use_apex_ns');
    expect((await api.get(path)).body.result).toEqual({ id: 'use_apex_ns', value: false, editable: true, modified_on: null });
    at('2024-01-05T00:00:00.000Z');
    expect((await api.patch(path).send({ value: true })).body.result).toEqual({ id: 'use_apex_ns', value: true, editable: true, modified_on: '2024-01-05T00:00:00.000Z' });
    for (const value of ['true', undefined]) expectValidation(await api.patch(path).send({ value }), /^value must be a boolean$/);
    at('2024-09-13T00:00:00.000Z');
    for (const [method, answer] of [['GET', await api.get(path)], ['PATCH', await api.patch(path).send({ value: true })]] as const) {
      expect(answer.body.errors).toEqual([{ code: 7000, message: `No route for that URI: ${method} /client/v4${path}` }]);
    }
  });
});

describe('envelopes', () => {
  it('a success carries empty errors and messages; a refused list query carries its code and message', async () => {
    const answer = await api.get('/accounts');
    expect(answer.body).toMatchObject({ success: true, errors: [], messages: [] });
    expectValidation(await api.get('/accounts?page=0'), /^page must be a positive integer/);
  });
});
