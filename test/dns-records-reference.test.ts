// The reference's DNS records where the spec is silent, as docs/dns-records-contract.md states it
// (the specs verify only what the spec states): SRV naming before 2024-05-31, what is invalid and
// with which code, conflicts never wrapped in 1004, PATCH merging SRV data, list filters, and the
// control reset clearing records with their zones.

import supertest from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';

interface ErrorDetail { code: number; message: string; error_chain?: { code: number }[] }

let server: RunningServer;
/** The server's zone API as its operator (bearer token), and its control API. */
let api: supertest.Agent;
let control: supertest.Agent;
let zone: { id: string; name: string };

const records = (path = '') => `/zones/${zone.id}/dns_records${path}`;
const at = (iso: string) => server.clock.set(Date.parse(iso));
/** The root-cause codes of a failure, wrapped or not. */
const causes = (answer: supertest.Response) => answer.body.errors.flatMap((e: ErrorDetail) => (e.code === 1004 ? e.error_chain!.map((c) => c.code) : [e.code]));
const srv = { priority: 1, weight: 2, port: 5060, target: 'sip.example.net' };

beforeEach(async () => {
  server = await startServer({ testMode: true });
  api = supertest.agent(server.baseUrl).auth(server.credentials.token!, { type: 'bearer' });
  control = supertest.agent(server.controlUrl!);
  at('2025-06-01T00:00:00Z');
  zone = (await control.post('/zones').send({ plan: 'pro' })).body.result;
});
afterEach(async () => { await server.close(); });

describe('SRV names before 2024-05-31', () => {
  it('data.service, data.proto and data.name together set the name, and are read back from it', async () => {
    at('2024-05-01T00:00:00Z');
    const created = await api.post(records()).send({ type: 'SRV', data: { ...srv, service: '_xmpp', proto: '_tcp', name: 'chat' } });
    expect(created.body.result.name).toBe(`_xmpp._tcp.chat.${zone.name}`);
    expect(created.body.result.data).toEqual({ ...srv, service: '_xmpp', proto: '_tcp', name: `chat.${zone.name}` });
    const partial = await api.post(records()).send({ type: 'SRV', name: '_sip._tcp', data: { ...srv, service: '_sip' } });
    expect(causes(partial)).toEqual([9101]);
  });
});

