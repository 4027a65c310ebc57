// specgate-clock: per zone
// (Every spec here moves time only for zones it created and reads time only there: on a target with a
// clock per zone this file runs alongside the others; src/catalog/suites.ts reads this line.)
//
// DNS records: the fields and errors the change notices name, on both sides of each date.
//
// Dated: every dated spec runs with the target's clock on one side of its change (datedSpec), so
// this file runs alone, after the other zone API specs. Each spec has a zone of its own, created
// at that instant.
//
// Profiles per assertion: the spec shows the dns_records operations and the fields its
// change notices name, never the record payload itself (type, content, ttl) nor what makes a
// record invalid and the root cause's code. Writing a record, and writing an invalid one, are
// set-up steps (`setUp`): a target that refuses them leaves the spec not verified. What the
// document states of the answers (zone_id and zone_name, locked, name, SRV data, the 1004 wrapper
// and error_chain) is asserted as core. The specs whose every assertion is a convention (the
// production service's root causes, what is valid, conflicts, paging, DELETE) stay extended; the
// reference's choices are in docs/dns-records-contract.md.

import { expect } from 'vitest';
import type { DatedChange } from '../../src/core/dates.js';
import { about, answered, errorCodes, expectArray, expectFailure, expectFailureStatus, expectObject, expectRefused, expectShape } from '../../src/spec-kit/expect.js';
import { describe, datedSpec, spec, type TestZone } from '../../src/spec-kit/spec.js';
import {
  aRecord, createRecord, DNS_DATES, postRecord, expectNoRecords, fiveOperations, INVALID_RECORDS, listRecords, postInvalid, readRecord, RECORD_CONVENTIONS, recordName,
  recordPath, recordsPath, ROOT_CAUSE_CONVENTIONS, show, SRV_KEPT_FIELDS, SRV_NAME_FIELDS, srvRecord, writeRecord, type DnsRecord, type Json,
} from './support/dns-records.js';

type Body = Parameters<typeof spec>[2];
const before = (date: string): DatedChange => ({ date, side: 'before' });
const after = (date: string): DatedChange => ({ date, side: 'after' });

/** A dated spec of what the document states of the answers (core). */
const recordSpec = (ids: string | string[], title: string, change: DatedChange, body: Body) => datedSpec(ids, title, change, body);
/** A dated spec whose every assertion is a convention of the record payload (extended). */
const conventionSpec = (ids: string | string[], title: string, change: DatedChange, body: Body) =>
  datedSpec(ids, title, change, body, { extended: RECORD_CONVENTIONS });
/** A dated spec whose every assertion is a root cause of the production service (extended). */
const rootCauseSpec = (ids: string | string[], title: string, change: DatedChange, body: Body) =>
  datedSpec(ids, title, change, body, { extended: ROOT_CAUSE_CONVENTIONS });

/** Bodies for the five operations on an A record: PATCH and PUT change the content. */
const aRecordBodies = (zone: TestZone, fields: Json = {}): { create: Json; patch: Json; put: Json } => ({
  create: aRecord(zone, fields),
  patch: { content: '192.0.2.11', ...fields },
  put: aRecord(zone, { content: '192.0.2.12', ...fields }),
});

