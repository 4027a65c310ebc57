// The reference zone API server itself: persistence, test mode, the clock, credentials.

import { join } from 'node:path';
import supertest from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../reference-impl/zone-api/app.js';
import { unusableCredentials } from '../reference-impl/zone-api/auth.js';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { rawExchange } from '../src/spec-kit/raw-http.js';
import { tempDir } from './helpers/cli.js';

const servers: RunningServer[] = [];
afterEach(async () => { await Promise.all(servers.splice(0).map((s) => s.close())); });

async function start(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

/** A server's zone API as its operator (bearer token), through supertest. */
const api = (server: RunningServer) => supertest.agent(server.baseUrl).auth(server.credentials.token!, { type: 'bearer' });
/** A server's control API. */
const control = (server: RunningServer) => supertest.agent(server.controlUrl!);

describe('state', () => {
  it('kept in a --data file survives a restart, with the virtual clock', async () => {
    const dataFile = join(tempDir('data'), 'state.sqlite');
    const first = await start({ dataFile, testMode: true });
    const zone = first.defaultZoneId;
    const created = await api(first).post(`/zones/${zone}/firewall/rules`).send([{ filter: { expression: 'ip.src eq 192.0.2.1' }, action: 'block' }]);
    expect(created.body.success).toBe(true);
    await control(first).put('/clock').send({ now: '2024-01-02T03:04:05.000Z' });
    await first.close();
    servers.length = 0;

    const second = await start({ dataFile, testMode: true });
    expect(second.defaultZoneId).toBe(zone);
    const rules = await api(second).get(`/zones/${zone}/firewall/rules`);
    expect(rules.body.result.map((r: { id: string }) => r.id)).toEqual([created.body.result[0].id]);
    expect((await control(second).get('/clock')).body.result.now).toBe('2024-01-02T03:04:05.000Z');
  });

  it('in memory by default: a restart starts empty', async () => {
    const first = await start();
    await api(first).post(`/zones/${first.defaultZoneId}/filters`).send([{ expression: 'ssl' }]);
    await first.close();
    servers.length = 0;
    const second = await start();
    expect((await api(second).get(`/zones/${second.defaultZoneId}/filters`)).body.result).toEqual([]);
  });
});

describe('the control API', () => {
  it('exists only in test mode', async () => {
    const server = await start({ testMode: false });
    expect(server.controlUrl).toBeUndefined();
    const response = await supertest(server.app.server).post('/__control/zones').send({});
    expect(response.status).toBe(404);
    expect(response.body.success).toBe(false);
  });

  it('freezes and advances the clock that stamps resources', async () => {
    const server = await start({ testMode: true });
    await control(server).put('/clock').send({ now: '2025-01-15T00:00:00.000Z' });
    await control(server).post('/clock/advance').send({ ms: 86_400_000 });
    const zone = (await control(server).post('/zones').send({ plan: 'pro' })).body.result;
    expect(zone).toMatchObject({ plan: 'pro', rule_quota: 20, features: [] });
    const [rule] = (await api(server).post(`/zones/${zone.id}/firewall/rules`).send([{ filter: { expression: 'ssl' }, action: 'block' }])).body.result;
    expect(rule.created_on).toBe('2025-01-16T00:00:00.000Z');
  });

  it('refuses bad input with the envelope', async () => {
    const server = await start({ testMode: true });
    for (const [method, path, body] of [['put', '/clock', { now: 'yesterday' }], ['post', '/clock/advance', { ms: -1 }], ['post', '/zones', { plan: 'gold' }], ['post', '/zones', { rule_quota: 1.5 }]] as const) {
      const response = await control(server)[method](path).send(body);
      expect(response.status, `${method.toUpperCase()} ${path}`).toBe(400);
      expect(response.body.success).toBe(false);
    }
  });
});

describe('credentials', () => {
  it('generated at start when none are given, both schemes', async () => {
    const server = await start();
    const { email, key, token } = server.credentials;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40}$/);
    const filters = () => supertest(server.baseUrl).get(`/zones/${server.defaultZoneId}/filters`);
    expect((await filters().auth(token!, { type: 'bearer' })).status).toBe(200);
    expect((await filters().set({ 'x-auth-email': email!, 'x-auth-key': key! })).status).toBe(200);
  });

  it('only those configured are accepted', async () => {
    const server = await start({ credentials: { token: 'only-this-token' } });
    const filters = () => supertest(server.baseUrl).get(`/zones/${server.defaultZoneId}/filters`);
    expect((await filters().set('authorization', 'Bearer only-this-token')).status).toBe(200);
    expect((await filters().set('authorization', 'Bearer another-token')).status).toBe(403);
    expect((await filters().set({ 'x-auth-email': 'a@example.test', 'x-auth-key': 'abc123' })).status).toBe(403);
  });
});

describe('every refusal is an envelope, even before routing', () => {
  it.each([
    ['bad percent-encoding', (zone: string) => `GET /client/v4/zones/${zone}/filters/%zz HTTP/1.1`, 400],
    ['an over-long path segment', (zone: string) => `GET /client/v4/zones/${zone}/filters/${'a'.repeat(5000)} HTTP/1.1`, 414],
    ['an unknown HTTP method', (zone: string) => `FROB /client/v4/zones/${zone}/filters HTTP/1.1`, 400],
    ['a malformed request line', () => 'GET', 400],
  ])('%s', async (_what, requestLine, status) => {
    const server = await start();
    const url = new URL(server.baseUrl);
    const response = await rawExchange(url, [requestLine(server.defaultZoneId), `Host: ${url.host}`, `Authorization: Bearer ${server.credentials.token}`], '');
    expect(response.status).toBe(status);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, result: null, messages: [] });
  });
});