describe('what is invalid, and its root cause', () => {
  it.each([
    ['AAAA with an IPv4 address', { type: 'AAAA', name: 'v6', content: '192.0.2.1' }, [9006]],
    ['CNAME to a non-host', { type: 'CNAME', name: 'alias', content: 'not a host' }, [9007]],
    ['MX without priority', { type: 'MX', name: 'mail', content: 'mx.example.net' }, [9100]],
    ['TXT over 2048 characters', { type: 'TXT', name: 'txt', content: 'x'.repeat(2049) }, [9010]],
    ['proxied TXT', { type: 'TXT', name: 'txt', content: 'v=spf1 -all', proxied: true }, [9041]],
    ['unsupported type', { type: 'SPF', name: 'old', content: 'v=spf1 -all' }, [9020]],
    ['SRV port over 65535', { type: 'SRV', name: '_sip._tcp', data: { ...srv, port: 70000 } }, [9101]],
    ['TTL 59 on a Pro zone', { type: 'A', name: 'www', content: '192.0.2.1', ttl: 59 }, [9021]],
    ['every cause at once', { type: 'A', name: 'bad..name', content: '1.2.3', ttl: 5 }, [9005, 9000, 9021]],
  ] as const)('%s', async (_label, record, expected) => {
    const answer = await api.post(records()).send(record);
    expect(answer.status).toBe(400);
    expect(causes(answer)).toEqual(expected);
  });

  it('an invalid PATCH or PUT is wrapped like a create before 2024-10-01, and changes nothing', async () => {
    at('2024-09-01T00:00:00Z');
    const { id } = (await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.1' })).body.result;
    for (const answer of [await api.patch(records(`/${id}`)).send({ content: 'nope' }), await api.put(records(`/${id}`)).send({ type: 'A', name: 'www', content: 'nope' })]) {
      expect(answer.body.errors).toEqual([{ code: 1004, message: 'DNS Validation Error', error_chain: [{ code: 9005, message: 'Content for A record must be a valid IPv4 address.' }] }]);
    }
    expect((await api.get(records(`/${id}`))).body.result.content).toBe('192.0.2.1');
  });

  it('conflicts with existing records are never wrapped in 1004', async () => {
    at('2024-09-01T00:00:00Z');
    await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.1' });
    expect((await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.1' })).body.errors.map((e: ErrorDetail) => e.code)).toEqual([81058]);
    expect((await api.post(records()).send({ type: 'CNAME', name: 'www', content: 'example.net' })).body.errors.map((e: ErrorDetail) => e.code)).toEqual([81053]);
    await api.post(records()).send({ type: 'CNAME', name: 'alias', content: 'example.net' });
    expect((await api.post(records()).send({ type: 'TXT', name: 'alias', content: 'hello' })).body.errors.map((e: ErrorDetail) => e.code)).toEqual([81054]);
  });
});

describe('updates, lists and reset', () => {
  it('PATCH merges SRV data key by key; PUT replaces the record', async () => {
    const { id } = (await api.post(records()).send({ type: 'SRV', name: '_sip._tcp', data: srv })).body.result;
    expect((await api.patch(records(`/${id}`)).send({ data: { port: 5061 } })).body.result.data).toEqual({ ...srv, port: 5061 });
    const put = (await api.put(records(`/${id}`)).send({ type: 'A', name: 'www', content: '192.0.2.1' })).body.result;
    expect([put.type, put.name, put.data, put.priority]).toEqual(['A', `www.${zone.name}`, undefined, undefined]);
  });

  it('the list filters by type, name and content', async () => {
    await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.1' });
    await api.post(records()).send({ type: 'AAAA', name: 'www', content: '2001:db8::1' });
    await api.post(records()).send({ type: 'TXT', name: '@', content: 'hello' });
    const names = async (query: string) => (await api.get(records(`?${query}`))).body.result.map((r: { type: string }) => r.type);
    expect(await names('type=aaaa')).toEqual(['AAAA']);
    expect(await names(`name=WWW.${zone.name}`)).toEqual(['A', 'AAAA']);
    expect(await names('content=hello')).toEqual(['TXT']);
  });

  it('the control reset drops every record with its zone', async () => {
    await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.1' });
    expect(server.store.db.prepare('SELECT count(*) AS n FROM dns_records').get()).toEqual({ n: 1 });
    await control.post('/reset');
    expect(server.store.db.prepare('SELECT count(*) AS n FROM dns_records').get()).toEqual({ n: 0 });
  });
});

describe('normalising what is kept', () => {
  const create = async (record: Record<string, unknown>) => {
    const answer = await api.post(records()).send(record);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result;
  };

  it('names and contents are trimmed, lower-cased and lose a final dot; TXT content is kept as sent', async () => {
    expect(await create({ type: 'a', name: ' WWW. ', content: ' 192.0.2.1 ' })).toMatchObject({ type: 'A', name: `www.${zone.name}`, content: '192.0.2.1' });
    expect((await create({ type: 'CNAME', name: 'Alias', content: ' Target.Example.NET. ' })).content).toBe('target.example.net');
    expect((await create({ type: 'MX', name: '@', content: 'MX.Example.net.', priority: 0 })).content).toBe('mx.example.net');
    expect((await create({ type: 'TXT', name: 'txt', content: ' Mixed Case. ' })).content).toBe(' Mixed Case. ');
    expect((await create({ type: 'SRV', name: '_sip._tcp', data: { ...srv, target: ' SIP.Example.NET. ' } })).data.target).toBe('sip.example.net');
    expect((await create({ type: 'SRV', name: '_null._tcp', data: { ...srv, target: '.' } })).data.target).toBe('');
  });

  it('priority is shown only on MX and SRV records; proxied reads back as written', async () => {
    const a = await create({ type: 'A', name: 'www', content: '192.0.2.1', proxied: true });
    expect('priority' in a).toBe(false);
    expect((await api.get(records(`/${a.id}`))).body.result).toMatchObject({ proxied: true, proxiable: true });
    expect((await create({ type: 'MX', name: 'mail', content: 'mx.example.net', priority: 0 })).priority).toBe(0);
  });

  it('before 2024-05-31 data shows service, proto and name only for a name _service._proto.host', async () => {
    const plain = await create({ type: 'SRV', name: 'plain', data: srv });
    const halfway = await create({ type: 'SRV', name: '_sip.plain', data: srv });
    const late = await create({ type: 'SRV', name: 'x._tcp', data: srv });
    const apex = (await control.post('/zones').send({ plan: 'pro', name: '_sip._udp' })).body.result as { id: string };
    const bare = (await api.post(`/zones/${apex.id}/dns_records`).send({ type: 'SRV', name: '@', data: srv })).body.result;
    const full = await create({ type: 'SRV', name: '_sip._tcp.host', data: srv });
    at('2024-05-01T00:00:00Z');
    for (const { id } of [plain, halfway, late]) expect((await api.get(records(`/${id}`))).body.result.data).toEqual(srv);
    expect((await api.get(`/zones/${apex.id}/dns_records/${bare.id}`)).body.result.data).toEqual(srv);
    expect((await api.get(records(`/${full.id}`))).body.result.data).toEqual({ ...srv, service: '_sip', proto: '_tcp', name: `host.${zone.name}` });
  });
});

describe('checks of the reference (mutation survivors)', () => {
  /** `record` is any JSON value (a string or a number goes as JSON text too). */
  const refused = async (record: unknown, method: 'post' | 'patch' = 'post', path = records()) => {
    const answer = await api[method](path).type('json').send(JSON.stringify(record));
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    return causes(answer);
  };

  it('a body that is not an object is a bad request (10001), not an invalid record', async () => {
    for (const body of [[], 'A', 5]) expect(await refused(body)).toEqual([10001]);
  });

  it('each field is checked for its type', async () => {
    expect(await refused({ type: 5, name: 'www', content: '192.0.2.1' })).toEqual([9020]);
    expect(await refused({ type: 'A', name: '   ', content: '192.0.2.1' })).toEqual([9000]);
    expect(await refused({ type: 'A', name: 5, content: '192.0.2.1' })).toEqual([9000]);
    expect(await refused({ type: 'A', name: 'www', content: 3221225985 })).toEqual([9005]);
    expect(await refused({ type: 'TXT', name: 'txt', content: '' })).toEqual([9010]);
    expect(await refused({ type: 'CNAME', name: 'alias', content: '*.example.net' })).toEqual([9007]);
    expect(await refused({ type: 'A', name: 'www', content: '192.0.2.1', proxied: 'true' })).toEqual([9003]);
    expect(await refused({ type: 'A', name: 'www', content: '192.0.2.1', tags: 'web' })).toEqual([9104]);
    expect(await refused({ type: 'A', name: 'www', content: '192.0.2.1', tags: ['web', 5] })).toEqual([9104]);
    expect(await refused({ type: 'A', name: 'www', content: '192.0.2.1', comment: 5 })).toEqual([9103]);
    for (const data of [null, [srv], 'srv', { ...srv, target: 5 }, { ...srv, target: 'not a host' }]) {
      expect(await refused({ type: 'SRV', name: '_sip._tcp', data })).toEqual([9101]);
    }
  });

  it('from 2024-05-31 data.service, data.proto or data.name is the only cause, even without a name', async () => {
    expect(await refused({ type: 'SRV', data: { ...srv, service: '_sip' } })).toEqual([9102]);
  });

  it('before 2024-05-31 data.service, data.proto and data.name must all be well formed', async () => {
    at('2024-05-01T00:00:00Z');
    const named = { service: '_sip', proto: '_tcp', name: 'chat' };
    for (const wrong of [{ service: 'sip' }, { service: '_sip!' }, { service: 'x_sip' }, { service: 5 }, { proto: '_sctp' }, { proto: 'x_tcp' }, { proto: '_tcpx' }, { proto: 5 }, { name: '  ' }, { name: 5 }]) {
      expect(await refused({ type: 'SRV', name: 'srv', data: { ...srv, ...named, ...wrong } }), JSON.stringify(wrong)).toEqual([9101]);
    }
    expect((await api.post(records()).send({ type: 'SRV', data: { ...srv, service: '_SIP', proto: '_TLS', name: ' Chat ' } })).body.result.name).toBe(`_sip._tls.chat.${zone.name}`);
  });

  it('PATCH that changes the type starts from the body; PATCH without data keeps the SRV data', async () => {
    const { id } = (await api.post(records()).send({ type: 'SRV', name: '_sip._tcp', data: srv })).body.result;
    expect((await api.patch(records(`/${id}`)).send({ ttl: 300 })).body.result).toMatchObject({ data: srv, ttl: 300 });
    expect((await api.patch(records(`/${id}`)).send({ type: 'srv', data: { port: 5061 } })).body.result.data, 'the type in lower case is the same type: data still merged').toEqual({ ...srv, port: 5061 });
    expect((await api.patch(records(`/${id}`)).send({ type: 'TXT', content: 'now text' })).body.result).toMatchObject({ type: 'TXT', content: 'now text', name: `_sip._tcp.${zone.name}` });
    // Back to SRV: nothing of the old data is merged (priority, weight and target are missing).
    expect(await refused({ type: 'SRV', data: { port: 1 } }, 'patch', records(`/${id}`))).toEqual([9101, 9101, 9101]);
  });

  it('a record never conflicts with itself; records that differ in content or priority share a name', async () => {
    const cname = (await api.post(records()).send({ type: 'CNAME', name: 'alias', content: 'example.net' })).body.result;
    expect((await api.patch(records(`/${cname.id}`)).send({ ttl: 300 })).status).toBe(200);
    expect((await api.put(records(`/${cname.id}`)).send({ type: 'CNAME', name: 'alias', content: 'example.net' })).status).toBe(200);
    for (const record of [
      { type: 'A', name: 'www', content: '192.0.2.1' }, { type: 'A', name: 'www', content: '192.0.2.2' },
      { type: 'MX', name: 'mail', content: 'mx.example.net', priority: 10 }, { type: 'MX', name: 'mail', content: 'mx.example.net', priority: 20 },
      { type: 'TXT', name: 'mail', content: 'mx.example.net' },
    ]) expect((await api.post(records()).send(record)).status, JSON.stringify(record)).toBe(200);
    expect((await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.2' })).body.errors).toEqual([{ code: 81058, message: 'An identical record already exists.' }]);
    expect((await api.post(records()).send({ type: 'CNAME', name: 'www', content: 'example.net' })).body.errors).toEqual([{ code: 81053, message: 'An A, AAAA, or CNAME record with that host already exists.' }]);
    expect((await api.post(records()).send({ type: 'A', name: 'alias', content: '192.0.2.1' })).body.errors).toEqual([{ code: 81054, message: 'A CNAME record with that host already exists.' }]);
  });

  it('the apex by its full name, SRV content from data, comment and tags kept, tags [] by default, whole TTLs only', async () => {
    expect((await api.post(records()).send({ type: 'TXT', name: zone.name.toUpperCase(), content: 'apex' })).body.result.name).toBe(zone.name);
    expect((await api.post(records()).send({ type: 'SRV', name: '_sip._udp', data: srv })).body.result.content).toBe('2 5060 sip.example.net');
    expect((await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.1' })).body.result).toMatchObject({ comment: null, tags: [] });
    expect((await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.2', comment: 'hi', tags: ['web'] })).body.result).toMatchObject({ comment: 'hi', tags: ['web'] });
    expect(await refused({ type: 'A', name: 'www', content: '192.0.2.3', ttl: 300.5 })).toEqual([9021]);
  });

  it('PATCH keeps an MX priority it does not send; SRV data that is not an object is refused, not merged', async () => {
    const mx = (await api.post(records()).send({ type: 'MX', name: 'mail', content: 'mx.example.net', priority: 10 })).body.result;
    expect((await api.patch(records(`/${mx.id}`)).send({ ttl: 300 })).body.result).toMatchObject({ priority: 10, ttl: 300 });
    const { id } = (await api.post(records()).send({ type: 'SRV', name: '_sip._tcp', data: srv })).body.result;
    for (const data of [null, 'srv', [1]]) expect(await refused({ data }, 'patch', records(`/${id}`)), JSON.stringify(data)).toEqual([9101]);
    expect((await api.get(records(`/${id}`))).body.result.data).toEqual(srv);
  });

  it('a host name is at most 253 characters', async () => {
    /** Dot-separated labels of at most 63 characters, `length` characters in all. */
    const hostOf = (length: number): string => {
      const labels: string[] = [];
      let rest = length;
      for (; rest > 64; rest -= 64) labels.push('a'.repeat(63));
      if (rest === 64) labels.push('a'.repeat(62), 'a');
      else labels.push('a'.repeat(rest));
      return labels.join('.');
    };
    const nameOf = (length: number) => `${hostOf(length - zone.name.length - 1)}.${zone.name}`;
    for (const length of [253, 254]) expect([hostOf(length).length, nameOf(length).length]).toEqual([length, length]);
    expect((await api.post(records()).send({ type: 'A', name: nameOf(253), content: '192.0.2.1' })).status).toBe(200);
    expect(await refused({ type: 'A', name: nameOf(254), content: '192.0.2.1' })).toEqual([9000]);
    expect((await api.post(records()).send({ type: 'CNAME', name: 'long', content: hostOf(253) })).status).toBe(200);
    expect(await refused({ type: 'CNAME', name: 'longer', content: hostOf(254) })).toEqual([9007]);
  });

  it('a query parameter given twice counts once, with its last value', async () => {
    await api.post(records()).send({ type: 'A', name: 'www', content: '192.0.2.1' });
    await api.post(records()).send({ type: 'TXT', name: 'www', content: 'hello' });
    expect((await api.get(records('?type=TXT&type=A'))).body.result.map((r: { type: string }) => r.type)).toEqual(['A']);
  });
});
