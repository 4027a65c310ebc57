// Deliberately broken variants of the reference's DNS, zone and account settings: realistic
// misreadings of the spec, made by hooking the real reference (never by editing it). Each must be
// caught by the settings specs, exactly through the requirements listed.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReferenceApp } from '../../reference-impl/zone-api/app.js';
import { VirtualClock, type ClockState } from '../../reference-impl/clock.js';
import { failureEnvelope } from '../../reference-impl/zone-api/errors.js';
import { SettingsService } from '../../reference-impl/zone-api/settings/service.js';
import { settingNamed } from '../../reference-impl/zone-api/settings/zone-settings.js';
import type { BrokenVariant } from './zone-api-variants.js';

const zoneOf = (request: FastifyRequest) => (request.params as { zone_id?: string }).zone_id ?? '';
const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;
const zonePath = (suffix: string) => (request: FastifyRequest) => new RegExp(`^/client/v4/zones/[^/]+${suffix}$`).test(pathOf(request));
const isDnsSettings = zonePath('/dns_settings');
const isCnameSetting = (request: FastifyRequest) => zonePath('/settings/cname_flattening')(request)
  || (zonePath('/settings')(request) && JSON.stringify(request.body ?? '').includes('cname_flattening'));

/** Rewrites the result of matching successful responses. */
function rewriteResult(app: ReferenceApp['app'], matches: (request: FastifyRequest) => boolean, rewrite: (result: Record<string, unknown>, request: FastifyRequest) => void): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!matches(request) || typeof payload !== 'string') return payload;
    const body = JSON.parse(payload) as { success: boolean; result: Record<string, unknown> };
    if (!body.success) return payload;
    rewrite(body.result, request);
    return JSON.stringify(body);
  });
}

/**
 * While a matching request is handled, the clock of its zone reads the last instant before `date`
 * (when it is past it): the endpoint behaves as if the dated change had not happened. The clock is
 * put back before the response leaves.
 */
function asIfBefore(reference: ReferenceApp, date: string, matches: (request: FastifyRequest) => boolean): void {
  shiftClock(reference, matches, (now) => { const before = Date.parse(`${date}T00:00:00.000Z`) - 1; return now > before ? before : undefined; });
}

/** The same, the other way: matching requests see the day after `date` when they are before it. */
function asIfAfter(reference: ReferenceApp, date: string, matches: (request: FastifyRequest) => boolean): void {
  shiftClock(reference, matches, (now) => { const after = Date.parse(`${date}T00:00:00.000Z`) + 86_400_000; return now < after ? after : undefined; });
}

/**
 * Shifts the clock the request's zone reads: its own (the suite dates and moves zones' clocks on a
 * target with zone clocks), else the global one it follows.
 */
function shiftClock({ app, clock, state: { zones } }: ReferenceApp, matches: (request: FastifyRequest) => boolean, shifted: (now: number) => number | undefined): void {
  const restore = new WeakMap<FastifyRequest, () => void>();
  const restoreGlobal = (state: ClockState) => {
    if (state.mode === 'frozen') clock.set(state.value);
    else { clock.reset(); clock.advance(state.value); }
  };
  app.addHook('preHandler', async (request) => {
    if (!matches(request)) return;
    const zone = zoneOf(request);
    const own = zones.getClock(zone);
    const to = shifted(own ? new VirtualClock(own).now() : clock.now());
    if (to === undefined) return;
    if (own) {
      zones.setClock(zone, { mode: 'frozen', value: to });
      restore.set(request, () => zones.setClock(zone, own));
    } else {
      const global = clock.snapshot();
      clock.set(to);
      restore.set(request, () => restoreGlobal(global));
    }
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    restore.get(request)?.();
    restore.delete(request);
    return payload;
  });
}

