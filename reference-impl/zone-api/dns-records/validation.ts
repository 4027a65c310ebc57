// What makes a DNS record write valid, and how the reference reports it. The spec names only the
// dated changes (SRV data.service/proto/name, the 1004 wrapper); everything else here follows the
// production service where its behaviour is known (9005, 9021) and is the reference's own choice
// otherwise (docs/dns-records-contract.md lists the codes).

import { isIPv4, isIPv6 } from 'node:net';
import type { Clock } from '../../clock.js';
import { ApiError, badRequest, type ErrorDetail } from '../errors.js';
import type { Json } from '../input.js';
import { inEffect } from '../in-effect.js';
import type { Zone } from '../zones/store.js';
import { RECORD_TYPES, type DnsRecordFields, type DnsRecordRow, type RecordType, type SrvData } from './store.js';

/** The dated changes of the Versioning table that concern DNS records. */
export const DNS_RECORD_CHANGES = {
  /** SRV records named only by the outer name; data.service, data.proto and data.name refused. */
  srvOuterNameOnly: '2024-05-31',
  /** locked omitted from responses, ignored in requests. */
  lockedDropped: '2024-07-14',
  /** An invalid record gets its root cause directly, without the 1004 wrapper and error_chain. */
  rootCauseDirect: '2024-10-01',
  /** zone_id and zone_name omitted from responses. */
  zoneInfoDropped: '2024-11-30',
} as const;

export const dnsCodes = {
  validationWrapper: 1004,
  nameInvalid: 9000,
  proxiedInvalid: 9003,
  contentA: 9005,
  contentAAAA: 9006,
  contentCNAME: 9007,
  contentMX: 9008,
  contentNS: 9009,
  contentTXT: 9010,
  typeInvalid: 9020,
  ttlInvalid: 9021,
  notProxiable: 9041,
  priorityInvalid: 9100,
  srvDataInvalid: 9101,
  srvDataNameRetired: 9102,
  commentInvalid: 9103,
  tagsInvalid: 9104,
  recordNotFound: 81044,
  hostTaken: 81053,
  cnameTaken: 81054,
  identicalRecord: 81058,
} as const;

const WRAPPER = { code: dnsCodes.validationWrapper, message: 'DNS Validation Error' } as const;
const SRV_NAME_FIELDS = ['service', 'proto', 'name'] as const;
const PROXIABLE: readonly RecordType[] = ['A', 'AAAA', 'CNAME'];
const TXT_MAX = 2048;
const COMMENT_MAX = 100;
/** TTL in seconds: 1 means automatic; Enterprise zones may go down to 30 seconds, others to 60. */
const TTL = { automatic: 1, min: 60, enterpriseMin: 30, max: 86_400 } as const;

const CONTENT_PROBLEM: Record<Exclude<RecordType, 'SRV'>, ErrorDetail> = {
  A: { code: dnsCodes.contentA, message: 'Content for A record must be a valid IPv4 address.' },
  AAAA: { code: dnsCodes.contentAAAA, message: 'Content for AAAA record must be a valid IPv6 address.' },
  CNAME: { code: dnsCodes.contentCNAME, message: 'Content for CNAME record is invalid.' },
  MX: { code: dnsCodes.contentMX, message: 'Content for MX record must be a valid hostname.' },
  NS: { code: dnsCodes.contentNS, message: 'Content for NS record must be a valid hostname.' },
  TXT: { code: dnsCodes.contentTXT, message: `Content for TXT record must be a string of at most ${TXT_MAX} characters.` },
};

/**
 * Refuses an invalid record. Before 2024-10-01 the root causes travel in the error_chain of one
 * 1004 "DNS Validation Error"; from that date they are the errors themselves.
 */
export function validationFailure(clock: Clock, causes: ErrorDetail[]): ApiError {
  if (inEffect(clock, DNS_RECORD_CHANGES.rootCauseDirect)) return new ApiError(400, causes);
  return new ApiError(400, { ...WRAPPER, error_chain: causes });
}

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** A host name made of valid labels; `*` allowed as the first label when `wildcard`. */
function validHostname(name: string, wildcard: boolean): boolean {
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label, i) => LABEL.test(label) || (wildcard && i === 0 && label === '*'));
}

