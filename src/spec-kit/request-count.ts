// How many requests one spec sent: to the target's API (every attempt, a 429's retry and the
// clean-up of what it created included) and to its control API, apart. A production account's
// request budget counts the first and never the second, so the report keeps them apart.

/** Where the counts are kept: the spec's task metadata, which the collector reads. */
export interface CountedIn { requests?: number; controlRequests?: number }

export class RequestCount {
  constructor(private readonly into: CountedIn = {}) {}
  get api(): number { return this.into.requests ?? 0; }
  get control(): number { return this.into.controlRequests ?? 0; }
  /** One request to the target's API. */
  apiRequest(): void { this.into.requests = this.api + 1; }
  /** One call to its control API. */
  controlRequest(): void { this.into.controlRequests = this.control + 1; }
}

/**
 * What the run's own process sends outside any spec (the preflight, setting and restoring the
 * clock): counted into the report's `run.requests`, since a target's quota counts them too.
 */
export const requestsOutsideSpecs = new RequestCount();
