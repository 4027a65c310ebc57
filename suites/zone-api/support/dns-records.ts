// DNS records as the specs write and read them. The spec shows only the fields named in the change
// notices (zone_id, zone_name, locked, name, SRV data); the rest of the payload (type, content,
// ttl) is the production service's. Writing a record is therefore a set-up step (`setUp`: a target
// that refuses the payload leaves the spec not verified), and what the document states of the
// answers (the fields its change notices name) is asserted as core.

import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../../../src/spec-kit/api-client.js';
import { answered, expectArray, expectObject, failureAbout } from '../../../src/spec-kit/expect.js';
import type { TestZone } from '../../../src/spec-kit/spec.js';
import { dateOf } from '../../../src/catalog/deprecation-schedule.js';

export type Json = Record<string, unknown>;

export interface DnsRecord {
  id: string;
  name: string;
  type: string;
  content?: string;
  data?: Json;
  zone_id?: string;
  zone_name?: string;
  locked?: boolean;
  [field: string]: unknown;
}

/** Why a DNS record spec is extended: every assertion is a convention of the record payload (validation, conflicts, paging, DELETE). */
export const RECORD_CONVENTIONS = 'asserts only conventions of the record payload, which the spec does not show (what is valid, conflicts, paging, DELETE)';
/** ...and, for the root-cause spec, the root causes' codes and messages. */
export const ROOT_CAUSE_CONVENTIONS = 'asserts only the production service\'s root causes of an invalid record (codes and messages the spec does not show)';

/** The spec kit's set-up fixture (src/spec-kit/spec.ts): a step the document does not show. */
export type SetUp = <T>(what: string, step: () => Promise<T>) => Promise<T>;
/** What the helpers work with: the spec's fixtures. */
export interface DnsWorld { api: ApiClient; zone: TestZone; setUp: SetUp }

/** The set-up steps: writes of a record, whose payload the document does not show. */
export const WRITE_SET_UP = {
  POST: 'a DNS record created through POST /dns_records (the record payload is not shown)',
  PATCH: 'a DNS record changed through PATCH /dns_records/{id} (the payload is not shown)',
  PUT: 'a DNS record replaced through PUT /dns_records/{id} (the payload is not shown)',
  INVALID: 'a DNS record the target refuses as invalid (what makes a record invalid is not shown)',
} as const;

/** The dates of the Versioning table that concern DNS records. */
/** The dated changes of the DNS record rows of the Versioning table (fixtures/deprecations.json). */
export const DNS_DATES = {
  srvOuterNameOnly: dateOf('SRV data.service, data.proto, data.name'),
  locked: dateOf('locked field of DNS records'),
  rootCauseDirect: dateOf('DNS validation error chain'),
  zoneInfo: dateOf('Zone info in DNS records'),
} as const;

export const SRV_NAME_FIELDS = ['service', 'proto', 'name'] as const;
export const SRV_KEPT_FIELDS = ['priority', 'weight', 'port', 'target'] as const;

const uuid8 = (): string => crypto.randomUUID().slice(0, 8);

export const recordsPath = (zone: TestZone): string => zone.path('/dns_records');
export const recordPath = (zone: TestZone, id: string): string => zone.path(`/dns_records/${id}`);

/** A full name in the zone, new every time. */
export const recordName = (zone: TestZone, prefix = 'host'): string => `${prefix}-${uuid8()}.${zone.setup.name}`;

/** An A record in the zone (documentation addresses, RFC 5737). */
export const aRecord = (zone: TestZone, fields: Json = {}): Json => ({ type: 'A', name: recordName(zone), content: '192.0.2.10', ttl: 3600, ...fields });

/** An SRV record named only by its outer name. */
export const srvRecord = (zone: TestZone, data: Json = {}, fields: Json = {}): Json => ({
  type: 'SRV', name: `_sip._tcp.${recordName(zone, 'srv')}`, ttl: 3600,
  data: { priority: 10, weight: 20, port: 5060, target: 'sip.example.net', ...data }, ...fields,
});

