// specgate-clock: per zone
// (Every spec here moves time only for zones it created and reads time only there: on a target with a
// clock per zone this file runs alongside the others; src/catalog/suites.ts reads this line.)
//
// Zone settings of the Versioning table, on both sides of their dates: cname_flattening (before its
// deprecation; its mirroring with flatten_all_cnames is in dns-settings), brotli (after end of
// life compression is on for every zone), minify, mobile_redirect and server_side_exclude (working
// before their dates; after them the table states nothing: catalogued as not stated), and
// privacy_pass (removed: an error after 2024-03-31, and gone from GET /settings; working before).
//
// Reading or writing a setting's value needs its payload, which the spec does not show (production's
// {value} and {id, value, editable, modified_on}; support/settings.ts): each spec first writes and
// reads one value as a set-up step (`firstWrite`), then asserts the documented behaviour as core.
// The reference's refusal of values a setting does not take, and its partial PATCH, are extended.

import { expect } from 'vitest';
import { expectFailure, expectFailureStatus, expectRefused, errorCodes, expectSuccess, isObject } from '../../src/spec-kit/expect.js';
import { describe, datedSpec, type SpecFixtures, type TestZone } from '../../src/spec-kit/spec.js';
import type { ApiClient } from '../../src/spec-kit/api-client.js';
import { allSettings, DATES, EXTENDED, expectAnswersWhereUnknownDoesNot, patchSetting, patchSettings, readSetting, SET_UP, setAndReadBack, settingPath, type ZoneSetting } from './support/settings.js';

const before = (date: string) => ({ date, side: 'before' as const });
const after = (date: string) => ({ date, side: 'after' as const });
const valueOptions = { extended: EXTENDED.zoneSettings };

/**
 * The first write of a spec, as a set-up step: the endpoint itself is the document's, so that it
 * answers a read is core; the payload of the write and of the answer is production's.
 */
async function firstWrite(setUp: SpecFixtures['setUp'], api: ApiClient, zone: TestZone, id: string, value: unknown, method: 'PATCH' | 'POST' = 'PATCH'): Promise<void> {
  expectSuccess(await api.get(settingPath(zone, id)), `GET /settings/${id}, an endpoint the document lists`);
  await setUp(SET_UP.zoneSetting, () => setAndReadBack(api, zone, id, value, method));
}

describe('cname_flattening', () => {
  datedSpec('ZM-ZSET-CNAME-FLATTENING-DEPRECATED-2025-03-21', 'GET and PATCH /settings/cname_flattening read and set off, apex and on; /settings shows it', before(DATES.cnameFlattening), async ({ api, ownZone: zone, setUp }) => {
    await firstWrite(setUp, api, zone, 'cname_flattening', 'off');
    for (const value of ['on', 'off', 'apex', 'on']) {
      await setAndReadBack(api, zone, 'cname_flattening', value);
      expect((await allSettings(api, zone)).get('cname_flattening')?.value, `GET /settings lists cname_flattening ${value}`).toBe(value);
    }
  });
});

