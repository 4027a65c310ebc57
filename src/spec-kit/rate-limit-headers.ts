// What a target says of its rate limit in its answers' headers, in the forms of the IETF draft
// (draft-ietf-httpapi-ratelimit-headers) that servers send:
// - its current form, which the production API sends (reference-notes.md):
//   `RateLimit: "default";r=50;t=30` (remaining quota, seconds to reset) and
//   `RateLimit-Policy: "default";q=1200;w=300` (quota, window in seconds);
// - its earlier combined form, `RateLimit: limit=1200, remaining=50, reset=30`, with
//   `RateLimit-Policy: 1200;w=300`;
// - its first form, `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`.
// Header names are case-insensitive. Several limits in one header: the one with the least left counts.

export interface RateLimitSignal {
  /** Requests left in the current window. */
  remaining?: number;
  /** Seconds until the window resets. */
  resetSeconds?: number;
  /** The quota of a window, and the window's length in seconds (the policy). */
  quota?: number;
  windowSeconds?: number;
}

interface HeaderSource { get(name: string): string | null }

const number = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const value = Number(text.trim());
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};

/** The items of a structured-field list (comma-separated), each as its parameters (`key=value` after `;`) and its bare value. */
function items(text: string): { bare: string; params: Map<string, string> }[] {
  return text.split(',').map((item) => {
    const [bare = '', ...params] = item.split(';').map((part) => part.trim());
    const map = new Map<string, string>();
    for (const param of params) {
      const at = param.indexOf('=');
      if (at > 0) map.set(param.slice(0, at).trim().toLowerCase(), param.slice(at + 1).trim().replace(/^"|"$/g, ''));
    }
    // A bare `key=value` (the combined form's items) is a parameter too.
    const at = bare.indexOf('=');
    if (at > 0 && !bare.startsWith('"')) map.set(bare.slice(0, at).trim().toLowerCase(), bare.slice(at + 1).trim());
    return { bare, params: map };
  });
}

/** What the headers say; an empty object when they say nothing of a rate limit. */
export function readRateLimit(headers: HeaderSource): RateLimitSignal {
  const signal: RateLimitSignal = {};
  const combined = headers.get('ratelimit');
  if (combined !== null) {
    const parsed = items(combined);
    // The combined form is one limit spread over items: limit=, remaining=, reset=.
    const param = (name: string) => parsed.map((item) => item.params.get(name)).find((value) => value !== undefined);
    if (param('remaining') !== undefined) {
      signal.remaining = number(param('remaining'));
      signal.resetSeconds = number(param('reset'));
      signal.quota = number(param('limit'));
    } else {
      // The current form: one item per limit, `r` and `t` its parameters; the least remaining counts.
      let least: { r: number; t: number | undefined } | undefined;
      for (const item of parsed) {
        const r = number(item.params.get('r'));
        if (r !== undefined && (least === undefined || r < least.r)) least = { r, t: number(item.params.get('t')) };
      }
      if (least) {
        signal.remaining = least.r;
        if (least.t !== undefined) signal.resetSeconds = least.t;
      }
    }
  }
  if (signal.remaining === undefined) {
    const remaining = number(headers.get('ratelimit-remaining') ?? undefined);
    if (remaining !== undefined) {
      signal.remaining = remaining;
      const reset = number(headers.get('ratelimit-reset') ?? undefined);
      if (reset !== undefined) signal.resetSeconds = reset;
    }
  }
  const policy = headers.get('ratelimit-policy');
  if (policy !== null) {
    // The smallest quota per second is the one that binds.
    let tightest: { q: number; w: number } | undefined;
    for (const item of items(policy)) {
      const q = number(item.params.get('q')) ?? number(item.bare);
      const w = number(item.params.get('w'));
      if (q !== undefined && w !== undefined && w > 0 && (tightest === undefined || q / w < tightest.q / tightest.w)) tightest = { q, w };
    }
    if (tightest) { signal.quota = tightest.q; signal.windowSeconds = tightest.w; }
  }
  if (signal.quota === undefined) {
    const limit = number(headers.get('ratelimit-limit') ?? undefined);
    if (limit !== undefined) signal.quota = limit;
  }
  for (const key of Object.keys(signal) as (keyof RateLimitSignal)[]) if (signal[key] === undefined) delete signal[key];
  return signal;
}
