// The control API (test mode only): sets up what no public endpoint sets.
//   POST /reset                         drop every zone and reset the clock
//   GET  /clock                         {now} (ISO 8601) and {epoch_ms}
//   PUT  /clock {now}                   freeze the clock at a time
//   POST /clock/advance {ms}            move the clock forward
//   POST /zones {plan?, name?, rule_quota?, features?}   create a zone
//   PATCH /zones/:zone_id {plan?, rule_quota?, features?} change a zone's quota and features

import { badRequest, codes, successEnvelope } from '../errors.js';
import { DEFAULTS_BY_PLAN, requireObject, type Json } from '../firewall-model.js';
import type { Router } from '../router.js';
import { PLANS, newId, type Plan, type Zone } from '../store.js';

function checkZoneFields(body: Json): Partial<Omit<Zone, 'id'>> {
  const fields: Partial<Omit<Zone, 'id'>> = {};
  if (body.plan !== undefined) {
    if (!PLANS.includes(body.plan as Plan)) throw badRequest(`plan must be one of ${PLANS.join(', ')}`, codes.validation);
    fields.plan = body.plan as Plan;
  }
  if (body.name !== undefined) {
    if (typeof body.name !== 'string' || body.name === '') throw badRequest('name must be a non-empty string', codes.validation);
    fields.name = body.name;
  }
  if (body.rule_quota !== undefined) {
    if (!Number.isInteger(body.rule_quota) || (body.rule_quota as number) < 0) throw badRequest('rule_quota must be a non-negative integer', codes.validation);
    fields.rule_quota = body.rule_quota as number;
  }
  if (body.features !== undefined) {
    if (!Array.isArray(body.features) || !body.features.every((f) => typeof f === 'string')) throw badRequest('features must be an array of strings', codes.validation);
    fields.features = body.features as string[];
  }
  return fields;
}

const clockJson = (ms: number) => ({ now: new Date(ms).toISOString(), epoch_ms: ms });

export function controlRoutes({ store, clock, resource }: Router): void {
  resource('/reset', {
    POST: () => {
      store.reset();
      clock.reset();
      return successEnvelope({ reset: true });
    },
  });
  resource('/clock', {
    GET: () => successEnvelope(clockJson(clock.now())),
    PUT: (req) => {
      const { now } = requireObject(req.body, 'clock');
      const ms = typeof now === 'number' ? now : typeof now === 'string' ? Date.parse(now) : NaN;
      if (!Number.isFinite(ms)) throw badRequest('now must be an ISO 8601 date or milliseconds since epoch', codes.validation);
      clock.set(ms);
      return successEnvelope(clockJson(clock.now()));
    },
  });
  resource('/clock/advance', {
    POST: (req) => {
      const { ms } = requireObject(req.body, 'advance');
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw badRequest('ms must be a non-negative number', codes.validation);
      clock.advance(ms);
      return successEnvelope(clockJson(clock.now()));
    },
  });
  resource('/zones', {
    POST: (req) => {
      const fields = checkZoneFields(requireObject(req.body ?? {}, 'zone'));
      const plan = fields.plan ?? 'enterprise';
      const zone = store.createZone({
        name: fields.name ?? `zone-${newId().slice(0, 12)}.example`,
        plan,
        rule_quota: fields.rule_quota ?? DEFAULTS_BY_PLAN[plan].rule_quota,
        features: fields.features ?? [...DEFAULTS_BY_PLAN[plan].features],
      });
      return successEnvelope(zone);
    },
  });
  resource('/zones/:zone_id', {
    GET: (req) => successEnvelope(req.zone()),
    PATCH: (req) => {
      const zone = req.zone();
      const updated = { ...zone, ...checkZoneFields(requireObject(req.body, 'zone')) };
      store.updateZone(updated);
      return successEnvelope(updated);
    },
  });
}