/** The full name of a record: `@` is the apex, a name outside the zone is relative to it. */
export function fullName(raw: string, zone: Zone): string {
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  const apex = zone.name.toLowerCase();
  if (name === '@' || name === apex) return apex;
  return name.endsWith(`.${apex}`) ? name : `${name}.${apex}`;
}

const isInteger = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const has = (object: Json, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;

/** The request body of a write: a JSON object (anything else is a malformed request, not an invalid record). */
export function recordBody(body: unknown): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('the request body must be a JSON object describing a DNS record');
  return body as Json;
}

/**
 * The body of a PATCH laid over the current record: fields sent replace fields kept; SRV data is
 * merged key by key. The result is checked as a whole, like a PUT.
 */
export function patched(current: DnsRecordRow, body: Json): Json {
  const base: Json = {
    type: current.type, name: current.name, content: current.content, ttl: current.ttl, proxied: current.proxied,
    comment: current.comment, tags: current.tags, ...(current.priority !== null && { priority: current.priority }),
  };
  const merged: Json = { ...base, ...body };
  if (current.data && typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data)) merged.data = { ...current.data, ...body.data };
  else if (current.data && !has(body, 'data')) merged.data = current.data;
  return merged;
}

/**
 * Checks a complete record (POST, PUT, or a PATCH laid over the current record) and returns what
 * it sets. zone_id, zone_name and locked are ignored whatever their value; so is content on SRV
 * records, which the reference derives from data.
 */
export function checkRecord(input: Json, zone: Zone, clock: Clock): DnsRecordFields {
  const causes: ErrorDetail[] = [];
  const type = typeof input.type === 'string' ? input.type.toUpperCase() : undefined;
  if (!type || !(RECORD_TYPES as readonly string[]).includes(type)) {
    throw validationFailure(clock, [{ code: dnsCodes.typeInvalid, message: `Invalid DNS record type${type ? ` ${type}` : ''}; supported: ${RECORD_TYPES.join(', ')}.` }]);
  }
  const recordType = type as RecordType;

  // Stryker disable next-line MethodExpression,StringLiteral: equivalent, a blank name that passes here becomes '.<zone>' in fullName, which validHostname refuses with the same cause (9000)
  let name = typeof input.name === 'string' && input.name.trim() !== '' ? fullName(input.name, zone) : undefined;
  let data: SrvData | null = null;
  let priority: number | null = null;
  // Stryker disable next-line StringLiteral: equivalent, every record that passes the checks has its content set below (SRV from data, the others from the checked value); the rest throw first
  let content = '';

  if (recordType === 'SRV') {
    const srv = srvInput(input.data, zone, clock, causes);
    if (srv) {
      data = srv.data;
      priority = srv.data.priority;
      content = `${srv.data.weight} ${srv.data.port} ${srv.data.target}`;
      if (srv.name) name = srv.name;
    }
  } else {
    const problem = CONTENT_PROBLEM[recordType];
    const raw = input.content;
    if (!validContent(recordType, raw)) causes.push(problem);
    else content = recordType === 'TXT' ? raw : raw.trim().toLowerCase().replace(/\.$/, '');
    if (recordType === 'MX') {
      if (!isInteger(input.priority, 0, 65_535)) causes.push({ code: dnsCodes.priorityInvalid, message: 'MX record priority must be an integer between 0 and 65535.' });
      else priority = input.priority;
    }
  }

  const nameRefused = causes.some((c) => c.code === dnsCodes.srvDataNameRetired);
  if (!nameRefused && (name === undefined || !validHostname(name, true))) causes.push({ code: dnsCodes.nameInvalid, message: 'DNS name is invalid.' });

  const ttl = has(input, 'ttl') ? input.ttl : TTL.automatic;
  const minTtl = zone.plan === 'enterprise' ? TTL.enterpriseMin : TTL.min;
  if (!(ttl === TTL.automatic || isInteger(ttl, minTtl, TTL.max))) {
    causes.push({ code: dnsCodes.ttlInvalid, message: `Invalid TTL. Must be between ${minTtl} and ${TTL.max} seconds, or 1 for automatic.` });
  }
  const proxied = has(input, 'proxied') ? input.proxied : false;
  if (typeof proxied !== 'boolean') causes.push({ code: dnsCodes.proxiedInvalid, message: 'proxied must be true or false.' });
  else if (proxied && !PROXIABLE.includes(recordType)) causes.push({ code: dnsCodes.notProxiable, message: 'Invalid proxied mode. Record cannot be proxied.' });

  const comment = has(input, 'comment') ? input.comment : null;
  if (comment !== null && (typeof comment !== 'string' || comment.length > COMMENT_MAX)) {
    causes.push({ code: dnsCodes.commentInvalid, message: `comment must be a string of at most ${COMMENT_MAX} characters.` });
  }
  const tags = has(input, 'tags') ? input.tags : [];
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) causes.push({ code: dnsCodes.tagsInvalid, message: 'tags must be an array of strings.' });

  if (causes.length > 0) throw validationFailure(clock, causes);
  return {
    type: recordType, name: name!, content, priority, data, ttl: ttl as number, proxied: proxied as boolean,
    comment: comment as string | null, tags: tags as string[],
  };
}

