// DNS settings of a zone: GET/PATCH /zones/{zone_id}/dns_settings {flatten_all_cnames,
// multi_provider, secondary_overrides}, and the legacy GET/PATCH /dns_settings/use_apex_ns and
// /dns_settings/secondary_overrides, which read and write the same values until 2024-09-13 and
// answer as unknown routes after it.

import { ApiError, codes, successEnvelope } from '../errors.js';
import { requireObject } from '../input.js';
import type { RequestView, Router } from '../router.js';
import { SettingsService, type DnsFlag } from '../settings/service.js';
import { removedRoute } from './zone-settings.js';

const LEGACY: readonly { path: string; flag: DnsFlag }[] = [
  { path: 'use_apex_ns', flag: 'multi_provider' },
  { path: 'secondary_overrides', flag: 'secondary_overrides' },
];

export function dnsSettingRoutes({ state, clocks, resource }: Router): void {
  // As of the zone's clock (an id no zone has reads the global one, as zone-settings.ts does).
  const settingsOf = (req: RequestView) => new SettingsService(state.settings, clocks.of(req.params.zone_id!));

  resource('/zones/:zone_id/dns_settings', {
    GET: (req) => successEnvelope(settingsOf(req).dnsSettings(req.zone().id)),
    PATCH: (req) => {
      const zone = req.zone();
      return successEnvelope(settingsOf(req).patchDnsSettings(zone.id, requireObject(req.body, 'DNS settings')));
    },
  });

  for (const { path, flag } of LEGACY) {
    const legacyJson = (req: RequestView, zoneId: string) => {
      const { value, modified_on } = settingsOf(req).flag(zoneId, flag);
      return { id: path, value, editable: true, modified_on };
    };
    const zoneOf = (method: string, req: RequestView) => {
      if (settingsOf(req).legacyEndpointsGone()) throw removedRoute(method, req);
      return req.zone();
    };
    resource(`/zones/:zone_id/dns_settings/${path}`, {
      GET: (req) => successEnvelope(legacyJson(req, zoneOf('GET', req).id)),
      PATCH: (req) => {
        const zone = zoneOf('PATCH', req);
        const { value } = requireObject(req.body, path);
        if (typeof value !== 'boolean') throw new ApiError(400, { code: codes.validation, message: 'value must be a boolean' });
        settingsOf(req).setFlag(zone.id, flag, value);
        return successEnvelope(legacyJson(req, zone.id));
      },
    });
  }
}