/** The invalid records of the error specs, each with the production service's root cause. */
export const INVALID_RECORDS = [
  { what: 'an A record whose content is not an IPv4 address', record: (zone: TestZone) => aRecord(zone, { content: '192.0.2.300' }), code: 9005, message: /^Content for A record must be a valid IPv4 address\.$/ },
  { what: 'a record with a TTL of 10 seconds (below the minimum of every plan)', record: (zone: TestZone) => aRecord(zone, { ttl: 10 }), code: 9021, message: /^Invalid TTL\b/ },
] as const;

/**
 * A record answered by a write is the record written: an object with an id, of the type sent, and
 * (an A record) with the address sent. Its name is left to the name specs, which say what is wrong with it.
 */
function expectRecordAsSent(record: DnsRecord, body: Json, what: string): void {
  const shown = show(record).slice(0, 600);
  expect(typeof record.id === 'string' && record.id !== '', `${what}: the record has an id: ${shown}`).toBe(true);
  if (typeof body.type === 'string') expect(String(record.type).toUpperCase(), `${what}: the record has the type sent: ${shown}`).toBe(body.type.toUpperCase());
  if (body.type === 'A' && typeof body.content === 'string') expect(record.content, `${what}: the A record has the address sent: ${shown}`).toBe(body.content);
}

/** POST of a record that must be taken: the answer is the record written. */
export async function postRecord(api: ApiClient, zone: TestZone, body: Json): Promise<DnsRecord> {
  const what = `POST ${String(body.type)} record ${String(body.name)}`;
  const record = expectObject(await api.post<DnsRecord>(recordsPath(zone), { json: body }), what);
  expectRecordAsSent(record, body, what);
  return record;
}

/** Creates a record: a set-up step (the record payload is not shown). */
export function createRecord(world: DnsWorld, body: Json): Promise<DnsRecord> {
  return world.setUp(WRITE_SET_UP.POST, () => postRecord(world.api, world.zone, body));
}

/** PATCH or PUT of a record that must be taken (set-up): the answer is that record, as written. */
export function writeRecord(world: DnsWorld, method: 'PATCH' | 'PUT', id: string, body: Json, asWritten: Json = body): Promise<DnsRecord> {
  return world.setUp(WRITE_SET_UP[method], async () => {
    const path = recordPath(world.zone, id);
    const answer = method === 'PATCH' ? await world.api.patch<DnsRecord>(path, { json: body }) : await world.api.put<DnsRecord>(path, { json: body });
    const record = expectObject(answer, `${method} record ${id}`);
    expectRecordAsSent(record, asWritten, `${method} record ${id}`);
    expect(record.id, `${method} record ${id} answers that record`).toBe(id);
    return record;
  });
}

/**
 * A POST of a record the target must refuse (set-up: what is invalid is not shown); its answer,
 * whose errors the document describes, is returned for the spec to check.
 */
export function postInvalid(world: DnsWorld, body: Json, what: string): Promise<ApiResponse> {
  return world.setUp(WRITE_SET_UP.INVALID, async () => {
    const response = await world.api.post(recordsPath(world.zone), { json: body });
    if (response.body?.success !== false) throw failureAbout(response, `POST of ${what} was not refused: ${answered(response)}`);
    return response;
  });
}

export async function readRecord(api: ApiClient, zone: TestZone, id: string): Promise<DnsRecord> {
  const record = expectObject(await api.get<DnsRecord>(recordPath(zone, id)), `GET record ${id}`);
  expect(record.id, `GET record ${id} answers that record: ${show(record).slice(0, 600)}`).toBe(id);
  return record;
}

export async function listRecords(api: ApiClient, zone: TestZone): Promise<DnsRecord[]> {
  return expectArray(await api.get<DnsRecord[]>(recordsPath(zone), { query: { per_page: 100 } }), 'GET the records of the zone');
}

/**
 * Asserts that a zone of its own holds no record and then, as the positive control, that the same
 * listing shows a valid record created now.
 */
