import type { AreaCatalog } from '../../../src/catalog/types.js';

// Deprecations: the base path and the rows of the Versioning table that no other area owns
// (DNS records, DNS settings, zone settings and account settings rows live in their own areas;
// the Transfer-Encoding/Content-Length row belongs to 'transport').
const catalog: AreaCatalog = {
  area: 'deprecations',
  pending: 'specs arrive with issue #7 (DNS, settings and the deprecation schedule)',
  requirements: [
    // Versioning
    { id: 'ZM-DEP-BASE-PATH-V4', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning', text: 'The base path carries version v4: {base_url} ends in /client/v4' },
    { id: 'ZM-DEP-CUTOVER-INSTANT-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning', text: 'Whether a dated change applies on the date itself or from the day after, and in which time zone: not shown', unspecified: true },

    // Versioning > 2025-01-15: firewall rules and filters
    { id: 'ZM-DEP-FIREWALL-RULES-REPLACED-2025-01-15', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2025-01-15', text: 'The firewall rules and filters endpoints (/firewall/rules, /firewall/rules/{rule_id}, /filters, /filters/{filter_id}) are replaced by custom WAF rules on 2025-01-15' },
    { id: 'ZM-DEP-FIREWALL-RULES-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2025-01-15', text: 'Whether the firewall rules and filters endpoints stop working after 2025-01-15: not stated', unspecified: true },

    // Versioning > 2025-01-15: previous WAF managed rules
    { id: 'ZM-DEP-WAF-MANAGED-RULES-REPLACED-2025-01-15', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2025-01-15', text: 'The previous WAF managed rules endpoints (/firewall/waf/packages, groups, rules, overrides) are replaced by the new managed rules on 2025-01-15' },
    { id: 'ZM-DEP-WAF-MANAGED-RULES-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2025-01-15', text: 'Whether the previous WAF managed rules endpoints stop working after 2025-01-15 for zones not yet migrated: not stated', unspecified: true },

    // Versioning > 2025-01-15: previous rate limiting
    { id: 'ZM-DEP-RATE-LIMITS-REPLACED-2025-01-15', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2025-01-15', text: 'GET, POST /zones/{zone_id}/rate_limits and GET, PUT, DELETE /zones/{zone_id}/rate_limits/{rate_limit_id} are replaced by ruleset-engine rate limiting rules on 2025-01-15' },
    { id: 'ZM-DEP-RATE-LIMITS-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2025-01-15', text: 'Whether the previous rate limiting endpoints stop working after 2025-01-15: not stated', unspecified: true },

    // Versioning > 2024-02-04: legacy tunnels
    { id: 'ZM-DEP-LEGACY-TUNNELS-REPLACED-2024-02-04', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2024-02-04', text: 'GET, POST /accounts/{account_identifier}/tunnels and GET, DELETE /accounts/{account_identifier}/tunnels/{tunnel_id} are replaced by the tunnel API on 2024-02-04' },
    { id: 'ZM-DEP-LEGACY-TUNNELS-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2024-02-04', text: 'Whether the legacy tunnels endpoints stop working after 2024-02-04: not stated', unspecified: true },

    // Versioning > 2023-07-01: draft ChaCha20 cipher suites
    { id: 'ZM-DEP-CHACHA20-EOL-2023-07-01', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2023-07-01', text: 'Draft ChaCha20 TLS cipher suites reach end of life on 2023-07-01 (removal in the first quarter of 2024); no API endpoint exposes them' },

    // Versioning > 2023-06-06: billing profile and history
    { id: 'ZM-DEP-BILLING-NO-REPLACEMENT-2023-06-06', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2023-06-06', text: 'GET /accounts/{account_identifier}/billing/profile, GET /user/billing/profile and GET /user/billing/history are deprecated on 2023-06-06 with no replacement' },
    { id: 'ZM-DEP-BILLING-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2023-06-06', text: 'Whether the billing endpoints stop working after 2023-06-06: not stated', unspecified: true },

    // Versioning > 2023-04-03: load balancing notification_email
    { id: 'ZM-DEP-LB-NOTIFICATION-EMAIL-MOVED-2023-04-03', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2023-04-03', text: 'The load balancing field notification_email moves to a central notification service on 2023-04-03' },
    { id: 'ZM-DEP-LB-NOTIFICATION-EMAIL-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2023-04-03', text: 'Whether notification_email is still returned or accepted after 2023-04-03 (and on which endpoints): not stated', unspecified: true },

    // Versioning > 2023-03-19: access bookmark applications
    { id: 'ZM-DEP-ACCESS-BOOKMARKS-REPLACED-2023-03-19', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2023-03-19', text: 'GET /accounts/{identifier}/access/bookmarks and GET, POST, PUT, DELETE .../bookmarks/{uuid} are replaced by access applications with an app type on 2023-03-19' },
    { id: 'ZM-DEP-ACCESS-BOOKMARKS-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2023-03-19', text: 'Whether the access bookmarks endpoints stop working after 2023-03-19: not stated', unspecified: true },

    // Versioning > 2022-10-11: page shield routes
    { id: 'ZM-DEP-PAGE-SHIELD-ROUTES-2022-10-11', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2022-10-11', text: 'From 2022-10-11 page shield routes use page_shield instead of script_monitor in their paths' },
    { id: 'ZM-DEP-PAGE-SHIELD-ROUTES-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2022-10-11', text: 'Whether the script_monitor paths still work after 2022-10-11, and the full list of routes: not stated', unspecified: true },

    // Versioning > 2022-07-01: image direct upload v1
    { id: 'ZM-DEP-IMAGES-DIRECT-UPLOAD-V1-2022-07-01', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2022-07-01', text: 'POST /accounts/{account_identifier}/images/v1/direct_upload is replaced by POST .../images/v2/direct_upload on 2022-07-01' },
    { id: 'ZM-DEP-IMAGES-DIRECT-UPLOAD-V1-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2022-07-01', text: 'Whether the v1 direct upload endpoint stops working after 2022-07-01: not stated', unspecified: true },

    // Versioning > 2021-03-01: zone analytics
    { id: 'ZM-DEP-ZONE-ANALYTICS-2021-03-01', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2021-03-01', text: 'GET /zones/{zone_identifier}/analytics/dashboard and .../analytics/colos are replaced by the GraphQL analytics API on 2021-03-01' },
    { id: 'ZM-DEP-ZONE-ANALYTICS-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2021-03-01', text: 'Whether the zone analytics endpoints stop working after 2021-03-01: not stated', unspecified: true },

    // Versioning > 2020-04-02: organizations
    { id: 'ZM-DEP-ORGANIZATIONS-2020-04-02', area: 'deprecations', level: 'must', profile: 'core', section: 'Versioning > 2020-04-02', text: 'The organizations endpoints (organization, invites, members, roles, audit_logs, accelerator-relay resources) are replaced by the accounts API on 2020-04-02' },
    { id: 'ZM-DEP-ORGANIZATIONS-AFTER-UNSPECIFIED', area: 'deprecations', level: 'may', profile: 'core', section: 'Versioning > 2020-04-02', text: 'Whether the organizations endpoints stop working after 2020-04-02: not stated', unspecified: true },
  ],
};

export default catalog;
