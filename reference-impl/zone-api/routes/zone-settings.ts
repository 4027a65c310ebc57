// Zone settings: GET/PATCH /zones/{zone_id}/settings and /zones/{zone_id}/settings/{id} for the
// settings of the Versioning table (settings/zone-settings.ts); privacy_pass takes GET and POST
// until its removal on 2024-03-31, then answers as an unknown route.

import { ApiError, codes, successEnvelope } from '../errors.js';
import { requireObject } from '../input.js';
import type { RequestView, Router } from '../router.js';
import { SettingsService } from '../settings/service.js';
import { ZONE_SETTINGS, type SettingDefinition } from '../settings/zone-settings.js';

/** What a removed endpoint answers: the same as a route that never existed. */
export function removedRoute(method: string, req: RequestView): ApiError {
  return new ApiError(404, { code: codes.noRoute, message: `No route for that URI: ${method} ${req.url.split('?')[0]}` });
}

export function zoneSettingRoutes({ state, clocks, resource }: Router): void {
  // The settings as of the zone's clock (an id no zone has reads the global one: a removed route
  // answers as one whether or not the zone exists).
  const settingsOf = (req: RequestView) => new SettingsService(state.settings, clocks.of(req.params.zone_id!));

  resource('/zones/:zone_id/settings', {
    GET: (req) => {
      const zone = req.zone();
      const settings = settingsOf(req);
      return successEnvelope(settings.existing().map((definition) => settings.read(zone.id, definition)));
    },
    PATCH: (req) => {
      const zone = req.zone();
      return successEnvelope(settingsOf(req).writeMany(zone.id, requireObject(req.body, 'settings').items));
    },
  });

  for (const definition of ZONE_SETTINGS) {
    const setting = (method: string, req: RequestView): SettingDefinition => {
      if (!settingsOf(req).definition(definition.id)) throw removedRoute(method, req);
      req.zone();
      return definition;
    };
    const read = (req: RequestView) => successEnvelope(settingsOf(req).read(req.zone().id, setting('GET', req)));
    const write = (method: string) => (req: RequestView) => {
      const found = setting(method, req);
      const { value } = requireObject(req.body, definition.id);
      if (value === undefined) throw new ApiError(400, { code: codes.validation, message: 'value is required' });
      return successEnvelope(settingsOf(req).write(req.zone().id, found, value));
    };
    // The Versioning table names GET and POST for privacy_pass, GET and PATCH for the others.
    resource(`/zones/:zone_id/settings/${definition.id}`, definition.id === 'privacy_pass'
      ? { GET: read, POST: write('POST') }
      // Stryker disable next-line StringLiteral: equivalent, the method only names a removed route and only privacy_pass (POST, above) is ever removed
      : { GET: read, PATCH: write('PATCH') });
  }
}