describe('brotli', () => {
  datedSpec('ZM-ZSET-BROTLI-EOL-2024-08-15', 'GET and PATCH /settings/brotli read and set off and on', before(DATES.brotli), async ({ api, ownZone: zone, setUp }) => {
    await firstWrite(setUp, api, zone, 'brotli', 'on');
    for (const value of ['off', 'on', 'off']) await setAndReadBack(api, zone, 'brotli', value);
  });

  /** The brotli value wherever the target shows it: GET /settings/brotli when it answers, and /settings. */
  async function shownBrotli(api: ApiClient, zone: TestZone): Promise<{ where: string; value: unknown }[]> {
    const shown: { where: string; value: unknown }[] = [];
    const single = await api.get<ZoneSetting>(settingPath(zone, 'brotli'));
    if (single.body?.success) shown.push({ where: 'GET /settings/brotli', value: (single.body.result as ZoneSetting | null)?.value });
    const listed = await api.get<ZoneSetting[]>(zone.path('/settings'));
    const entry = listed.body?.success && Array.isArray(listed.body.result) ? listed.body.result.find((s) => isObject(s) && s.id === 'brotli') : undefined;
    if (entry) shown.push({ where: 'GET /settings', value: entry.value });
    return shown;
  }

  // "For all zones" includes a zone that had turned brotli off before its end of life: the zone's
  // clock is moved across the date, and what the zone chose before does not survive it.
  datedSpec('ZM-ZSET-BROTLI-COMPRESSION-ON-2024-08-15', 'a zone that turned brotli off before its end of life has compression on after it', before(DATES.brotli), async ({ api, ownZone: zone, setUp, clock, skip }) => {
    if (!clock.virtual) skip(`not verified: needs the zone's clock moved across ${DATES.brotli}: only on a target whose clock can be advanced`);
    await firstWrite(setUp, api, zone, 'brotli', 'off');
    const now = await clock.now();
    const past = Date.parse(`${DATES.brotli}T00:00:00Z`) + 24 * 60 * 60 * 1000;
    await clock.advance(past - now);
    const shown = await shownBrotli(api, zone);
    if (shown.length === 0) skip(`not verified: the target shows the brotli setting nowhere after its end of life (neither GET /settings/brotli nor GET /settings)`);
    for (const { where, value } of shown) expect(value, `turned off before ${DATES.brotli}, read after it: ${where} must show brotli on (compression is enabled for all zones)`).toBe('on');
  });

  datedSpec('ZM-ZSET-BROTLI-COMPRESSION-ON-2024-08-15', 'compression is on for every zone: brotli shows on wherever shown, and PATCH off does not turn it off', after(DATES.brotli), async ({ api, ownZone: zone, newZone, skip, setUp }) => {
    // Set-up: production's payloads, on a setting that can change (the positive control's too).
    await firstWrite(setUp, api, zone, 'cname_flattening', 'on');
    await setUp(SET_UP.zoneSettings, async () => expectSuccess(await patchSettings(api, zone, [{ id: 'cname_flattening', value: 'on' }]), 'PATCH /settings {items: [cname_flattening on]}'));
    const zones = [zone, await newZone({ plan: 'free' }), await newZone({ plan: 'pro' })];
    let observed = 0;
    for (const subject of zones) {
      const plan = subject.setup.plan;
      const check = async (when: string) => {
        const shown = await shownBrotli(api, subject);
        observed += shown.length;
        for (const { where, value } of shown) expect(value, `${plan} zone, ${when}: ${where} must show brotli on (compression is enabled for all zones)`).toBe('on');
      };
      await check('as created');
      // Whatever these answer (refused, ignored), compression must stay on. Both forms are sent
      // before the read: either one turning it off leaves it off (both send off).
      await patchSetting(api, subject, 'brotli', 'off');
      await patchSettings(api, subject, [{ id: 'brotli', value: 'off' }]);
      await check('after PATCH /settings/brotli off and PATCH /settings {items: [brotli off]}');
    }
    if (observed === 0) skip('not verified: the target shows the brotli setting nowhere after its end of life (neither GET /settings/brotli nor GET /settings)');
    // Positive control: on the same zone, the same two PATCHes and reads do show a change of a setting that can change.
    for (const value of ['off', 'on']) {
      expectSuccess(await patchSettings(api, zone, [{ id: 'cname_flattening', value }]), `positive control: PATCH /settings {items: [cname_flattening ${value}]}`);
      expect((await allSettings(api, zone)).get('cname_flattening')?.value, `positive control: GET /settings shows cname_flattening ${value}`).toBe(value);
    }
    await setAndReadBack(api, zone, 'cname_flattening', 'off');
  });
});

