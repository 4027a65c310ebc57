// Account settings: the fields default_nameservers and use_account_custom_ns_by_default, which the
// account endpoints carry before 2025-03-14; after it, the account's default nameservers are set
// through DNS settings zone_defaults.nameservers.type, and the affected endpoints keep working
// (what becomes of the two fields then is not stated, and not checked).
//
// The payloads of the account endpoints are not shown: specs create an account with production's
// ({name, settings}; support/settings.ts) as a set-up step, and assert the documented fields and
// endpoints after it as core. The reference's mapping of the fields (docs/settings-contract.md) is
// extended. The <vendor> comes from the control API (GET /vendor).

import { expect } from 'vitest';
import { errorCodes, expectArray, expectFailureStatus, expectObject, expectShape, expectSuccess, isObject } from '../../src/spec-kit/expect.js';
import type { ApiClient } from '../../src/spec-kit/api-client.js';
import { describe, datedSpec } from '../../src/spec-kit/spec.js';
import {
  accountDnsPath, createAccount, DATES, EXTENDED, listedAccount, nameserverType, nameserverTypes, readAccount, SET_UP, setNameserverType, uniqueAccountName, type Account,
} from './support/settings.js';

const BEFORE = { date: DATES.accountNameserverFields, side: 'before' } as const;
const AFTER = { date: DATES.accountNameserverFields, side: 'after' } as const;

const fieldsOf = (account: Account | undefined) => ({
  default_nameservers: account?.settings?.default_nameservers,
  use_account_custom_ns_by_default: account?.settings?.use_account_custom_ns_by_default,
});

describe('the account fields default_nameservers and use_account_custom_ns_by_default', () => {
  datedSpec(['ZM-ACCT-NS-FIELDS-BEFORE-2025-03-14', 'ZM-ACCT-AFFECTED-ENDPOINTS'], 'POST and PUT set them; GET /accounts and GET /accounts/{account_id} show them', BEFORE, async ({ expect, api, control, skip, setUp }) => {
    const [standard] = await nameserverTypes(control, skip);
    const initial = { default_nameservers: standard, use_account_custom_ns_by_default: false };
    const created = await setUp(SET_UP.account, () => createAccountWithSettings(api, initial));
    // The fields are the document's: where production carries them (settings) is the set-up's.
    expect.soft(fieldsOf(created), 'POST /accounts answers the fields it was given').toEqual(initial);
    expect.soft(fieldsOf(await readAccount(api, created.id)), 'GET /accounts/{account_id} after POST').toEqual(initial);

    const custom = { default_nameservers: 'custom.account', use_account_custom_ns_by_default: true };
    const put = expectObject(await api.put<Account>(`/accounts/${created.id}`, { json: { name: uniqueAccountName(), settings: custom } }), 'PUT /accounts/{account_id}, the payload POST took');
    expect.soft(fieldsOf(put), 'PUT /accounts/{account_id} answers the fields it set').toEqual(custom);
    expect.soft(fieldsOf(await readAccount(api, created.id)), 'GET /accounts/{account_id} after PUT').toEqual(custom);
    expect(fieldsOf(await listedAccount(api, created.id)), 'GET /accounts lists the account with the fields PUT set').toEqual(custom);
  });
});

describe('after the change', () => {
  datedSpec('ZM-ACCT-AFFECTED-ENDPOINTS', 'GET and POST /accounts and GET and PUT /accounts/{account_id} keep working', AFTER, async ({ expect, api, setUp }) => {
    const created = await setUp(SET_UP.account, () => createAccount(api));
    expect.soft((await listedAccount(api, created.id))?.name, 'GET /accounts lists the new account').toBe(created.name);
    const name = uniqueAccountName();
    expectSuccess(await api.put(`/accounts/${created.id}`, { json: { name } }), 'PUT /accounts/{account_id} with the name POST took');
    expect((await readAccount(api, created.id)).name, 'GET /accounts/{account_id} shows the name PUT set').toBe(name);
  });

  datedSpec('ZM-ACCT-NS-FIELDS-REPLACED-2025-03-14', 'an account\'s default nameservers are set and read through zone_defaults.nameservers.type', AFTER, async ({ api, control, skip, setUp }) => {
    const [standard, , customAccount, customTenant] = await nameserverTypes(control, skip);
    const account = await setUp(SET_UP.account, () => createAccount(api));
    // The first write finds the DNS settings' path; the other values must then be taken the same way.
    await setUp(SET_UP.accountDnsSettings, async () => expectSuccess(await setNameserverType(api, account.id, customAccount!), 'PATCH /accounts/{account_id}/dns_settings zone_defaults.nameservers.type custom.account'));
    expect(await nameserverType(api, account.id), 'the account\'s zone_defaults.nameservers.type after writing custom.account').toBe(customAccount);
    for (const type of [standard!, customTenant!]) {
      expectSuccess(await setNameserverType(api, account.id, type), `PATCH /accounts/{account_id}/dns_settings zone_defaults.nameservers.type ${type}`);
      expect(await nameserverType(api, account.id), `the account's zone_defaults.nameservers.type after writing ${type}`).toBe(type);
    }
    expectSuccess(await api.get(`/accounts/${account.id}`), 'GET /accounts/{account_id} after setting the nameserver type');
  });
});

