// specgate-clock: per zone
// (Every spec here moves time only for zones it created and reads time only there: on a target with a
// clock per zone this file runs alongside the others; src/catalog/suites.ts reads this line.)
//
// DNS settings: flatten_all_cnames with the mapping of cname_flattening and its mirroring both ways
// (after 2025-03-21), multi_provider and secondary_overrides replacing the legacy
// /dns_settings/use_apex_ns and /dns_settings/secondary_overrides endpoints (which work before
// 2024-09-13 and are gone after it). Every spec here dates only zones of its own; the account-level
// zone_defaults.nameservers.type is in dns-settings-accounts.dated.spec.ts.
//
// The paths and payloads of the DNS settings (and the zone settings' payloads) are not shown: each
// spec first takes each kind of call it makes with production's (support/settings.ts) as a set-up
// step (`usesProductionPayloads`); the documented mapping and mirroring asserted after it are core.
// The legacy endpoints' paths are the spec's own, so "gone after 2024-09-13" and "answers before
// it" need no set-up.

import fc from 'fast-check';
import { expect } from 'vitest';
import { expectFailure, expectSuccess } from '../../src/spec-kit/expect.js';
import { describe, datedSpec, type SpecFixtures, type TestZone } from '../../src/spec-kit/spec.js';
import type { ApiClient } from '../../src/spec-kit/api-client.js';
import { checkProperty } from '../../src/spec-kit/property.js';
import {
  allSettings, DATES, expectAnswersWhereUnknownDoesNot, flattenAll, patchDnsSettings, patchSetting,
  patchSettings, readDnsSettings, readSetting, SET_UP, settingPath, truthOf,
} from './support/settings.js';

const AFTER_CNAME = { date: DATES.cnameFlattening, side: 'after' } as const;
const BEFORE_LEGACY = { date: DATES.legacyDnsEndpoints, side: 'before' } as const;
const AFTER_LEGACY = { date: DATES.legacyDnsEndpoints, side: 'after' } as const;
type SetUp = SpecFixtures['setUp'];

/** Sets cname_flattening through its own endpoint; the value must be accepted. */
async function setCnameFlattening(api: ApiClient, zone: TestZone, value: 'off' | 'apex' | 'on'): Promise<void> {
  expectSuccess(await patchSetting(api, zone, 'cname_flattening', value), `PATCH /settings/cname_flattening ${value}`);
}

/** The kinds of call whose payload (or path) is production's, each made once as a set-up step. */
const PRODUCTION_CALLS = {
  dns: { what: SET_UP.dnsSettings, step: async (api: ApiClient, zone: TestZone) => { await readDnsSettings(api, zone); await patchDnsSettings(api, zone, { flatten_all_cnames: false }); } },
  setting: { what: SET_UP.zoneSetting, step: async (api: ApiClient, zone: TestZone) => { await setCnameFlattening(api, zone, 'off'); await readSetting(api, zone, 'cname_flattening'); } },
  settings: { what: SET_UP.zoneSettings, step: async (api: ApiClient, zone: TestZone) => { expectSuccess(await patchSettings(api, zone, [{ id: 'cname_flattening', value: 'off' }]), 'PATCH /settings {items: [cname_flattening off]}'); await allSettings(api, zone); } },
} as const;

/**
 * Makes each kind of call the spec uses once with production's payload, as a set-up step: a target
 * that refuses one leaves the spec not verified; after them, what the spec asserts gates as core.
 */
async function usesProductionPayloads(setUp: SetUp, api: ApiClient, zone: TestZone, kinds: (keyof typeof PRODUCTION_CALLS)[]): Promise<void> {
  // The zone settings' endpoints are the document's own, deprecated or affected but kept after
  // 2025-03-21 (their changes are mirrored): that they answer is core, only their payload is not.
  if (kinds.includes('setting')) expectSuccess(await api.get(settingPath(zone, 'cname_flattening')), 'GET /settings/cname_flattening, deprecated but kept (changes are mirrored both ways)');
  if (kinds.includes('settings')) expectSuccess(await api.get(zone.path('/settings')), 'GET /settings, affected but kept');
  for (const kind of kinds) await setUp(PRODUCTION_CALLS[kind].what, () => PRODUCTION_CALLS[kind].step(api, zone));
}

