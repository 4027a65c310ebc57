// What a request for a hostname meets at the edge: the custom hostname that serves it, or the
// 1016 error and its cause. Exact custom hostname first, else a one-label wildcard — unless a
// standalone zone's domain holds the hostname, which then serves it instead of the wildcard.

import type { CustomHostnameRow, FallbackOrigin } from '../store.js';
import { parentDomain } from './hostname.js';
import type { CustomHostnamePolicy } from './policy.js';

export type RouteCause = 'validation_incomplete' | 'fallback_origin' | 'shadowed_by_zone' | 'no_custom_hostname';

export type Route =
  | { routable: true; zone_id: string; custom_hostname_id: string }
  | { routable: false; error: 1016; cause: RouteCause };

/** What routing reads; the lifecycle provides it from the store. */
export interface RouteWorld {
  /** The custom hostname with exactly this name (the oldest, across zones). */
  customHostname(hostname: string): CustomHostnameRow | undefined;
  standaloneZones(): string[];
  fallbackOrigin(zoneId: string): FallbackOrigin | undefined;
}

const unroutable = (cause: RouteCause): Route => ({ routable: false, error: 1016, cause });

export function resolveRoute(policy: CustomHostnamePolicy, hostname: string, world: RouteWorld): Route {
  const match = world.customHostname(hostname) ?? wildcardMatch(policy, hostname, world);
  if (typeof match === 'string') return unroutable(match);
  if (match.status !== 'active') return unroutable('validation_incomplete');
  const fallback = world.fallbackOrigin(match.zone_id);
  // The fallback origin needs both the setting and its DNS record.
  if (!fallback?.origin || !fallback.dns_record) return unroutable('fallback_origin');
  return { routable: true, zone_id: match.zone_id, custom_hostname_id: match.id };
}

function wildcardMatch(policy: CustomHostnamePolicy, hostname: string, world: RouteWorld): CustomHostnameRow | RouteCause {
  const parent = parentDomain(hostname);
  const wildcard = parent === undefined ? undefined : world.customHostname(`*.${parent}`);
  if (!wildcard) return 'no_custom_hostname';
  return policy.isShadowedByZone(hostname, world) ? 'shadowed_by_zone' : wildcard;
}
