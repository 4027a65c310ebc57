// The reference's control API (test mode, /__control): the contract the suite's fixtures rely on
// (src/spec-kit/control.ts) to create zones, move the clock and set the world the custom hostname
// and WAF specs need. Every write checks its input: a malformed one is refused with 400 in the
// envelope and changes nothing, and what it accepts reads back as written. Written for mutation
// testing: these checks had no test.

import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';

type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';

let server: RunningServer;
/** The server's control API, and its zone API as the operator (bearer token). */
let control: supertest.Agent;
let api: supertest.Agent;

beforeAll(async () => {
  server = await startServer({ testMode: true });
  control = supertest.agent(server.controlUrl!);
  api = supertest.agent(server.baseUrl).auth(server.credentials.token!, { type: 'bearer' });
});
afterAll(async () => { await server.close(); });

/** A control request whose body, when given, is any JSON value (a string or a number too), sent as JSON text. */
function controlRequest(method: Verb, path: string, body: unknown): supertest.Test {
  const request = control[method](path);
  return body === undefined ? request : request.type('json').send(JSON.stringify(body));
}

async function expectBadRequest(method: Verb, path: string, body: unknown): Promise<void> {
  const response = await controlRequest(method, path, body);
  expect(response.status, `${method.toUpperCase()} ${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`).toBe(400);
  expect(response.body.success).toBe(false);
  expect(response.body.errors.length).toBeGreaterThan(0);
}

/** The message of the one error a refused control request answers with. */
async function errorOf(method: Verb, path: string, body: unknown): Promise<string> {
  const response = await controlRequest(method, path, body);
  expect(response.status, `${method.toUpperCase()} ${path} ${JSON.stringify(body)}`).toBe(400);
  expect(response.body.errors).toHaveLength(1);
  return response.body.errors[0]!.message;
}

async function created(body: object = {}) {
  const response = await control.post('/zones').send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.result;
}

describe('zones', () => {
  it('take each plan\'s defaults, and what is given instead', async () => {
    expect(await created({ plan: 'free' })).toMatchObject({ plan: 'free', rule_quota: 5, features: [] });
    expect(await created({ plan: 'pro' })).toMatchObject({ plan: 'pro', rule_quota: 20, features: [] });
    const defaults = await created();
    expect(defaults.plan).toBe('enterprise');
    expect(defaults.name).toMatch(/^zone-[0-9a-f]{12}\.example$/);
    expect(defaults.rule_quota).toBeGreaterThan(20);
    expect(defaults.features.length).toBeGreaterThan(0);
    expect(defaults.certificate_rate_limit, 'a zone without its own limit shows the default (docs/custom-hostnames-contract.md)').toBe(15);
    const given = await created({ plan: 'business', name: 'given.example', rule_quota: 0, features: ['a', 'b'], certificate_rate_limit: 3 });
    expect(given).toMatchObject({ plan: 'business', name: 'given.example', rule_quota: 0, features: ['a', 'b'], certificate_rate_limit: 3 });
    expect((await control.get(`/zones/${given.id}`)).body.result).toEqual(given);
  });

  it('refuse malformed fields on create and on PATCH, which then changes nothing', async () => {
    const zone = await created({ plan: 'pro', name: 'kept.example' });
    const malformed = [
      { plan: 'gold' }, { plan: 1 }, { name: '' }, { name: 5 }, { rule_quota: -1 }, { rule_quota: 1.5 }, { rule_quota: '3' },
      { features: 'waf' }, { features: ['waf', 1] }, { certificate_rate_limit: 0 }, { certificate_rate_limit: 2.5 }, { certificate_rate_limit: '2' },
    ];
    for (const body of malformed) {
      await expectBadRequest('post', '/zones', body);
      await expectBadRequest('patch', `/zones/${zone.id}`, body);
    }
    await expectBadRequest('post', '/zones', [{ plan: 'pro' }]);
    await expectBadRequest('patch', `/zones/${zone.id}`, 'pro');
    expect((await control.get(`/zones/${zone.id}`)).body.result).toEqual(zone);
  });

  it('say which field is wrong and what it must be', async () => {
    const refusals: [unknown, string][] = [
      [{ plan: 'gold' }, 'plan must be one of free, pro, business, enterprise'],
      [{ name: '' }, 'name must be a non-empty string'],
      [{ rule_quota: -1 }, 'rule_quota must be a non-negative integer'],
      [{ features: ['waf', 1] }, 'features must be an array of strings'],
    ];
    for (const [body, message] of refusals) expect(await errorOf('post', '/zones', body), JSON.stringify(body)).toBe(message);
  });

  it('PATCH changes only the fields given', async () => {
    const zone = await created({ plan: 'pro', name: 'before.example' });
    const patched = (await control.patch(`/zones/${zone.id}`).send({ name: 'after.example', certificate_rate_limit: 7 })).body.result;
    expect(patched).toEqual({ ...zone, name: 'after.example', certificate_rate_limit: 7 });
    expect((await control.patch(`/zones/${zone.id}`).send({ rule_quota: 9 })).body.result).toEqual({ ...patched, rule_quota: 9 });
    expect((await control.get('/zones/0123456789abcdef0123456789abcdef')).status).toBe(404);
  });
});

