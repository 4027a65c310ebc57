// Deliberately broken variants of the reference's DNS records: each a realistic misreading of the
// dated changes, made by hooking the real reference (never by editing it). The dns-records area
// must catch each one, and exactly through the requirements listed.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReferenceApp } from '../../reference-impl/zone-api/app.js';
import { inEffect } from '../../reference-impl/zone-api/in-effect.js';
import type { BrokenVariant } from './zone-api-variants.js';

type Json = Record<string, unknown>;

const RECORDS = /^\/client\/v4\/zones\/([^/]+)\/dns_records(?:\/([^/?]+))?(?:\?|$)/;
/** The zone and record ids of a dns_records request, or undefined for any other request. */
const dnsRecords = (request: FastifyRequest): { zoneId: string; recordId?: string } | undefined => {
  const match = RECORDS.exec(request.url);
  return match ? { zoneId: match[1]!, ...(match[2] && { recordId: match[2] }) } : undefined;
};
const isWrite = (request: FastifyRequest) => ['POST', 'PATCH', 'PUT'].includes(request.method);
const bodyOf = (request: FastifyRequest): Json | undefined =>
  (typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? request.body as Json : undefined);

/** Whether the change dated `date` is in effect for the zone: on its clock (zone-api/zones/clocks.ts). */
const inEffectFor = (reference: ReferenceApp, zoneId: string, date: string): boolean => inEffect(reference.clocks.of(zoneId), date);

/** Rewrites every record of a successful dns_records response (one record or a list). */
function rewriteRecords(reference: ReferenceApp, rewrite: (record: Json, zoneId: string) => void): void {
  reference.app.addHook('onSend', async (request: FastifyRequest, _reply: FastifyReply, payload) => {
    const target = dnsRecords(request);
    if (!target || request.method === 'DELETE' || typeof payload !== 'string') return payload;
    const envelope = JSON.parse(payload) as { success: boolean; result: Json | Json[] | null };
    if (!envelope.success || envelope.result === null) return payload;
    for (const record of Array.isArray(envelope.result) ? envelope.result : [envelope.result]) rewrite(record, target.zoneId);
    return JSON.stringify(envelope);
  });
}

/** Rewrites the errors of a failed POST of a record. */
function rewriteCreateErrors(reference: ReferenceApp, rewrite: (errors: Json[], zoneId: string) => Json[]): void {
  reference.app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const target = dnsRecords(request);
    if (request.method !== 'POST' || !target || reply.statusCode !== 400 || typeof payload !== 'string') return payload;
    const envelope = JSON.parse(payload) as { errors: Json[] };
    return JSON.stringify({ ...envelope, errors: rewrite(envelope.errors, target.zoneId) });
  });
}