describe('flatten_all_cnames and cname_flattening', () => {
  datedSpec('ZM-DNSSET-FLATTEN-ALL-CNAMES', 'flatten_all_cnames is a boolean that reads back true and false as written', AFTER_CNAME, async ({ api, ownZone: zone, setUp }) => {
    await usesProductionPayloads(setUp, api, zone, ['dns']);
    for (const value of [true, false, true]) {
      const answer = await patchDnsSettings(api, zone, { flatten_all_cnames: value });
      expect(answer.flatten_all_cnames, `PATCH /dns_settings answers flatten_all_cnames ${value}`).toBe(value);
      expect(await flattenAll(api, zone), `GET /dns_settings after writing flatten_all_cnames ${value}`).toBe(value);
    }
  });

  // Each mapping starts from the opposite truth, so that a constant answer cannot pass. One
  // sequence takes the three in turn (three specs each made the same set-up before): off, on, off,
  // on, apex, each read back. A read that fails is blamed on every mapping it is a check or a
  // precondition of (with the mirroring from the setting, of which each is a case), and the
  // sequence goes on, so that each mapping is blamed exactly when its own two steps fail.
  datedSpec(['ZM-DNSSET-FLATTEN-ON-TRUE', 'ZM-DNSSET-FLATTEN-OFF-FALSE', 'ZM-DNSSET-FLATTEN-APEX-FALSE', 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING'], 'cname_flattening on maps to flatten_all_cnames true, off and apex to false', AFTER_CNAME, async ({ api, ownZone: zone, setUp, task }) => {
    await usesProductionPayloads(setUp, api, zone, ['setting', 'dns']);
    const FROM = 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING';
    const ON = 'ZM-DNSSET-FLATTEN-ON-TRUE';
    const OFF = 'ZM-DNSSET-FLATTEN-OFF-FALSE';
    const APEX = 'ZM-DNSSET-FLATTEN-APEX-FALSE';
    const steps: { value: 'on' | 'off' | 'apex'; flatten: boolean; what: string; blames: string[] }[] = [
      { value: 'off', flatten: false, what: 'precondition of on: cname_flattening off reads as flatten_all_cnames false', blames: [ON] },
      { value: 'on', flatten: true, what: 'cname_flattening on maps to flatten_all_cnames true (and the precondition of off)', blames: [ON, OFF] },
      { value: 'off', flatten: false, what: 'cname_flattening off maps to flatten_all_cnames false', blames: [OFF] },
      { value: 'on', flatten: true, what: 'precondition of apex: cname_flattening on reads as flatten_all_cnames true', blames: [APEX] },
      { value: 'apex', flatten: false, what: 'cname_flattening apex maps to flatten_all_cnames false, like off', blames: [APEX] },
    ];
    const failures: [string[], string][] = [];
    for (const { value, flatten, what, blames } of steps) {
      await setCnameFlattening(api, zone, value);
      const read = await flattenAll(api, zone);
      try {
        expect(read, what).toBe(flatten);
      } catch (error) {
        failures.push([blames, error instanceof Error ? error.message : String(error)]);
      }
    }
    if (failures.length === 0) return;
    task.meta.failedRequirements = [...new Set([...failures.flatMap(([ids]) => ids), FROM])];
    throw new Error(failures.map(([ids, message]) => `${message} [${ids.join(', ')}]`).join('\n'));
  });

  datedSpec('ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING', 'a change of cname_flattening through PATCH /settings shows in flatten_all_cnames', AFTER_CNAME, async ({ api, ownZone: zone, setUp }) => {
    await usesProductionPayloads(setUp, api, zone, ['settings', 'dns']);
    for (const [value, flatten] of [['on', true], ['off', false], ['on', true], ['apex', false]] as const) {
      expectSuccess(await patchSettings(api, zone, [{ id: 'cname_flattening', value }]), `PATCH /settings {items: [cname_flattening ${value}]}`);
      expect(await flattenAll(api, zone), `cname_flattening ${value} set through PATCH /settings reads as flatten_all_cnames ${flatten}`).toBe(flatten);
    }
  });

  datedSpec('ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING', 'a change of flatten_all_cnames shows in /settings/cname_flattening and in /settings', AFTER_CNAME, async ({ api, ownZone: zone, setUp }) => {
    await usesProductionPayloads(setUp, api, zone, ['dns', 'setting', 'settings']);
    for (const flatten of [true, false, true, false]) {
      await patchDnsSettings(api, zone, { flatten_all_cnames: flatten });
      const single = (await readSetting(api, zone, 'cname_flattening')).value;
      const listed = (await allSettings(api, zone)).get('cname_flattening')?.value;
      // true mirrors as on; false as off or apex (which one is not shown).
      const allowed = flatten ? ['on'] : ['off', 'apex'];
      expect(allowed, `after flatten_all_cnames ${flatten}, GET /settings/cname_flattening should say ${allowed.join(' or ')}; it says ${JSON.stringify(single)}`).toContain(single);
      expect(allowed, `after flatten_all_cnames ${flatten}, GET /settings should list cname_flattening ${allowed.join(' or ')}; it lists ${JSON.stringify(listed)}`).toContain(listed);
    }
  });
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

/**
 * Runs the interleaved writes and checks both directions of the mirroring as it goes: after each
 * write of the zone setting, flatten_all_cnames must show it (MIRROR-FROM-SETTING); after each write
 * of the DNS settings, cname_flattening must (MIRROR-TO-SETTING). A check that fails is recorded
 * against its statement and the writes go on, so that the other statement is still checked in full;
 * a write that fails ends the sequence (it broke both checks).
 */
async function interleave(api: ApiClient, zone: TestZone, failures: Map<string, string>): Promise<void> {
  const done: string[] = [];
  const check = (id: string, assertion: () => void) => {
    if (failures.has(id)) return;
    try {
      assertion();
    } catch (error) {
      failures.set(id, error instanceof Error ? error.message : String(error));
    }
  };
  for (const step of INTERLEAVED) {
    const history = () => `after ${[...done].join(', then ')}`;
    if (step.via === 'dns') {
      await patchDnsSettings(api, zone, { flatten_all_cnames: step.value });
      done.push(`DNS settings flatten_all_cnames ${step.value}`);
      const allowed = step.value ? ['on'] : ['off', 'apex'];
      const single = (await readSetting(api, zone, 'cname_flattening')).value;
      const listed = (await allSettings(api, zone)).get('cname_flattening')?.value;
      check('ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING', () => {
        expect(allowed, `${history()}: GET /settings/cname_flattening should say ${allowed.join(' or ')}; it says ${JSON.stringify(single)}`).toContain(single);
        expect(allowed, `${history()}: GET /settings should list cname_flattening ${allowed.join(' or ')}; it lists ${JSON.stringify(listed)}`).toContain(listed);
      });
    } else {
      const form = step.via === 'setting' ? 'PATCH /settings/cname_flattening' : 'PATCH /settings';
      if (step.via === 'setting') expectSuccess(await patchSetting(api, zone, 'cname_flattening', step.value), `${form} ${step.value}`);
      else expectSuccess(await patchSettings(api, zone, [{ id: 'cname_flattening', value: step.value }]), `${form} ${step.value}`);
      done.push(`${form} ${step.value}`);
      const flatten = await flattenAll(api, zone);
      check('ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING', () => expect(flatten, `${history()}: flatten_all_cnames should be ${step.value === 'on'}`).toBe(step.value === 'on'));
    }
  }
}

describe('flatten_all_cnames and cname_flattening, interleaved', () => {
  // One sequence checks both directions (each check blamed on its own statement): two sequences,
  // one per direction, made the same writes twice.
  datedSpec(['ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING', 'ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING'], 'changes of cname_flattening interleaved with changes of flatten_all_cnames, in both orders, each show on the other side', AFTER_CNAME, async ({ api, ownZone: zone, setUp, task }) => {
    await usesProductionPayloads(setUp, api, zone, ['dns', 'setting', 'settings']);
    const failures = new Map<string, string>();
    await interleave(api, zone, failures);
    if (failures.size === 0) return;
    task.meta.failedRequirements = [...failures.keys()];
    throw new Error([...failures].map(([id, message]) => `${message} [${id}]`).join('\n'));
  });
});

// --- two zones, changed then read (state remembered across objects) ---------

type CnameValue = 'on' | 'off' | 'apex';
type Write = { zone: 0 | 1; via: 'setting' | 'settings'; value: CnameValue } | { zone: 0 | 1; via: 'dns'; value: boolean };
/** What the document lets a reader know of one zone: flatten_all_cnames, and the values cname_flattening may show. */
interface ZoneModel { flatten: boolean; setting: CnameValue[] }

const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ zone: fc.constantFrom<0 | 1>(0, 1), via: fc.constantFrom<'setting' | 'settings'>('setting', 'settings'), value: fc.constantFrom<CnameValue>('on', 'off', 'apex') }),
  fc.record({ zone: fc.constantFrom<0 | 1>(0, 1), via: fc.constant<'dns'>('dns'), value: fc.boolean() }),
);

