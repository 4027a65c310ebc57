// Custom hostnames: /zones/{zone_id}/custom_hostnames and /zones/{zone_id}/custom_hostnames/{id}.
// Creation and PATCH validate the hostname (see custom-hostnames/model.ts); POST is subject to
// the zone's issuance rate limit; expired moved hostnames disappear whenever hostnames are read.

import type { FastifyReply } from 'fastify';
import { ApiError, badRequest, codes, successEnvelope } from '../errors.js';
import { createInput, patchInput } from '../custom-hostnames/input.js';
import { HostnameLifecycle } from '../custom-hostnames/lifecycle.js';
import { customHostnameJson } from '../custom-hostnames/model.js';
import type { CustomHostnamePolicy, PostOutcome } from '../custom-hostnames/policy.js';
import { IssuanceRateLimit, rateLimited, retryAfterSeconds } from '../custom-hostnames/rate-limit.js';
import { pageRequest, resultInfo, type Query } from '../listing.js';
import type { Router } from '../router.js';
import type { CustomHostnameRow, CustomHostnameStore } from '../custom-hostnames/store.js';
import type { Conditions } from '../store.js';
import type { Zone } from '../zones/store.js';

export function customHostnameRoutes({ state: { zones, customHostnames: hostnames }, clocks, resource }: Router, policy: CustomHostnamePolicy): void {
  const lifecycle = new HostnameLifecycle(zones, hostnames, clocks, policy);
  const limit = new IssuanceRateLimit(zones, hostnames, clocks, policy);

  /** Refuses the POST when the zone is over its limit or in its penalty. */
  const admit = (zone: Zone, reply: FastifyReply): void => {
    const wait = limit.admit(zone.id);
    if (wait === undefined) return;
    reply.header('retry-after', retryAfterSeconds(wait));
    throw rateLimited(wait, limit.limitOf(zone.id), policy.windowMs);
  };

  const create = (zone: Zone, body: unknown): CustomHostnameRow => {
    const input = createInput(body, policy);
    return hostnames.transaction(() => {
      if (hostnames.findCustomHostname(zone.id, input.hostname)) {
        throw new ApiError(409, { code: codes.duplicateCustomHostname, message: `A custom hostname ${input.hostname} already exists in this zone` });
      }
      const row = hostnames.insertCustomHostname({
        // Stryker disable next-line StringLiteral: equivalent, lifecycle.validate below always stores the status validation decides
        zone_id: zone.id, hostname: input.hostname, ...input.ssl, issuer: null, status: 'pending',
        // Stryker disable next-line ArrayDeclaration: equivalent, lifecycle.validate below always stores the verification_errors validation decides
        verification_errors: [], created_at: new Date(clocks.of(zone.id).now()).toISOString(), moved_at: null,
      });
      return lifecycle.validate(row);
    });
  };

  resource('/zones/:zone_id/custom_hostnames', {
    GET: (req) => {
      const zone = req.zone();
      lifecycle.sweep(zone.id);
      const page = pageRequest(req.query);
      const found = hostnames.listCustomHostnames(zone.id, hostnameCondition(req.query), page);
      return successEnvelope(found.rows.map(customHostnameJson), { result_info: resultInfo(page, found) });
    },
    POST: (req, reply) => {
      const zone = req.zone();
      lifecycle.sweep(zone.id);
      admit(zone, reply);
      // Stryker disable next-line StringLiteral: equivalent, only 'created' counts toward the limit (policy.countsTowardLimit), so any other outcome name behaves the same
      let outcome: PostOutcome = 'failed';
      try {
        const row = create(zone, req.body);
        outcome = 'created';
        return successEnvelope(customHostnameJson(row));
      } finally {
        limit.record(zone.id, outcome);
      }
    },
  });

  resource('/zones/:zone_id/custom_hostnames/:custom_hostname_id', {
    GET: (req) => successEnvelope(customHostnameJson(existing(hostnames, lifecycle, req.zone(), req.params.custom_hostname_id!))),
    PATCH: (req, reply) => {
      const zone = req.zone();
      const current = existing(hostnames, lifecycle, zone, req.params.custom_hostname_id!);
      const ssl = patchInput(req.body, policy);
      const updated = hostnames.transaction(() => {
        const next = lifecycle.revalidate({ ...current, ...ssl });
        // The ssl settings change even when the evaluation does not: store them too.
        hostnames.updateCustomHostname(next);
        return next;
      });
      void reply.status(202);
      return successEnvelope(customHostnameJson(updated));
    },
    DELETE: (req) => {
      const row = existing(hostnames, lifecycle, req.zone(), req.params.custom_hostname_id!);
      hostnames.deleteCustomHostname(row.id);
      return successEnvelope({ id: row.id });
    },
  });
}

function existing(hostnames: CustomHostnameStore, lifecycle: HostnameLifecycle, zone: Zone, id: string): CustomHostnameRow {
  lifecycle.sweep(zone.id);
  const row = hostnames.getCustomHostname(zone.id, id);
  if (!row) throw new ApiError(404, { code: codes.unknownCustomHostname, message: `Custom hostname ${id} not found in this zone` });
  return row;
}

/**
 * The list's filters: `?hostname=` and `?hostname.exact=` match the name exactly, `?hostname.contain=`
 * by substring, `?hostname.startsWith=` by prefix (all case-insensitively), `?id=` one hostname.
 * The dotted forms and `id` are what the official client sends (`hostname: {exact|contain|startsWith}`,
 * serialized with dots) and what production documents; ignoring them answered every hostname of the
 * zone. Production documents them as mutually exclusive, so more than one is refused.
 */
function hostnameCondition(query: Query): Conditions {
  const given = (name: string): string | undefined => {
    const raw = query[name];
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    return value === undefined || value === '' ? undefined : value;
  };
  const filters: [name: string, condition: (value: string) => Conditions][] = [
    ['id', (value) => ({ id: { equals: value } })],
    ['hostname', (value) => ({ hostname: { equals: value.toLowerCase() } })],
    ['hostname.exact', (value) => ({ hostname: { equals: value.toLowerCase() } })],
    ['hostname.contain', (value) => ({ hostname: { contains: value } })],
    ['hostname.startsWith', (value) => ({ hostname: { startsWith: value } })],
  ];
  const present = filters.flatMap(([name, condition]) => {
    const value = given(name);
    return value === undefined ? [] : [{ name, where: condition(value) }];
  });
  if (present.length > 1) {
    throw badRequest(`${present.map((p) => p.name).join(' and ')} cannot be used together`, codes.validation);
  }
  return present[0]?.where ?? {};
}