describe('the clock', () => {
  it('is set from an ISO date or milliseconds, advanced by milliseconds, and refuses anything else unchanged', async () => {
    expect((await control.put('/clock').send({ now: '2025-01-15T00:00:00.000Z' })).body.result).toEqual({ now: '2025-01-15T00:00:00.000Z', epoch_ms: Date.parse('2025-01-15T00:00:00.000Z'), frozen: true, per_zone: true });
    expect((await control.put('/clock').send({ now: 0 })).body.result.now).toBe('1970-01-01T00:00:00.000Z');
    expect((await control.post('/clock/advance').send({ ms: 1000 })).body.result.epoch_ms).toBe(1000);
    expect((await control.post('/clock/advance').send({ ms: 0 })).body.result.epoch_ms).toBe(1000);
    for (const body of [{ now: 'yesterday' }, { now: null }, { now: true }, {}, { now: 8.65e15 }, { now: Number.NaN }, []]) await expectBadRequest('put', '/clock', body);
    for (const body of [{ ms: -1 }, { ms: '5' }, {}, { ms: 8.7e15 }, 5]) await expectBadRequest('post', '/clock/advance', body);
    expect((await control.get('/clock')).body.result.epoch_ms).toBe(1000);
  });

  it('says whether it stands still; DELETE /clock puts it back on real time (what a run does when it ends)', async () => {
    await control.post('/reset');
    expect((await control.get('/clock')).body.result.frozen, 'real time after a reset').toBe(false);
    await control.put('/clock').send({ now: 1000 });
    expect((await control.get('/clock')).body.result).toMatchObject({ epoch_ms: 1000, frozen: true });
    const released = (await control.delete('/clock')).body.result;
    expect(released.frozen).toBe(false);
    expect(released.epoch_ms, 'real time, not the frozen 1000').toBeGreaterThan(Date.parse('2025-01-01'));
  });

  it('refuses a date that is not a string or a number (a list holding one too), and an advance past the range of a date from now', async () => {
    await expectBadRequest('put', '/clock', { now: ['2025-01-15T00:00:00.000Z'] });
    await control.put('/clock').send({ now: 1000 });
    await expectBadRequest('post', '/clock/advance', { ms: 8.64e15 });
    expect((await control.get('/clock')).body.result.epoch_ms).toBe(1000);
  });

  it('moves the clocks of given zones only; the global clock moves the zones that follow it and no other', async () => {
    await control.put('/clock').send({ now: 1_000_000 });
    const own = (await control.post('/zones').send({ now: 5000 })).body.result.id as string;
    const [a, b, follower] = await Promise.all([1, 2, 3].map(async () => (await control.post('/zones').send({})).body.result.id as string));
    const at = async (zone?: string) => (await control.get(zone === undefined ? '/clock' : `/clock?zone=${zone}`)).body.result.epoch_ms;
    expect(await at(own)).toBe(5000);
    expect(await at(a)).toBe(1_000_000);
    expect((await control.post('/clock/advance').send({ ms: 60_000, zones: [a, b] })).body.result).toMatchObject({ epoch_ms: 1_060_000, per_zone: true });
    expect([await at(a), await at(b), await at(follower), await at(own), await at()]).toEqual([1_060_000, 1_060_000, 1_000_000, 5000, 1_000_000]);
    expect((await control.put('/clock').send({ now: 7000, zones: [own] })).body.result.epoch_ms).toBe(7000);
    await control.post('/clock/advance').send({ ms: 1 });
    // Positive control: the global clock's move shows in the zone that follows it, not in the others.
    expect([await at(follower), await at(a), await at(own), await at()]).toEqual([1_000_001, 1_060_000, 7000, 1_000_001]);
    for (const zones of [[], 'x', [5], ['0123456789abcdef0123456789abcdef']]) {
      const response = await controlRequest('post', '/clock/advance', { ms: 1, zones });
      expect(response.status, JSON.stringify(zones)).toBe(Array.isArray(zones) && typeof zones[0] === 'string' ? 404 : 400);
    }
    await expectBadRequest('post', '/zones', { now: 'yesterday' });
    expect([await at(a), await at(own)]).toEqual([1_060_000, 7000]);
  });

  it('on a server with one clock: answers without per_zone and refuses a zone clock instead of moving the global one', async () => {
    const single = await startServer({ testMode: true, zoneClocks: false });
    try {
      const one = supertest.agent(single.controlUrl!);
      const zone = (await one.post('/zones').send({})).body.result.id as string;
      expect((await one.put('/clock').send({ now: 1000 })).body.result).toEqual({ now: '1970-01-01T00:00:01.000Z', epoch_ms: 1000, frozen: true });
      expect((await one.post('/clock/advance').send({ ms: 5, zones: [zone] })).status).toBe(400);
      expect((await one.put('/clock').send({ now: 9, zones: [zone] })).status).toBe(400);
      expect((await one.get(`/clock?zone=${zone}`)).status).toBe(400);
      expect((await one.post('/zones').send({ now: 9 })).status).toBe(400);
      expect((await one.get('/clock')).body.result.epoch_ms).toBe(1000);
    } finally {
      await single.close();
    }
  });

  it('says what is wrong with a refused time', async () => {
    expect(await errorOf('put', '/clock', { now: 'yesterday' })).toBe('now must be an ISO 8601 date or milliseconds since epoch');
    expect(await errorOf('put', '/clock', { now: 8.65e15 })).toBe('the clock must stay within ±8.64e15 ms of the epoch (the range of a date)');
    expect(await errorOf('post', '/clock/advance', { ms: -1 })).toBe('ms must be a non-negative number');
  });
});