describe('settings deprecated or replaced, before their dates', () => {
  datedSpec('ZM-ZSET-MINIFY-DEPRECATED-2024-08-05', 'GET and PATCH /settings/minify read and set the setting', before(DATES.minify), async ({ api, ownZone: zone, setUp }) => {
    await firstWrite(setUp, api, zone, 'minify', { css: 'on', html: 'off', js: 'on' });
    await setAndReadBack(api, zone, 'minify', { css: 'off', html: 'on', js: 'off' });
  });

  datedSpec('ZM-ZSET-MOBILE-REDIRECT-REPLACED-2024-06-30', 'GET and PATCH /settings/mobile_redirect read and set the setting', before(DATES.mobileRedirect), async ({ api, ownZone: zone, setUp }) => {
    await firstWrite(setUp, api, zone, 'mobile_redirect', { status: 'on', mobile_subdomain: 'm', strip_uri: true });
    await setAndReadBack(api, zone, 'mobile_redirect', { status: 'off', mobile_subdomain: 'mobile', strip_uri: false });
  });

  datedSpec('ZM-ZSET-SSE-DEPRECATED-2024-06-14', 'GET and PATCH /settings/server_side_exclude read and set off and on', before(DATES.serverSideExclude), async ({ api, ownZone: zone, setUp }) => {
    await firstWrite(setUp, api, zone, 'server_side_exclude', 'on');
    for (const value of ['off', 'on', 'off']) await setAndReadBack(api, zone, 'server_side_exclude', value);
  });
});

describe('values a setting does not take', () => {
  /** Per setting, values outside what it takes (production's value sets, support/settings.ts). */
  const INVALID: Record<string, unknown[]> = {
    cname_flattening: ['flatten', 'ON', 1, null, true],
    brotli: ['yes', true, null],
    server_side_exclude: ['enabled', 0, ['on']],
    minify: ['on', null, ['css'], { css: 'yes' }, { png: 'on' }, { css: 'on', html: true }],
    mobile_redirect: ['on', null, { status: 'maybe' }, { mobile_subdomain: 'not a label!' }, { mobile_subdomain: 5 }, { mobile_subdomain: 'a'.repeat(64) }, { strip_uri: 'yes' }, { colour: 'red' }],
  };

  // Before every dated change of the settings rows, so that every setting exists and is editable.
  datedSpec('ZM-ZSET-EXT-INVALID-VALUE', 'a PATCH with a value the setting does not take is refused with a 4xx, singly and in PATCH /settings, and the setting keeps its value', before(DATES.privacyPass), async ({ api, ownZone: zone }) => {
    for (const [id, values] of Object.entries(INVALID)) {
      const kept = (await readSetting(api, zone, id)).value;
      for (const value of values) {
        expectRefused(await patchSetting(api, zone, id, value), `PATCH /settings/${id} ${JSON.stringify(value)}`);
        expectRefused(await patchSettings(api, zone, [{ id: 'server_side_exclude', value: 'off' }, { id, value }]), `PATCH /settings with ${id} ${JSON.stringify(value)} after a valid item`);
      }
      expect((await readSetting(api, zone, id)).value, `${id} after the refused PATCHes`).toEqual(kept);
    }
    expect((await readSetting(api, zone, 'server_side_exclude')).value, 'server_side_exclude: the valid item of each refused PATCH /settings was not written either').toBe('on');
    // Positive control: the valid item alone is written, and the same read sees it; so is a valid value of a setting the refused PATCHes named.
    expectSuccess(await patchSettings(api, zone, [{ id: 'server_side_exclude', value: 'off' }]), 'positive control: PATCH /settings with the valid item alone');
    expect((await readSetting(api, zone, 'server_side_exclude')).value, 'positive control: the valid item alone is written').toBe('off');
    await setAndReadBack(api, zone, 'cname_flattening', (await readSetting(api, zone, 'cname_flattening')).value === 'on' ? 'off' : 'on');
  }, valueOptions);

  datedSpec('ZM-ZSET-EXT-PARTIAL-PATCH', 'a PATCH of minify or mobile_redirect with some fields changes those and keeps the others', before(DATES.privacyPass), async ({ api, ownZone: zone }) => {
    await setAndReadBack(api, zone, 'minify', { css: 'on', html: 'on', js: 'on' });
    expectSuccess(await patchSetting(api, zone, 'minify', { html: 'off' }), 'PATCH of minify.html alone');
    expect((await readSetting(api, zone, 'minify')).value).toEqual({ css: 'on', html: 'off', js: 'on' });
    await setAndReadBack(api, zone, 'mobile_redirect', { status: 'on', mobile_subdomain: 'm', strip_uri: true });
    expectSuccess(await patchSetting(api, zone, 'mobile_redirect', { mobile_subdomain: null }), 'PATCH of mobile_redirect.mobile_subdomain alone');
    expect((await readSetting(api, zone, 'mobile_redirect')).value).toEqual({ status: 'on', mobile_subdomain: null, strip_uri: true });
  }, valueOptions);
});

