// Helpers of the DNS, zone and account settings specs. The spec shows none of these payloads: the
// calls follow production's (a zone setting is {id, value, editable, modified_on}, PATCH takes
// {value}, PATCH /settings takes {items: [{id, value}]}; DNS settings at /zones/{zone_id}/dns_settings
// and /accounts/{account_id}/dns_settings; an account is {id, name, settings}), and every spec that
// depends on them declares itself extended with one of the reasons below.

import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../../../src/spec-kit/api-client.js';
import type { ControlClient } from '../../../src/spec-kit/control.js';
import { expectArray, expectObject, expectSuccess } from '../../../src/spec-kit/expect.js';
import { dateOf } from '../../../src/catalog/deprecation-schedule.js';
import type { TestZone } from '../../../src/spec-kit/spec.js';

export const EXTENDED = {
  dnsSettings: 'reads or writes DNS settings, whose paths and payloads the spec does not show (production\'s /dns_settings)',
  zoneSettings: 'reads or writes a zone setting\'s value, whose payload the spec does not show (production\'s {value})',
  accounts: 'creates and reads accounts, whose payloads the spec does not show (production\'s {name, settings})',
} as const;

/** The set-up steps the document does not show, as `setUp` names them when the target refuses them. */
export const SET_UP = {
  dnsSettings: 'DNS settings read and written at /zones/{zone_id}/dns_settings as a JSON object of their fields (production\'s path and payload; the document shows neither)',
  zoneSetting: 'a zone setting written with {value} and read as result.value (production\'s payload; the document shows none)',
  zoneSettings: 'zone settings written through PATCH /zones/{zone_id}/settings {items: [{id, value}]} (production\'s payload; the document shows none)',
  zoneSettingsList: 'zone settings read through GET /zones/{zone_id}/settings as an array of {id, value} naming cname_flattening (production\'s payload; the document shows none)',
  account: 'an account created through POST /accounts {name, settings} and answered as {id, name, settings} (production\'s payload; the document shows none)',
  accountPut: 'an account written through PUT /accounts/{account_id} {name, settings} (production\'s payload; the document shows none)',
  accountDnsSettings: 'an account\'s DNS settings written at /accounts/{account_id}/dns_settings {zone_defaults: {nameservers: {type}}} (production\'s path; the document shows the field, not the path)',
  legacyValue: 'a legacy DNS settings endpoint written with production\'s {value} (the document shows no payload)',
} as const;

export interface ZoneSetting { id: string; value: unknown; editable?: boolean; modified_on?: string | null }

/** The dated changes of the settings rows of the Versioning table (fixtures/deprecations.json). */
export const DATES = {
  cnameFlattening: dateOf('Zone setting cname_flattening'),
  accountNameserverFields: dateOf('Account settings fields default_nameservers, use_account_custom_ns_by_default'),
  legacyDnsEndpoints: dateOf('Legacy DNS settings endpoints'),
  brotli: dateOf('Brotli setting'),
  minify: dateOf('Auto minify'),
  mobileRedirect: dateOf('Mobile redirect'),
  serverSideExclude: dateOf('Server-side excludes'),
  privacyPass: dateOf('Legacy privacy token setting'),
} as const;

// --- zone settings ----------------------------------------------------------------------------

export const settingPath = (zone: TestZone, id: string): string => zone.path(`/settings/${id}`);

export async function readSetting(api: ApiClient, zone: TestZone, id: string): Promise<ZoneSetting> {
  const setting = expectObject(await api.get<ZoneSetting>(settingPath(zone, id)), `GET /settings/${id}`);
  expect(setting?.id, `GET /settings/${id} answers the setting ${id}: ${JSON.stringify(setting)}`).toBe(id);
  return setting;
}

export function patchSetting(api: ApiClient, zone: TestZone, id: string, value: unknown): Promise<ApiResponse<ZoneSetting>> {
  return api.patch<ZoneSetting>(settingPath(zone, id), { json: { value } });
}

/** PATCHes a value that must be accepted, and checks that the answer and a fresh GET carry it. */
export async function setAndReadBack(api: ApiClient, zone: TestZone, id: string, value: unknown, method: 'PATCH' | 'POST' = 'PATCH'): Promise<void> {
  const answer = expectObject(await api.request<ZoneSetting>(method, settingPath(zone, id), { json: { value } }), `${method} /settings/${id} ${JSON.stringify(value)}`);
  expect(answer?.value, `${method} /settings/${id} answers the value it set`).toEqual(expectedShapeOf(value));
  expect((await readSetting(api, zone, id)).value, `GET /settings/${id} after ${method} ${JSON.stringify(value)}`).toEqual(expectedShapeOf(value));
}

/** Objects may carry more fields than were written; strings must match exactly. */
const expectedShapeOf = (value: unknown): unknown => (value !== null && typeof value === 'object' ? expect.objectContaining(value) : value);

/** Every setting GET /zones/{zone_id}/settings lists, by id. */
export async function allSettings(api: ApiClient, zone: TestZone): Promise<Map<string, ZoneSetting>> {
  const list = expectArray(await api.get<ZoneSetting[]>(zone.path('/settings')), 'GET /settings (an array of settings)');
  return new Map(list.map((s) => [s.id, s]));
}

