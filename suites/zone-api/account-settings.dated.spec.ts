// Account settings: the fields default_nameservers and use_account_custom_ns_by_default, which the
// account endpoints carry before 2025-03-14; after it, the account's default nameservers are set
// through DNS settings zone_defaults.nameservers.type, and the affected endpoints keep working
// (what becomes of the two fields then is not stated, and not checked).
//
// Extended: the payloads of the account endpoints are not shown; specs use production's
// ({name, settings}; support/settings.ts). The <vendor> comes from the control API (GET /vendor).

import { describe, expect } from 'vitest';
import { expectSuccess } from '../../src/spec-kit/expect.js';
import { datedSpec } from '../../src/spec-kit/spec.js';
import {
  createAccount, DATES, EXTENDED, listedAccount, nameserverType, nameserverTypes, readAccount, setNameserverType, uniqueAccountName, type Account,
} from './support/settings.js';

const BEFORE = { date: DATES.accountNameserverFields, side: 'before' } as const;
const AFTER = { date: DATES.accountNameserverFields, side: 'after' } as const;

const fieldsOf = (account: Account | undefined) => ({
  default_nameservers: account?.settings?.default_nameservers,
  use_account_custom_ns_by_default: account?.settings?.use_account_custom_ns_by_default,
});

describe('the account fields default_nameservers and use_account_custom_ns_by_default', () => {
  datedSpec(['ZM-ACCT-NS-FIELDS-BEFORE-2025-03-14', 'ZM-ACCT-AFFECTED-ENDPOINTS'], 'POST and PUT set them; GET /accounts and GET /accounts/{account_id} show them', BEFORE, async ({ api, control, skip }) => {
    const [standard] = await nameserverTypes(control, skip);
    const initial = { default_nameservers: standard, use_account_custom_ns_by_default: false };
    const created = await createAccount(api, { settings: initial });
    expect(fieldsOf(created), 'POST /accounts answers the fields it was given').toEqual(initial);
    expect(fieldsOf(await readAccount(api, created.id)), 'GET /accounts/{account_id} after POST').toEqual(initial);

    const custom = { default_nameservers: 'custom.account', use_account_custom_ns_by_default: true };
    const name = uniqueAccountName();
    const put = expectSuccess(await api.put<Account>(`/accounts/${created.id}`, { json: { name, settings: custom } }), 'PUT /accounts/{account_id}');
    expect(fieldsOf(put), 'PUT /accounts/{account_id} answers the fields it set').toEqual(custom);
    expect(fieldsOf(await readAccount(api, created.id)), 'GET /accounts/{account_id} after PUT').toEqual(custom);
    expect(fieldsOf(await listedAccount(api, created.id)), 'GET /accounts lists the account with the fields PUT set').toEqual(custom);
  }, { extended: EXTENDED.accounts });
});

describe('after the change', () => {
  datedSpec('ZM-ACCT-AFFECTED-ENDPOINTS', 'GET and POST /accounts and GET and PUT /accounts/{account_id} keep working', AFTER, async ({ api }) => {
    const created = await createAccount(api);
    expect((await listedAccount(api, created.id))?.name, 'GET /accounts lists the new account').toBe(created.name);
    const name = uniqueAccountName();
    expectSuccess(await api.put(`/accounts/${created.id}`, { json: { name } }), 'PUT /accounts/{account_id}');
    expect((await readAccount(api, created.id)).name, 'GET /accounts/{account_id} shows the name PUT set').toBe(name);
  }, { extended: EXTENDED.accounts });

  datedSpec('ZM-ACCT-NS-FIELDS-REPLACED-2025-03-14', 'an account\'s default nameservers are set and read through zone_defaults.nameservers.type', AFTER, async ({ api, control, skip }) => {
    const [standard, , customAccount, customTenant] = await nameserverTypes(control, skip);
    const account = await createAccount(api);
    for (const type of [customAccount!, standard!, customTenant!]) {
      expectSuccess(await setNameserverType(api, account.id, type), `PATCH /accounts/{account_id}/dns_settings zone_defaults.nameservers.type ${type}`);
      expect(await nameserverType(api, account.id), `the account's zone_defaults.nameservers.type after writing ${type}`).toBe(type);
    }
    expectSuccess(await api.get(`/accounts/${account.id}`), 'GET /accounts/{account_id} after setting the nameserver type');
  }, { extended: `${EXTENDED.dnsSettings}; ${EXTENDED.accounts}` });
});
