// Applies the model to stored hostnames when something happens: gathers the facts around a
// hostname, stores the new evaluation, deletes expired moved hostnames (lazily, whenever
// hostnames are read or routed) and gives routing its view of the store.

import type { Certificate, Route } from '../../../contract/control.js';
import type { ZoneClocks } from '../zones/clocks.js';
import type { ZoneStore } from '../zones/store.js';
import { isWildcard, wildcardParent } from './hostname.js';
import { reconsider, revalidate, sameEvaluation, validate, type Circumstances, type Evaluation } from './model.js';
import type { CustomHostnamePolicy } from './policy.js';
import type { RouteWorld } from './routing.js';
import type { CaaRecord, CustomHostnameRow, CustomHostnameStore } from './store.js';

export class HostnameLifecycle {
  constructor(
    private readonly zones: ZoneStore,
    private readonly hostnames: CustomHostnameStore,
    /** Each hostname's time is its zone's. */
    private readonly clocks: ZoneClocks,
    private readonly policy: CustomHostnamePolicy,
  ) {}

  circumstances(row: CustomHostnameRow): Circumstances {
    // Stryker disable next-line OptionalChaining: equivalent, a custom hostname's zone always exists (zones are only dropped all at once, with their hostnames, by the control API's reset)
    const zoneName = this.zones.get(row.zone_id)?.name.toLowerCase();
    const cname = this.hostnames.getDnsFacts(row.hostname)?.cname ?? null;
    return {
      pointsAtZone: cname !== null && cname === zoneName,
      caa: this.caaRecords(row.hostname),
      held: this.hostnames.listHolds().some((hold) => this.policy.holdCovers(hold, row.hostname)),
    };
  }

  /** A hostname's own CAA records; a wildcard without any of its own uses its parent domain's. */
  private caaRecords(hostname: string): CaaRecord[] {
    // Stryker disable next-line ArrayDeclaration: equivalent, a hostname without DNS facts has no CNAME, so it is pending and its CAA records are never read
    const own = this.hostnames.getDnsFacts(hostname)?.caa ?? [];
    if (own.length > 0 || !isWildcard(hostname)) return own;
    // Stryker disable next-line ArrayDeclaration: equivalent, the default stands for "no CAA records" (every CA permitted), and caaPermits ignores an element that is not an issue/issuewild record just the same
    return this.hostnames.getDnsFacts(wildcardParent(hostname))?.caa ?? [];
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
    this.hostnames.transaction(() => {
      this.sweep();
      for (const row of this.hostnames.allCustomHostnames()) this.save(row, reconsider(row, this.circumstances(row), this.policy, this.clocks.of(row.zone_id).now()));
    });
  }

  /** Deletes the moved hostnames whose lifetime is over (of one zone, or of all). */
  sweep(zoneId?: string): void {
    for (const row of this.hostnames.allCustomHostnames(zoneId)) {
      if (row.status === 'moved' && row.moved_at !== null && this.policy.isExpired(row.moved_at, this.clocks.of(row.zone_id).now())) this.hostnames.deleteCustomHostname(row.id);
    }
  }

  route(hostname: string): Route {
    this.sweep();
    return this.policy.resolveRoute(hostname, this.routeWorld());
  }

  /** The certificate a TLS client meets at the hostname: which CA issued it (null while none is issued). */
  certificate(hostname: string): Certificate {
    this.sweep();
    return { hostname, issuer: this.hostnames.customHostnamesNamed(hostname)[0]?.issuer ?? null };
  }

  private routeWorld(): RouteWorld {
    return {
      customHostname: (name) => this.hostnames.customHostnamesNamed(name)[0],
      standaloneZones: () => this.hostnames.listStandaloneZones(),
      fallbackOrigin: (zoneId) => this.hostnames.getFallbackOrigin(zoneId),
    };
  }

  private save(row: CustomHostnameRow, next: Evaluation): CustomHostnameRow {
    if (sameEvaluation(row, next)) return row;
    const updated = { ...row, ...next };
    this.hostnames.updateCustomHostname(updated);
    return updated;
  }
}
