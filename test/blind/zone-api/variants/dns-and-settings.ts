// Misreadings of the dated changes to DNS records, DNS settings, zone settings and account
// settings: each on one side of its date, and the fields' meanings.

import type { FastifyRequest } from 'fastify';
import type { ReferenceApp } from '../../../../reference-impl/zone-api/app.js';
import { codes } from '../../../../reference-impl/zone-api/errors.js';
import { SettingsService } from '../../../../reference-impl/zone-api/settings/service.js';
import { settingNamed } from '../../../../reference-impl/zone-api/settings/zone-settings.js';
import { answerInstead, beforeHandler, refuse, rewriteAnswers, success, utc, zoneIdOf, zoneNow, type BlindVariant, type Json } from '../variant.js';

const RECORDS = /^\/zones\/[^/]+\/dns_records(\/[^/]+)?$/;
const RECORD_WRITES = ['POST', 'PUT', 'PATCH'];
const DNS_SETTINGS = /^\/zones\/[^/]+\/dns_settings$/;
const CNAME_FLATTENING_WRITES = /^\/zones\/[^/]+\/settings(\/cname_flattening)?$/;
const ACCOUNTS = /^\/accounts(\/[^/]+)?$/;

const after = (r: ReferenceApp, request: FastifyRequest, date: string) => zoneNow(r, request) >= utc(date);

/** Rewrites every DNS record the API answers with (one or a list), given the request's zone time. */
function rewriteRecords(r: ReferenceApp, change: (record: Json, request: FastifyRequest) => void): void {
  rewriteAnswers(r, {
    path: RECORDS,
    body: (answer, request) => {
      const { result } = answer;
      const records = Array.isArray(result) ? result : result && typeof result === 'object' ? [result] : [];
      for (const record of records as Json[]) if ('type' in record) change(record, request);
      return answer;
    },
  });
}

/** The deprecated SRV name fields read from the outer name `_service._proto.name`. */
function srvNames(name: string): Json | undefined {
  const [service, proto, ...rest] = name.split('.');
  return service?.startsWith('_') && proto?.startsWith('_') && rest.length > 0 ? { service, proto, name: rest.join('.') } : undefined;
}

const ERROR_CHAIN_ROW = '| Invalid DNS record on create | Before 2024-10-01: error code 1004, message `DNS Validation Error`, with error_chain holding the root cause. After: the root cause is returned directly as the error without the wrapper |';
const ZONE_INFO = '| zone_id, zone_name | Returned until 2024-11-30, then omitted; ignored when sent |';
const LOCKED = '| locked | Omitted from responses (formerly always false); ignored when sent |';
const SRV_ROW = '| 2024-05-31 | SRV data.service, data.proto, data.name | the five dns_records operations above | Read and write only the outer name; after end of life these fields are no longer produced and sending them is an error. priority, weight, port, target unaffected |';
const FLATTEN = '| flatten_all_cnames | boolean | Replaces the zone setting cname_flattening: old values `off` and `apex` both map to false; `on` maps to true |';
const NAMESERVER_FIELDS = '| 2025-03-14 | Account settings fields default_nameservers, use_account_custom_ns_by_default | Affected: GET and POST /accounts; GET and PUT /accounts/{account_id} | Use DNS settings zone_defaults.nameservers.type |';

const wrapped = (causes: unknown[]) => [{ code: 1004, message: 'DNS Validation Error', error_chain: causes }];