describe('zone_id and zone_name (2024-11-30)', () => {
  recordSpec('ZM-DNSREC-ZONE-INFO-UNTIL-2024-11-30', 'all five operations return zone_id and zone_name of the record\'s zone', before(DNS_DATES.zoneInfo), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    for (const { operation, record } of await fiveOperations(world, aRecordBodies(zone))) {
      expect(record.zone_id, `${operation}: zone_id is returned until 2024-11-30 and names the record's zone: ${show(record)}`).toBe(zone.id);
      expect(record.zone_name, `${operation}: zone_name is returned until 2024-11-30 and names the record's zone: ${show(record)}`).toBe(zone.setup.name);
    }
  });

  recordSpec('ZM-DNSREC-ZONE-INFO-DROPPED-2024-11-30', 'all five operations omit zone_id and zone_name', after(DNS_DATES.zoneInfo), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    for (const { operation, record } of await fiveOperations(world, aRecordBodies(zone))) {
      expect(Object.keys(record).filter((k) => k === 'zone_id' || k === 'zone_name'), `${operation}: zone_id and zone_name are dropped from 2024-11-30: ${show(record)}`).toEqual([]);
    }
  });

  for (const side of [before, after]) {
    recordSpec('ZM-DNSREC-ZONE-INFO-IGNORED', 'zone_id and zone_name sent in POST, PATCH and PUT are ignored: the record stays in the zone of the path', side(DNS_DATES.zoneInfo), async ({ api, ownZone: zone, newZone, setUp }) => {
    const world = { api, zone, setUp };
      const other = await newZone();
      const foreign = { zone_id: other.id, zone_name: other.setup.name };
      const observed = await fiveOperations(world, aRecordBodies(zone), foreign);
      for (const { operation, record } of observed) {
        // Whether they are returned at all is the date's business; when they are, they name the path's zone.
        if ('zone_id' in record) expect(record.zone_id, `${operation}: the zone_id sent is ignored: ${show(record)}`).toBe(zone.id);
        if ('zone_name' in record) expect(record.zone_name, `${operation}: the zone_name sent is ignored: ${show(record)}`).toBe(zone.setup.name);
      }
      const id = observed[0]!.record.id;
      await readRecord(api, zone, id);
      expectFailure(await api.get(recordPath(other, id)), `the record must not be found in the zone named by the zone_id sent (${other.id})`);
      await expectNoRecords({ ...world, zone: other }, 'the zone named by the zone_id sent');
    });
  }
});

describe('locked (2024-07-14)', () => {
  recordSpec('ZM-DNSREC-LOCKED-FALSE-BEFORE-2024-07-14', 'all five operations return locked false, even when true is sent', before(DNS_DATES.locked), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    for (const { operation, record } of await fiveOperations(world, aRecordBodies(zone), { locked: true })) {
      expect(record.locked, `${operation}: before 2024-07-14 locked is always false (true was sent): ${show(record)}`).toBe(false);
    }
  });

  recordSpec('ZM-DNSREC-LOCKED-OMITTED-2024-07-14', 'all five operations omit locked', after(DNS_DATES.locked), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    for (const { operation, record } of await fiveOperations(world, aRecordBodies(zone))) {
      expect('locked' in record, `${operation}: locked is omitted from 2024-07-14: ${show(record)}`).toBe(false);
    }
  });

  recordSpec('ZM-DNSREC-LOCKED-IGNORED-2024-07-14', 'locked true sent in POST, PATCH and PUT is ignored: the writes succeed and the record stays editable', after(DNS_DATES.locked), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    const observed = await fiveOperations(world, aRecordBodies(zone), { locked: true });
    for (const { operation, record } of observed) {
      expect(record.locked, `${operation}: the locked sent is ignored: ${show(record)}`).not.toBe(true);
    }
    // Positive control (set-up): the same PATCH of a record never sent locked is taken.
    const plain = await createRecord(world, aRecord(zone, { content: '192.0.2.98' }));
    await writeRecord(world, 'PATCH', plain.id, { content: '192.0.2.99' });
    const id = observed[0]!.record.id;
    const edited = expectObject(await api.patch<DnsRecord>(recordPath(zone, id), { json: { content: '192.0.2.99' } }), 'a record sent with locked true is not locked: PATCH');
    expect(edited.content, `the PATCH took effect: ${show(edited)}`).toBe('192.0.2.99');
    expect((await readRecord(api, zone, id)).content, 'the PATCH took effect (GET)').toBe('192.0.2.99');
  });
});

