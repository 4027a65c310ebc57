// The reference's control API (test mode, /__control): the contract the suite's fixtures rely on
// (src/spec-kit/control.ts) to create zones, move the clock and set the world the custom hostname
// and WAF specs need. Every write checks its input: a malformed one is refused with 400 in the
// envelope and changes nothing, and what it accepts reads back as written. Written for mutation
// testing (issue #10): these checks had no test.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { referenceCaller } from './helpers/reference-http.js';

let server: RunningServer;
const call = referenceCaller(() => server);
const control = (method: string, path: string, body?: unknown) => call(method, path, body, server.controlUrl);

beforeAll(async () => { server = await startServer({ testMode: true }); });
afterAll(async () => { await server.close(); });

async function expectBadRequest(method: string, path: string, body: unknown): Promise<void> {
  const response = await control(method, path, body);
  expect(response.status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`).toBe(400);
  expect(response.body.success).toBe(false);
  expect(response.body.errors.length).toBeGreaterThan(0);
}

async function created(body: unknown = {}) {
  const response = await control('POST', '/zones', body);
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
    const given = await created({ plan: 'business', name: 'given.example', rule_quota: 0, features: ['a', 'b'], certificate_rate_limit: 3 });
    expect(given).toMatchObject({ plan: 'business', name: 'given.example', rule_quota: 0, features: ['a', 'b'], certificate_rate_limit: 3 });
    expect((await control('GET', `/zones/${given.id}`)).body.result).toEqual(given);
  });

  it('refuse malformed fields on create and on PATCH, which then changes nothing', async () => {
    const zone = await created({ plan: 'pro', name: 'kept.example' });
    const malformed = [
      { plan: 'gold' }, { plan: 1 }, { name: '' }, { name: 5 }, { rule_quota: -1 }, { rule_quota: 1.5 }, { rule_quota: '3' },
      { features: 'waf' }, { features: ['waf', 1] }, { certificate_rate_limit: 0 }, { certificate_rate_limit: 2.5 }, { certificate_rate_limit: '2' },
    ];
    for (const body of malformed) {
      await expectBadRequest('POST', '/zones', body);
      await expectBadRequest('PATCH', `/zones/${zone.id}`, body);
    }
    await expectBadRequest('POST', '/zones', [{ plan: 'pro' }]);
    await expectBadRequest('PATCH', `/zones/${zone.id}`, 'pro');
    expect((await control('GET', `/zones/${zone.id}`)).body.result).toEqual(zone);
  });

  it('PATCH changes only the fields given', async () => {
    const zone = await created({ plan: 'pro', name: 'before.example' });
    const patched = (await control('PATCH', `/zones/${zone.id}`, { name: 'after.example', certificate_rate_limit: 7 })).body.result;
    expect(patched).toEqual({ ...zone, name: 'after.example', certificate_rate_limit: 7 });
    expect((await control('PATCH', `/zones/${zone.id}`, { rule_quota: 9 })).body.result).toEqual({ ...patched, rule_quota: 9 });
    expect((await control('GET', '/zones/0123456789abcdef0123456789abcdef')).status).toBe(404);
  });
});

describe('the clock', () => {
  it('is set from an ISO date or milliseconds, advanced by milliseconds, and refuses anything else unchanged', async () => {
    expect((await control('PUT', '/clock', { now: '2025-01-15T00:00:00.000Z' })).body.result).toEqual({ now: '2025-01-15T00:00:00.000Z', epoch_ms: Date.parse('2025-01-15T00:00:00.000Z') });
    expect((await control('PUT', '/clock', { now: 0 })).body.result.now).toBe('1970-01-01T00:00:00.000Z');
    expect((await control('POST', '/clock/advance', { ms: 1000 })).body.result.epoch_ms).toBe(1000);
    expect((await control('POST', '/clock/advance', { ms: 0 })).body.result.epoch_ms).toBe(1000);
    for (const body of [{ now: 'yesterday' }, { now: null }, { now: true }, {}, { now: 8.65e15 }, { now: Number.NaN }, []]) await expectBadRequest('PUT', '/clock', body);
    for (const body of [{ ms: -1 }, { ms: '5' }, {}, { ms: 8.7e15 }, 5]) await expectBadRequest('POST', '/clock/advance', body);
    expect((await control('GET', '/clock')).body.result.epoch_ms).toBe(1000);
  });
});

describe('the custom hostname world', () => {
  it('DNS facts: a CNAME (or none) and CAA records, read back as written; malformed ones refused', async () => {
    const caa = [{ tag: 'issue', value: 'letsencrypt.org' }];
    expect((await control('PUT', '/dns/shop.customer.example', { cname: 'Edge.Example', caa })).body.result).toEqual({ hostname: 'shop.customer.example', cname: 'edge.example', caa });
    expect((await control('GET', '/dns/shop.customer.example')).body.result).toEqual({ hostname: 'shop.customer.example', cname: 'edge.example', caa });
    expect((await control('GET', '/dns/unknown.customer.example')).body.result).toEqual({ hostname: 'unknown.customer.example', cname: null, caa: [] });
    for (const body of [{ cname: 5 }, { cname: 'not a name' }, { caa: 'issue' }, { caa: [{ tag: 'issue' }] }, { caa: [5] }, 'x']) {
      await expectBadRequest('PUT', '/dns/shop.customer.example', body);
    }
    await expectBadRequest('PUT', '/dns/bad..name', { cname: null });
    expect((await control('GET', '/dns/shop.customer.example')).body.result.cname).toBe('edge.example');
  });

  it('holds: a domain, include_subdomains false unless true; malformed ones refused; DELETE of an unknown hold is a 404', async () => {
    expect((await control('POST', '/holds', { domain: 'Held.Example' })).body.result).toEqual({ domain: 'held.example', include_subdomains: false });
    expect((await control('POST', '/holds', { domain: 'held2.example', include_subdomains: true })).body.result).toEqual({ domain: 'held2.example', include_subdomains: true });
    for (const body of [{}, { domain: 5 }, { domain: '*.held.example' }, { domain: 'held3.example', include_subdomains: 'yes' }]) await expectBadRequest('POST', '/holds', body);
    expect((await control('DELETE', '/holds/held.example')).body.result).toEqual({ domain: 'held.example' });
    expect((await control('DELETE', '/holds/held.example')).status).toBe(404);
  });

  it('standalone zones and fallback origins: what is accepted, what is refused', async () => {
    expect((await control('POST', '/standalone_zones', { domain: 'Standalone.Example' })).body.result).toEqual({ domain: 'standalone.example' });
    for (const body of [{}, { domain: 7 }, { domain: 'bad name' }]) await expectBadRequest('POST', '/standalone_zones', body);
    const zone = await created();
    const path = `/zones/${zone.id}/fallback_origin`;
    expect((await control('PUT', path, { origin: 'Fallback.Example' })).body.result).toEqual({ origin: 'fallback.example', dns_record: false });
    expect((await control('PUT', path, { origin: null, dns_record: true })).body.result).toEqual({ origin: null, dns_record: true });
    for (const body of [{}, { origin: 5 }, { origin: 'bad name' }, { origin: 'ok.example', dns_record: 'yes' }]) await expectBadRequest('PUT', path, body);
  });
});

describe('the legacy WAF state', () => {
  it('PUT sets the control fields given and refuses unknown ones, migration_state and wrong types, changing nothing', async () => {
    const zone = await created();
    const path = `/zones/${zone.id}/waf_legacy`;
    const before = (await control('GET', path)).body.result;
    for (const body of [{ migration_state: 'migrated' }, { colour: 'red' }, { sensitivity: 'extreme' }, { action_mode: 'explode' }, { firewall_rules: 'all' }, { page_rules: 5 }, 'on']) {
      await expectBadRequest('PUT', path, body);
    }
    expect((await control('GET', path)).body.result).toEqual(before);
  });
});