export const dnsRecordVariants: BrokenVariant[] = [
  {
    name: 'error-chain-kept-after-2024-10-01',
    misreading: 'an invalid record is still wrapped in 1004 "DNS Validation Error" with error_chain after 2024-10-01',
    customize(reference) {
      rewriteCreateErrors(reference, (errors, zoneId) => (inEffectFor(reference, zoneId, '2024-10-01') && !errors.some((e) => e.code === 1004)
        ? [{ code: 1004, message: 'DNS Validation Error', error_chain: errors }] : errors));
    },
    expectedFailures: ['ZM-DNSREC-EXT-ROOT-CAUSES', 'ZM-DNSREC-ROOT-CAUSE-DIRECT-2024-10-01'],
  },
  {
    name: 'error-chain-never-wrapped',
    misreading: 'the root cause was always returned directly: no 1004 wrapper before 2024-10-01 either',
    customize(reference) {
      rewriteCreateErrors(reference, (errors) => errors.flatMap((e) => (e.code === 1004 && Array.isArray(e.error_chain) ? e.error_chain as Json[] : [e])));
    },
    expectedFailures: ['ZM-DNSREC-ERROR-CHAIN-BEFORE-2024-10-01', 'ZM-DNSREC-EXT-ROOT-CAUSES', 'ZM-DNSREC-VALIDATION-1004-BEFORE-2024-10-01'],
  },
  {
    name: 'zone-id-still-returned-in-2025',
    misreading: 'records keep zone_id and zone_name after 2024-11-30',
    customize(reference) {
      rewriteRecords(reference, (record, zoneId) => {
        if (!inEffectFor(reference, zoneId, '2024-11-30') || 'zone_id' in record) return;
        Object.assign(record, { zone_id: zoneId, zone_name: reference.state.zones.get(zoneId)?.name });
      });
    },
    expectedFailures: ['ZM-DNSREC-ZONE-INFO-DROPPED-2024-11-30'],
  },
  {
    name: 'zone-id-dropped-early',
    misreading: 'zone_id and zone_name were dropped before 2024-11-30 (the change applied to every date)',
    customize(reference) {
      rewriteRecords(reference, (record) => { delete record.zone_id; delete record.zone_name; });
    },
    expectedFailures: ['ZM-DNSREC-ZONE-INFO-UNTIL-2024-11-30'],
  },
  {
    name: 'zone-id-in-body-refused',
    misreading: '"ignored when sent" read as "refused when sent" after 2024-11-30',
    customize(reference) {
      reference.app.addHook('preHandler', async (request, reply) => {
        const body = bodyOf(request);
        const target = dnsRecords(request);
        if (!target || !isWrite(request) || !body || !inEffectFor(reference, target.zoneId, '2024-11-30')) return;
        if ('zone_id' in body || 'zone_name' in body) {
          return reply.code(400).send({ result: null, success: false, errors: [{ code: 9207, message: 'zone_id and zone_name are no longer accepted' }], messages: [] });
        }
      });
    },
    expectedFailures: ['ZM-DNSREC-ZONE-INFO-IGNORED'],
  },
  {
    name: 'locked-still-returned',
    misreading: 'locked keeps being returned (always false) after 2024-07-14',
    customize(reference) {
      rewriteRecords(reference, (record, zoneId) => { if (inEffectFor(reference, zoneId, '2024-07-14') && !('locked' in record)) record.locked = false; });
    },
    expectedFailures: ['ZM-DNSREC-LOCKED-OMITTED-2024-07-14'],
  },
  {
    name: 'locked-echoed-before-2024-07-14',
    misreading: 'before 2024-07-14 locked echoes what the client sent instead of always being false',
    customize(reference) {
      reference.app.addHook('onSend', async (request: FastifyRequest, _reply: FastifyReply, payload) => {
        const body = bodyOf(request);
        if (!dnsRecords(request) || !isWrite(request) || body?.locked !== true || typeof payload !== 'string') return payload;
        return payload.replace('"locked":false', '"locked":true');
      });
    },
    expectedFailures: ['ZM-DNSREC-LOCKED-FALSE-BEFORE-2024-07-14'],
  },
  {
    name: 'locked-honoured-after-2024-07-14',
    misreading: 'locked true sent after 2024-07-14 locks the record, refusing later edits',
    customize(reference) {
      const locked = new Set<string>();
      reference.app.addHook('preHandler', async (request, reply) => {
        const target = dnsRecords(request);
        if (!target?.recordId || !locked.has(target.recordId) || request.method === 'GET') return;
        return reply.code(403).send({ result: null, success: false, errors: [{ code: 81052, message: 'This record is locked and cannot be modified.' }], messages: [] });
      });
      reference.app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
        const target = dnsRecords(request);
        if (!target || !isWrite(request) || bodyOf(request)?.locked !== true || reply.statusCode !== 200 || !inEffectFor(reference, target.zoneId, '2024-07-14')) return payload;
        const id = target.recordId ?? (JSON.parse(String(payload)) as { result: { id: string } }).result.id;
        locked.add(id);
        return payload;
      });
    },
    expectedFailures: ['ZM-DNSREC-LOCKED-IGNORED-2024-07-14'],
  },
  {
    name: 'srv-data-service-accepted-in-2025',
    misreading: 'SRV writes with data.service, data.proto or data.name are still accepted after 2024-05-31 (they set the name, as before)',
    customize(reference) {
      reference.app.addHook('preHandler', async (request) => {
        const data = bodyOf(request)?.data as Json | undefined;
        const target = dnsRecords(request);
        if (!target || !isWrite(request) || typeof data !== 'object' || data === null || !inEffectFor(reference, target.zoneId, '2024-05-31')) return;
        const { service, proto, name } = data;
        if (typeof service === 'string' && typeof proto === 'string' && typeof name === 'string') bodyOf(request)!.name = `${service}.${proto}.${name}`;
        delete data.service; delete data.proto; delete data.name;
      });
    },
    expectedFailures: ['ZM-DNSREC-SRV-DATA-NAME-REFUSED-2024-05-31'],
  },
  {
    name: 'srv-data-name-still-produced',
    misreading: 'SRV data keeps service, proto and name (read from the outer name) after 2024-05-31',
    customize(reference) {
      rewriteRecords(reference, (record, zoneId) => {
        const data = record.data as Json | undefined;
        if (record.type !== 'SRV' || !data || !inEffectFor(reference, zoneId, '2024-05-31')) return;
        const [service, proto, ...rest] = String(record.name).split('.');
        Object.assign(data, { service, proto, name: rest.join('.') });
      });
    },
    expectedFailures: ['ZM-DNSREC-SRV-DATA-NAME-NOT-PRODUCED-2024-05-31'],
  },
  {
    name: 'srv-port-read-from-content',
    misreading: 'SRV data.port is answered from the first number of content (the weight) instead of what was written',
    customize(reference) {
      rewriteRecords(reference, (record) => {
        const data = record.data as Json | undefined;
        if (record.type === 'SRV' && data) data.port = Number(String(record.content).split(' ')[0]);
      });
    },
    expectedFailures: ['ZM-DNSREC-SRV-DATA-KEPT'],
  },
  {
    name: 'names-relative-to-zone',
    misreading: 'name is answered relative to the zone ("www" for www.<zone>)',
    customize(reference) {
      rewriteRecords(reference, (record, zoneId) => {
        const zoneName = reference.state.zones.get(zoneId)?.name;
        if (zoneName && typeof record.name === 'string' && record.name.endsWith(`.${zoneName}`)) record.name = record.name.slice(0, -zoneName.length - 1);
      });
    },
    expectedFailures: ['ZM-DNSREC-NAME-FULL', 'ZM-DNSREC-SRV-OUTER-NAME-ONLY'],
  },
  {
    name: 'dns-records-list-ignores-page',
    misreading: 'the dns_records list always answers the first page',
    customize({ app }) {
      app.addHook('preHandler', async (request) => {
        if (request.method === 'GET' && dnsRecords(request)) delete (request.query as Json).page;
      });
    },
    expectedFailures: ['ZM-DNSREC-EXT-LIST-PAGINATION'],
  },
  {
    name: 'dns-record-delete-is-a-no-op',
    misreading: 'DELETE answers success but keeps the record',
    customize({ app }) {
      app.addHook('preHandler', async (request, reply) => {
        const target = dnsRecords(request);
        if (request.method === 'DELETE' && target?.recordId) return reply.send({ result: { id: target.recordId }, success: true, errors: [], messages: [] });
      });
    },
    expectedFailures: ['ZM-DNSREC-EXT-DELETE'],
  },
];