describe('privacy_pass', () => {
  const path = (zone: TestZone) => settingPath(zone, 'privacy_pass');

  datedSpec('ZM-ZSET-PRIVACY-PASS-BEFORE-2024-03-31', 'GET /settings/privacy_pass answers', before(DATES.privacyPass), async ({ api, ownZone: zone }) => {
    await expectAnswersWhereUnknownDoesNot(api, path(zone), settingPath(zone, 'specgate_no_such_setting'), `GET /settings/privacy_pass before ${DATES.privacyPass}`);
  });

  datedSpec('ZM-ZSET-PRIVACY-PASS-BEFORE-2024-03-31', 'POST /settings/privacy_pass sets the value GET reads back', before(DATES.privacyPass), async ({ api, ownZone: zone, setUp }) => {
    // The body ({value}) is production's, a set-up step; the method is the document's ("GET, POST").
    // A POST refused where a PATCH of the same body is accepted is the method's refusal, not the body's.
    const posted = await api.post(path(zone), { json: { value: 'on' } });
    if (posted.body?.success !== true) {
      const patched = await api.patch(path(zone), { json: { value: 'on' } });
      expect(patched.body?.success === true, `POST /settings/privacy_pass {value: "on"} was refused (${posted.status} ${posted.text.slice(0, 300)}) while a PATCH of the same body was accepted: before ${DATES.privacyPass} the setting is written with POST`).toBe(false);
    }
    await firstWrite(setUp, api, zone, 'privacy_pass', 'on', 'POST');
    for (const value of ['off', 'on', 'off']) await setAndReadBack(api, zone, 'privacy_pass', value, 'POST');
  });

  datedSpec('ZM-ZSET-PRIVACY-PASS-REMOVED-2024-03-31', 'GET and POST /settings/privacy_pass answer the error envelope', after(DATES.privacyPass), async ({ api, ownZone: zone }) => {
    expectFailure(await api.get(path(zone)), `GET /settings/privacy_pass after ${DATES.privacyPass}`);
    expectFailure(await api.post(path(zone), { json: { value: 'on' } }), `POST /settings/privacy_pass after ${DATES.privacyPass}`);
    // Positive control: the zone's settings do answer at that date; only privacy_pass is gone.
    expectSuccess(await api.get(settingPath(zone, 'cname_flattening')), `positive control: GET /settings/cname_flattening after ${DATES.privacyPass}`);
  });

  // The row's subject is the setting ("Legacy privacy token setting ... Removed"), not only its two
  // endpoints: the all-settings read no longer lists it. The list's payload (an array of {id, value})
  // is production's, a set-up step; the positive control is the same list naming cname_flattening.
  datedSpec('ZM-ZSET-PRIVACY-PASS-REMOVED-2024-03-31', 'GET /settings no longer lists privacy_pass, while it lists cname_flattening', after(DATES.privacyPass), async ({ api, ownZone: zone, setUp }) => {
    const listed = await setUp(SET_UP.zoneSettingsList, async () => {
      const settings = await allSettings(api, zone);
      expect(settings.has('cname_flattening'), `GET /settings lists cname_flattening after ${DATES.privacyPass}: ${[...settings.keys()].join(', ')}`).toBe(true);
      return settings;
    });
    expect([...listed.keys()], `GET /settings after ${DATES.privacyPass}: the removed privacy_pass setting is not listed`).not.toContain('privacy_pass');
  });

  datedSpec('ZM-ZSET-PRIVACY-PASS-EXT-404', 'GET and POST /settings/privacy_pass answer 404 with code 7000, as an unknown route', after(DATES.privacyPass), async ({ api, ownZone: zone }) => {
    for (const response of [await api.get(path(zone)), await api.post(path(zone), { json: { value: 'on' } })]) {
      expectFailureStatus(response, 404, 'a removed endpoint');
      expect(errorCodes(response), 'a removed endpoint answers as an unknown route: code 7000').toContain(7000);
    }
  });
});