function validContent(type: Exclude<RecordType, 'SRV'>, raw: unknown): raw is string {
  if (typeof raw !== 'string') return false;
  const value = raw.trim();
  switch (type) {
    case 'A': return isIPv4(value);
    case 'AAAA': return isIPv6(value);
    case 'TXT': return raw.length > 0 && raw.length <= TXT_MAX;
    case 'CNAME': case 'MX': case 'NS': return validHostname(value.toLowerCase().replace(/\.$/, ''), false);
  }
}

/**
 * SRV data. priority, weight, port and target are always what the record keeps. data.service,
 * data.proto and data.name: before 2024-05-31 they may set the name (all three together, as
 * `_service._proto.name`); from that date sending any of them is an error.
 */
function srvInput(raw: unknown, zone: Zone, clock: Clock, causes: ErrorDetail[]): { data: SrvData; name?: string } | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    causes.push({ code: dnsCodes.srvDataInvalid, message: 'SRV record data is required: priority, weight, port and target.' });
    return undefined;
  }
  const data = raw as Json;
  const before = causes.length;
  for (const field of ['priority', 'weight', 'port'] as const) {
    if (!isInteger(data[field], 0, 65_535)) causes.push({ code: dnsCodes.srvDataInvalid, message: `SRV data.${field} must be an integer between 0 and 65535.` });
  }
  const target = typeof data.target === 'string' ? data.target.trim().toLowerCase().replace(/\.$/, '') : undefined;
  if (target === undefined || !(target === '' || validHostname(target, false))) {
    causes.push({ code: dnsCodes.srvDataInvalid, message: 'SRV data.target must be a hostname.' });
  }

  const named = SRV_NAME_FIELDS.filter((field) => has(data, field));
  let name: string | undefined;
  if (named.length > 0 && inEffect(clock, DNS_RECORD_CHANGES.srvOuterNameOnly)) {
    causes.push({ code: dnsCodes.srvDataNameRetired, message: `SRV data.${named.join(', data.')} ${named.length > 1 ? 'are' : 'is'} no longer supported; set the full record name in name.` });
  } else if (named.length > 0) {
    const { service, proto, name: host } = data;
    const ok = typeof service === 'string' && /^_[a-z0-9-]{1,62}$/i.test(service)
      && typeof proto === 'string' && /^_(tcp|udp|tls)$/i.test(proto)
      && typeof host === 'string' && host.trim() !== '';
    if (!ok) causes.push({ code: dnsCodes.srvDataInvalid, message: 'SRV data.service (_service), data.proto (_tcp, _udp or _tls) and data.name must be given together.' });
    else name = fullName(`${service}.${proto}.${fullName(host, zone)}`, zone);
  }
  if (causes.length > before) return undefined;
  return { data: { priority: data.priority as number, weight: data.weight as number, port: data.port as number, target: target! }, ...(name && { name }) };
}
