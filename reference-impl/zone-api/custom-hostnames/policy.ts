// Every number and decision of the custom hostname behaviour, in one object the app exposes as
// `reference.customHostnames`. The routes read it on each request, so a test variant changes the
// behaviour by reassigning a field or a method on the instance (see the examples below) instead
// of the reference carrying test-only switches.
//
//   policy.penaltyMs = 20_000;                                  a shorter penalty
//   policy.countsTowardLimit = () => true;                      failed POSTs count too
//   policy.movedLifetimeMs = Infinity;                          moved hostnames are never deleted
//   policy.pinnedCandidates = (ca) => policy.withFallback(ca);  a pinned CA falls back to the other
//   policy.isShadowedByZone = () => false;                      wildcards win over standalone zones

import type { CertificateAuthority, Route } from '../../../contract/control.js';
import { isWithin } from './hostname.js';
import { resolveRoute, type RouteWorld } from './routing.js';
import type { Hold } from './store.js';

/** How a POST to the collection ended (a rate-limited refusal never gets this far). */
export type PostOutcome = 'created' | 'failed';

export class CustomHostnamePolicy {
  /** How long every POST is refused after one goes over the limit. */
  penaltyMs = 30_000;
  /** How long a moved hostname lives without reactivation. */
  movedLifetimeMs = 7 * 24 * 60 * 60 * 1000;
  /** Successful POSTs allowed per window when the zone has no certificate_rate_limit of its own. */
  defaultRateLimit = 15;
  /** The sliding window of the issuance rate limit. */
  windowMs = 60_000;
  /** The more compatible CA, chosen by default. */
  preferred: CertificateAuthority = { name: 'google', caa_domain: 'pki.goog' };
  other: CertificateAuthority = { name: 'lets_encrypt', caa_domain: 'letsencrypt.org' };

  authorities(): CertificateAuthority[] {
    return [this.preferred, this.other];
  }

  authority(name: string): CertificateAuthority | undefined {
    return this.authorities().find((ca) => ca.name === name);
  }

  /** Only POSTs that created a hostname use up the issuance limit. */
  countsTowardLimit(outcome: PostOutcome): boolean {
    return outcome === 'created';
  }

  /** Present at lifetime minus 1 ms, gone at the lifetime. */
  isExpired(movedAt: number, now: number): boolean {
    return now - movedAt >= this.movedLifetimeMs;
  }

  /** Only a hold that also prevents subdomains blocks custom hostnames (the spec's trigger). */
  holdCovers(hold: Hold, hostname: string): boolean {
    return hold.include_subdomains && isWithin(hostname, hold.domain);
  }

  /** The CAs to try, in order, for what was asked ('' = the default CA). */
  candidateIssuers(requested: string): CertificateAuthority[] {
    if (requested === '') return this.withFallback(this.preferred);
    const pinned = this.authority(requested);
    return pinned ? this.pinnedCandidates(pinned) : [];
  }

  /** A pinned CA is that CA or nothing. */
  pinnedCandidates(pinned: CertificateAuthority): CertificateAuthority[] {
    return [pinned];
  }

  /** `first`, then the other CA. */
  withFallback(first: CertificateAuthority): CertificateAuthority[] {
    return [first, ...this.authorities().filter((ca) => ca.name !== first.name)];
  }

  /** The first candidate CAA permits; undefined means caa_error. */
  chooseIssuer(requested: string, permits: (ca: CertificateAuthority) => boolean): CertificateAuthority | undefined {
    return this.candidateIssuers(requested).find(permits);
  }

  /** A standalone zone whose domain holds the hostname serves it instead of a wildcard. */
  isShadowedByZone(hostname: string, world: RouteWorld): boolean {
    return world.standaloneZones().some((domain) => isWithin(hostname, domain));
  }

  /** What a request for the hostname meets (routing.ts), with this policy's idea of shadowing. */
  resolveRoute(hostname: string, world: RouteWorld): Route {
    return resolveRoute(hostname, world, (name, around) => this.isShadowedByZone(name, around));
  }
}
