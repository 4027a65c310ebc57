// DNS records: GET, POST /zones/{zone_id}/dns_records and GET, PATCH, PUT, DELETE
// /zones/{zone_id}/dns_records/{dns_record_id}. The dated changes of the Versioning table live in
// dns-records/validation.ts (writes) and dns-records/render.ts (responses).

import type { Clock } from '../../clock.js';
import { recordJson } from '../dns-records/render.js';
import type { DnsRecordFields, DnsRecordRow, DnsRecordStore } from '../dns-records/store.js';
import { checkRecord, dnsCodes, patched, recordBody } from '../dns-records/validation.js';
import { ApiError, successEnvelope } from '../errors.js';
import { pageRequest, resultInfo, type Query } from '../listing.js';
import type { Router } from '../router.js';
import type { Zone } from '../zones/store.js';

const one = (query: Query, name: string): string | undefined => {
  const value = query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
};

export function dnsRecordRoutes({ state: { dnsRecords: table }, clocks, resource }: Router): void {
  // Every dated change of a record (its fields, its validation errors) is read on its zone's clock.
  const json = (row: DnsRecordRow, zone: Zone) => recordJson(row, zone, clocks.of(zone.id));
  const existing = (zone: Zone, id: string): DnsRecordRow => {
    const row = table.get(zone.id, id);
    if (!row) throw new ApiError(404, { code: dnsCodes.recordNotFound, message: 'Record does not exist.' });
    return row;
  };

  resource('/zones/:zone_id/dns_records', {
    GET: (req) => {
      const zone = req.zone();
      const page = pageRequest(req.query);
      const name = one(req.query, 'name');
      const type = one(req.query, 'type');
      const found = table.list(zone.id, {
        ...(type !== undefined && { type: type.toUpperCase() }),
        ...(name !== undefined && { name: name.toLowerCase() }),
        ...(one(req.query, 'content') !== undefined && { content: one(req.query, 'content') }),
      }, page);
      return successEnvelope(found.rows.map((row) => json(row, zone)), { result_info: resultInfo(page, found) });
    },
    POST: (req) => {
      const zone = req.zone();
      const clock = clocks.of(zone.id);
      const fields = checkRecord(recordBody(req.body), zone, clock);
      return table.transaction(() => {
        refuseConflicts(table, zone, fields);
        return successEnvelope(json(table.insert(zone.id, fields, new Date(clock.now()).toISOString()), zone));
      });
    },
  });

  resource('/zones/:zone_id/dns_records/:dns_record_id', {
    GET: (req) => {
      const zone = req.zone();
      return successEnvelope(json(existing(zone, req.params.dns_record_id!), zone));
    },
    PATCH: (req) => {
      const zone = req.zone();
      const body = recordBody(req.body);
      const current = existing(zone, req.params.dns_record_id!);
      const clock = clocks.of(zone.id);
      return successEnvelope(json(save(table, clock, zone, current, checkRecord(patched(current, body), zone, clock)), zone));
    },
    PUT: (req) => {
      const zone = req.zone();
      const body = recordBody(req.body);
      const current = existing(zone, req.params.dns_record_id!);
      const clock = clocks.of(zone.id);
      return successEnvelope(json(save(table, clock, zone, current, checkRecord(body, zone, clock)), zone));
    },
    DELETE: (req) => {
      const zone = req.zone();
      const current = existing(zone, req.params.dns_record_id!);
      table.delete(current.id);
      return successEnvelope({ id: current.id });
    },
  });

  function save(records: DnsRecordStore, time: Clock, zone: Zone, current: DnsRecordRow, fields: DnsRecordFields): DnsRecordRow {
    return records.transaction(() => {
      refuseConflicts(records, zone, fields, current.id);
      const next: DnsRecordRow = { ...current, ...fields, modified_on: new Date(time.now()).toISOString() };
      records.update(next);
      return next;
    });
  }
}

/**
 * A CNAME shares its name with no other record, and no two records are identical. These are
 * conflicts with existing records, not invalid records: never wrapped in 1004.
 */
function refuseConflicts(table: DnsRecordStore, zone: Zone, fields: DnsRecordFields, self?: string): void {
  const others = table.byName(zone.id, fields.name).filter((row) => row.id !== self);
  const conflict = (code: number, message: string) => new ApiError(400, { code, message });
  if (fields.type === 'CNAME' && others.length > 0) throw conflict(dnsCodes.hostTaken, 'An A, AAAA, or CNAME record with that host already exists.');
  if (others.some((row) => row.type === 'CNAME')) throw conflict(dnsCodes.cnameTaken, 'A CNAME record with that host already exists.');
  const identical = others.some((row) => row.type === fields.type && row.content === fields.content && row.priority === fields.priority);
  if (identical) throw conflict(dnsCodes.identicalRecord, 'An identical record already exists.');
}
