// The reference's custom hostnames through HTTP, as docs/custom-hostnames-contract.md states them:
// validation, holds, the choice of CA under CAA, moved and its deletion, routing causes, the
// issuance rate limit, and the control API's refusals.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';

interface Answer { status: number; headers: Headers; body: { success: boolean; result: any; errors: { code: number; message: string }[] } }

let server: RunningServer;
let zone: { id: string; name: string };
let cas: { preferred: { name: string; caa_domain: string }; other: { name: string; caa_domain: string } };

async function call(method: string, path: string, body?: unknown, base = server.baseUrl): Promise<Answer> {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${server.credentials.token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() as Answer['body'] };
}

const control = (method: string, path: string, body?: unknown) => call(method, path, body, server.controlUrl);
const hostnames = `/zones/`;
const create = (hostname: string, ssl?: object) => call('POST', `${hostnames}${zone.id}/custom_hostnames`, { hostname, ...(ssl && { ssl }) });
const get = (id: string) => call('GET', `${hostnames}${zone.id}/custom_hostnames/${id}`);
const cname = (hostname: string, target: string | null, caa: object[] = []) => control('PUT', `/dns/${hostname}`, { cname: target, caa });
const advance = (ms: number) => control('POST', '/clock/advance', { ms });

beforeEach(async () => {
  server = await startServer({ testMode: true });
  await control('PUT', '/clock', { now: '2025-03-01T00:00:00.000Z' });
  zone = (await control('POST', '/zones', { name: 'saas.example' })).body.result;
  cas = (await control('GET', '/certificate_authorities')).body.result;
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
    expect((await call('PATCH', path, { ssl })).body.result.status).toBe('moved');
    await cname('p.customer.test', 'saas.example');
    const patched = await call('PATCH', path, { ssl });
    expect(patched.status).toBe(202);
    expect(patched.body.result.status).toBe('active');
  });

  it('is blocked under a hold that includes subdomains, and active once released', async () => {
    await control('POST', '/holds', { domain: 'customer.test', include_subdomains: true });
    await cname('h.customer.test', 'saas.example');
    const created = await create('h.customer.test');
    expect(created.body.result.status).toBe('blocked');
    expect(created.body.result.verification_errors[0]).toMatch(/associated with a held zone/);
    await control('DELETE', '/holds/customer.test');
    expect((await get(created.body.result.id)).body.result.status).toBe('active');
  });

  it('refuses a duplicate (1406) and bad input (400)', async () => {
    await create('dup.customer.test');
    const duplicate = await create('DUP.customer.test');
    expect([duplicate.status, duplicate.body.errors[0]?.code]).toEqual([409, 1406]);
    for (const body of [{}, { hostname: 'bad_name.test' }, { hostname: '-a.test' }, { hostname: `${'a'.repeat(64)}.test` }, { hostname: 'a.*.test' },
      { hostname: 'ok.test', ssl: { method: 'http' } }, { hostname: 'ok.test', ssl: { type: 'ov' } }, { hostname: 'ok.test', ssl: { certificate_authority: 'acme' } }, []]) {
      const answer = await call('POST', `${hostnames}${zone.id}/custom_hostnames`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.errors[0]?.message).toBeTruthy();
    }
  });
});

describe('routing', () => {
  it('names each cause of 1016, and routes once everything is in place', async () => {
    const route = async (hostname: string) => (await control('GET', `/route/${hostname}`)).body.result;
    expect(await route('nothing.customer.test')).toEqual({ routable: false, error: 1016, cause: 'no_custom_hostname' });
    const exact = (await create('r.customer.test')).body.result;
    expect((await route('r.customer.test')).cause).toBe('validation_incomplete');
    await cname('r.customer.test', 'saas.example');
    expect((await route('r.customer.test')).cause).toBe('fallback_origin');
    await control('PUT', `/zones/${zone.id}/fallback_origin`, { origin: 'origin.saas.example', dns_record: false });
    expect((await route('r.customer.test')).cause).toBe('fallback_origin');
    await control('PUT', `/zones/${zone.id}/fallback_origin`, { origin: 'origin.saas.example', dns_record: true });
    expect(await route('r.customer.test')).toEqual({ routable: true, zone_id: zone.id, custom_hostname_id: exact.id });

    await cname('*.wild.test', 'saas.example');
    const wildcard = (await create('*.wild.test')).body.result;
    expect(wildcard.status).toBe('active');
    expect((await route('x.wild.test')).custom_hostname_id).toBe(wildcard.id);
    await control('POST', '/standalone_zones', { domain: 'x.wild.test' });
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
    expect([refused.status, refused.body.errors[0]?.code, refused.headers.get('retry-after')]).toEqual([429, 1407, '30']);
    // The window would allow it again after 60 s, not 30: move the window past first.
    await advance(60_000);
    expect((await create('late.customer.test')).status).toBe(200);
  });

  it('refuses everything during the penalty and accepts at exactly 30 s', async () => {
    await control('PATCH', `/zones/${zone.id}`, { certificate_rate_limit: 1 });
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
      ['PUT', '/dns/a.test', { cname: 'bad name' }], ['PUT', '/dns/a.test', { caa: [{ tag: 'iodef', value: 'x' }] }], ['PUT', '/dns/bad_host', {}],
      ['POST', '/holds', { include_subdomains: true }], ['POST', '/holds', { domain: 'a.test', include_subdomains: 'yes' }],
      ['POST', '/standalone_zones', { domain: '*.a.test' }], ['PUT', `/zones/${zone.id}/fallback_origin`, { dns_record: true }],
      ['PUT', `/zones/${zone.id}/fallback_origin`, { origin: 'o.test', dns_record: 1 }], ['PATCH', `/zones/${zone.id}`, { certificate_rate_limit: 0 }],
      ['GET', '/route/*.a.test', undefined], ['PUT', '/dns/a.test', 'text'],
    ] as const) {
      const answer = await control(method, path, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toMatchObject({ success: false, result: null });
    }
    expect((await control('DELETE', '/holds/never-held.test')).status).toBe(404);
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
