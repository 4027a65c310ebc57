import type { AreaCatalog } from '../model.js';

// DNS settings: only the fields named in the change notices. The spec shows neither the paths nor
// the payloads of the DNS settings operations (ZM-DNSSET-PATHS-UNSPECIFIED): specs reading or
// writing them use production's (GET/PATCH /zones/{zone_id}/dns_settings, GET/PATCH
// /accounts/{account_id}/dns_settings) and are extended for that reason.
const catalog: AreaCatalog = {
  area: 'dns-settings',
  requirements: [
    // Resources and their fields > DNS settings; Versioning > 2025-03-21 (cname_flattening)
    { id: 'ZM-DNSSET-FLATTEN-ALL-CNAMES', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'DNS settings have a boolean flatten_all_cnames replacing the zone setting cname_flattening: true and false written read back' },
    { id: 'ZM-DNSSET-FLATTEN-OFF-FALSE', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'cname_flattening off maps to flatten_all_cnames false' },
    { id: 'ZM-DNSSET-FLATTEN-APEX-FALSE', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'cname_flattening apex maps to flatten_all_cnames false' },
    { id: 'ZM-DNSSET-FLATTEN-ON-TRUE', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'cname_flattening on maps to flatten_all_cnames true' },
    { id: 'ZM-DNSSET-FLATTEN-MIRROR-FROM-SETTING', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-21'] }], text: 'After 2025-03-21 a change through PATCH /zones/{zone_id}/settings/cname_flattening or PATCH /zones/{zone_id}/settings shows in flatten_all_cnames' },
    { id: 'ZM-DNSSET-FLATTEN-MIRROR-TO-SETTING', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-21'] }], text: 'After 2025-03-21 a change of flatten_all_cnames shows in GET /zones/{zone_id}/settings/cname_flattening and GET /zones/{zone_id}/settings (true as on, false as off or apex)' },
    { id: 'ZM-DNSSET-FLATTEN-REVERSE-MAP-UNSPECIFIED', area: 'dns-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-21'] }], text: 'Which cname_flattening value (off or apex) flatten_all_cnames false mirrors back to: not shown', unspecified: true },

    // Resources and their fields > DNS settings; Versioning > 2024-09-13 (legacy endpoints)
    { id: 'ZM-DNSSET-MULTI-PROVIDER', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'DNS settings have a boolean-like multi_provider setting replacing the use_apex_ns endpoint: on and off written read back' },
    { id: 'ZM-DNSSET-SECONDARY-OVERRIDES', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'DNS settings have a secondary_overrides setting replacing the secondary_overrides endpoint: on and off written read back' },
    { id: 'ZM-DNSSET-FIELD-TYPES-UNSPECIFIED', area: 'dns-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'Exact JSON types of multi_provider ("boolean-like") and secondary_overrides: not shown', unspecified: true },
    { id: 'ZM-DNSSET-USE-APEX-NS-BEFORE-2024-09-13', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-09-13'] }], text: 'Before 2024-09-13 GET and PATCH /zones/{zone_id}/dns_settings/use_apex_ns work: GET succeeds, a PATCHed value reads back' },
    { id: 'ZM-DNSSET-USE-APEX-NS-LEGACY-2024-09-13', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-09-13'] }], text: 'After 2024-09-13 GET and PATCH /zones/{zone_id}/dns_settings/use_apex_ns are gone (error envelope); multi_provider replaces them' },
    { id: 'ZM-DNSSET-SECONDARY-OVERRIDES-BEFORE-2024-09-13', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-09-13'] }], text: 'Before 2024-09-13 GET and PATCH /zones/{zone_id}/dns_settings/secondary_overrides work: GET succeeds, a PATCHed value reads back' },
    { id: 'ZM-DNSSET-SECONDARY-OVERRIDES-LEGACY-2024-09-13', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-09-13'] }], text: 'After 2024-09-13 GET and PATCH /zones/{zone_id}/dns_settings/secondary_overrides are gone (error envelope); the secondary_overrides field replaces them' },
    { id: 'ZM-DNSSET-LEGACY-AFTER-UNSPECIFIED', area: 'dns-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-09-13'] }], text: 'HTTP status and error code the legacy use_apex_ns and secondary_overrides endpoints answer after 2024-09-13: not shown', unspecified: true },
    { id: 'ZM-DNSSET-LEGACY-SHARED-STATE-UNSPECIFIED', area: 'dns-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-09-13'] }], text: 'Whether the legacy endpoints and the new fields read and write the same value: not shown', unspecified: true },

    // Resources and their fields > DNS settings: zone_defaults
    { id: 'ZM-DNSSET-NS-TYPE-VALUES', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'zone_defaults.nameservers.type takes each of <vendor>.standard, <vendor>.standard.random, custom.account and custom.tenant and reads it back' },
    { id: 'ZM-DNSSET-NS-TYPE-ENUM', area: 'dns-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'zone_defaults.nameservers.type is an enum: a value outside the four is refused (error envelope) and the type is unchanged' },
    { id: 'ZM-DNSSET-NS-TYPE-VENDOR-UNSPECIFIED', area: 'dns-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'The real vendor prefix of the <vendor>.standard values: not shown', unspecified: true },

    // Endpoints
    { id: 'ZM-DNSSET-PATHS-UNSPECIFIED', area: 'dns-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Endpoints', 'WAF migration'] }], text: 'Paths and payloads of the DNS settings operations: not shown', unspecified: true },
  ],
};

export default catalog;
