import type { AreaCatalog } from '../../../src/catalog/types.js';

// Account settings: the nameserver fields replaced by DNS settings. Payloads of the account
// endpoints are not shown (ZM-ACCT-PAYLOADS-UNSPECIFIED): specs use production's ({name,
// settings: {default_nameservers, use_account_custom_ns_by_default}}; result {id, name, settings})
// and are extended for that reason.
const catalog: AreaCatalog = {
  area: 'account-settings',
  requirements: [
    // Resources and their fields > DNS settings; Versioning > 2025-03-14
    { id: 'ZM-ACCT-NS-FIELDS-BEFORE-2025-03-14', area: 'account-settings', level: 'must', profile: 'core', section: 'Versioning > 2025-03-14', text: 'Before 2025-03-14 accounts carry default_nameservers and use_account_custom_ns_by_default: set through POST /accounts and PUT /accounts/{account_id}, shown by GET /accounts and GET /accounts/{account_id}' },
    { id: 'ZM-ACCT-NS-FIELDS-REPLACED-2025-03-14', area: 'account-settings', level: 'must', profile: 'core', section: 'Versioning > 2025-03-14', text: 'After 2025-03-14 an account\'s default nameservers are set and read through its DNS settings zone_defaults.nameservers.type' },
    { id: 'ZM-ACCT-AFFECTED-ENDPOINTS', area: 'account-settings', level: 'must', profile: 'core', section: 'Versioning > 2025-03-14', text: 'GET and POST /accounts and GET and PUT /accounts/{account_id} are affected, not removed: they keep working after 2025-03-14' },
    { id: 'ZM-ACCT-NS-FIELDS-AFTER-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', section: 'Versioning > 2025-03-14', text: 'Whether the two fields are dropped, ignored or refused on the account endpoints after 2025-03-14: not stated', unspecified: true },
    { id: 'ZM-ACCT-NS-MAPPING-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', section: 'Resources and their fields > DNS settings', text: 'How default_nameservers and use_account_custom_ns_by_default values map to zone_defaults.nameservers.type values: not shown', unspecified: true },
    { id: 'ZM-ACCT-PAYLOADS-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', section: 'Versioning > 2025-03-14', text: 'Request and response payloads of GET/POST /accounts and GET/PUT /accounts/{account_id}: not shown', unspecified: true },
  ],
};

export default catalog;
