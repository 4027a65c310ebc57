// The zone API suite's cleanup: the collections whose POST creates objects (deleted, newest first,
// when a spec ends, in a zone a target provides; in one the spec made through the control API they
// stay with it), and a firewall rule's filter, which a combined create brings with the rule and
// the rule protects (combined create, rule 4): the rule is deleted first.

import type { CreatingCollection } from '../declarations.js';

export const CREATING_COLLECTIONS: readonly CreatingCollection[] = [
  { path: 'filters' },
  { path: 'firewall/rules', brings: [{ idAt: ['filter', 'id'], collection: 'filters' }] },
  { path: 'custom_hostnames' },
  { path: 'dns_records' },
  { path: 'firewall/waf/overrides' },
];
