// The reference's DNS records where the spec is silent, as docs/dns-records-contract.md states it
// (the specs verify only what the spec states): SRV naming before 2024-05-31, what is invalid and
// with which code, conflicts never wrapped in 1004, PATCH merging SRV data, list filters, and the
// control reset clearing records with their zones.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { referenceCaller, type Answer } from './helpers/reference-http.js';


let server: RunningServer;
let zone: { id: string; name: string };

const call = referenceCaller(() => server);

const records = (path = '') => `/zones/${zone.id}/dns_records${path}`;
const at = (iso: string) => server.clock.set(Date.parse(iso));
/** The root-cause codes of a failure, wrapped or not. */
const causes = (answer: Answer) => answer.body.errors.flatMap((e) => (e.code === 1004 ? e.error_chain!.map((c) => c.code) : [e.code]));
const srv = { priority: 1, weight: 2, port: 5060, target: 'sip.example.net' };

beforeEach(async () => {
  server = await startServer({ testMode: true });
  at('2025-06-01T00:00:00Z');
  zone = (await call('POST', '/zones', { plan: 'pro' }, server.controlUrl)).body.result;
});
afterEach(async () => { await server.close(); });

describe('SRV names before 2024-05-31', () => {
  it('data.service, data.proto and data.name together set the name, and are read back from it', async () => {
    at('2024-05-01T00:00:00Z');
    const created = await call('POST', records(), { type: 'SRV', data: { ...srv, service: '_xmpp', proto: '_tcp', name: 'chat' } });
    expect(created.body.result.name).toBe(`_xmpp._tcp.chat.${zone.name}`);
    expect(created.body.result.data).toEqual({ ...srv, service: '_xmpp', proto: '_tcp', name: `chat.${zone.name}` });
    const partial = await call('POST', records(), { type: 'SRV', name: '_sip._tcp', data: { ...srv, service: '_sip' } });
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
    const answer = await call('POST', records(), record);
    expect(answer.status).toBe(400);
    expect(causes(answer)).toEqual(expected);
  });

  it('an invalid PATCH or PUT is wrapped like a create before 2024-10-01, and changes nothing', async () => {
    at('2024-09-01T00:00:00Z');
    const { id } = (await call('POST', records(), { type: 'A', name: 'www', content: '192.0.2.1' })).body.result;
    for (const answer of [await call('PATCH', records(`/${id}`), { content: 'nope' }), await call('PUT', records(`/${id}`), { type: 'A', name: 'www', content: 'nope' })]) {
      expect(answer.body.errors).toEqual([{ code: 1004, message: 'DNS Validation Error', error_chain: [{ code: 9005, message: 'Content for A record must be a valid IPv4 address.' }] }]);
    }
    expect((await call('GET', records(`/${id}`))).body.result.content).toBe('192.0.2.1');
  });

  it('conflicts with existing records are never wrapped in 1004', async () => {
    at('2024-09-01T00:00:00Z');
    await call('POST', records(), { type: 'A', name: 'www', content: '192.0.2.1' });
    expect((await call('POST', records(), { type: 'A', name: 'www', content: '192.0.2.1' })).body.errors.map((e) => e.code)).toEqual([81058]);
    expect((await call('POST', records(), { type: 'CNAME', name: 'www', content: 'example.net' })).body.errors.map((e) => e.code)).toEqual([81053]);
    await call('POST', records(), { type: 'CNAME', name: 'alias', content: 'example.net' });
    expect((await call('POST', records(), { type: 'TXT', name: 'alias', content: 'hello' })).body.errors.map((e) => e.code)).toEqual([81054]);
  });
});

describe('updates, lists and reset', () => {
  it('PATCH merges SRV data key by key; PUT replaces the record', async () => {
    const { id } = (await call('POST', records(), { type: 'SRV', name: '_sip._tcp', data: srv })).body.result;
    expect((await call('PATCH', records(`/${id}`), { data: { port: 5061 } })).body.result.data).toEqual({ ...srv, port: 5061 });
    const put = (await call('PUT', records(`/${id}`), { type: 'A', name: 'www', content: '192.0.2.1' })).body.result;
    expect([put.type, put.name, put.data, put.priority]).toEqual(['A', `www.${zone.name}`, undefined, undefined]);
  });

  it('the list filters by type, name and content', async () => {
    await call('POST', records(), { type: 'A', name: 'www', content: '192.0.2.1' });
    await call('POST', records(), { type: 'AAAA', name: 'www', content: '2001:db8::1' });
    await call('POST', records(), { type: 'TXT', name: '@', content: 'hello' });
    const names = async (query: string) => (await call('GET', records(`?${query}`))).body.result.map((r: { type: string }) => r.type);
    expect(await names('type=aaaa')).toEqual(['AAAA']);
    expect(await names(`name=WWW.${zone.name}`)).toEqual(['A', 'AAAA']);
    expect(await names('content=hello')).toEqual(['TXT']);
  });

  it('the control reset drops every record with its zone', async () => {
    await call('POST', records(), { type: 'A', name: 'www', content: '192.0.2.1' });
    expect(server.store.db.prepare('SELECT count(*) AS n FROM dns_records').get()).toEqual({ n: 1 });
    await call('POST', '/reset', undefined, server.controlUrl);
    expect(server.store.db.prepare('SELECT count(*) AS n FROM dns_records').get()).toEqual({ n: 0 });
  });
});
