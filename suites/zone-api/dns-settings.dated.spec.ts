// DNS settings: flatten_all_cnames with the mapping of cname_flattening and its mirroring both ways
// (after 2025-03-21), multi_provider and secondary_overrides replacing the legacy
// /dns_settings/use_apex_ns and /dns_settings/secondary_overrides endpoints (which work before
// 2024-09-13 and are gone after it). Every spec here dates only zones of its own; the account-level
// zone_defaults.nameservers.type is in dns-settings-accounts.dated.spec.ts.
//
// Extended: the paths and payloads of the DNS settings are not shown; specs reading them use
// production's (support/settings.ts). The legacy endpoints' paths are the spec's own, so "gone after
// 2024-09-13" and "answers before it" are core.

import { expect } from 'vitest';
import { expectFailure, expectSuccess } from '../../src/spec-kit/expect.js';
import { describe, datedSpec, type TestZone } from '../../src/spec-kit/spec.js';
import type { ApiClient } from '../../src/spec-kit/api-client.js';
import {
  allSettings, DATES, EXTENDED, expectAnswersWhereUnknownDoesNot, flattenAll, patchDnsSettings, patchSetting,
  patchSettings, readDnsSettings, readSetting, truthOf,
} from './support/settings.js';

const AFTER_CNAME = { date: DATES.cnameFlattening, side: 'after' } as const;
const BEFORE_LEGACY = { date: DATES.legacyDnsEndpoints, side: 'before' } as const;
const AFTER_LEGACY = { date: DATES.legacyDnsEndpoints, side: 'after' } as const;
const dnsOptions = { extended: EXTENDED.dnsSettings };

/** Sets cname_flattening through its own endpoint; the value must be accepted. */
async function setCnameFlattening(api: ApiClient, zone: TestZone, value: 'off' | 'apex' | 'on'): Promise<void> {
  expectSuccess(await patchSetting(api, zone, 'cname_flattening', value), `PATCH /settings/cname_flattening ${value}`);
}

describe('flatten_all_cnames and cname_flattening', () => {
  datedSpec('ZM-DNSSET-FLATTEN-ALL-CNAMES', 'flatten_all_cnames is a boolean that reads back true and false as written', AFTER_CNAME, async ({ api, ownZone: zone }) => {
    for (const value of [true, false, true]) {
      const answer = await patchDnsSettings(api, zone, { flatten_all_cnames: value });
      expect(answer.flatten_all_cnames, `PATCH /dns_settings answers flatten_all_cnames ${value}`).toBe(value);
      expect(await flattenAll(api, zone), `GET /dns_settings after writing flatten_all_cnames ${value}`).toBe(value);
    }
  }, dnsOptions);

  // Each mapping starts from the opposite truth, so that a constant answer cannot pass.
  datedSpec(['ZM-DNSSET-FLATTEN-ON-TRUE', 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING'], 'cname_flattening on maps to flatten_all_cnames true', AFTER_CNAME, async ({ api, ownZone: zone }) => {
    await setCnameFlattening(api, zone, 'off');
    expect(await flattenAll(api, zone), 'precondition: cname_flattening off reads as flatten_all_cnames false').toBe(false);
    await setCnameFlattening(api, zone, 'on');
    expect(await flattenAll(api, zone), 'cname_flattening on maps to flatten_all_cnames true').toBe(true);
  }, dnsOptions);

  datedSpec(['ZM-DNSSET-FLATTEN-OFF-FALSE', 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING'], 'cname_flattening off maps to flatten_all_cnames false', AFTER_CNAME, async ({ api, ownZone: zone }) => {
    await setCnameFlattening(api, zone, 'on');
    expect(await flattenAll(api, zone), 'precondition: cname_flattening on reads as flatten_all_cnames true').toBe(true);
    await setCnameFlattening(api, zone, 'off');
    expect(await flattenAll(api, zone), 'cname_flattening off maps to flatten_all_cnames false').toBe(false);
  }, dnsOptions);

  datedSpec(['ZM-DNSSET-FLATTEN-APEX-FALSE', 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING'], 'cname_flattening apex maps to flatten_all_cnames false', AFTER_CNAME, async ({ api, ownZone: zone }) => {
    await setCnameFlattening(api, zone, 'on');
    expect(await flattenAll(api, zone), 'precondition: cname_flattening on reads as flatten_all_cnames true').toBe(true);
    await setCnameFlattening(api, zone, 'apex');
    expect(await flattenAll(api, zone), 'cname_flattening apex maps to flatten_all_cnames false, like off').toBe(false);
  }, dnsOptions);

  datedSpec('ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING', 'a change of cname_flattening through PATCH /settings shows in flatten_all_cnames', AFTER_CNAME, async ({ api, ownZone: zone }) => {
    for (const [value, flatten] of [['on', true], ['off', false], ['on', true], ['apex', false]] as const) {
      expectSuccess(await patchSettings(api, zone, [{ id: 'cname_flattening', value }]), `PATCH /settings {items: [cname_flattening ${value}]}`);
      expect(await flattenAll(api, zone), `cname_flattening ${value} set through PATCH /settings reads as flatten_all_cnames ${flatten}`).toBe(flatten);
    }
  }, dnsOptions);

  datedSpec('ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING', 'a change of flatten_all_cnames shows in /settings/cname_flattening and in /settings', AFTER_CNAME, async ({ api, ownZone: zone }) => {
    for (const flatten of [true, false, true, false]) {
      await patchDnsSettings(api, zone, { flatten_all_cnames: flatten });
      const single = (await readSetting(api, zone, 'cname_flattening')).value;
      const listed = (await allSettings(api, zone)).get('cname_flattening')?.value;
      // true mirrors as on; false as off or apex (which one is not shown).
      const allowed = flatten ? ['on'] : ['off', 'apex'];
      expect(allowed, `after flatten_all_cnames ${flatten}, GET /settings/cname_flattening should say ${allowed.join(' or ')}; it says ${JSON.stringify(single)}`).toContain(single);
      expect(allowed, `after flatten_all_cnames ${flatten}, GET /settings should list cname_flattening ${allowed.join(' or ')}; it lists ${JSON.stringify(listed)}`).toContain(listed);
    }
  }, dnsOptions);
});

