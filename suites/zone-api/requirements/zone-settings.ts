import type { AreaCatalog } from '../../../src/catalog/types.js';

// Zone settings: the /zones/{zone_id}/settings/... endpoints on the deprecation schedule.
const catalog: AreaCatalog = {
  area: 'zone-settings',
  pending: 'specs arrive with issue #7 (DNS, settings and the deprecation schedule)',
  requirements: [
    // Versioning > 2025-03-21 (cname_flattening; the mapping and mirroring belong to dns-settings)
    { id: 'ZM-ZSET-CNAME-FLATTENING-DEPRECATED-2025-03-21', area: 'zone-settings', level: 'must', profile: 'core', section: 'Versioning > 2025-03-21', text: 'GET and PATCH /zones/{zone_id}/settings/cname_flattening are deprecated on 2025-03-21 in favour of DNS settings flatten_all_cnames (GET and PATCH /zones/{zone_id}/settings affected)' },
    { id: 'ZM-ZSET-CNAME-FLATTENING-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', section: 'Versioning > 2025-03-21', text: 'Behaviour of the cname_flattening setting endpoints (and its entry in /settings) after 2025-03-21: not stated', unspecified: true },

    // Versioning > 2024-08-15 (brotli)
    { id: 'ZM-ZSET-BROTLI-EOL-2024-08-15', area: 'zone-settings', level: 'must', profile: 'core', section: 'Versioning > 2024-08-15', text: 'GET, PATCH /zones/{zone_id}/settings/brotli reach end of life on 2024-08-15' },
    { id: 'ZM-ZSET-BROTLI-COMPRESSION-ON-2024-08-15', area: 'zone-settings', level: 'must', profile: 'core', section: 'Versioning > 2024-08-15', text: 'After 2024-08-15 compression is enabled for all zones' },
    { id: 'ZM-ZSET-BROTLI-ENTERPRISE-COMPRESSION-RULES', area: 'zone-settings', level: 'may', profile: 'core', section: 'Versioning > 2024-08-15', text: 'After 2024-08-15 Enterprise zones may override compression with compression rules' },
    { id: 'ZM-ZSET-BROTLI-ENDPOINT-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', section: 'Versioning > 2024-08-15', text: 'What GET and PATCH /settings/brotli answer after 2024-08-15: not stated', unspecified: true },

    // Versioning > 2024-08-05 (auto minify)
    { id: 'ZM-ZSET-MINIFY-DEPRECATED-2024-08-05', area: 'zone-settings', level: 'must', profile: 'core', section: 'Versioning > 2024-08-05', text: 'GET, PATCH /zones/{zone_id}/settings/minify are deprecated on 2024-08-05' },
    { id: 'ZM-ZSET-MINIFY-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', section: 'Versioning > 2024-08-05', text: 'Behaviour of the minify endpoints after 2024-08-05: not stated', unspecified: true },

    // Versioning > 2024-06-30 (mobile redirect)
    { id: 'ZM-ZSET-MOBILE-REDIRECT-REPLACED-2024-06-30', area: 'zone-settings', level: 'must', profile: 'core', section: 'Versioning > 2024-06-30', text: 'GET, PATCH /zones/{zone_identifier}/settings/mobile_redirect are replaced by single redirects on 2024-06-30' },
    { id: 'ZM-ZSET-MOBILE-REDIRECT-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', section: 'Versioning > 2024-06-30', text: 'Whether the mobile_redirect endpoints stop working after 2024-06-30: not stated', unspecified: true },

    // Versioning > 2024-06-14 (server-side excludes)
    { id: 'ZM-ZSET-SSE-DEPRECATED-2024-06-14', area: 'zone-settings', level: 'must', profile: 'core', section: 'Versioning > 2024-06-14', text: 'GET, PATCH /zones/{zone_id}/settings/server_side_exclude are deprecated on 2024-06-14' },
    { id: 'ZM-ZSET-SSE-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', section: 'Versioning > 2024-06-14', text: 'Behaviour of the server_side_exclude endpoints after 2024-06-14: not stated', unspecified: true },

    // Versioning > 2024-03-31 (privacy pass)
    { id: 'ZM-ZSET-PRIVACY-PASS-REMOVED-2024-03-31', area: 'zone-settings', level: 'must', profile: 'core', section: 'Versioning > 2024-03-31', text: 'GET, POST /zones/{zone_identifier}/settings/privacy_pass are removed from 2024-03-31' },
    { id: 'ZM-ZSET-PRIVACY-PASS-EXT-404', area: 'zone-settings', level: 'must', profile: 'extended', section: 'Versioning > 2024-03-31', text: 'After removal the privacy_pass endpoints answer as an unknown route: HTTP 404 (code 7000, No route for that URI)' },
  ],
};

export default catalog;