describe('the custom hostname world', () => {
  it('DNS facts: a CNAME (or none) and CAA records, read back as written; malformed ones refused', async () => {
    const caa = [{ tag: 'issue', value: 'letsencrypt.org' }];
    expect((await control.put('/dns/shop.customer.example').send({ cname: 'Edge.Example', caa })).body.result).toEqual({ hostname: 'shop.customer.example', cname: 'edge.example', caa });
    expect((await control.get('/dns/shop.customer.example')).body.result).toEqual({ hostname: 'shop.customer.example', cname: 'edge.example', caa });
    expect((await control.get('/dns/unknown.customer.example')).body.result).toEqual({ hostname: 'unknown.customer.example', cname: null, caa: [] });
    for (const body of [{ cname: 5 }, { cname: 'not a name' }, { caa: 'issue' }, { caa: [{ tag: 'issue' }] }, { caa: [5] }, 'x']) {
      await expectBadRequest('put', '/dns/shop.customer.example', body);
    }
    await expectBadRequest('put', '/dns/bad..name', { cname: null });
    expect((await control.get('/dns/shop.customer.example')).body.result.cname).toBe('edge.example');
  });

  it('holds: a domain, include_subdomains false unless true; malformed ones refused; DELETE of an unknown hold is a 404', async () => {
    expect((await control.post('/holds').send({ domain: 'Held.Example' })).body.result).toEqual({ domain: 'held.example', include_subdomains: false });
    expect((await control.post('/holds').send({ domain: 'held2.example', include_subdomains: true })).body.result).toEqual({ domain: 'held2.example', include_subdomains: true });
    for (const body of [{}, { domain: 5 }, { domain: '*.held.example' }, { domain: 'held3.example', include_subdomains: 'yes' }]) await expectBadRequest('post', '/holds', body);
    expect((await control.delete('/holds/held.example')).body.result).toEqual({ domain: 'held.example' });
    expect((await control.delete('/holds/held.example')).status).toBe(404);
  });

  it('standalone zones and fallback origins: what is accepted, what is refused', async () => {
    expect((await control.post('/standalone_zones').send({ domain: 'Standalone.Example' })).body.result).toEqual({ domain: 'standalone.example' });
    for (const body of [{}, { domain: 7 }, { domain: 'bad name' }]) await expectBadRequest('post', '/standalone_zones', body);
    const zone = await created();
    const path = `/zones/${zone.id}/fallback_origin`;
    expect((await control.put(path).send({ origin: 'Fallback.Example' })).body.result).toEqual({ origin: 'fallback.example', dns_record: false });
    expect((await control.put(path).send({ origin: null, dns_record: true })).body.result).toEqual({ origin: null, dns_record: true });
    for (const body of [{}, { origin: 5 }, { origin: 'bad name' }, { origin: 'ok.example', dns_record: 'yes' }]) await expectBadRequest('put', path, body);
  });
});