/** The mapping of Resources > DNS settings and the mirroring of Versioning > 2025-03-21. */
const modelAfter = (write: Write): ZoneModel => (write.via === 'dns'
  ? { flatten: write.value, setting: write.value ? ['on'] : ['off', 'apex'] }
  : { flatten: write.value === 'on', setting: [write.value] });

/** The requirement a wrong flatten_all_cnames after a write breaks. */
const flattenRequirement = (write: Write): string => (write.via === 'dns' ? 'ZM-DNSSET-FLATTEN-ALL-CNAMES'
  : { on: 'ZM-DNSSET-FLATTEN-ON-TRUE', off: 'ZM-DNSSET-FLATTEN-OFF-FALSE', apex: 'ZM-DNSSET-FLATTEN-APEX-FALSE' }[write.value]);

async function applyWrite(api: ApiClient, zone: TestZone, write: Write): Promise<void> {
  if (write.via === 'dns') await patchDnsSettings(api, zone, { flatten_all_cnames: write.value });
  else if (write.via === 'setting') await setCnameFlattening(api, zone, write.value);
  else expectSuccess(await patchSettings(api, zone, [{ id: 'cname_flattening', value: write.value }]), `PATCH /settings {items: [cname_flattening ${write.value}]}`);
}

/** A read that disagrees with the model, blaming the requirement the write before it broke. */
class SettingsDisagreement extends Error {
  constructor(readonly requirement: string, message: string) { super(message); }
}

