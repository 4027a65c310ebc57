import type { AreaCatalog } from '../../../src/catalog/types.js';

// DNS records: only the fields and errors named in the change notices. "The five dns_records operations" are
// GET, POST /zones/{zone_id}/dns_records and GET, PATCH, PUT /zones/{zone_id}/dns_records/{dns_record_id}.
const catalog: AreaCatalog = {
  area: 'dns-records',
  pending: 'specs arrive with issue #7 (DNS, settings and the deprecation schedule)',
  requirements: [
    // Resources and their fields > DNS record; Versioning > 2024-11-30
    { id: 'ZM-DNSREC-ZONE-INFO-UNTIL-2024-11-30', area: 'dns-records', level: 'must', profile: 'core', section: 'Resources and their fields > DNS record', text: 'Until 2024-11-30 the five dns_records operations return zone_id and zone_name in records' },
    { id: 'ZM-DNSREC-ZONE-INFO-DROPPED-2024-11-30', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-11-30', text: 'From 2024-11-30 zone_id and zone_name are omitted from dns_records responses' },
    { id: 'ZM-DNSREC-ZONE-INFO-IGNORED', area: 'dns-records', level: 'must', profile: 'core', section: 'Resources and their fields > DNS record', text: 'zone_id and zone_name sent in a record body are ignored' },

    // Versioning > 2024-07-14
    { id: 'ZM-DNSREC-LOCKED-FALSE-BEFORE-2024-07-14', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-07-14', text: 'Before 2024-07-14 the locked field of DNS records is always false' },
    { id: 'ZM-DNSREC-LOCKED-OMITTED-2024-07-14', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-07-14', text: 'From 2024-07-14 locked is omitted from the responses of the five dns_records operations' },
    { id: 'ZM-DNSREC-LOCKED-IGNORED-2024-07-14', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-07-14', text: 'From 2024-07-14 locked sent in a request is ignored' },

    // Resources and their fields > DNS record; Versioning > 2024-05-31 (SRV)
    { id: 'ZM-DNSREC-NAME-FULL', area: 'dns-records', level: 'must', profile: 'core', section: 'Resources and their fields > DNS record', text: 'name holds the full record name' },
    { id: 'ZM-DNSREC-SRV-OUTER-NAME-ONLY', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-05-31', text: 'For SRV records the outer name is the only place the name is set or read' },
    { id: 'ZM-DNSREC-SRV-DATA-NAME-NOT-PRODUCED-2024-05-31', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-05-31', text: 'After 2024-05-31 data.service, data.proto and data.name are no longer produced in SRV records' },
    { id: 'ZM-DNSREC-SRV-DATA-NAME-REFUSED-2024-05-31', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-05-31', text: 'After 2024-05-31 an SRV write containing data.service, data.proto or data.name returns an error (also Errors)' },
    { id: 'ZM-DNSREC-SRV-DATA-KEPT', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-05-31', text: 'SRV data.priority, data.weight, data.port and data.target are unaffected: still accepted and returned' },
    { id: 'ZM-DNSREC-SRV-REFUSAL-ERROR-UNSPECIFIED', area: 'dns-records', level: 'may', profile: 'core', section: 'Errors', text: 'Error code, message and HTTP status of the SRV data.service/proto/name refusal: not shown', unspecified: true },
    { id: 'ZM-DNSREC-FIELDS-UNSPECIFIED', area: 'dns-records', level: 'may', profile: 'core', section: 'Resources and their fields > DNS record', text: 'Full DNS record fields (and the request/response payloads of the dns_records operations): not shown', unspecified: true },

    // Errors; Versioning > 2024-10-01
    { id: 'ZM-DNSREC-VALIDATION-1004-BEFORE-2024-10-01', area: 'dns-records', level: 'must', profile: 'core', section: 'Errors', text: 'Before 2024-10-01 creating an invalid DNS record fails with error code 1004, message DNS Validation Error' },
    { id: 'ZM-DNSREC-ERROR-CHAIN-BEFORE-2024-10-01', area: 'dns-records', level: 'must', profile: 'core', section: 'Errors', text: 'Before 2024-10-01 the 1004 error carries error_chain, an array of {code, message} holding the root cause' },
    { id: 'ZM-DNSREC-ROOT-CAUSE-DIRECT-2024-10-01', area: 'dns-records', level: 'must', profile: 'core', section: 'Versioning > 2024-10-01', text: 'From 2024-10-01 the root cause is returned directly as the error, without the 1004 wrapper and without error_chain' },
    { id: 'ZM-DNSREC-INVALID-RULES-UNSPECIFIED', area: 'dns-records', level: 'may', profile: 'core', section: 'Errors', text: 'What makes a DNS record invalid, and the root-cause codes and messages: not shown', unspecified: true },
  ],
};

export default catalog;
