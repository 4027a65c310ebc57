import type { AreaCatalog } from '../model.js';

// Zone settings: the /zones/{zone_id}/settings/... endpoints on the deprecation schedule. The
// payloads are not shown (ZM-ZSET-PAYLOADS-UNSPECIFIED): specs that read or write a value use
// production's ({value}; {id, value, editable, modified_on}; PATCH /settings {items}) and are
// extended for that reason. Where the table says only "Deprecated" or "Replaced", the endpoints are
// verified on the side before the date and the side after is recorded as not stated.
const catalog: AreaCatalog = {
  area: 'zone-settings',
  requirements: [
    { id: 'ZM-ZSET-PAYLOADS-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'] }], text: 'Request and response payloads of the zone setting endpoints and of GET/PATCH /zones/{zone_id}/settings: not shown', unspecified: true },

    // Versioning > 2025-03-21 (cname_flattening; the mapping and mirroring belong to dns-settings)
    { id: 'ZM-ZSET-CNAME-FLATTENING-DEPRECATED-2025-03-21', area: 'zone-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-21'] }], text: 'Before 2025-03-21 (deprecation in favour of flatten_all_cnames) GET and PATCH /zones/{zone_id}/settings/cname_flattening read and set off, apex and on, and GET /zones/{zone_id}/settings shows the value' },
    { id: 'ZM-ZSET-CNAME-FLATTENING-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-21'] }], text: 'Whether the deprecated cname_flattening endpoints ever stop answering (after 2025-03-21 the table states only that changes are mirrored with flatten_all_cnames): not stated', unspecified: true },

    // Versioning > 2024-08-15 (brotli)
    { id: 'ZM-ZSET-BROTLI-EOL-2024-08-15', area: 'zone-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-08-15'] }], text: 'Before 2024-08-15 (end of life) GET and PATCH /zones/{zone_id}/settings/brotli read and set the setting: off turns it off, on turns it on' },
    { id: 'ZM-ZSET-BROTLI-COMPRESSION-ON-2024-08-15', area: 'zone-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-08-15'] }], text: 'After 2024-08-15 compression is enabled for all zones: wherever brotli is shown (GET /settings/brotli, GET /settings) it is on, and PATCH off cannot turn it off' },
    { id: 'ZM-ZSET-BROTLI-ENTERPRISE-COMPRESSION-RULES', area: 'zone-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-08-15'] }], text: 'After 2024-08-15 Enterprise zones override compression with compression rules: the rules API is not shown', unspecified: true },
    { id: 'ZM-ZSET-BROTLI-ENDPOINT-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-08-15'] }], text: 'Whether GET and PATCH /settings/brotli still answer after 2024-08-15, and whether PATCH off is refused or ignored: not stated', unspecified: true },

    // Versioning > 2024-08-05 (auto minify)
    { id: 'ZM-ZSET-MINIFY-DEPRECATED-2024-08-05', area: 'zone-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-08-05'] }], text: 'Before 2024-08-05 (deprecation) GET and PATCH /zones/{zone_id}/settings/minify read and set the setting' },
    { id: 'ZM-ZSET-MINIFY-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-08-05'] }], text: 'Behaviour of the minify endpoints after 2024-08-05 (the table says only "Deprecated"): not stated', unspecified: true },

    // Versioning > 2024-06-30 (mobile redirect)
    { id: 'ZM-ZSET-MOBILE-REDIRECT-REPLACED-2024-06-30', area: 'zone-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-06-30'] }], text: 'Before 2024-06-30 (replacement by single redirects) GET and PATCH /zones/{zone_identifier}/settings/mobile_redirect read and set the setting' },
    { id: 'ZM-ZSET-MOBILE-REDIRECT-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-06-30'] }], text: 'Whether the mobile_redirect endpoints stop working after 2024-06-30 (the table says only "Replaced by single redirects"): not stated', unspecified: true },

    // Versioning > 2024-06-14 (server-side excludes)
    { id: 'ZM-ZSET-SSE-DEPRECATED-2024-06-14', area: 'zone-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-06-14'] }], text: 'Before 2024-06-14 (deprecation) GET and PATCH /zones/{zone_id}/settings/server_side_exclude read and set the setting' },
    { id: 'ZM-ZSET-SSE-AFTER-UNSPECIFIED', area: 'zone-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-06-14'] }], text: 'Behaviour of the server_side_exclude endpoints after 2024-06-14 (the table says only "Deprecated"): not stated', unspecified: true },

    // Versioning > 2024-03-31 (privacy pass)
    { id: 'ZM-ZSET-PRIVACY-PASS-BEFORE-2024-03-31', area: 'zone-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-03-31'] }], text: 'Before 2024-03-31 GET and POST /zones/{zone_identifier}/settings/privacy_pass work: GET succeeds, a POSTed value reads back' },
    { id: 'ZM-ZSET-PRIVACY-PASS-REMOVED-2024-03-31', area: 'zone-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-03-31'] }], text: 'After 2024-03-31 the privacy_pass setting is removed: GET and POST /zones/{zone_identifier}/settings/privacy_pass answer the error envelope, and GET /settings does not list it' },
    { id: 'ZM-ZSET-EXT-INVALID-VALUE', area: 'zone-settings', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'A PATCH of a zone setting with a value it does not take (not one of its values, a field it lacks, a field of the wrong type), singly or in PATCH /settings, is refused with a 4xx and changes nothing' },
    { id: 'ZM-ZSET-EXT-PARTIAL-PATCH', area: 'zone-settings', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'A PATCH of an object-valued setting (minify, mobile_redirect) with some of its fields changes those and keeps the others' },
    { id: 'ZM-ZSET-PRIVACY-PASS-EXT-404', area: 'zone-settings', level: 'must', profile: 'extended', document: 'docs/settings-contract.md', section: [{ headings: ['Zone settings'], words: ['privacy_pass'] }], text: 'After removal the privacy_pass endpoints answer as an unknown route: HTTP 404 (code 7000, No route for that URI)' },
  ],
};

export default catalog;