/**
 * The requirement a wrong flatten_all_cnames breaks: on the zone written through the zone setting,
 * the mapping when the value changed to the wrong one, the mirroring when it did not change at all.
 */
function flattenBlame(last: Write, written: boolean, before: boolean, shown: unknown): string {
  if (!written || (last.via !== 'dns' && shown === before)) return 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING';
  return flattenRequirement(last);
}

/** Whether a zone expected to show `kept` would read the same had it been given `written`: the same flatten, and every value `written` allows allowed by `kept`. */
const indistinguishable = (kept: ZoneModel, written: ZoneModel): boolean =>
  kept.flatten === written.flatten && written.setting.every((value) => kept.setting.includes(value));

/** Reads both zones and compares them with the model (`before`: as it was before the write); the zone not written must show what it did. */
async function readBoth(api: ApiClient, zones: TestZone[], models: ZoneModel[], before: ZoneModel[], last: Write, history: string): Promise<void> {
  for (const [i, zone] of zones.entries()) {
    // The zone not written is read when it can tell: when what it must still show differs from what
    // the write would have made of it, had it reached it. Where the two agree, a write mirrored into
    // the wrong zone reads the same as one that was not: the two reads would tell nothing.
    if (i !== last.zone && indistinguishable(models[i]!, models[last.zone]!)) continue;
    const which = i === last.zone ? 'the zone written' : 'the other zone, not written';
    const flatten = (await readDnsSettings(api, zone)).flatten_all_cnames;
    if (flatten !== models[i]!.flatten) throw new SettingsDisagreement(flattenBlame(last, i === last.zone, before[i]!.flatten, flatten), `${history}: ${which} shows flatten_all_cnames ${JSON.stringify(flatten)}, not ${models[i]!.flatten}`);
    const setting = (await readSetting(api, zone, 'cname_flattening')).value;
    if (!models[i]!.setting.includes(setting as CnameValue)) throw new SettingsDisagreement('ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING', `${history}: ${which} shows cname_flattening ${JSON.stringify(setting)}, not ${models[i]!.setting.join(' or ')}`);
  }
}

/** The mirror's share of the run's request budget (spec-kit/request-budget.ts): 48 of 1,200. */
const MIRROR_SHARE = 0.04;

/**
 * The edges, run first: each side written on either zone (a leak into the other zone reads
 * differently there), a change that moves flatten_all_cnames each way, apex (the value that maps
 * to false without being off), and a DNS write of false over apex (cname_flattening may keep it).
 */
const MIRROR_EDGES: [Write[]][] = [
  [[{ zone: 1, via: 'dns', value: true }, { zone: 1, via: 'setting', value: 'apex' }]],
  [[{ zone: 0, via: 'settings', value: 'on' }, { zone: 0, via: 'dns', value: false }]],
  [[{ zone: 0, via: 'setting', value: 'apex' }, { zone: 1, via: 'settings', value: 'on' }, { zone: 1, via: 'dns', value: false }]],
];

