// Checks of the bodies the custom hostname endpoints and their control API take. Every problem
// of a body is reported at once, each naming the field, as a 400 envelope.

import { ApiError, invalid, type ErrorDetail } from '../errors.js';
import { requireObject, type Json } from '../input.js';
import { dnsNameProblem } from './hostname.js';
import type { CustomHostnamePolicy } from './policy.js';
import type { CaaRecord, FallbackOrigin, Hold, HostnameFacts } from './store.js';

export interface SslInput { method?: string; type?: string; certificate_authority?: string }

class Problems {
  readonly list: ErrorDetail[] = [];
  add(message: string): void { this.list.push(invalid(message)); }
  throwIfAny(): void { if (this.list.length > 0) throw new ApiError(400, this.list); }
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A DNS name, lower-cased; undefined (with a problem noted) when it is not one. */
function dnsName(value: unknown, field: string, allowWildcard: boolean, problems: Problems): string | undefined {
  if (typeof value !== 'string') { problems.add(`${field} must be a string`); return undefined; }
  const name = value.toLowerCase();
  const problem = dnsNameProblem(name, allowWildcard);
  if (problem) { problems.add(`${field} is not a valid ${allowWildcard ? 'hostname' : 'domain name'}: ${problem}`); return undefined; }
  return name;
}

/** A name taken from a URL path segment. */
export function nameFromPath(value: string, field: string, allowWildcard: boolean): string {
  const problems = new Problems();
  const name = dnsName(value, field, allowWildcard, problems);
  problems.throwIfAny();
  return name!;
}

function sslInput(value: unknown, policy: CustomHostnamePolicy, problems: Problems): SslInput {
  if (value === undefined) return {};
  if (!isObject(value)) { problems.add('ssl must be an object'); return {}; }
  const ssl: SslInput = {};
  if (value.method !== undefined) {
    if (value.method === 'txt') ssl.method = 'txt'; else problems.add('ssl.method must be "txt"');
  }
  if (value.type !== undefined) {
    if (value.type === 'dv') ssl.type = 'dv'; else problems.add('ssl.type must be "dv"');
  }
  const ca = value.certificate_authority;
  if (ca !== undefined) {
    const names = policy.authorities().map((a) => a.name);
    if (typeof ca === 'string' && (ca === '' || names.includes(ca))) ssl.certificate_authority = ca;
    else problems.add(`ssl.certificate_authority must be "" (the default CA) or one of ${names.map((n) => `"${n}"`).join(', ')}`);
  }
  return ssl;
}

export function createInput(body: unknown, policy: CustomHostnamePolicy): { hostname: string; ssl: Required<SslInput> } {
  const input = requireObject(body, 'custom hostname');
  const problems = new Problems();
  const hostname = input.hostname === undefined ? (problems.add('hostname is required'), undefined) : dnsName(input.hostname, 'hostname', true, problems);
  const ssl = sslInput(input.ssl, policy, problems);
  problems.throwIfAny();
  return { hostname: hostname!, ssl: { method: 'txt', type: 'dv', certificate_authority: '', ...ssl } };
}

export function patchInput(body: unknown, policy: CustomHostnamePolicy): SslInput {
  const input = requireObject(body, 'custom hostname');
  const problems = new Problems();
  const ssl = sslInput(input.ssl, policy, problems);
  problems.throwIfAny();
  return ssl;
}

function caaRecords(value: unknown, problems: Problems): CaaRecord[] {
  if (value === undefined || value === null) return [];
  // Stryker disable next-line ArrayDeclaration: equivalent, the problem noted makes throwIfAny refuse the body, so what is returned is never used
  if (!Array.isArray(value)) { problems.add('caa must be an array of {tag, value}'); return []; }
  return value.flatMap((record, i): CaaRecord[] => {
    if (!isObject(record) || (record.tag !== 'issue' && record.tag !== 'issuewild') || typeof record.value !== 'string') {
      problems.add(`caa[${i}] must be {tag: "issue" or "issuewild", value: string}`);
      // Stryker disable next-line ArrayDeclaration: equivalent, the problem noted above makes throwIfAny refuse the body, so what a refused record returns is never used
      return [];
    }
    return [{ tag: record.tag, value: record.value }];
  });
}

export function dnsFactsInput(body: unknown): HostnameFacts {
  const input = requireObject(body, 'DNS facts');
  const problems = new Problems();
  const cname = input.cname === undefined || input.cname === null ? null : dnsName(input.cname, 'cname', false, problems) ?? null;
  const caa = caaRecords(input.caa, problems);
  problems.throwIfAny();
  return { cname, caa };
}

export function holdInput(body: unknown): Hold {
  const input = requireObject(body, 'hold');
  const problems = new Problems();
  const domain = input.domain === undefined ? (problems.add('domain is required'), undefined) : dnsName(input.domain, 'domain', false, problems);
  const include = input.include_subdomains ?? false;
  if (typeof include !== 'boolean') problems.add('include_subdomains must be true or false');
  problems.throwIfAny();
  return { domain: domain!, include_subdomains: include === true };
}

export function standaloneZoneInput(body: unknown): string {
  const input = requireObject(body, 'standalone zone');
  const problems = new Problems();
  const domain = input.domain === undefined ? (problems.add('domain is required'), undefined) : dnsName(input.domain, 'domain', false, problems);
  problems.throwIfAny();
  return domain!;
}

export function fallbackOriginInput(body: unknown): FallbackOrigin {
  const input = requireObject(body, 'fallback origin');
  const problems = new Problems();
  let origin: string | null = null;
  if (!('origin' in input)) problems.add('origin is required (a hostname, or null for no setting)');
  else if (input.origin !== null) origin = dnsName(input.origin, 'origin', false, problems) ?? null;
  const dnsRecord = input.dns_record ?? false;
  if (typeof dnsRecord !== 'boolean') problems.add('dns_record must be true or false');
  problems.throwIfAny();
  return { origin, dns_record: dnsRecord === true };
}

export function rateLimitInput(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ApiError(400, invalid('certificate_rate_limit must be a positive integer'));
  }
  return value;
}
