// Applies the model to stored hostnames when something happens: gathers the facts around a
// hostname, stores the new evaluation, deletes expired moved hostnames (lazily, whenever
// hostnames are read or routed) and gives routing its view of the store.

import type { VirtualClock } from '../../clock.js';
import type { CaaRecord, CustomHostnameRow, Store } from '../store.js';
import { isWildcard, wildcardParent } from './hostname.js';
import { reconsider, revalidate, sameEvaluation, validate, type Circumstances, type Evaluation } from './model.js';
import type { CustomHostnamePolicy } from './policy.js';
import type { Route, RouteWorld } from './routing.js';

export class HostnameLifecycle {
  constructor(private readonly store: Store, private readonly clock: VirtualClock, private readonly policy: CustomHostnamePolicy) {}

  circumstances(row: CustomHostnameRow): Circumstances {
    // Stryker disable next-line OptionalChaining: equivalent, a custom hostname's zone always exists (zones are only dropped all at once, with their hostnames, by the control API's reset)
    const zoneName = this.store.getZone(row.zone_id)?.name.toLowerCase();
    const cname = this.store.getDnsFacts(row.hostname)?.cname ?? null;
    return {
      pointsAtZone: cname !== null && cname === zoneName,
      caa: this.caaRecords(row.hostname),
      held: this.store.listHolds().some((hold) => this.policy.holdCovers(hold, row.hostname)),
    };
  }

  /** A hostname's own CAA records; a wildcard without any of its own uses its parent domain's. */
  private caaRecords(hostname: string): CaaRecord[] {
    // Stryker disable next-line ArrayDeclaration: equivalent, a hostname without DNS facts has no CNAME, so it is pending and its CAA records are never read
    const own = this.store.getDnsFacts(hostname)?.caa ?? [];
    if (own.length > 0 || !isWildcard(hostname)) return own;
    // Stryker disable next-line ArrayDeclaration: equivalent, the default stands for "no CAA records" (every CA permitted), and caaPermits ignores an element that is not an issue/issuewild record just the same
    return this.store.getDnsFacts(wildcardParent(hostname))?.caa ?? [];
  }

  /** Validation from the start (a new hostname). */
  validate(row: CustomHostnameRow): CustomHostnameRow {
    return this.save(row, validate(row, this.circumstances(row), this.policy));
  }

  /** Validation restarted by a PATCH. */
  revalidate(row: CustomHostnameRow): CustomHostnameRow {
    return this.save(row, revalidate(row, this.circumstances(row), this.policy));
  }

  /** After DNS facts, holds or a zone change: every hostname looks again at what changed. */
  reconsiderAll(): void {
    this.store.transaction(() => {
      this.sweep();
      const now = this.clock.now();
      for (const row of this.store.allCustomHostnames()) this.save(row, reconsider(row, this.circumstances(row), this.policy, now));
    });
  }

  /** Deletes the moved hostnames whose lifetime is over (of one zone, or of all). */
  sweep(zoneId?: string): void {
    const now = this.clock.now();
    for (const row of this.store.allCustomHostnames(zoneId)) {
      if (row.status === 'moved' && row.moved_at !== null && this.policy.isExpired(row.moved_at, now)) this.store.deleteCustomHostname(row.id);
    }
  }

  route(hostname: string): Route {
    this.sweep();
    return this.policy.resolveRoute(hostname, this.routeWorld());
  }

  private routeWorld(): RouteWorld {
    return {
      customHostname: (name) => this.store.customHostnamesNamed(name)[0],
      standaloneZones: () => this.store.listStandaloneZones(),
      fallbackOrigin: (zoneId) => this.store.getFallbackOrigin(zoneId),
    };
  }

  private save(row: CustomHostnameRow, next: Evaluation): CustomHostnameRow {
    if (sameEvaluation(row, next)) return row;
    const updated = { ...row, ...next };
    this.store.updateCustomHostname(updated);
    return updated;
  }
}
