// DNS settings of an account: zone_defaults.nameservers.type with its four values (after
// 2025-03-14). Apart from dns-settings.dated.spec.ts because an account belongs to no zone: these
// specs move the target's global clock, so they run apart even on a target with zone clocks.
//
// The paths and payloads of the DNS settings and of the account create are not shown: the account
// and the first write of the type are set-up steps with production's (support/settings.ts); the
// documented values and enum after them are core. The <vendor> of the nameserver types comes from the target's
// control API (GET /vendor).

import { expect } from 'vitest';
import { expectFailure, expectSuccess } from '../../src/spec-kit/expect.js';
import { describe, datedSpec } from '../../src/spec-kit/spec.js';
import { createAccount, DATES, nameserverType, nameserverTypes, SET_UP, setNameserverType } from './support/settings.js';

const AFTER_NS_FIELDS = { date: DATES.accountNameserverFields, side: 'after' } as const;

describe('zone_defaults.nameservers.type', () => {
  datedSpec('ZM-DNSSET-NS-TYPE-VALUES', 'takes each of the four values and reads it back', AFTER_NS_FIELDS, async ({ api, control, skip, setUp }) => {
    const types = await nameserverTypes(control, skip);
    const account = await setUp(SET_UP.account, () => createAccount(api));
    // The first write finds the path and payload (custom.account, the one value no vendor names);
    // then each of the four must be taken the same way, twice round so that each replaces another.
    await setUp(SET_UP.accountDnsSettings, async () => expectSuccess(await setNameserverType(api, account.id, 'custom.account'), 'PATCH zone_defaults.nameservers.type custom.account'));
    for (const type of [...types, ...types.slice().reverse()]) {
      expectSuccess(await setNameserverType(api, account.id, type), `PATCH zone_defaults.nameservers.type ${type}`);
      expect(await nameserverType(api, account.id), `zone_defaults.nameservers.type after writing ${type}`).toBe(type);
    }
  });

  datedSpec('ZM-DNSSET-NS-TYPE-ENUM', 'refuses a value outside the four and keeps the one it had', AFTER_NS_FIELDS, async ({ api, control, skip, setUp }) => {
    const types = await nameserverTypes(control, skip);
    const account = await setUp(SET_UP.account, () => createAccount(api));
    await setUp(SET_UP.accountDnsSettings, async () => expectSuccess(await setNameserverType(api, account.id, 'custom.tenant'), 'PATCH zone_defaults.nameservers.type custom.tenant'));
    expect(await nameserverType(api, account.id), 'positive control: the read shows the type just written').toBe('custom.tenant');
    const vendor = types[0]!.replace(/\.standard$/, '');
    for (const other of ['custom', 'standard', `${vendor}.random`, `not-${vendor}.standard`, 'CUSTOM.ACCOUNT', 'custom.account.random']) {
      expectFailure(await setNameserverType(api, account.id, other), `zone_defaults.nameservers.type ${JSON.stringify(other)} is not one of the four`);
    }
    expect(await nameserverType(api, account.id), 'a refused value leaves the type as it was').toBe('custom.tenant');
    expectSuccess(await setNameserverType(api, account.id, 'custom.account'), 'positive control: a value of the four');
    expect(await nameserverType(api, account.id), 'positive control: the same read shows it').toBe('custom.account');
  });
});