export async function expectNoRecords(world: DnsWorld, why: string): Promise<void> {
  const { api, zone } = world;
  expect((await listRecords(api, zone)).map(show), `${why}: no record may have been created`).toEqual([]);
  const control = await createRecord(world, aRecord(zone, { content: '192.0.2.200' }));
  expect((await listRecords(api, zone)).map((r) => [r.id, r.content]), 'positive control: the same listing shows a valid record created now').toEqual([[control.id, '192.0.2.200']]);
}

/** One response of one of the five dns_records operations. */
export interface Observed {
  operation: 'POST' | 'GET' | 'GET list' | 'PATCH' | 'PUT';
  record: DnsRecord;
  /** The body whose fields the record should show at that point (the PATCH body over the created record). */
  sent: Json;
}

/** A PATCH or PUT the document's statement says must be taken (core): the answer is that record, as written. */
async function writeTaken(world: DnsWorld, method: 'PATCH' | 'PUT', id: string, body: Json, asWritten: Json): Promise<DnsRecord> {
  const path = recordPath(world.zone, id);
  const answer = method === 'PATCH' ? await world.api.patch<DnsRecord>(path, { json: body }) : await world.api.put<DnsRecord>(path, { json: body });
  const record = expectObject(answer, `${method} record ${id} with ${show(body)}`);
  expectRecordAsSent(record, asWritten, `${method} record ${id}`);
  expect(record.id, `${method} record ${id} answers that record`).toBe(id);
  return record;
}

/**
 * Runs the five dns_records operations on one record: create it, read it, find it in the list,
 * PATCH it, PUT it; returns what each answered. The writes are set-up steps (their payloads are
 * not shown); the reads are the documented GETs. With `sentFields` (fields the document says are
 * ignored when sent: zone_id, zone_name, locked), the same writes without them are the set-up, on
 * a record of their own, and the writes with them must be taken: a refusal is the target's failure.
 */
export async function fiveOperations(world: DnsWorld, bodies: { create: Json; patch: Json; put: Json }, sentFields: Json = {}): Promise<Observed[]> {
  const { api, zone } = world;
  const withFields = Object.keys(sentFields).length > 0;
  const afterPatch = { ...bodies.create, ...bodies.patch };
  let created: DnsRecord;
  if (withFields) {
    const proof = await createRecord(world, { ...bodies.create, name: recordName(zone, 'proof') });
    await writeRecord(world, 'PATCH', proof.id, bodies.patch, { ...bodies.create, ...bodies.patch });
    await writeRecord(world, 'PUT', proof.id, { ...bodies.put, name: recordName(zone, 'proof') });
    created = await postRecord(api, zone, { ...bodies.create, ...sentFields });
  } else {
    created = await createRecord(world, bodies.create);
  }
  const read = await readRecord(api, zone, created.id);
  const listed = (await listRecords(api, zone)).find((record) => record.id === created.id);
  expect(listed, `the list of the zone holds the record just created (${created.id})`).toBeDefined();
  // Every answer is the record itself (its id, the type and name written): what a spec then finds
  // absent from it is absent from the record, not from some other answer.
  const patched = withFields
    ? await writeTaken(world, 'PATCH', created.id, { ...bodies.patch, ...sentFields }, afterPatch)
    : await writeRecord(world, 'PATCH', created.id, bodies.patch, afterPatch);
  const put = withFields ? await writeTaken(world, 'PUT', created.id, { ...bodies.put, ...sentFields }, bodies.put) : await writeRecord(world, 'PUT', created.id, bodies.put);
  return [
    { operation: 'POST', record: created, sent: bodies.create },
    { operation: 'GET', record: read, sent: bodies.create },
    { operation: 'GET list', record: listed!, sent: bodies.create },
    { operation: 'PATCH', record: patched, sent: afterPatch },
    { operation: 'PUT', record: put, sent: bodies.put },
  ];
}

export const show = (record: unknown): string => JSON.stringify(record);
