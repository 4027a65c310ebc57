// The per-zone certificate issuance limit: at most N counted POSTs in any sliding window; a POST
// over the limit is refused and starts a penalty during which every POST is refused. The
// penalty is not extended by refusals during it, and ends at exactly its length.

import { ApiError, codes } from '../errors.js';
import type { ZoneClocks } from '../zones/clocks.js';
import type { ZoneStore } from '../zones/store.js';
import type { CustomHostnamePolicy, PostOutcome } from './policy.js';
import type { CustomHostnameStore } from './store.js';

export class IssuanceRateLimit {
  constructor(
    private readonly zones: ZoneStore,
    private readonly hostnames: CustomHostnameStore,
    /** The limit's window and penalty are on the zone's clock. */
    private readonly clocks: ZoneClocks,
    private readonly policy: CustomHostnamePolicy,
  ) {}

  limitOf(zoneId: string): number {
    return this.zones.getCertificateRateLimit(zoneId) ?? this.policy.defaultRateLimit;
  }

  /** How long the POST must wait (ms), or undefined when it may go ahead. */
  admit(zoneId: string): number | undefined {
    const now = this.clocks.of(zoneId).now();
    const penaltyEnd = this.hostnames.getPenaltyEnd(zoneId);
    if (penaltyEnd !== undefined && now < penaltyEnd) return penaltyEnd - now;
    const used = this.hostnames.countIssuances(zoneId, now - this.policy.windowMs);
    if (used < this.limitOf(zoneId)) return undefined;
    this.hostnames.setPenaltyEnd(zoneId, now + this.policy.penaltyMs);
    return this.policy.penaltyMs;
  }

  record(zoneId: string, outcome: PostOutcome): void {
    if (!this.policy.countsTowardLimit(outcome)) return;
    const now = this.clocks.of(zoneId).now();
    this.hostnames.forgetIssuances(zoneId, now - this.policy.windowMs);
    this.hostnames.recordIssuance(zoneId, now);
  }
}

export function rateLimited(waitMs: number, limit: number, windowMs: number): ApiError {
  return new ApiError(429, {
    code: codes.certificateRateLimited,
    message: `Certificate issuance rate limit exceeded (${limit} per ${windowMs / 1000} s for this zone); new custom hostnames are refused for ${Math.ceil(waitMs / 1000)} more seconds`,
  });
}

/** retry-after in whole seconds, never 0 while refused. */
export const retryAfterSeconds = (waitMs: number): string => String(Math.max(1, Math.ceil(waitMs / 1000)));