describe('name', () => {
  spec('ZM-DNSREC-NAME-FULL', 'name is the full record name on all five operations', async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    const bodies = aRecordBodies(zone);
    bodies.patch = { name: recordName(zone, 'patched') };
    for (const { operation, record, sent } of await fiveOperations(world, bodies)) {
      expect(record.name, `${operation}: name is the full name written: ${show(record)}`).toBe(sent.name);
    }
    // A name relative to the zone, where accepted, reads back in full.
    const relative = `short-${crypto.randomUUID().slice(0, 8)}`;
    const response = await api.post<DnsRecord>(recordsPath(zone), { json: aRecord(zone, { name: relative }) });
    if (response.body?.success) expect((response.body.result as DnsRecord | null)?.name, `a record written as "${relative}" has the full name: ${response.text.slice(0, 300)}`).toBe(`${relative}.${zone.setup.name}`);
  });
});

describe('SRV records (2024-05-31)', () => {
  recordSpec('ZM-DNSREC-SRV-OUTER-NAME-ONLY', 'an SRV record is named by its outer name alone, written and read on all five operations', after(DNS_DATES.srvOuterNameOnly), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    const bodies = { create: srvRecord(zone), patch: { name: `_sip._udp.${recordName(zone, 'srv')}` }, put: srvRecord(zone) };
    for (const { operation, record, sent } of await fiveOperations(world, bodies)) {
      expect(record.name, `${operation}: the SRV record's name is its outer name: ${show(record)}`).toBe(sent.name);
    }
  });

  recordSpec('ZM-DNSREC-SRV-DATA-NAME-NOT-PRODUCED-2024-05-31', 'SRV data carries no service, proto or name on any of the five operations', after(DNS_DATES.srvOuterNameOnly), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    const bodies = { create: srvRecord(zone), patch: { data: { priority: 1, weight: 2, port: 5061, target: 'sips.example.net' } }, put: srvRecord(zone) };
    for (const { operation, record, sent } of await fiveOperations(world, bodies)) {
      expect(typeof record.data === 'object' && record.data !== null, `${operation}: an SRV record has data: ${show(record)}`).toBe(true);
      // Positive control: the data read is the data written (its target), so an absent field is absent from it.
      expect(record.data!.target, `${operation}: data.target is the one written: ${show(record)}`).toBe((sent.data as Json).target);
      expect(Object.keys(record.data!).filter((k) => (SRV_NAME_FIELDS as readonly string[]).includes(k)), `${operation}: data.service, data.proto and data.name are no longer produced: ${show(record)}`).toEqual([]);
    }
  });

  recordSpec('ZM-DNSREC-SRV-DATA-NAME-REFUSED-2024-05-31', 'POST, PATCH and PUT with data.service, data.proto or data.name fail and change nothing', after(DNS_DATES.srvOuterNameOnly), async ({ api, ownZone: zone, setUp }) => {
    const world = { api, zone, setUp };
    const retired = (name: string): Json => ({ service: '_sip', proto: '_tcp', name });
    for (const field of SRV_NAME_FIELDS) {
      const body = srvRecord(zone);
      const response = await api.post(recordsPath(zone), { json: { ...body, data: { ...(body.data as Json), [field]: retired(zone.setup.name)[field] } } });
      expectFailure(response, `POST of an SRV record with data.${field}`);
    }
    await expectNoRecords(world, 'every POST was refused');
    const created = await createRecord(world, srvRecord(zone));
    // Positive controls (set-up): the same PATCH and PUT without those fields are taken.
    await writeRecord(world, 'PATCH', created.id, { data: { priority: 5, weight: 6, port: 5070, target: 'sip2.example.net' } });
    const put = { type: 'SRV', name: created.name, ttl: 3600, data: { priority: 7, weight: 8, port: 5071, target: 'sip3.example.net' } };
    await writeRecord(world, 'PUT', created.id, put);
    const record = await readRecord(api, zone, created.id);
    for (const field of SRV_NAME_FIELDS) {
      const data = { ...record.data, [field]: retired(zone.setup.name)[field] };
      expectFailure(await api.patch(recordPath(zone, record.id), { json: { data } }), `PATCH of an SRV record with data.${field}`);
      expectFailure(await api.put(recordPath(zone, record.id), { json: { ...put, data } }), `PUT of an SRV record with data.${field}`);
    }
    const unchanged = await readRecord(api, zone, record.id);
    expect({ name: unchanged.name, data: unchanged.data }, 'the refused writes changed nothing').toEqual({ name: record.name, data: record.data });
  });

  for (const side of [before, after]) {
    recordSpec('ZM-DNSREC-SRV-DATA-KEPT', 'SRV data.priority, weight, port and target are accepted and returned on all five operations', side(DNS_DATES.srvOuterNameOnly), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
      const bodies = {
        create: srvRecord(zone, { priority: 10, weight: 20, port: 5060, target: 'sip.example.net' }),
        patch: { data: { priority: 30, weight: 40, port: 5061, target: 'sips.example.net' } },
        put: srvRecord(zone, { priority: 0, weight: 0, port: 443, target: 'edge.example.org' }),
      };
      for (const { operation, record, sent } of await fiveOperations(world, bodies)) {
        const kept = Object.fromEntries(SRV_KEPT_FIELDS.map((k) => [k, (record.data ?? {})[k]]));
        expect(kept, `${operation}: data.priority, weight, port and target are what was written: ${show(record)}`).toEqual(sent.data);
      }
    });
  }
});

