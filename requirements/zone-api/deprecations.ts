import type { AreaCatalog } from '../model.js';

// Deprecations: the base path, and the rows of the Versioning table that no other area owns
// (DNS records, DNS, zone and account settings rows live in their own areas; the
// Transfer-Encoding/Content-Length row belongs to 'transport'). fixtures/deprecations.json holds
// the whole table as data and names, for each row, the requirements below or in those areas.
//
// Most rows here say only that something is "replaced" or "deprecated" on a date. That is a notice,
// not a behaviour: the spec does not say whether the endpoints stop answering, so each such row is
// one `unspecified` entry ("after-date behaviour not stated"), shown in the report as such.
const notStated = (id: string, date: string, text: string) =>
  ({ id, area: 'deprecations', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: [date] }], text: `${text}; what the endpoints do after ${date}: not stated`, unspecified: true }) as const;

const catalog: AreaCatalog = {
  area: 'deprecations',
  requirements: [
    // Versioning
    { id: 'ZM-DEP-BASE-PATH-V4', area: 'deprecations', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'] }], text: 'The base path carries version v4: {base_url} ends in /client/v4; the operations live under it' },
    { id: 'ZM-DEP-OUTSIDE-BASE-PATH-ENVELOPE', area: 'deprecations', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['What the service does'] }, { headings: ['Versioning'] }], text: 'A request outside the /client/v4 base path (another version, no version) is an error answered in the envelope' },
    { id: 'ZM-DEP-CUTOVER-INSTANT-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'] }], text: 'Whether a dated change applies on the date itself or from the day after, and in which time zone: not shown (dated specs test outside that day in every time zone)', unspecified: true },

    notStated('ZM-DEP-FIREWALL-RULES-AFTER-UNSPECIFIED', '2025-01-15', 'The firewall rules and filters endpoints are replaced by custom WAF rules'),
    notStated('ZM-DEP-WAF-MANAGED-RULES-AFTER-UNSPECIFIED', '2025-01-15', 'The previous WAF managed rules endpoints (packages, groups, rules, overrides) are replaced by the new managed rules'),
    notStated('ZM-DEP-RATE-LIMITS-AFTER-UNSPECIFIED', '2025-01-15', 'The previous rate limiting endpoints (/rate_limits) are replaced by ruleset-engine rate limiting rules'),
    notStated('ZM-DEP-LEGACY-TUNNELS-AFTER-UNSPECIFIED', '2024-02-04', 'The legacy tunnels endpoints are replaced by the tunnel API'),
    { id: 'ZM-DEP-CHACHA20-NOT-OBSERVABLE', area: 'deprecations', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2023-07-01'] }], text: 'Draft ChaCha20 TLS cipher suites reach end of life (removal in the first quarter of 2024); no API endpoint exposes them, so nothing is observable through the API', unspecified: true },
    notStated('ZM-DEP-BILLING-AFTER-UNSPECIFIED', '2023-06-06', 'The billing profile and history endpoints are deprecated with no replacement'),
    notStated('ZM-DEP-LB-NOTIFICATION-EMAIL-AFTER-UNSPECIFIED', '2023-04-03', 'The load balancing field notification_email moves to a central notification service (the endpoints carrying it are not named)'),
    notStated('ZM-DEP-ACCESS-BOOKMARKS-AFTER-UNSPECIFIED', '2023-03-19', 'The access bookmarks endpoints are replaced by access applications with an app type'),
    notStated('ZM-DEP-PAGE-SHIELD-ROUTES-AFTER-UNSPECIFIED', '2022-10-11', 'Page shield routes use page_shield instead of script_monitor in their paths (the routes are not listed)'),
    notStated('ZM-DEP-IMAGES-DIRECT-UPLOAD-V1-AFTER-UNSPECIFIED', '2022-07-01', 'POST .../images/v1/direct_upload is replaced by POST .../images/v2/direct_upload'),
    notStated('ZM-DEP-ZONE-ANALYTICS-AFTER-UNSPECIFIED', '2021-03-01', 'The zone analytics endpoints (dashboard, colos) are replaced by the GraphQL analytics API'),
    notStated('ZM-DEP-ORGANIZATIONS-AFTER-UNSPECIFIED', '2020-04-02', 'The organizations endpoints (organization, invites, members, roles, audit_logs, accelerator-relay resources) are replaced by the accounts API'),
  ],
};

export default catalog;
