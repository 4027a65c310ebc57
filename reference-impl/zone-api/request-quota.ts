// The production API's global rate limit (reference-notes.md): a quota of requests per window per
// user, counted over all of that user's credentials. Past it, every API call of the user is refused
// with 429 for one whole window. Every answer says where the user stands, in the headers of the
// IETF draft the production API sends: `Ratelimit: "default";r=<remaining>;t=<seconds to reset>`
// and `Ratelimit-Policy: "default";q=<quota>;w=<window seconds>`; a 429 carries `retry-after`.
// Off unless asked for (`specgate serve --rate-limit 1200/300s`): the suite's own specs do not
// depend on it. It counts real time, not the virtual clock: specs move that clock.

import { ApiError, codes } from './errors.js';

export interface RequestQuotaPolicy { quota: number; windowSeconds: number }

/** "1200/300s" (or "1200/5m", "1200/300"): the quota and its window; undefined when malformed. */
export function parseRequestQuota(text: string): RequestQuotaPolicy | undefined {
  const match = /^(\d+)\/(\d+)(s|m)?$/.exec(text.trim());
  if (!match) return undefined;
  const quota = Number(match[1]);
  const windowSeconds = Number(match[2]) * (match[3] === 'm' ? 60 : 1);
  return quota > 0 && windowSeconds > 0 ? { quota, windowSeconds } : undefined;
}

interface Standing { windowStart: number; used: number; blockedUntil: number }

export class RequestQuota {
  private readonly users = new Map<string, Standing>();
  constructor(readonly policy: RequestQuotaPolicy, private readonly now: () => number = Date.now) {}

  /**
   * Counts one request of `user`: the headers to answer it with, and the 429 to answer instead
   * when the user is past the quota or still blocked for having gone past it.
   */
  take(user: string): { headers: Record<string, string>; refusal?: ApiError } {
    const now = this.now();
    const windowMs = this.policy.windowSeconds * 1000;
    let standing = this.users.get(user);
    if (!standing || (now >= standing.windowStart + windowMs && now >= standing.blockedUntil)) {
      standing = { windowStart: now, used: 0, blockedUntil: 0 };
      this.users.set(user, standing);
    }
    const policy = `"default";q=${this.policy.quota};w=${this.policy.windowSeconds}`;
    if (now < standing.blockedUntil) return this.refused(standing.blockedUntil - now, policy);
    if (standing.used >= this.policy.quota) {
      // Going past the quota blocks the user for a whole window from now, as production does.
      standing.blockedUntil = now + windowMs;
      return this.refused(windowMs, policy);
    }
    standing.used++;
    const reset = Math.max(1, Math.ceil((standing.windowStart + windowMs - now) / 1000));
    return { headers: { ratelimit: `"default";r=${this.policy.quota - standing.used};t=${reset}`, 'ratelimit-policy': policy } };
  }

  private refused(waitMs: number, policy: string): { headers: Record<string, string>; refusal: ApiError } {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return {
      headers: { ratelimit: `"default";r=0;t=${seconds}`, 'ratelimit-policy': policy, 'retry-after': String(seconds) },
      refusal: new ApiError(429, { code: codes.rateLimited, message: `Rate limited: more than ${this.policy.quota} requests in ${this.policy.windowSeconds} s; try again in ${seconds} s` }),
    };
  }
}