describe('an invalid record on create (2024-10-01)', () => {
  recordSpec('ZM-DNSREC-VALIDATION-1004-BEFORE-2024-10-01', 'creating an invalid record fails with 1004 DNS Validation Error', before(DNS_DATES.rootCauseDirect), async ({ api, ownZone: zone, setUp }) => {
    const world = { api, zone, setUp };
    for (const invalid of INVALID_RECORDS) {
      const response = await postInvalid(world, invalid.record(zone), invalid.what);
      expectFailure(response, `POST of ${invalid.what}`);
      about(response, () => expect(response.body!.errors.map(({ code, message }) => ({ code, message })), `POST of ${invalid.what}: ${answered(response)}; the error should be 1004 "DNS Validation Error" before 2024-10-01`)
        .toContainEqual({ code: 1004, message: 'DNS Validation Error' }));
    }
    await expectNoRecords(world, 'every POST was invalid');
  });

  recordSpec('ZM-DNSREC-ERROR-CHAIN-BEFORE-2024-10-01', 'the 1004 error carries the root cause in error_chain', before(DNS_DATES.rootCauseDirect), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    for (const invalid of INVALID_RECORDS) {
      const response = await postInvalid(world, invalid.record(zone), invalid.what);
      expectFailure(response, `POST of ${invalid.what}`);
      const wrapper = response.body!.errors.find((e) => e.code === 1004);
      about(response, () => expect(wrapper, `POST of ${invalid.what}: a 1004 error (${answered(response)})`).toBeDefined());
      expectShape('error', wrapper, 'the 1004 error');
      const chain = wrapper!.error_chain;
      about(response, () => expect(Array.isArray(chain) && chain.length > 0, `POST of ${invalid.what}: error_chain holds the root cause (${answered(response)})`).toBe(true));
      about(response, () => expect(chain!.some((cause) => cause.code !== 1004), `POST of ${invalid.what}: the root cause is not the wrapper itself (${answered(response)})`).toBe(true));
    }
  });

  recordSpec('ZM-DNSREC-ROOT-CAUSE-DIRECT-2024-10-01', 'creating an invalid record fails with the root cause itself: no 1004, no error_chain', after(DNS_DATES.rootCauseDirect), async ({ api, ownZone: zone, setUp }) => {
    const world = { api, zone, setUp };
    for (const invalid of INVALID_RECORDS) {
      const response = await postInvalid(world, invalid.record(zone), invalid.what);
      expectFailure(response, `POST of ${invalid.what}`);
      const errors = response.body!.errors;
      about(response, () => expect(errorCodes(response), `POST of ${invalid.what}: no 1004 wrapper from 2024-10-01 (${answered(response)})`).not.toContain(1004));
      about(response, () => expect(errors.map((e) => e.message), `POST of ${invalid.what}: no "DNS Validation Error" wrapper (${answered(response)})`).not.toContain('DNS Validation Error'));
      about(response, () => expect(errors.filter((e) => 'error_chain' in e), `POST of ${invalid.what}: error_chain is omitted from 2024-10-01 (${answered(response)})`).toEqual([]));
    }
    await expectNoRecords(world, 'every POST was invalid');
  });

  for (const side of [before, after]) {
    rootCauseSpec('ZM-DNSREC-EXT-ROOT-CAUSES', 'the root causes are the production service\'s (9005 bad IPv4 content, 9021 invalid TTL)', side(DNS_DATES.rootCauseDirect), async ({ api, zone, asOf, setUp }) => {
    const world = { api, zone, setUp };
      for (const invalid of INVALID_RECORDS) {
        const response = await postInvalid(world, invalid.record(zone), invalid.what);
        expectFailure(response, `POST of ${invalid.what}`);
        const causes = asOf.change?.side === 'before' ? response.body!.errors.find((e) => e.code === 1004)?.error_chain ?? [] : response.body!.errors;
        about(response, () => expect(causes.map((c) => c.code), `POST of ${invalid.what}: the root cause is ${invalid.code} (${answered(response)})`).toEqual([invalid.code]));
        expect(causes[0]!.message, `POST of ${invalid.what}: the root cause's message`).toMatch(invalid.message);
      }
    });
  }
});