/**
 * Writes alternating between the two sides, each write flipping the truth, in both orders (zone
 * setting, DNS settings, zone setting; and DNS settings, zone setting, DNS settings), through both
 * forms of the zone-setting write; apex and off both stand for false.
 */
const INTERLEAVED: ({ via: 'setting' | 'settings'; value: 'on' | 'off' | 'apex' } | { via: 'dns'; value: boolean })[] = [
  { via: 'setting', value: 'on' }, { via: 'dns', value: false }, { via: 'setting', value: 'on' },
  { via: 'dns', value: false }, { via: 'setting', value: 'on' }, { via: 'dns', value: false },
  { via: 'dns', value: true }, { via: 'setting', value: 'apex' }, { via: 'dns', value: true },
  { via: 'settings', value: 'off' }, { via: 'dns', value: true }, { via: 'settings', value: 'apex' },
  { via: 'dns', value: true }, { via: 'setting', value: 'off' }, { via: 'dns', value: true }, { via: 'settings', value: 'on' }, { via: 'dns', value: false },
];

/** Runs the interleaved writes; after each write of the side `checked` mirrors from, the other side must show it. */
async function interleave(api: ApiClient, zone: TestZone, checked: 'zone setting' | 'DNS settings'): Promise<void> {
  const done: string[] = [];
  for (const step of INTERLEAVED) {
    const history = () => `after ${[...done].join(', then ')}`;
    if (step.via === 'dns') {
      await patchDnsSettings(api, zone, { flatten_all_cnames: step.value });
      done.push(`DNS settings flatten_all_cnames ${step.value}`);
      if (checked !== 'DNS settings') continue;
      const allowed = step.value ? ['on'] : ['off', 'apex'];
      const single = (await readSetting(api, zone, 'cname_flattening')).value;
      const listed = (await allSettings(api, zone)).get('cname_flattening')?.value;
      expect(allowed, `${history()}: GET /settings/cname_flattening should say ${allowed.join(' or ')}; it says ${JSON.stringify(single)}`).toContain(single);
      expect(allowed, `${history()}: GET /settings should list cname_flattening ${allowed.join(' or ')}; it lists ${JSON.stringify(listed)}`).toContain(listed);
    } else {
      const form = step.via === 'setting' ? 'PATCH /settings/cname_flattening' : 'PATCH /settings';
      if (step.via === 'setting') expectSuccess(await patchSetting(api, zone, 'cname_flattening', step.value), `${form} ${step.value}`);
      else expectSuccess(await patchSettings(api, zone, [{ id: 'cname_flattening', value: step.value }]), `${form} ${step.value}`);
      done.push(`${form} ${step.value}`);
      if (checked !== 'zone setting') continue;
      expect(await flattenAll(api, zone), `${history()}: flatten_all_cnames should be ${step.value === 'on'}`).toBe(step.value === 'on');
    }
  }
}

