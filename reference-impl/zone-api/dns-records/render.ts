// A DNS record as the five dns_records operations return it, on the clock's side of each dated
// change: zone_id/zone_name until 2024-11-30, locked (always false) until 2024-07-14, and SRV
// data.service/proto/name (read from the outer name) until 2024-05-31.

import type { Clock } from '../../clock.js';
import { inEffect } from '../in-effect.js';
import type { Zone } from '../zones/store.js';
import type { DnsRecordRow } from './store.js';
import { DNS_RECORD_CHANGES } from './validation.js';

const PROXIABLE = new Set(['A', 'AAAA', 'CNAME']);

/** `_service._proto.rest` → the deprecated SRV name fields; nothing for any other name. */
function srvNameFields(name: string): { service: string; proto: string; name: string } | undefined {
  const [service, proto, ...rest] = name.split('.');
  if (!service?.startsWith('_') || !proto?.startsWith('_') || rest.length === 0) return undefined;
  return { service, proto, name: rest.join('.') };
}

export function recordJson(row: DnsRecordRow, zone: Zone, clock: Clock) {
  const zoneInfo = !inEffect(clock, DNS_RECORD_CHANGES.zoneInfoDropped);
  const locked = !inEffect(clock, DNS_RECORD_CHANGES.lockedDropped);
  const srvNames = row.data && !inEffect(clock, DNS_RECORD_CHANGES.srvOuterNameOnly) ? srvNameFields(row.name) : undefined;
  return {
    id: row.id,
    ...(zoneInfo && { zone_id: zone.id, zone_name: zone.name }),
    name: row.name,
    type: row.type,
    content: row.content,
    ...(row.priority !== null && { priority: row.priority }),
    ...(row.data && { data: { ...row.data, ...srvNames } }),
    proxiable: PROXIABLE.has(row.type),
    proxied: row.proxied,
    ttl: row.ttl,
    ...(locked && { locked: false }),
    comment: row.comment,
    tags: row.tags,
    created_on: row.created_on,
    modified_on: row.modified_on,
  };
}