describe('a zone\'s name', () => {
  it('once changed, re-evaluates the custom hostnames: one whose CNAME names the new name validates', async () => {
    const zone = await created({ name: 'before-rename.example' });
    expect((await control.put('/dns/shop.renamed.example').send({ cname: 'after-rename.example' })).status).toBe(200);
    const posted = (await api.post(`/zones/${zone.id}/custom_hostnames`).send({ hostname: 'shop.renamed.example' })).body.result;
    expect(posted.status, 'its CNAME names another zone').toBe('pending');
    await control.patch(`/zones/${zone.id}`).send({ name: 'after-rename.example' });
    const read = (await api.get(`/zones/${zone.id}/custom_hostnames/${posted.id}`)).body.result;
    expect(read).toMatchObject({ status: 'active', verification_errors: [] });
  });
});

describe('names in the path', () => {
  it('a hostname of /dns may be a wildcard; a domain of /holds and a hostname of /route may not; a refusal names the segment', async () => {
    expect((await control.get('/dns/*.wild.example')).body.result).toEqual({ hostname: '*.wild.example', cname: null, caa: [] });
    expect(await errorOf('get', '/dns/bad..name', undefined)).toMatch(/^hostname is not a valid hostname: /);
    expect(await errorOf('put', '/dns/bad..name', { cname: null })).toMatch(/^hostname is not a valid hostname: /);
    expect(await errorOf('delete', '/holds/*.held.example', undefined)).toMatch(/^domain is not a valid domain name: /);
    expect(await errorOf('get', '/route/*.route.example', undefined)).toMatch(/^hostname is not a valid domain name: /);
  });
});

describe('the legacy WAF state', () => {
  it('GET shows the stored state with the zone\'s URI overrides; PUT answers the same', async () => {
    const zone = await created();
    const path = `/zones/${zone.id}/waf_legacy`;
    const state = (await control.get(path)).body.result;
    expect(state).toMatchObject({ enabled: true, sensitivity: 'default', action_mode: 'challenge', migration_state: 'start', uri_overrides: [] });
    const put = (await control.put(path).send({ sensitivity: 'high' })).body.result;
    expect(put).toEqual({ ...state, sensitivity: 'high' });
    expect((await control.get(path)).body.result).toEqual(put);
  });

  it('PUT sets the control fields given and refuses unknown ones, migration_state and wrong types, changing nothing', async () => {
    const zone = await created();
    const path = `/zones/${zone.id}/waf_legacy`;
    const before = (await control.get(path)).body.result;
    for (const body of [{ migration_state: 'migrated' }, { colour: 'red' }, { sensitivity: 'extreme' }, { action_mode: 'explode' }, { firewall_rules: 'all' }, { page_rules: 5 }, 'on']) {
      await expectBadRequest('put', path, body);
    }
    expect((await control.get(path)).body.result).toEqual(before);
  });
});

