// The zone API suite's requests that reach beyond the objects a spec creates and deletes: without
// a control API they are held back in the zones the target provides (the zones are someone's own),
// unless the config allows their effect for that zone (src/core/zone-safety.ts). Listed here as
// data, beside the collections the suite cleans up (cleanup.ts), for the spec kit's guard, the
// pre-run notice and the README's list of what a run may leave behind.

import type { GuardedRequest } from '../declarations.js';

const ZONE = String.raw`^/zones/[^/]+`;
// A trailing slash reaches the same route (the reference ignores it, as many servers do).
const under = (suffix: string): RegExp => new RegExp(`${ZONE}${suffix}/?$`);

/** A combined create item that makes its filter (rule 4 then forbids deleting it), not one naming a filter id. */
const makesFilter = ({ body }: { body: unknown }): boolean =>
  (Array.isArray(body) ? body : [body]).some((item) => typeof (item as { filter?: { expression?: unknown } } | null)?.filter?.expression === 'string');

export const GUARDED_REQUESTS: readonly GuardedRequest[] = [
  { effect: 'waf-migration', method: 'PUT', path: under('/rulesets/phases/http_request_firewall_managed/entrypoint'), when: ({ query }) => query.has('waf_migration'), what: 'migrates the zone to the new WAF managed rules' },
  { effect: 'zone-settings', method: 'PUT', path: under('/rulesets/phases/http_request_firewall_managed/entrypoint'), what: 'replaces the zone\'s managed rules entry point' },
  { effect: 'zone-settings', method: 'PATCH', path: under('/settings(/[^/]+)?'), what: 'changes a zone-wide setting' },
  { effect: 'zone-settings', method: 'POST', path: under('/settings/[^/]+'), what: 'changes a zone-wide setting' },
  { effect: 'zone-settings', method: 'PATCH', path: under('/dns_settings(/[^/]+)?'), what: 'changes the zone\'s DNS settings' },
  { effect: 'zone-settings', method: 'PATCH', path: under('/firewall/waf/packages/[^/]+(/(groups|rules)/[^/]+)?'), what: 'changes the zone\'s previous WAF managed rules (a package, group or rule mode)' },
  { effect: 'zone-settings', method: 'POST', path: under('/firewall/waf/overrides'), what: 'creates a URI-based override of the previous WAF managed rules, which changes what the WAF does for those URLs (and makes the zone incompatible with the migration) while it exists' },
  { effect: 'cert-quota', method: 'POST', path: under('/custom_hostnames'), what: 'creates a custom hostname, which counts against the zone\'s certificate issuance quota' },
  { effect: 'undeletable-objects', method: 'POST', path: under('/firewall/rules'), when: makesFilter, what: 'creates a filter through a combined create, which the API then refuses to delete (combined create, rule 4)' },
  { effect: 'accounts', method: 'POST', path: /^\/accounts\/?$/, what: 'creates an account, which the API cannot delete' },
  { effect: 'accounts', method: 'PATCH', path: /^\/accounts\/[^/]+\/dns_settings\/?$/, what: 'changes an account\'s DNS settings' },
  { effect: 'accounts', method: 'PUT', path: /^\/accounts\/[^/]+\/?$/, what: 'changes an account' },
];

/**
 * What a run in zones it does not own creates, each marked so that it is recognisable, and deletes
 * when its spec ends (also when the spec failed): the pre-run notice lists them.
 */
export const MARKED_OBJECTS: readonly string[] = [
  'filters and firewall rules whose expression is http.request.uri.path eq "/specgate/<uuid>"',
  'DNS records named <prefix>-<8 hex>.<zone name> (host-..., for the most part)',
  'custom hostnames named app-<8 hex>.customer-<8 hex>.example (only where \'cert-quota\' is allowed)',
  'URI-based overrides of the previous WAF managed rules (only where \'zone-settings\' is allowed)',
];

/** What may remain in a zone whose owner allowed 'undeletable-objects', and why (the README's list). */
export const POSSIBLE_LEFTOVERS: readonly { effect: 'undeletable-objects'; what: string; recognisable: RegExp }[] = [
  {
    effect: 'undeletable-objects',
    what: 'filters made by a combined create (firewall rules specs): the API refuses to delete them (combined create, rule 4)',
    recognisable: /^http\.request\.uri\.path eq "\/specgate\/[0-9a-f-]{36}"$/,
  },
];
