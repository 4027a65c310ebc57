// What a request for a hostname meets at the edge: the custom hostname that serves it, or the
// 1016 error and its cause (the control API's Route). Exact custom hostname first, else a
// one-label wildcard — unless a standalone zone's domain holds the hostname, which then serves it
// instead of the wildcard (what counts as that is the policy's: policy.ts).

import type { Route } from '../../../contract/control.js';
import { parentDomain } from './hostname.js';
import type { CustomHostnameRow, FallbackOrigin } from './store.js';

/** The causes of error 1016 the reference tells apart. */
export type RouteCause = 'validation_incomplete' | 'fallback_origin' | 'shadowed_by_zone' | 'no_custom_hostname';

/** What routing reads; the lifecycle provides it from the store. */
export interface RouteWorld {
  /** The custom hostname with exactly this name (the oldest, across zones). */
  customHostname(hostname: string): CustomHostnameRow | undefined;
  standaloneZones(): string[];
  fallbackOrigin(zoneId: string): FallbackOrigin | undefined;
}

/** Whether a standalone zone serves `hostname` instead of the wildcard custom hostname that matches it. */
export type ShadowedByZone = (hostname: string, world: RouteWorld) => boolean;

const unroutable = (cause: RouteCause): Route => ({ routable: false, error: 1016, cause });

export function resolveRoute(hostname: string, world: RouteWorld, shadowedByZone: ShadowedByZone): Route {
  const match = world.customHostname(hostname) ?? wildcardMatch(hostname, world, shadowedByZone);
  if (typeof match === 'string') return unroutable(match);
  if (match.status !== 'active') return unroutable('validation_incomplete');
  const fallback = world.fallbackOrigin(match.zone_id);
  // The fallback origin needs both the setting and its DNS record.
  if (!fallback?.origin || !fallback.dns_record) return unroutable('fallback_origin');
  return { routable: true, zone_id: match.zone_id, custom_hostname_id: match.id };
}

function wildcardMatch(hostname: string, world: RouteWorld, shadowedByZone: ShadowedByZone): CustomHostnameRow | RouteCause {
  const parent = parentDomain(hostname);
  const wildcard = parent === undefined ? undefined : world.customHostname(`*.${parent}`);
  if (!wildcard) return 'no_custom_hostname';
  return shadowedByZone(hostname, world) ? 'shadowed_by_zone' : wildcard;
}
