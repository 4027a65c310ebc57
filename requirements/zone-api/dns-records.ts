import type { AreaCatalog } from '../model.js';

// DNS records: only the fields and errors named in the change notices. "The five dns_records operations" are
// GET, POST /zones/{zone_id}/dns_records and GET, PATCH, PUT /zones/{zone_id}/dns_records/{dns_record_id}.
// The record payload (type, content, ttl, ...) is not shown: every spec that creates a record is in the
// extended profile (suites/zone-api/dns-records.dated.spec.ts), and the reference's choices are in
// docs/dns-records-contract.md.
const catalog: AreaCatalog = {
  area: 'dns-records',
  requirements: [
    // Resources and their fields > DNS record; Versioning > 2024-11-30
    { id: 'ZM-DNSREC-ZONE-INFO-UNTIL-2024-11-30', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS record'] }], text: 'Until 2024-11-30 the five dns_records operations return zone_id and zone_name (the zone of the path) in records' },
    { id: 'ZM-DNSREC-ZONE-INFO-DROPPED-2024-11-30', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-11-30'] }], text: 'From 2024-11-30 zone_id and zone_name are omitted from the responses of the five dns_records operations' },
    { id: 'ZM-DNSREC-ZONE-INFO-IGNORED', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS record'] }], text: 'zone_id and zone_name sent in a record body are ignored (on both sides of 2024-11-30): the record belongs to the zone of the path' },

    // Versioning > 2024-07-14
    { id: 'ZM-DNSREC-LOCKED-FALSE-BEFORE-2024-07-14', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-07-14'] }], text: 'Before 2024-07-14 the locked field of DNS records is always false, even when true is sent' },
    { id: 'ZM-DNSREC-LOCKED-OMITTED-2024-07-14', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-07-14'] }], text: 'From 2024-07-14 locked is omitted from the responses of the five dns_records operations' },
    { id: 'ZM-DNSREC-LOCKED-IGNORED-2024-07-14', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-07-14'] }], text: 'From 2024-07-14 locked sent in a request is ignored: the write succeeds and the record is not locked' },

    // Resources and their fields > DNS record; Versioning > 2024-05-31 (SRV)
    { id: 'ZM-DNSREC-NAME-FULL', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS record'] }], text: 'name holds the full record name' },
    { id: 'ZM-DNSREC-SRV-OUTER-NAME-ONLY', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-05-31'] }], text: 'From 2024-05-31 the outer name is the only place an SRV record\'s name is set or read: written there alone, it reads back there on every operation' },
    { id: 'ZM-DNSREC-SRV-DATA-NAME-NOT-PRODUCED-2024-05-31', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-05-31'] }], text: 'After 2024-05-31 data.service, data.proto and data.name are no longer produced in SRV records' },
    { id: 'ZM-DNSREC-SRV-DATA-NAME-REFUSED-2024-05-31', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-05-31'] }], text: 'After 2024-05-31 an SRV write (POST, PATCH, PUT) containing data.service, data.proto or data.name returns an error (also Errors)' },
    { id: 'ZM-DNSREC-SRV-DATA-KEPT', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-05-31'] }], text: 'SRV data.priority, data.weight, data.port and data.target are unaffected: accepted and returned on both sides of 2024-05-31' },
    { id: 'ZM-DNSREC-SRV-DATA-NAME-BEFORE-UNSPECIFIED', area: 'dns-records', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-05-31'] }], text: 'Whether data.service, data.proto and data.name are produced or accepted before 2024-05-31, and how they relate to the outer name then: not stated', unspecified: true },
    { id: 'ZM-DNSREC-SRV-REFUSAL-ERROR-UNSPECIFIED', area: 'dns-records', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Errors'] }], text: 'Error code, message and HTTP status of the SRV data.service/proto/name refusal: not shown', unspecified: true },
    { id: 'ZM-DNSREC-FIELDS-UNSPECIFIED', area: 'dns-records', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'DNS record'] }], text: 'Full DNS record fields (and the request/response payloads of the dns_records operations): not shown', unspecified: true },

    // Errors; Versioning > 2024-10-01
    { id: 'ZM-DNSREC-VALIDATION-1004-BEFORE-2024-10-01', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Errors'] }], text: 'Before 2024-10-01 creating an invalid DNS record fails with error code 1004, message DNS Validation Error' },
    { id: 'ZM-DNSREC-ERROR-CHAIN-BEFORE-2024-10-01', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Errors'] }], text: 'Before 2024-10-01 the 1004 error carries error_chain, an array of {code, message} holding the root cause' },
    { id: 'ZM-DNSREC-ROOT-CAUSE-DIRECT-2024-10-01', area: 'dns-records', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2024-10-01'] }], text: 'From 2024-10-01 the root cause is returned directly as the error, without the 1004 wrapper and without error_chain' },
    { id: 'ZM-DNSREC-INVALID-RULES-UNSPECIFIED', area: 'dns-records', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Errors'] }], text: 'What makes a DNS record invalid, and the root-cause codes and messages: not shown', unspecified: true },
    { id: 'ZM-DNSREC-INVALID-UPDATE-UNSPECIFIED', area: 'dns-records', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Errors'] }], text: 'The error of an invalid record on update (PATCH, PUT), on either side of 2024-10-01: not shown (the change names create only)', unspecified: true },

    // Extended: conventions of the production service (reference-notes.md), where the spec shows nothing.
    { id: 'ZM-DNSREC-EXT-ROOT-CAUSES', area: 'dns-records', level: 'must', profile: 'extended', document: 'docs/dns-records-contract.md', section: [{ headings: ['Codes'] }], text: 'The root causes are the production service\'s: 9005 "Content for A record must be a valid IPv4 address." and 9021 "Invalid TTL. ..." — inside error_chain before 2024-10-01, as the errors from that date' },
    { id: 'ZM-DNSREC-EXT-VALIDATION', area: 'dns-records', level: 'must', profile: 'extended', document: 'docs/dns-records-contract.md', section: [{ headings: ['Endpoints and record'] }], text: 'Each field of a record is checked (type, name, content per type, ttl 1 or 60..86400 and 30.. on Enterprise, proxied only on A/AAAA/CNAME, MX priority, SRV data, comment, tags): a record invalid in one field is refused with a 4xx and creates nothing; values at the limits are accepted' },
    { id: 'ZM-DNSREC-EXT-CONFLICTS', area: 'dns-records', level: 'must', profile: 'extended', document: 'docs/dns-records-contract.md', section: [{ headings: ['Endpoints and record'] }], text: 'A CNAME shares its name with no other record, and no two records are identical: such a create is refused with a 4xx' },
    { id: 'ZM-DNSREC-EXT-LIST-PAGINATION', area: 'dns-records', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'GET /zones/{zone_id}/dns_records pages with page and per_page, carries result_info, and answers an empty page past the end' },
    { id: 'ZM-DNSREC-EXT-DELETE', area: 'dns-records', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'DELETE /zones/{zone_id}/dns_records/{dns_record_id} removes the record; afterwards it is unknown (404) to GET, PATCH, PUT and DELETE and absent from the list' },
  ],
};

export default catalog;