/** POST /accounts with the legacy fields in production's settings object, answered with that object. */
async function createAccountWithSettings(api: ApiClient, settings: Record<string, unknown>): Promise<Account> {
  const account = await createAccount(api, { settings });
  expect(isObject(account.settings), `POST /accounts answers the account's settings as an object: ${JSON.stringify(account)}`).toBe(true);
  return account;
}

// --- the reference's account endpoints (docs/settings-contract.md > Accounts and zone_defaults.nameservers.type)

/** PUTs an account with the given legacy settings and answers the account and the type it then has. */
async function putLegacy(api: ApiClient, id: string, settings: Record<string, unknown>): Promise<{ fields: ReturnType<typeof fieldsOf>; type: unknown }> {
  const put = expectObject(await api.put<Account>(`/accounts/${id}`, { json: { name: uniqueAccountName(), settings } }), `PUT /accounts/{account_id} settings ${JSON.stringify(settings)}`);
  expect(fieldsOf(await readAccount(api, id)), `GET /accounts/{account_id} shows what PUT answered (settings ${JSON.stringify(settings)})`).toEqual(fieldsOf(put));
  return { fields: fieldsOf(put), type: await nameserverType(api, id) };
}

/** Expects a refusal with the reference's validation error: HTTP 400, code 10014. */
function expectValidationError(response: Awaited<ReturnType<ApiClient['put']>>, what: string): void {
  expectFailureStatus(response, 400, what);
  expect(errorCodes(response), `${what}: the validation error code`).toEqual([10014]);
}

describe('the legacy fields and zone_defaults.nameservers.type (the reference\'s mapping)', () => {
  datedSpec('ZM-ACCT-EXT-NS-MAPPING', 'both fields are read from and written to the type: use_account_custom_ns_by_default first, then default_nameservers; the random variant shows as <vendor>.standard', BEFORE, async ({ api, control, skip, setUp }) => {
    const [standard, random, customAccount, customTenant] = await nameserverTypes(control, skip);
    const account = await setUp(SET_UP.account, () => createAccount(api));
    expect(fieldsOf(account), 'a new account without settings').toEqual({ default_nameservers: standard, use_account_custom_ns_by_default: false });
    expect(await nameserverType(api, account.id), 'the type of a new account without settings').toBe(standard);

    expectSuccess(await setNameserverType(api, account.id, random!), 'PATCH dns_settings to the random variant');
    expect(fieldsOf(await readAccount(api, account.id)), 'the random variant reads as <vendor>.standard').toEqual({ default_nameservers: standard, use_account_custom_ns_by_default: false });

    const steps: [Record<string, unknown>, string][] = [
      [{ use_account_custom_ns_by_default: true }, customAccount!],
      [{ use_account_custom_ns_by_default: false }, standard!],
      [{ default_nameservers: customTenant }, customTenant!],
      [{ use_account_custom_ns_by_default: false }, customTenant!],
      [{ default_nameservers: customAccount }, customAccount!],
      [{}, customAccount!],
      [{ use_account_custom_ns_by_default: true, default_nameservers: customTenant }, customTenant!],
      [{ use_account_custom_ns_by_default: false, default_nameservers: standard }, standard!],
    ];
    for (const [settings, type] of steps) {
      const { fields, type: read } = await putLegacy(api, account.id, settings);
      expect(read, `zone_defaults.nameservers.type after PUT settings ${JSON.stringify(settings)}`).toBe(type);
      expect(fields, `the fields after PUT settings ${JSON.stringify(settings)}`).toEqual({ default_nameservers: type, use_account_custom_ns_by_default: type === customAccount });
    }
    expectSuccess(await api.put(`/accounts/${account.id}`, { json: { name: uniqueAccountName() } }), 'PUT /accounts/{account_id} without settings');
    expect(await nameserverType(api, account.id), 'a PUT without settings keeps the type').toBe(standard);

    const created = await createAccount(api, { settings: { use_account_custom_ns_by_default: true } });
    expect(await nameserverType(api, created.id), 'POST with use_account_custom_ns_by_default true').toBe(customAccount);
  }, { extended: `${EXTENDED.accounts}; ${EXTENDED.dnsSettings}` });

  datedSpec('ZM-ACCT-EXT-NS-MAPPING', 'a value outside the fields\' values, or settings that are not an object, are refused with 400 (10014) and change nothing', BEFORE, async ({ api, control, skip, setUp }) => {
    const [standard, random, customAccount] = await nameserverTypes(control, skip);
    const account = await setUp(SET_UP.account, () => createAccount(api, { settings: { default_nameservers: customAccount } }));
    expect(await nameserverType(api, account.id), 'positive control: the type reads as the account was created (not the default)').toBe(customAccount);
    for (const settings of [{ default_nameservers: random }, { default_nameservers: 'custom' }, { default_nameservers: null }, { use_account_custom_ns_by_default: 'true' }, { use_account_custom_ns_by_default: null, default_nameservers: standard }, 'custom.account', [customAccount]]) {
      const what = `settings ${JSON.stringify(settings)}`;
      expectValidationError(await api.put(`/accounts/${account.id}`, { json: { name: uniqueAccountName(), settings } }), `PUT with ${what}`);
      expectValidationError(await api.post('/accounts', { json: { name: uniqueAccountName(), settings } }), `POST with ${what}`);
    }
    expect(await nameserverType(api, account.id), 'the type after the refused PUTs').toBe(customAccount);
    expect((await readAccount(api, account.id)).name, 'the name after the refused PUTs').toBe(account.name);
  }, { extended: `${EXTENDED.accounts}; ${EXTENDED.dnsSettings}` });

  datedSpec('ZM-ACCT-EXT-FIELDS-IGNORED-AFTER', 'settings is {} and the two fields sent are ignored, valid or not', AFTER, async ({ api, control, skip, setUp }) => {
    const [, , customAccount, customTenant] = await nameserverTypes(control, skip);
    const account = await setUp(SET_UP.account, () => createAccount(api, { settings: { default_nameservers: 'bogus', use_account_custom_ns_by_default: true } }));
    expect(account.settings, 'POST /accounts answers settings {}').toEqual({});
    expectSuccess(await setNameserverType(api, account.id, customTenant!), 'PATCH dns_settings custom.tenant');
    for (const settings of [{ default_nameservers: customAccount, use_account_custom_ns_by_default: true }, { use_account_custom_ns_by_default: 'yes' }, 'not an object']) {
      const name = uniqueAccountName();
      const put = expectObject(await api.put<Account>(`/accounts/${account.id}`, { json: { name, settings } }), `PUT with settings ${JSON.stringify(settings)}`);
      expect(put.settings, 'PUT answers settings {}').toEqual({});
      expect(await nameserverType(api, account.id), `the type after PUT with settings ${JSON.stringify(settings)}`).toBe(customTenant);
      // Positive control: the PUT itself took effect (its name), only the fields were ignored.
      expect((await readAccount(api, account.id)).name, `positive control: the PUT with settings ${JSON.stringify(settings)} did set the name`).toBe(name);
    }
    expect((await readAccount(api, account.id)).settings, 'GET /accounts/{account_id} shows settings {}').toEqual({});
    expect((await listedAccount(api, account.id))?.settings, 'GET /accounts lists settings {}').toEqual({});
  }, { extended: `${EXTENDED.accounts}; ${EXTENDED.dnsSettings}` });
});