export const settingsVariants: BrokenVariant[] = [
  {
    name: 'cname-apex-maps-true',
    misreading: 'cname_flattening apex (flattening at the apex) maps to flatten_all_cnames true',
    customize({ app, state, clock }) {
      const settings = new SettingsService(state.settings, clock);
      rewriteResult(app, isDnsSettings, (result, request) => {
        if (settings.read(zoneOf(request), settingNamed('cname_flattening')!).value === 'apex') result.flatten_all_cnames = true;
      });
    },
    // flatten_all_cnames false written from on lands on apex in the reference, so it reads back true.
    expectedFailures: ['ZM-DNSSET-FLATTEN-ALL-CNAMES', 'ZM-DNSSET-FLATTEN-APEX-FALSE', 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING'],
  },
  {
    name: 'flatten-not-mirrored-to-settings',
    misreading: 'flatten_all_cnames is stored on its own: a change through DNS settings never reaches cname_flattening (only the other way round)',
    customize({ app }) {
      const own = new Map<string, boolean>();
      app.addHook('preHandler', async (request: FastifyRequest) => {
        if (request.method === 'PATCH' && isCnameSetting(request)) own.delete(zoneOf(request));
        const body = request.body as { flatten_all_cnames?: unknown } | undefined;
        if (request.method !== 'PATCH' || !isDnsSettings(request) || typeof body?.flatten_all_cnames !== 'boolean') return;
        own.set(zoneOf(request), body.flatten_all_cnames);
        delete body.flatten_all_cnames;
      });
      rewriteResult(app, isDnsSettings, (result, request) => {
        const value = own.get(zoneOf(request));
        if (value !== undefined) result.flatten_all_cnames = value;
      });
    },
    expectedFailures: ['ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING'],
  },
  {
    name: 'flatten-sticks-once-written',
    misreading: 'once flatten_all_cnames is written through DNS settings it keeps that value: later changes of cname_flattening no longer reach it (mirrored only until the DNS setting is set)',
    customize({ app }) {
      const own = new Map<string, boolean>();
      app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
        const body = request.body as { flatten_all_cnames?: unknown } | undefined;
        if (request.method === 'PATCH' && isDnsSettings(request) && reply.statusCode === 200 && typeof body?.flatten_all_cnames === 'boolean') own.set(zoneOf(request), body.flatten_all_cnames);
      });
      rewriteResult(app, isDnsSettings, (result, request) => {
        const value = own.get(zoneOf(request));
        if (value !== undefined && request.method === 'GET') result.flatten_all_cnames = value;
      });
    },
    // The mirror spec that writes through either side on two zones (dns-settings.dated.spec.ts)
    // reads the stuck value back as each of the mapping's three rows too.
    expectedFailures: ['ZM-DNSSET-FLATTEN-APEX-FALSE', 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING', 'ZM-DNSSET-FLATTEN-OFF-FALSE', 'ZM-DNSSET-FLATTEN-ON-TRUE'],
  },
  {
    name: 'cname-setting-sticks-once-written',
    misreading: 'once cname_flattening is written through the zone settings it keeps that value: later changes of flatten_all_cnames no longer reach it (mirrored only until the zone setting is set)',
    customize({ app }) {
      const own = new Map<string, unknown>();
      app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.method !== 'PATCH' || !isCnameSetting(request) || reply.statusCode !== 200) return;
        const body = request.body as { value?: unknown; items?: { id?: unknown; value?: unknown }[] } | undefined;
        const written = zonePath('/settings/cname_flattening')(request) ? body?.value : body?.items?.find((item) => item?.id === 'cname_flattening')?.value;
        if (written !== undefined) own.set(zoneOf(request), written);
      });
      app.addHook('onSend', async (request, _reply, payload) => {
        const value = own.get(zoneOf(request));
        if (request.method !== 'GET' || value === undefined || typeof payload !== 'string') return payload;
        if (!zonePath('/settings/cname_flattening')(request) && !zonePath('/settings')(request)) return payload;
        const envelope = JSON.parse(payload) as { success: boolean; result: { id?: string; value?: unknown } | { id?: string; value?: unknown }[] };
        if (!envelope.success) return payload;
        for (const setting of Array.isArray(envelope.result) ? envelope.result : [envelope.result]) if (setting?.id === 'cname_flattening') setting.value = value;
        return JSON.stringify(envelope);
      });
    },
    expectedFailures: ['ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING'],
  },
  {
    name: 'legacy-use-apex-ns-survives',
    misreading: 'the legacy use_apex_ns endpoint keeps answering after 2024-09-13 (deprecated read as still there)',
    customize(reference) { asIfBefore(reference, '2024-09-13', zonePath('/dns_settings/use_apex_ns')); },
    expectedFailures: ['ZM-DNSSET-USE-APEX-NS-LEGACY-2024-09-13'],
  },
  {
    name: 'brotli-off-honoured-after-eol',
    misreading: 'brotli stays an ordinary setting after its end of life: PATCH off turns compression off',
    customize(reference) { asIfBefore(reference, '2024-08-15', (request) => zonePath('/settings/brotli')(request) || zonePath('/settings')(request)); },
    expectedFailures: ['ZM-ZSET-BROTLI-COMPRESSION-ON-2024-08-15'],
  },
  {
    name: 'privacy-pass-kept-after-removal',
    misreading: '"Removed" read as deprecated: privacy_pass still answers after 2024-03-31',
    customize(reference) { asIfBefore(reference, '2024-03-31', zonePath('/settings/privacy_pass')); },
    expectedFailures: ['ZM-ZSET-PRIVACY-PASS-EXT-404', 'ZM-ZSET-PRIVACY-PASS-REMOVED-2024-03-31'],
  },
  {
    name: 'nameserver-type-without-random',
    misreading: 'zone_defaults.nameservers.type takes the three values of the old default_nameservers field, not <vendor>.standard.random',
    customize({ app }) {
      app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
        const type = (request.body as { zone_defaults?: { nameservers?: { type?: unknown } } } | undefined)?.zone_defaults?.nameservers?.type;
        if (request.method !== 'PATCH' || !/^\/client\/v4\/accounts\/[^/]+\/dns_settings$/.test(pathOf(request)) || typeof type !== 'string' || !type.endsWith('.standard.random')) return;
        return reply.status(400).send(failureEnvelope([{ code: 10014, message: 'zone_defaults.nameservers.type must be one of <vendor>.standard, custom.account, custom.tenant' }]));
      });
    },
    // The extended mapping spec also sets the random variant (it reads as <vendor>.standard).
    expectedFailures: ['ZM-ACCT-EXT-NS-MAPPING', 'ZM-DNSSET-NS-TYPE-VALUES'],
  },
  {
    name: 'account-fields-dropped-early',
    misreading: 'the account fields default_nameservers and use_account_custom_ns_by_default are gone before 2025-03-14, as if the replacement were already in effect',
    customize(reference) { asIfAfter(reference, '2025-03-14', (request) => /^\/client\/v4\/accounts(\/[^/]+)?$/.test(pathOf(request))); },
    // The spec of the fields before the date also checks the affected endpoints there; the
    // extended mapping spec reads the fields before the date too.
    expectedFailures: ['ZM-ACCT-AFFECTED-ENDPOINTS', 'ZM-ACCT-EXT-NS-MAPPING', 'ZM-ACCT-NS-FIELDS-BEFORE-2025-03-14'],
  },
];