export const DNS_AND_SETTINGS_VARIANTS: BlindVariant[] = [
  {
    name: 'dns: error chain date read as 10 January',
    sentence: ERROR_CHAIN_ROW,
    misreading: '2024-10-01 read day first (10 January 2024), so from then on the root cause comes without the 1004 wrapper.',
    customize: (r) => rewriteAnswers(r, {
      method: 'POST', path: RECORDS,
      body: (answer, request) => {
        const errors = answer.errors as Json[];
        const now = zoneNow(r, request);
        if (answer.success !== false || now < utc('2024-01-10') || now >= utc('2024-10-01') || errors[0]?.code !== 1004) return undefined;
        return { ...answer, errors: errors[0]!.error_chain };
      },
    }),
  },
  {
    name: 'dns: error chain kept after 2024-10-01',
    sentence: `${ERROR_CHAIN_ROW} / | error_chain | array of {code, message} | Present on DNS validation errors until the change dated 2024-10-01 (see Versioning) |`,
    misreading: 'The change is read as adding the root cause at the top, the 1004 wrapper with its error_chain staying.',
    customize: (r) => rewriteAnswers(r, {
      method: 'POST', path: RECORDS,
      body: (answer, request, reply) => {
        const errors = answer.errors as Json[];
        if (answer.success !== false || reply.statusCode !== 400 || !after(r, request, '2024-10-01') || errors[0]?.code === 1004) return undefined;
        return { ...answer, errors: wrapped(errors) };
      },
    }),
  },
  {
    name: 'dns: zone_id and zone_name returned through 2024-11-30',
    sentence: ZONE_INFO,
    misreading: '"Returned until 2024-11-30" taken to include that day: they are omitted only from 2024-12-01.',
    customize: (r) => rewriteRecords(r, (record, request) => {
      const now = zoneNow(r, request);
      if (now >= utc('2024-11-30') && now < utc('2024-12-01')) {
        const zone = r.state.zones.get(zoneIdOf(request)!);
        Object.assign(record, { zone_id: zone?.id, zone_name: zone?.name });
      }
    }),
  },
  {
    name: 'dns: zone_id and zone_name never dropped',
    sentence: ZONE_INFO,
    misreading: 'The change is read as "ignored when sent" only: the fields are still returned.',
    customize: (r) => rewriteRecords(r, (record, request) => {
      if (!after(r, request, '2024-11-30')) return;
      const zone = r.state.zones.get(zoneIdOf(request)!);
      Object.assign(record, { zone_id: zone?.id, zone_name: zone?.name });
    }),
  },
  {
    name: 'dns: zone_id sent is refused',
    sentence: ZONE_INFO,
    misreading: 'Read-only fields in a write are refused as invalid instead of being ignored.',
    customize: (r) => beforeHandler(r, RECORD_WRITES, RECORDS, (request) => {
      const body = request.body as Json | null;
      if (body && typeof body === 'object' && ('zone_id' in body || 'zone_name' in body)) refuse(400, { code: codes.validation, message: 'zone_id and zone_name are read-only' });
    }),
  },
  {
    name: 'dns: locked still returned after 2024-07-14',
    sentence: `${LOCKED} / | 2024-07-14 | locked field of DNS records | the five dns_records operations above | Omitted from responses; ignored in requests |`,
    misreading: '"Formerly always false" taken to say it stays false, and so is still returned.',
    customize: (r) => rewriteRecords(r, (record, request) => { if (after(r, request, '2024-07-14')) record.locked = false; }),
  },
  {
    name: 'dns: locked sent is refused',
    sentence: LOCKED,
    misreading: 'A write carrying a field the service no longer has is refused instead of ignored.',
    customize: (r) => beforeHandler(r, RECORD_WRITES, RECORDS, (request) => {
      const body = request.body as Json | null;
      if (body && typeof body === 'object' && 'locked' in body) refuse(400, { code: codes.validation, message: 'locked is not supported' });
    }),
  },
  {
    name: 'dns: SRV data.service silently ignored after 2024-05-31',
    sentence: SRV_ROW,
    misreading: 'After end of life the deprecated fields are dropped from what is sent (ignored), as locked is, instead of being an error.',
    customize: (r) => beforeHandler(r, RECORD_WRITES, RECORDS, (request) => {
      const data = (request.body as Json | null)?.data as Json | undefined;
      if (!data || typeof data !== 'object' || !after(r, request, '2024-05-31')) return;
      for (const field of ['service', 'proto', 'name']) delete data[field];
    }),
  },
  {
    name: 'dns: SRV data.service still produced after 2024-05-31',
    sentence: SRV_ROW,
    misreading: 'End of life is taken to concern writes only: answers still carry service, proto and name in data.',
    customize: (r) => rewriteRecords(r, (record, request) => {
      if (record.type !== 'SRV' || !after(r, request, '2024-05-31') || !record.data) return;
      Object.assign(record.data as Json, srvNames(String(record.name)));
    }),
  },
  {
    name: 'dns: SRV data.priority dropped with the name fields',
    sentence: `${SRV_ROW} / | data | SRV data map: priority, weight, port, target remain; service, proto and name inside data are deprecated |`,
    misreading: 'The SRV priority is taken to move out of data with the name fields, to the record\'s own priority.',
    customize: (r) => rewriteRecords(r, (record, request) => {
      if (record.type === 'SRV' && after(r, request, '2024-05-31') && record.data) delete (record.data as Json).priority;
    }),
  },
  {
    name: 'dns: SRV data.service refused before 2024-05-31',
    sentence: SRV_ROW,
    misreading: '"Deprecated" taken as already refused: sending the fields is an error before the end-of-life date too.',
    customize: (r) => beforeHandler(r, RECORD_WRITES, RECORDS, (request) => {
      const data = (request.body as Json | null)?.data as Json | undefined;
      if (data && typeof data === 'object' && ['service', 'proto', 'name'].some((f) => f in data) && !after(r, request, '2024-05-31')) {
        refuse(400, { code: codes.validation, message: 'SRV data.service, data.proto and data.name are deprecated' });
      }
    }),
  },
  {
    name: 'dns settings: apex maps to true',
    sentence: FLATTEN,
    misreading: 'apex flattens CNAMEs (at the apex), so it is taken as true.',
    customize: (r) => rewriteAnswers(r, {
      path: DNS_SETTINGS,
      body: (answer, request) => {
        const result = answer.result as Json | null;
        const zoneId = zoneIdOf(request)!;
        if (!result || !r.state.zones.get(zoneId)) return undefined;
        const value = new SettingsService(r.state.settings, r.clocks.of(zoneId)).read(zoneId, settingNamed('cname_flattening')!).value;
        if (value === 'apex') result.flatten_all_cnames = true;
        return answer;
      },
    }),
  },
  {
    name: 'dns settings: flatten_all_cnames not mirrored to cname_flattening',
    sentence: '| 2025-03-21 | Zone setting cname_flattening | ... | Use DNS settings (flatten_all_cnames); changes are mirrored both ways |',
    misreading: 'Mirroring is implemented from the old setting to the new field only: a change of flatten_all_cnames is kept apart.',
    customize: (r) => {
      const ownValue = new Map<string, boolean>();
      beforeHandler(r, 'PATCH', DNS_SETTINGS, (request) => {
        const body = request.body as Json | null;
        if (body && typeof body === 'object' && typeof body.flatten_all_cnames === 'boolean') {
          ownValue.set(zoneIdOf(request)!, body.flatten_all_cnames);
          delete body.flatten_all_cnames;
        }
      });
      beforeHandler(r, 'PATCH', CNAME_FLATTENING_WRITES, (request) => { ownValue.delete(zoneIdOf(request)!); });
      rewriteAnswers(r, {
        path: DNS_SETTINGS,
        body: (answer, request) => {
          const own = ownValue.get(zoneIdOf(request)!);
          if (own !== undefined && answer.result && typeof answer.result === 'object') (answer.result as Json).flatten_all_cnames = own;
          return answer;
        },
      });
    },
  },
  {
    name: 'zone settings: cname_flattening removed after 2025-03-21',
    sentence: '| 2025-03-21 | Zone setting cname_flattening | Deprecated: GET and PATCH /zones/{zone_id}/settings/cname_flattening. Affected: GET and PATCH /zones/{zone_id}/settings | Use DNS settings (flatten_all_cnames); changes are mirrored both ways |',
    misreading: '"Deprecated" taken as removed from the date: the endpoint answers as an unknown route.',
    customize: (r) => answerInstead(r, ['GET', 'PATCH'], /^\/zones\/[^/]+\/settings\/cname_flattening$/, (request) => (after(r, request, '2025-03-21')
      ? { status: 404, body: { result: null, success: false, errors: [{ code: codes.noRoute, message: 'No route for that URI' }], messages: [] } } : undefined)),
  },
  {
    name: 'zone settings: brotli still editable after 2024-08-15',
    sentence: '| 2024-08-15 | Brotli setting | GET, PATCH /zones/{zone_id}/settings/brotli | After end of life, compression enabled for all zones; Enterprise overrides with compression rules |',
    misreading: '"Compression enabled for all zones" taken as the new default, which a zone may still turn off.',
    customize: (r) => {
      const turnedOff = new Set<string>();
      answerInstead(r, 'PATCH', /^\/zones\/[^/]+\/settings\/brotli$/, (request) => {
        const zoneId = zoneIdOf(request)!;
        const value = (request.body as Json | null)?.value;
        if (!after(r, request, '2024-08-15') || !r.state.zones.get(zoneId) || (value !== 'on' && value !== 'off')) return undefined;
        if (value === 'off') turnedOff.add(zoneId); else turnedOff.delete(zoneId);
        return { status: 200, body: success({ id: 'brotli', value, editable: true, modified_on: new Date(zoneNow(r, request)).toISOString() }) };
      });
      rewriteAnswers(r, {
        method: 'GET', path: /^\/zones\/[^/]+\/settings(\/brotli)?$/,
        body: (answer, request) => {
          if (!after(r, request, '2024-08-15')) return undefined;
          const { result } = answer;
          const settings = (Array.isArray(result) ? result : result ? [result] : []) as Json[];
          for (const setting of settings) if (setting.id === 'brotli') Object.assign(setting, { editable: true, value: turnedOff.has(zoneIdOf(request)!) ? 'off' : 'on' });
          return answer;
        },
      });
    },
  },
  {
    name: 'zone settings: privacy_pass still served after 2024-03-31',
    sentence: '| 2024-03-31 | Legacy privacy token setting | GET, POST zones/{zone_identifier}/settings/privacy_pass | Removed |',
    misreading: '"Removed" taken as the setting having no effect any more, its endpoint still answering.',
    customize: (r) => answerInstead(r, ['GET', 'POST'], /^\/zones\/[^/]+\/settings\/privacy_pass$/, (request) => {
      if (!after(r, request, '2024-03-31') || !r.state.zones.get(zoneIdOf(request)!)) return undefined;
      const value = request.method === 'POST' ? (request.body as Json | null)?.value ?? 'on' : 'on';
      return { status: 200, body: success({ id: 'privacy_pass', value, editable: true, modified_on: null }) };
    }),
  },
  {
    name: 'account dns settings: the random nameserver type refused',
    sentence: '| zone_defaults.nameservers.type | string enum | `<vendor>.standard`, `<vendor>.standard.random`, `custom.account`, `custom.tenant` (<vendor> stands for the service operator\'s name in the real values). Replaces the account settings fields default_nameservers and use_account_custom_ns_by_default |',
    misreading: 'The new field is taken to take the values of the fields it replaces, which had no random variant.',
    customize: (r) => beforeHandler(r, 'PATCH', /^\/accounts\/[^/]+\/dns_settings$/, (request) => {
      const type = (((request.body as Json | null)?.zone_defaults as Json | undefined)?.nameservers as Json | undefined)?.type;
      if (typeof type === 'string' && type.endsWith('.standard.random')) refuse(400, { code: codes.validation, message: 'zone_defaults.nameservers.type must be <vendor>.standard, custom.account or custom.tenant' });
    }),
  },
  {
    name: 'accounts: nameserver fields still returned after 2025-03-14',
    sentence: NAMESERVER_FIELDS,
    misreading: 'The row is read as an announcement of the replacement, the old fields still answered.',
    customize: (r) => rewriteAnswers(r, {
      method: ['GET', 'POST', 'PUT'], path: ACCOUNTS,
      body: (answer) => {
        if (r.clock.now() < utc('2025-03-14')) return undefined;
        const { result } = answer;
        for (const account of (Array.isArray(result) ? result : result ? [result] : []) as Json[]) {
          const row = r.state.accounts.get(String(account.id));
          if (row) account.settings = { ...(account.settings as Json), default_nameservers: row.nameservers_type.replace(/\.random$/, ''), use_account_custom_ns_by_default: row.nameservers_type === 'custom.account' };
        }
        return answer;
      },
    }),
  },
  {
    name: 'accounts: nameserver fields ignored before 2025-03-14',
    sentence: NAMESERVER_FIELDS,
    misreading: 'With the fields deprecated, writes through them are ignored already before the date.',
    customize: (r) => beforeHandler(r, ['POST', 'PUT'], ACCOUNTS, (request) => {
      const body = request.body as Json | null;
      if (body && typeof body === 'object' && r.clock.now() < utc('2025-03-14')) delete body.settings;
    }),
  },
];