describe('what makes a record invalid (docs/dns-records-contract.md)', () => {
  const host = (zone: TestZone) => recordName(zone);
  const longLabel = 'a'.repeat(64);
  /** Records invalid in exactly one field. */
  const REFUSED: [string, (zone: TestZone) => Json][] = [
    ['type SPF', (z) => aRecord(z, { type: 'SPF' })],
    ['no type', (z) => ({ name: host(z), content: '192.0.2.10' })],
    ['a type that is a number', (z) => aRecord(z, { type: 1 })],
    ['no name', () => ({ type: 'A', content: '192.0.2.10' })],
    ['an empty name', (z) => aRecord(z, { name: ' ' })],
    ['a name with a space', (z) => aRecord(z, { name: `bad name.${z.setup.name}` })],
    ['a name with a 64-character label', (z) => aRecord(z, { name: `${longLabel}.${z.setup.name}` })],
    ['a name whose label starts with a hyphen', (z) => aRecord(z, { name: `-host.${z.setup.name}` })],
    ['a name whose label ends with a hyphen', (z) => aRecord(z, { name: `host-.${z.setup.name}` })],
    ['a name with an empty label', (z) => aRecord(z, { name: `a..b.${z.setup.name}` })],
    ['a name that is a wildcard in the middle', (z) => aRecord(z, { name: `a.*.${z.setup.name}` })],
    ['A content that is a number', (z) => aRecord(z, { content: 192 })],
    ['AAAA content that is IPv4', (z) => aRecord(z, { type: 'AAAA', content: '192.0.2.10' })],
    ['AAAA content that is not an address', (z) => aRecord(z, { type: 'AAAA', content: '2001:db8::zz' })],
    ['CNAME content with a space', (z) => aRecord(z, { type: 'CNAME', content: 'not a host' })],
    ['CNAME content that is a wildcard', (z) => aRecord(z, { type: 'CNAME', content: '*.example.net' })],
    ['NS content that is empty', (z) => aRecord(z, { type: 'NS', content: '' })],
    ['MX content with a space', (z) => aRecord(z, { type: 'MX', content: 'mail host', priority: 10 })],
    ['MX without priority', (z) => aRecord(z, { type: 'MX', content: 'mail.example.net' })],
    ['MX priority 65536', (z) => aRecord(z, { type: 'MX', content: 'mail.example.net', priority: 65_536 })],
    ['MX priority -1', (z) => aRecord(z, { type: 'MX', content: 'mail.example.net', priority: -1 })],
    ['MX priority 1.5', (z) => aRecord(z, { type: 'MX', content: 'mail.example.net', priority: 1.5 })],
    ['TXT content that is empty', (z) => aRecord(z, { type: 'TXT', content: '' })],
    ['TXT content of 2049 characters', (z) => aRecord(z, { type: 'TXT', content: 't'.repeat(2049) })],
    ['TXT content that is a number', (z) => aRecord(z, { type: 'TXT', content: 5 })],
    ['ttl 0', (z) => aRecord(z, { ttl: 0 })],
    ['ttl 29', (z) => aRecord(z, { ttl: 29 })],
    ['ttl 86401', (z) => aRecord(z, { ttl: 86_401 })],
    ['ttl 3600.5', (z) => aRecord(z, { ttl: 3600.5 })],
    ['ttl as a string', (z) => aRecord(z, { ttl: '3600' })],
    ['proxied as a string', (z) => aRecord(z, { proxied: 'true' })],
    ['a proxied TXT record', (z) => aRecord(z, { type: 'TXT', content: 'text', proxied: true })],
    ['a proxied MX record', (z) => aRecord(z, { type: 'MX', content: 'mail.example.net', priority: 10, proxied: true })],
    ['a comment of 101 characters', (z) => aRecord(z, { comment: 'c'.repeat(101) })],
    ['a comment that is a number', (z) => aRecord(z, { comment: 5 })],
    ['tags that are a string', (z) => aRecord(z, { tags: 'team:a' })],
    ['tags holding a number', (z) => aRecord(z, { tags: ['team:a', 1] })],
    ['SRV without data', (z) => ({ ...srvRecord(z), data: undefined })],
    ['SRV data that is an array', (z) => srvRecord(z, {}, { data: [10, 20, 5060, 'sip.example.net'] })],
    ['SRV data.priority 65536', (z) => srvRecord(z, { priority: 65_536 })],
    ['SRV data.weight -1', (z) => srvRecord(z, { weight: -1 })],
    ['SRV data.port as a string', (z) => srvRecord(z, { port: '5060' })],
    ['SRV data.target with a space', (z) => srvRecord(z, { target: 'sip host' })],
    ['SRV data.target that is a number', (z) => srvRecord(z, { target: 5 })],
  ];

  conventionSpec('ZM-DNSREC-EXT-VALIDATION', 'a record invalid in one field is refused with a 4xx and creates nothing', after(DNS_DATES.zoneInfo), async ({ api, ownZone: zone, setUp }) => {
    const world = { api, zone, setUp };
    for (const [what, record] of REFUSED) {
      const response = await api.post(recordsPath(zone), { json: record(zone) });
      expectRefused(response, `POST of a record with ${what}`);
      about(response, () => expect(errorCodes(response).length, `POST of a record with ${what}: one error for its one invalid field (${answered(response)})`).toBe(1));
    }
    await expectNoRecords(world, 'every POST was invalid');
  });

  conventionSpec('ZM-DNSREC-EXT-VALIDATION', 'a PATCH or PUT that makes a record invalid is refused and the record keeps its fields', after(DNS_DATES.zoneInfo), async ({ api, zone, setUp }) => {
    const world = { api, zone, setUp };
    const record = await createRecord(world, aRecord(zone, { type: 'MX', content: 'mail.example.net', priority: 10 }));
    for (const body of [{ priority: 70_000 }, { ttl: 5 }, { content: 'bad host' }, { proxied: true }, { type: 'BOGUS' }, { comment: 'c'.repeat(101) }]) {
      expectRefused(await api.patch(recordPath(zone, record.id), { json: body }), `PATCH ${JSON.stringify(body)}`);
    }
    expectRefused(await api.put(recordPath(zone, record.id), { json: { type: 'MX', name: record.name, content: 'mail.example.net', ttl: 3600 } }), 'PUT of an MX record without priority');
    expectRefused(await api.put(recordPath(zone, record.id), { json: [record] }), 'PUT of an array');
    const kept = await readRecord(api, zone, record.id);
    expect({ type: kept.type, content: kept.content, priority: kept.priority, ttl: kept.ttl, proxied: kept.proxied }, 'the record after the refused writes').toEqual({ type: 'MX', content: 'mail.example.net', priority: 10, ttl: record.ttl, proxied: false });
  });

  conventionSpec('ZM-DNSREC-EXT-VALIDATION', 'values at the limits are accepted: ttl 1, 60 and 86400 (30 on Enterprise), TXT of 2048 characters, MX priority 0 and 65535, a wildcard, @, a 100-character comment, proxied A/AAAA/CNAME', after(DNS_DATES.zoneInfo), async ({ api, newZone }) => {
    const pro = await newZone({ plan: 'pro' });
    const enterprise = await newZone({ plan: 'enterprise' });
    const accepted: [string, TestZone, Json][] = [
      ['ttl 1 (automatic)', pro, aRecord(pro, { ttl: 1 })],
      ['ttl 60', pro, aRecord(pro, { ttl: 60 })],
      ['ttl 86400', pro, aRecord(pro, { ttl: 86_400 })],
      ['ttl 30 on an Enterprise zone', enterprise, aRecord(enterprise, { ttl: 30 })],
      ['a TXT record of 2048 characters', pro, aRecord(pro, { type: 'TXT', content: 't'.repeat(2048) })],
      ['MX priority 0', pro, aRecord(pro, { type: 'MX', content: 'mx0.example.net', priority: 0 })],
      ['MX priority 65535', pro, aRecord(pro, { type: 'MX', content: 'mx1.example.net', priority: 65_535 })],
      ['a wildcard name', pro, aRecord(pro, { name: `*.${recordName(pro, 'wild')}` })],
      ['the apex as @', pro, aRecord(pro, { name: '@', content: '192.0.2.99' })],
      ['a comment of 100 characters', pro, aRecord(pro, { comment: 'c'.repeat(100) })],
      ['tags', pro, aRecord(pro, { tags: ['team:a', 'env:test'] })],
      ['a proxied A record', pro, aRecord(pro, { proxied: true, content: '192.0.2.98' })],
      ['a proxied AAAA record', pro, aRecord(pro, { type: 'AAAA', content: '2001:db8::1', proxied: true })],
      ['a proxied CNAME record', pro, aRecord(pro, { type: 'CNAME', content: 'target.example.net', proxied: true })],
      ['SRV data at the limits', pro, srvRecord(pro, { priority: 0, weight: 65_535, port: 65_535 })],
    ];
    for (const [what, zone, body] of accepted) {
      const record = await postRecord(api, zone, body);
      for (const field of ['type', 'ttl', 'proxied', 'priority', 'comment', 'tags'] as const) {
        if (body[field] !== undefined) expect(record[field as keyof DnsRecord], `${what}: ${field} as sent`).toEqual(body[field]);
      }
    }
    expectRefused(await api.post(recordsPath(pro), { json: aRecord(pro, { ttl: 30 }) }), 'ttl 30 outside Enterprise');
    expectRefused(await api.post(recordsPath(pro), { json: aRecord(pro, { ttl: 59 }) }), 'ttl 59 outside Enterprise');
  });

  conventionSpec('ZM-DNSREC-EXT-CONFLICTS', 'a CNAME where another record has the name, any record where a CNAME has it, and an identical record are refused', after(DNS_DATES.zoneInfo), async ({ api, ownZone: zone, setUp }) => {
    const world = { api, zone, setUp };
    const name = recordName(zone);
    const a = await createRecord(world, aRecord(zone, { name }));
    expectRefused(await api.post(recordsPath(zone), { json: aRecord(zone, { name, type: 'CNAME', content: 'target.example.net' }) }), 'a CNAME named like an A record');
    expectRefused(await api.post(recordsPath(zone), { json: aRecord(zone, { name }) }), 'a record identical to the A record');
    await createRecord(world, aRecord(zone, { name, content: '192.0.2.77' }));
    const cnameName = recordName(zone, 'alias');
    await createRecord(world, aRecord(zone, { name: cnameName, type: 'CNAME', content: 'target.example.net' }));
    expectRefused(await api.post(recordsPath(zone), { json: aRecord(zone, { name: cnameName }) }), 'an A record named like a CNAME');
    expectRefused(await api.post(recordsPath(zone), { json: aRecord(zone, { name: cnameName, type: 'TXT', content: 'text' }) }), 'a TXT record named like a CNAME');
    expect((await listRecords(api, zone)).length, 'the three records created, and none of the refused ones').toBe(3);
    expect((await readRecord(api, zone, a.id)).content).toBe('192.0.2.10');
  });
});