/** An envelope's first error code (the spec fixes codes, not messages). */
const firstCode = (body: string) => (JSON.parse(body) as { errors: { code: number }[] }).errors[0]?.code;

describe('requests the routes never see: answered in the envelope, with their code', () => {
  async function raw(server: RunningServer, head: string[], body = '') {
    const url = new URL(server.baseUrl);
    return rawExchange(url, head, body);
  }
  const auth = (server: RunningServer) => `Authorization: Bearer ${server.credentials.token}`;

  it('CONNECT: 405 (Node hands it to no route)', async () => {
    const server = await start();
    const response = await raw(server, ['CONNECT 127.0.0.1:443 HTTP/1.1', 'Host: 127.0.0.1:443']);
    expect(response.status).toBe(405);
    expect(firstCode(response.body)).toBe(7001);
  });

  it('HTTP/1.1 without Host: 400 invalid headers; HTTP/1.0 needs none', async () => {
    const server = await start();
    const path = `/client/v4/zones/${server.defaultZoneId}/filters`;
    const without = await raw(server, [`GET ${path} HTTP/1.1`, auth(server), 'Connection: close']);
    expect(without.status).toBe(400);
    expect(firstCode(without.body)).toBe(6003);
    const old = await raw(server, [`GET ${path} HTTP/1.0`, auth(server)]);
    expect(old.status).toBe(200);
  });

  it('an empty body sent as application/json: 400 malformed JSON', async () => {
    const server = await start();
    const url = new URL(server.baseUrl);
    const response = await raw(server, [`POST /client/v4/zones/${server.defaultZoneId}/filters HTTP/1.1`, `Host: ${url.host}`, auth(server),
      'Content-Type: application/json', 'Content-Length: 0', 'Connection: close']);
    expect(response.status).toBe(400);
    expect(firstCode(response.body)).toBe(6007);
  });

  it('an unexpected error: 500 with code 10500; another framework refusal keeps its 4xx status, code 10001', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { app } = buildApp({ credentials: { token: 'unused' } });
    app.get('/boom', () => { throw new Error('a bug'); });
    app.get('/teapot', () => { throw Object.assign(new Error('short and stout'), { statusCode: 418 }); });
    try {
      const boom = await app.inject({ method: 'GET', url: '/boom' });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toMatchObject({ success: false, result: null, errors: [{ code: 10500 }] });
      expect(quiet).toHaveBeenCalled();
      const teapot = await app.inject({ method: 'GET', url: '/teapot' });
      expect(teapot.statusCode).toBe(418);
      expect(teapot.json()).toMatchObject({ success: false, errors: [{ code: 10001, message: 'short and stout' }] });
    } finally {
      quiet.mockRestore();
      await app.close();
    }
  });
});

describe('list query parameters', () => {
  const list = (server: RunningServer, query: string) => api(server).get(`/zones/${server.defaultZoneId}/firewall/rules?${query}`);

  it('a repeated parameter: the last one counts', async () => {
    const server = await start();
    const response = await list(server, 'per_page=5&per_page=10');
    expect(response.body.result_info).toMatchObject({ per_page: 10 });
  });

  it.each(['per_page=4', 'per_page=101', 'per_page=0', 'page=0', 'page=1.5', 'page=9007199254740993', 'paused=maybe'])('%s: 400 with code 10014', async (query) => {
    const server = await start();
    const response = await list(server, query);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]!.code).toBe(10014);
  });

  it.each([['per_page=5', 5], ['per_page=100', 100]])('%s is accepted', async (query, perPage) => {
    const server = await start();
    expect((await list(server, query)).body.result_info).toMatchObject({ per_page: perPage });
  });

  it('a bulk DELETE without any (non-empty) id: 400 with code 10014', async () => {
    const server = await start();
    for (const query of ['', '?id=', '?id=&id=']) {
      const response = await api(server).delete(`/zones/${server.defaultZoneId}/firewall/rules${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0]!.code, query).toBe(10014);
    }
  });
});

describe('serving', () => {
  it('on an IPv6 address: the base URL brackets the host', async () => {
    const server = await start({ host: '::1' });
    expect(server.baseUrl).toMatch(/^http:\/\/\[::1\]:\d+\/client\/v4$/);
    expect((await api(server).get(`/zones/${server.defaultZoneId}/filters`)).status).toBe(200);
  });

  it('refuses credentials no request could ever match (serve checks them at start)', () => {
    expect(unusableCredentials({ token: 'abc', email: 'a@example.test', key: 'abc123' })).toBeUndefined();
    expect(unusableCredentials({})).toBeUndefined();
    expect(unusableCredentials({ email: 'not-an-address' })).toMatch(/email/);
    expect(unusableCredentials({ key: 'has space' })).toMatch(/API key/);
    expect(unusableCredentials({ token: 'has space' })).toMatch(/token/);
    expect(unusableCredentials({ email: 'a@example.test', key: 'ok1', token: 'bad token' })).toMatch(/token/);
  });
});