describe('flatten_all_cnames and cname_flattening, two zones changed then read', () => {
  datedSpec(['ZM-DNSSET-FLATTEN-ALL-CNAMES', 'ZM-DNSSET-FLATTEN-ON-TRUE', 'ZM-DNSSET-FLATTEN-OFF-FALSE', 'ZM-DNSSET-FLATTEN-APEX-FALSE', 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING', 'ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING'],
    'random writes through either side on two zones each read back on both, mirrored within the zone written and nowhere else (property)', AFTER_CNAME, async ({ api, ownZone, newZone, setUp, target, task, requests }) => {
      task.meta.seed = target.seed;
      const zones = [ownZone, await newZone({ plan: 'enterprise' })];
      for (const zone of zones) await usesProductionPayloads(setUp, api, zone, ['setting', 'settings', 'dns']);
      try {
        const allowance = requests(MIRROR_SHARE);
        await checkProperty(fc.asyncProperty(fc.array(writeArb, { minLength: 1, maxLength: 6 }), allowance.cases(async (writes: Write[]) => {
          // Each run starts from a known state of both zones, the same through either side.
          for (const zone of zones) await applyWrite(api, zone, { zone: 0, via: 'setting', value: 'off' });
          const models: ZoneModel[] = [{ flatten: false, setting: ['off'] }, { flatten: false, setting: ['off'] }];
          const done: string[] = [];
          for (const write of writes) {
            await applyWrite(api, zones[write.zone]!, write);
            const before = models.slice();
            models[write.zone] = modelAfter(write);
            done.push(`zone ${write.zone} ${write.via === 'dns' ? 'DNS settings flatten_all_cnames' : write.via === 'setting' ? 'PATCH /settings/cname_flattening' : 'PATCH /settings'} ${write.value}`);
            await readBoth(api, zones, models, before, write, `after ${done.join(', then ')}`);
          }
        })), { seed: target.seed, numRuns: 10, examples: MIRROR_EDGES });
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof SettingsDisagreement) task.meta.failedRequirements = [cause.requirement];
        throw error;
      }
    }, { timeout: 120_000 });
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

    datedSpec(legacy.before, `PATCH /dns_settings/${legacy.path} sets the value GET reads back`, BEFORE_LEGACY, async ({ api, ownZone: zone, setUp }) => {
      await setUp(SET_UP.legacyValue, async () => expectSuccess(await api.patch(path(zone), { json: { value: false } }), `PATCH /dns_settings/${legacy.path} {value: false}`));
      for (const value of [true, false, true]) {
        expectSuccess(await api.patch(path(zone), { json: { value } }), `PATCH /dns_settings/${legacy.path} {value: ${value}}`);
        const read = expectSuccess(await api.get(path(zone)), `GET /dns_settings/${legacy.path}`);
        expect(truthOf(read, legacy.path), `GET /dns_settings/${legacy.path} after PATCH ${value}: ${JSON.stringify(read)}`).toBe(value);
      }
    });

    datedSpec(legacy.gone, `GET and PATCH /dns_settings/${legacy.path} are gone`, AFTER_LEGACY, async ({ api, ownZone: zone }) => {
      expectFailure(await api.get(path(zone)), `GET /dns_settings/${legacy.path} after ${DATES.legacyDnsEndpoints}`);
      expectFailure(await api.patch(path(zone), { json: { value: true } }), `PATCH /dns_settings/${legacy.path} after ${DATES.legacyDnsEndpoints}`);
      // Positive control: the zone's settings do answer at that date; only the legacy endpoint is gone.
      expectSuccess(await api.get(zone.path('/settings/cname_flattening')), `positive control: GET /settings/cname_flattening after ${DATES.legacyDnsEndpoints}`);
    });

    datedSpec(legacy.replacement, `${legacy.field} of DNS settings reads back on and off as written`, AFTER_LEGACY, async ({ api, ownZone: zone, setUp }) => {
      await setUp(SET_UP.dnsSettings, async () => { await readDnsSettings(api, zone); await patchDnsSettings(api, zone, { [legacy.field]: false }); });
      for (const value of [true, false, true]) {
        await patchDnsSettings(api, zone, { [legacy.field]: value });
        const read = (await readDnsSettings(api, zone))[legacy.field];
        expect(truthOf(read, legacy.field), `${legacy.field} after writing ${value}: ${JSON.stringify(read)}`).toBe(value);
      }
    });
  }
});
