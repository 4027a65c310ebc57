import type { AreaCatalog } from '../../../src/catalog/types.js';

// Account settings: the nameserver fields replaced by DNS settings.
const catalog: AreaCatalog = {
  area: 'account-settings',
  pending: 'specs arrive with issue #7 (DNS, settings and the deprecation schedule)',
  requirements: [
    // Resources and their fields > DNS settings; Versioning > 2025-03-14
    { id: 'ZM-ACCT-NS-FIELDS-REPLACED-2025-03-14', area: 'account-settings', level: 'must', profile: 'core', section: 'Versioning > 2025-03-14', text: 'Account settings fields default_nameservers and use_account_custom_ns_by_default are replaced by DNS settings zone_defaults.nameservers.type on 2025-03-14' },
    { id: 'ZM-ACCT-AFFECTED-ENDPOINTS', area: 'account-settings', level: 'must', profile: 'core', section: 'Versioning > 2025-03-14', text: 'The change affects GET and POST /accounts and GET and PUT /accounts/{account_id}' },
    { id: 'ZM-ACCT-NS-FIELDS-AFTER-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', section: 'Versioning > 2025-03-14', text: 'Whether the two fields are dropped, ignored or refused on the account endpoints after 2025-03-14: not stated', unspecified: true },
    { id: 'ZM-ACCT-NS-MAPPING-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', section: 'Resources and their fields > DNS settings', text: 'How default_nameservers and use_account_custom_ns_by_default values map to zone_defaults.nameservers.type values: not shown', unspecified: true },
    { id: 'ZM-ACCT-PAYLOADS-UNSPECIFIED', area: 'account-settings', level: 'may', profile: 'core', section: 'Versioning > 2025-03-14', text: 'Request and response payloads of GET/POST /accounts and GET/PUT /accounts/{account_id}: not shown', unspecified: true },
  ],
};

export default catalog;
