// What a suite declares about the objects its specs create, so that the HTTP client can delete them
// afterwards without knowing the API: the collections whose POST creates objects, and what an
// object brings into being with it (and protects while it exists).

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
