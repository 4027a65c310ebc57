// A run's request budget (--budget) sizes its model and property specs: each such spec is given a
// share of it, and runs cases while the next one still fits what is left of its share. A
// production account allows 1,200 API requests per 5 minutes (for the dashboard, keys and tokens
// together), so the default for a target given by URL or image is that; the bundled reference is
// unbounded and every property runs its full case count.
//
// What a budget keeps is the cases that matter most: a spec gives its edge cases (both sides of
// every boundary the document states) as the property's examples, which run first; random cases
// fill what is left. A case that fails is never cut short: once one failed, shrinking runs freely.

/** One spec's part of the run's request budget (the `requests` fixture of spec-kit/spec.ts). */
export class RequestAllowance {
  /** Cases run, and cases left untried because the next might not fit the share. */
  ran = 0;
  untried = 0;
  private largest = 0;
  private failed = false;

  /**
   * @param limit the API requests the spec may send in all (its set-up included); undefined: unbounded
   * @param spent the API requests the spec has sent so far (spec-kit/request-count.ts)
   */
  constructor(readonly limit: number | undefined, private readonly spent: () => number) {}

  /**
   * A property's predicate, run while the next case fits: a case that might send more than what
   * is left (judged by the largest case so far) passes untried. The first case always runs.
   */
  cases<Ts extends unknown[], R>(predicate: (...args: Ts) => Promise<R>): (...args: Ts) => Promise<R | true> {
    return async (...args: Ts) => {
      const before = this.spent();
      if (!this.failed && this.limit !== undefined && this.ran > 0 && before + this.largest > this.limit) {
        this.untried += 1;
        return true;
      }
      try {
        return await predicate(...args);
      } catch (error) {
        this.failed = true;
        throw error;
      } finally {
        this.ran += 1;
        this.largest = Math.max(this.largest, this.spent() - before);
      }
    };
  }

  /** What the spec's report says of its size: cases run of those drawn, within how many requests. */
  describe(): string | undefined {
    if (this.limit === undefined) return undefined;
    return `${this.ran} of ${this.ran + this.untried} cases within its ${this.limit} API requests of the run's budget`;
  }
}

/**
 * The requests a spec given `share` of the run's budget may send: at least `floor` (what its edge
 * cases take), at most what the budget holds; undefined for an unbounded run.
 */
export function allowanceFor(budget: number | undefined, share: number, floor = 0): number | undefined {
  if (budget === undefined) return undefined;
  return Math.max(floor, Math.floor(budget * share));
}