export function patchSettings(api: ApiClient, zone: TestZone, items: { id: string; value: unknown }[]): Promise<ApiResponse<ZoneSetting[]>> {
  return api.patch<ZoneSetting[]>(zone.path('/settings'), { json: { items } });
}

// --- DNS settings -----------------------------------------------------------------------------

export type DnsSettings = Record<string, unknown> & { flatten_all_cnames?: unknown; multi_provider?: unknown; secondary_overrides?: unknown };

export async function readDnsSettings(api: ApiClient, zone: TestZone): Promise<DnsSettings> {
  return expectObject(await api.get<DnsSettings>(zone.path('/dns_settings')), 'GET /dns_settings');
}

export async function patchDnsSettings(api: ApiClient, zone: TestZone, body: DnsSettings): Promise<DnsSettings> {
  return expectObject(await api.patch<DnsSettings>(zone.path('/dns_settings'), { json: body }), `PATCH /dns_settings ${JSON.stringify(body)}`);
}

/** flatten_all_cnames as GET /dns_settings shows it: a boolean. */
export async function flattenAll(api: ApiClient, zone: TestZone): Promise<boolean> {
  const { flatten_all_cnames: flatten } = await readDnsSettings(api, zone);
  expect(typeof flatten, `flatten_all_cnames is a boolean: ${JSON.stringify(flatten)}`).toBe('boolean');
  return flatten as boolean;
}

/** The truth of a "boolean-like" setting (the spec does not give its JSON type): true/false, on/off. */
export function truthOf(value: unknown, what: string): boolean {
  const inner = value !== null && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
  if (inner === true || inner === 'on' || inner === 'true' || inner === 1) return true;
  if (inner === false || inner === 'off' || inner === 'false' || inner === 0) return false;
  throw new Error(`${what} should be boolean-like (true/false, on/off); got ${JSON.stringify(value)}`);
}

// --- accounts ---------------------------------------------------------------------------------

export interface Account { id: string; name: string; settings?: Record<string, unknown> }

export const uniqueAccountName = (): string => `specgate account ${crypto.randomUUID().slice(0, 8)}`;

export async function createAccount(api: ApiClient, body: Record<string, unknown> = {}): Promise<Account> {
  const account = expectObject(await api.post<Account>('/accounts', { json: { name: uniqueAccountName(), ...body } }), 'POST /accounts');
  expect(typeof account?.id, `POST /accounts answers the account with its id: ${JSON.stringify(account)}`).toBe('string');
  return account;
}

export async function readAccount(api: ApiClient, id: string): Promise<Account> {
  const account = expectObject(await api.get<Account>(`/accounts/${id}`), 'GET /accounts/{account_id}');
  expect(account?.id, 'GET /accounts/{account_id} answers that account').toBe(id);
  return account;
}

/** The account as GET /accounts lists it, paging until found or an empty page. */
export async function listedAccount(api: ApiClient, id: string): Promise<Account | undefined> {
  for (let page = 1; page <= 100; page++) {
    const accounts = expectArray(await api.get<Account[]>('/accounts', { query: { page, per_page: 50 } }), `GET /accounts page ${page}`);
    const found = accounts.find((a) => a.id === id);
    if (found || accounts.length === 0) return found;
  }
  return undefined;
}

export const accountDnsPath = (accountId: string): string => `/accounts/${accountId}/dns_settings`;

export async function nameserverType(api: ApiClient, accountId: string): Promise<unknown> {
  const settings = expectObject(await api.get<{ zone_defaults?: { nameservers?: { type?: unknown } } }>(accountDnsPath(accountId)), 'GET /accounts/{account_id}/dns_settings');
  return settings?.zone_defaults?.nameservers?.type;
}

export function setNameserverType(api: ApiClient, accountId: string, type: string): Promise<ApiResponse> {
  return api.patch(accountDnsPath(accountId), { json: { zone_defaults: { nameservers: { type } } } });
}

/** The four values of zone_defaults.nameservers.type with the target's vendor (told by its control API). */
export async function nameserverTypes(control: ControlClient, skip: (note?: string) => never): Promise<string[]> {
  const vendor = await control.vendor().then((v) => v.vendor, () => undefined);
  if (!vendor) return skip('the target\'s control API does not tell the vendor of <vendor>.standard (GET /vendor)');
  return [`${vendor}.standard`, `${vendor}.standard.random`, 'custom.account', 'custom.tenant'];
}

/**
 * A request that must answer (success) where the same request on a name the target does not have
 * must not: an endpoint's "it answers" means nothing on a target that answers everything.
 */
export async function expectAnswersWhereUnknownDoesNot(api: ApiClient, path: string, unknownPath: string, what: string): Promise<void> {
  expectSuccess(await api.get(path), what);
  const unknown = await api.get(unknownPath);
  expect(unknown.body?.success === true && unknown.status < 300, `negative control: ${unknownPath.replace(/^\/zones\/[^/]+/, '/zones/{zone_id}')}, which does not exist, must not answer success too; got HTTP ${unknown.status} ${unknown.text.slice(0, 300)}`).toBe(false);
}