describe('conventions (list and delete)', () => {
  spec('ZM-DNSREC-EXT-LIST-PAGINATION', 'the list pages with page and per_page and ends with an empty page', async ({ api, ownZone: zone, setUp }) => {
    const world = { api, zone, setUp };
    // Independent of each other: created together.
    const created = (await Promise.all(Array.from({ length: 6 }, (_, i) => createRecord(world, aRecord(zone, { content: `192.0.2.${20 + i}` }))))).map((r) => r.id);
    const seen: string[] = [];
    for (const [page, count] of [[1, 5], [2, 1], [3, 0]] as const) {
      const response = await api.get<DnsRecord[]>(recordsPath(zone), { query: { page, per_page: 5 } });
      const records = expectArray(response, `GET page ${page} of 5 records`);
      expect(records.length, `page ${page} holds ${count} of the 6 records`).toBe(count);
      expectShape('result-info', response.body!.result_info, 'result_info');
      expect(response.body!.result_info, `result_info of page ${page}`).toMatchObject({ page, per_page: 5, count, total_count: 6 });
      seen.push(...records.map((r) => r.id));
    }
    expect([...seen].sort(), 'the pages together hold every record once').toEqual([...created].sort());
  }, { extended: RECORD_CONVENTIONS });

  spec('ZM-DNSREC-EXT-DELETE', 'DELETE removes a record: it is then unknown (404) and no longer listed', async ({ api, ownZone: zone, setUp }) => {
    const world = { api, zone, setUp };
    const kept = await createRecord(world, aRecord(zone));
    const record = await createRecord(world, aRecord(zone, { content: '192.0.2.30' }));
    const deleted = expectObject(await api.delete<{ id: string }>(recordPath(zone, record.id)), 'DELETE the record');
    expect(deleted.id, 'DELETE answers the id it removed').toBe(record.id);
    expectFailureStatus(await api.get(recordPath(zone, record.id)), 404, 'GET of a deleted record');
    expectFailureStatus(await api.patch(recordPath(zone, record.id), { json: { content: '192.0.2.31' } }), 404, 'PATCH of a deleted record');
    expectFailureStatus(await api.put(recordPath(zone, record.id), { json: aRecord(zone) }), 404, 'PUT of a deleted record');
    expectFailureStatus(await api.delete(recordPath(zone, record.id)), 404, 'a second DELETE');
    expect((await listRecords(api, zone)).map((r) => r.id), 'the list holds only the record kept').toEqual([kept.id]);
  }, { extended: RECORD_CONVENTIONS });
});
