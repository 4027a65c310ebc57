import type { AreaCatalog } from '../model.js';

// Account settings: the nameserver fields replaced by DNS settings. Payloads of the account
// endpoints are not shown (ZM-ACCT-PAYLOADS-UNSPECIFIED): specs use production's ({name,
// settings: {default_nameservers, use_account_custom_ns_by_default}}; result {id, name, settings})
// and are extended for that reason.
const catalog: AreaCatalog = {
  area: 'account-settings',
  requirements: [
    // Resources and their fields > DNS settings; Versioning > 2025-03-14
    { id: 'ZM-ACCT-NS-FIELDS-BEFORE-2025-03-14', area: 'account-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-14'] }], text: 'Before 2025-03-14 accounts carry default_nameservers and use_account_custom_ns_by_default: set through POST /accounts and PUT /accounts/{account_id}, shown by GET /accounts and GET /accounts/{account_id}' },
    { id: 'ZM-ACCT-NS-FIELDS-REPLACED-2025-03-14', area: 'account-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-14'] }], text: 'After 2025-03-14 an account\'s default nameservers are set and read through its DNS settings zone_defaults.nameservers.type' },
    { id: 'ZM-ACCT-AFFECTED-ENDPOINTS', area: 'account-settings', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-14'] }], text: 'GET and POST /accounts and GET and PUT /accounts/{account_id} are affected, not removed: they keep working after 2025-03-14' },
    { id: 'ZM-ACCT-NS-FIELDS-AFTER-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-14'] }], text: 'Whether the two fields are dropped, ignored or refused on the account endpoints after 2025-03-14: not stated', unspecified: true },
    { id: 'ZM-ACCT-NS-MAPPING-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS settings'] }], text: 'How default_nameservers and use_account_custom_ns_by_default values map to zone_defaults.nameservers.type values: not shown', unspecified: true },
    { id: 'ZM-ACCT-PAYLOADS-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-03-14'] }], text: 'Request and response payloads of GET/POST /accounts and GET/PUT /accounts/{account_id}: not shown', unspecified: true },
    // The reference's choices where the payloads are not shown (docs/settings-contract.md)
    { id: 'ZM-ACCT-EXT-NS-MAPPING', area: 'account-settings', level: 'must', profile: 'extended', document: 'docs/settings-contract.md', section: [{ headings: ['Accounts and zone_defaults.nameservers.type'] }], text: 'Before 2025-03-14 default_nameservers (<vendor>.standard, custom.account or custom.tenant; the random variant shows as <vendor>.standard) and use_account_custom_ns_by_default (type == custom.account) are read from and written to zone_defaults.nameservers.type, use_account_custom_ns_by_default first (true sets custom.account, false turns custom.account into <vendor>.standard), then default_nameservers; other values are refused (400, 10014) and change nothing' },
    { id: 'ZM-ACCT-EXT-FIELDS-IGNORED-AFTER', area: 'account-settings', level: 'must', profile: 'extended', document: 'docs/settings-contract.md', section: [{ headings: ['Accounts and zone_defaults.nameservers.type'] }], text: 'From 2025-03-14 an account\'s settings is {} and the two fields are ignored when sent' },
    { id: 'ZM-ACCT-EXT-ENDPOINTS', area: 'account-settings', level: 'must', profile: 'extended', document: 'docs/settings-contract.md', section: [{ headings: ['Endpoints'] }], text: 'POST /accounts and PUT /accounts/{account_id} require a name (400, 10014); an unknown account is 404 (10024) on every account endpoint; GET /accounts carries result_info and takes page and per_page' },
  ],
};

export default catalog;