describe('flatten_all_cnames and cname_flattening, interleaved', () => {
  datedSpec('ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING', 'changes of cname_flattening interleaved with changes of flatten_all_cnames, in both orders, each show in flatten_all_cnames', AFTER_CNAME, async ({ api, ownZone: zone }) => {
    await interleave(api, zone, 'zone setting');
  }, dnsOptions);

  datedSpec('ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING', 'changes of flatten_all_cnames interleaved with changes of cname_flattening, in both orders, each show in cname_flattening', AFTER_CNAME, async ({ api, ownZone: zone }) => {
    await interleave(api, zone, 'DNS settings');
  }, dnsOptions);
});

const LEGACY = [
  { path: 'use_apex_ns', field: 'multi_provider', before: 'ZM-DNSSET-USE-APEX-NS-BEFORE-2024-09-13', gone: 'ZM-DNSSET-USE-APEX-NS-LEGACY-2024-09-13', replacement: 'ZM-DNSSET-MULTI-PROVIDER' },
  { path: 'secondary_overrides', field: 'secondary_overrides', before: 'ZM-DNSSET-SECONDARY-OVERRIDES-BEFORE-2024-09-13', gone: 'ZM-DNSSET-SECONDARY-OVERRIDES-LEGACY-2024-09-13', replacement: 'ZM-DNSSET-SECONDARY-OVERRIDES' },
] as const;

describe('multi_provider and secondary_overrides replace the legacy endpoints', () => {
  for (const legacy of LEGACY) {
    const path = (zone: TestZone) => zone.path(`/dns_settings/${legacy.path}`);

    datedSpec(legacy.before, `GET /dns_settings/${legacy.path} answers`, BEFORE_LEGACY, async ({ api, ownZone: zone }) => {
      await expectAnswersWhereUnknownDoesNot(api, path(zone), zone.path('/dns_settings/specgate_no_such_setting'), `GET /dns_settings/${legacy.path} before ${DATES.legacyDnsEndpoints}`);
    });

    datedSpec(legacy.before, `PATCH /dns_settings/${legacy.path} sets the value GET reads back`, BEFORE_LEGACY, async ({ api, ownZone: zone }) => {
      for (const value of [true, false, true]) {
        expectSuccess(await api.patch(path(zone), { json: { value } }), `PATCH /dns_settings/${legacy.path} {value: ${value}}`);
        const read = expectSuccess(await api.get(path(zone)), `GET /dns_settings/${legacy.path}`);
        expect(truthOf(read, legacy.path), `GET /dns_settings/${legacy.path} after PATCH ${value}: ${JSON.stringify(read)}`).toBe(value);
      }
    }, { extended: `writes the legacy endpoint's value as production's {value}, a payload the spec does not show` });

    datedSpec(legacy.gone, `GET and PATCH /dns_settings/${legacy.path} are gone`, AFTER_LEGACY, async ({ api, ownZone: zone }) => {
      expectFailure(await api.get(path(zone)), `GET /dns_settings/${legacy.path} after ${DATES.legacyDnsEndpoints}`);
      expectFailure(await api.patch(path(zone), { json: { value: true } }), `PATCH /dns_settings/${legacy.path} after ${DATES.legacyDnsEndpoints}`);
      // Positive control: the zone's settings do answer at that date; only the legacy endpoint is gone.
      expectSuccess(await api.get(zone.path('/settings/cname_flattening')), `positive control: GET /settings/cname_flattening after ${DATES.legacyDnsEndpoints}`);
    });

    datedSpec(legacy.replacement, `${legacy.field} of DNS settings reads back on and off as written`, AFTER_LEGACY, async ({ api, ownZone: zone }) => {
      for (const value of [true, false, true]) {
        await patchDnsSettings(api, zone, { [legacy.field]: value });
        const read = (await readDnsSettings(api, zone))[legacy.field];
        expect(truthOf(read, legacy.field), `${legacy.field} after writing ${value}: ${JSON.stringify(read)}`).toBe(value);
      }
    }, dnsOptions);
  }
});