describe('the account endpoints (the reference\'s payloads and errors)', () => {
  datedSpec('ZM-ACCT-EXT-ENDPOINTS', 'name is required by POST and PUT (400, 10014); an unknown account is 404 (10024); GET /accounts pages with result_info', AFTER, async ({ api, setUp }) => {
    const account = await setUp(SET_UP.account, () => createAccount(api));
    for (const body of [{}, { name: 7 }, { name: null }, { settings: {} }]) {
      expectValidationError(await api.post('/accounts', { json: body }), `POST /accounts ${JSON.stringify(body)}`);
      expectValidationError(await api.put(`/accounts/${account.id}`, { json: body }), `PUT /accounts/{account_id} ${JSON.stringify(body)}`);
    }
    expect((await readAccount(api, account.id)).name, 'the name after the refused PUTs').toBe(account.name);
    const renamed = uniqueAccountName();
    expectSuccess(await api.put(`/accounts/${account.id}`, { json: { name: renamed } }), 'positive control: a valid PUT');
    expect((await readAccount(api, account.id)).name, 'positive control: the same read shows the valid PUT').toBe(renamed);

    const unknown = '0'.repeat(32);
    for (const [method, path, json] of [['GET', `/accounts/${unknown}`], ['PUT', `/accounts/${unknown}`, { name: uniqueAccountName() }], ['GET', accountDnsPath(unknown)], ['PATCH', accountDnsPath(unknown), {}]] as const) {
      const response = await api.request(method, path, json === undefined ? {} : { json });
      expectFailureStatus(response, 404, `${method} of an unknown account`);
      expect(errorCodes(response), `${method} of an unknown account: the code`).toEqual([10024]);
    }

    const response = await api.get<Account[]>('/accounts', { query: { page: 1, per_page: 5 } });
    const first = expectArray(response, 'GET /accounts page 1');
    expectShape('result-info', response.body!.result_info, 'result_info');
    expect(response.body!.result_info, 'result_info of GET /accounts').toMatchObject({ page: 1, per_page: 5, count: first.length });
  }, { extended: EXTENDED.accounts });
});
