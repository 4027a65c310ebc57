// What a suite declares beside its catalog (the data lives in requirements/<suite>/): the collections
// whose POST creates objects, so that the HTTP client can delete them afterwards without knowing the
// API (and what an object brings into being with it and protects while it exists); and the requests
// that reach beyond the objects a spec creates, held back in zones the run does not own
// (src/core/zone-safety.ts).

/** A collection under a zone whose POST creates objects, which a spec's teardown deletes. */
export interface CreatingCollection {
  /** Its path under /zones/{zone_id}/, e.g. 'filters' or 'firewall/rules'. */
  path: string;
  /**
   * Objects an item created here brings into being with it (a firewall rule's filter, made by a
   * combined create): where their id is in the item, and the collection they live in. They are
   * deleted after the item, which protects them while it exists.
   */
  brings?: { idAt: readonly string[]; collection: string }[];
}

/**
 * The effects a user may allow in a zone the run does not own. The WAF migration is not among them:
 * it is one-way, and a run never starts it in a zone it did not create.
 */
export const ZONE_ALLOWANCES = ['zone-settings', 'cert-quota', 'undeletable-objects'] as const;
export type ZoneAllowance = typeof ZONE_ALLOWANCES[number];

/** Every effect a guarded request can have: the allowable ones, and those no zone may allow. */
export type ZoneEffect = ZoneAllowance | 'waf-migration' | 'accounts';

/** A request a suite's specs send that has an effect beyond the objects a spec creates and deletes. */
export interface GuardedRequest {
  effect: ZoneEffect;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path after the base URL (/client/v4): under /zones/{id}/ when it names a zone. */
  path: RegExp;
  /** Only when the request also has this (a body or a query that makes it guarded). */
  when?: (request: { body: unknown; query: URLSearchParams }) => boolean;
  /** What the request does, for the skip reason and the pre-run notice ("creates a custom hostname"). */
  what: string;
}