describe('the rest of the world', () => {
  it('GET /vendor names the vendor of the nameserver types (docs/settings-contract.md)', async () => {
    expect((await control.get('/vendor')).body).toMatchObject({ success: true, result: { vendor: 'specgate' } });
  });

  it('POST /reset drops every zone and puts the clock back, answering {reset: true}', async () => {
    const own = await startServer({ testMode: true });
    try {
      const ownControl = supertest.agent(own.controlUrl!);
      const zone = (await ownControl.post('/zones').send({})).body.result;
      await ownControl.put('/clock').send({ now: 1000 });
      expect((await ownControl.post('/reset')).body).toMatchObject({ success: true, result: { reset: true } });
      expect((await ownControl.get(`/zones/${zone.id}`)).status).toBe(404);
      const before = Date.now();
      const now = (await ownControl.get('/clock')).body.result.epoch_ms;
      expect(now, 'the clock follows the wall clock again').toBeGreaterThanOrEqual(before);
      expect(now).toBeLessThanOrEqual(Date.now());
    } finally {
      await own.close();
    }
  });
});

describe('users', () => {
  /** GET of a zone's filters with the given headers: the status only. */
  const statusWith = async (zoneId: string, headers: Record<string, string>) =>
    (await supertest(server.baseUrl).get(`/zones/${zoneId}/filters`).set(headers)).status;
  const pair = (email: string, key: string) => ({ 'x-auth-email': email, 'x-auth-key': key });

  it('POST /users gives a user of its own whose token and key pair authenticate; each key only with its own email', async () => {
    const zone = await created();
    const first = (await control.post('/users')).body.result;
    const second = (await control.post('/users')).body.result;
    expect(first).toEqual({ email: expect.stringMatching(/^user-[0-9a-f]{12}@specgate\.test$/), key: expect.stringMatching(/^[0-9a-f]{37}$/), token: expect.any(String) });
    expect(new Set([first.email, second.email, server.credentials.email]).size, 'every user has an email of its own').toBe(3);
    expect(new Set([first.key, second.key, server.credentials.key]).size).toBe(3);
    for (const user of [first, second]) {
      expect(await statusWith(zone.id, { authorization: `Bearer ${user.token}` }), 'its token').toBe(200);
      expect(await statusWith(zone.id, pair(user.email, user.key)), 'its key pair').toBe(200);
      expect(await statusWith(zone.id, pair(user.email.toUpperCase(), user.key)), 'its key pair, the email in another case').toBe(200);
    }
    const operator = { email: server.credentials.email!, key: server.credentials.key! };
    for (const [email, key] of [[first.email, operator.key], [operator.email, first.key], [first.email, second.key], [second.email, first.key]]) {
      expect(await statusWith(zone.id, pair(email!, key!)), `${email} with another user's key`).toBe(403);
    }
  });

  it('are forgotten by POST /reset', async () => {
    const own = await startServer({ testMode: true });
    try {
      const ownControl = supertest.agent(own.controlUrl!);
      const user = (await ownControl.post('/users')).body.result;
      const zone = (await ownControl.post('/zones').send({})).body.result;
      const read = () => supertest(own.baseUrl).get(`/zones/${zone.id}/filters`).auth(user.token, { type: 'bearer' });
      expect((await read()).status).toBe(200);
      await ownControl.post('/reset');
      expect((await read()).status, 'after the reset the user is unknown').toBe(403);
    } finally {
      await own.close();
    }
  });
});
