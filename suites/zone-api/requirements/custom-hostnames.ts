import type { AreaCatalog } from '../../../src/core/requirements.js';

// Custom hostnames: certificates for hostnames of other parties served by a parent zone.
const catalog: AreaCatalog = {
  area: 'custom-hostnames',
  requirements: [
    // Resources and their fields > Custom hostname
    { id: 'ZM-CH-SSL-OBJECT', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'A custom hostname carries an ssl object holding its certificate settings' },
    { id: 'ZM-CH-SSL-METHOD-TXT', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'ssl.method is the validation method (string); the value txt is accepted' },
    { id: 'ZM-CH-SSL-TYPE-DV', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'ssl.type is the certificate type (string); the value dv is accepted' },
    { id: 'ZM-CH-CA-DEFAULT-EMPTY', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'An empty ssl.certificate_authority selects the default CA: the service chooses the CA' },
    { id: 'ZM-CH-CA-DEFAULT-PREFERS-COMPATIBLE', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'With the default CA the service prefers the more compatible CA' },
    { id: 'ZM-CH-CA-DEFAULT-CAA-FALLBACK', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'With the default CA the service falls back to the other CA only when a CAA record blocks the preferred one' },
    { id: 'ZM-CH-CA-NAMED-PINS', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'A named-CA identifier in ssl.certificate_authority pins that CA (no fallback to the other CA)' },
    { id: 'ZM-CH-STATUS-VALUES', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'status is a string whose values include Active, Moved, Blocked and caa_error' },
    { id: 'ZM-CH-VERIFICATION-ERRORS', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'verification_errors is an array of strings giving the reasons validation has not completed' },
    { id: 'ZM-CH-VERIFICATION-ERROR-NO-CNAME', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'When the hostname does not CNAME to the zone, verification_errors holds a message saying so' },
    { id: 'ZM-CH-RECORD-FIELDS-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'Other fields of the custom hostname record: not shown', unspecified: true },
    { id: 'ZM-CH-WILDCARD-COVERS-SUBDOMAINS', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'A wildcard custom hostname covers subdomains' },
    { id: 'ZM-CH-WILDCARD-SHADOWED-BY-ZONE', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'A hostname of a domain that exists as its own standalone zone is served by that zone, not by the wildcard custom hostname' },
    { id: 'ZM-CH-WILDCARD-SHADOWED-WITHOUT-RECORD', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'The standalone zone takes precedence over the wildcard even when it has no DNS record for the hostname' },
    { id: 'ZM-CH-SHADOWED-ADD-INDIVIDUALLY', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'A hostname shadowed by a standalone zone must be added as an individual custom hostname to be covered' },
    { id: 'ZM-CH-FALLBACK-ORIGIN-NEEDS-BOTH', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Resources and their fields > Custom hostname', text: 'A fallback origin works only with both a DNS record for it and the fallback origin setting' },

    // States and transitions > Custom hostname status
    { id: 'ZM-CH-MOVED-PATCH-REACTIVATES', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'States and transitions > Custom hostname status', text: 'A PATCH on a Moved custom hostname restarts validation and leads to Active' },
    { id: 'ZM-CH-MOVED-DELETED-AFTER-7D', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'States and transitions > Custom hostname status', text: 'A Moved custom hostname not reactivated within 7 days is deleted (also Limits: Moved custom hostname lifetime)' },
    { id: 'ZM-CH-DNS-CHANGE-MOVED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'States and transitions > Custom hostname status', text: 'An Active (or in-validation) hostname may move to Moved when the customer changes the DNS records that pointed at the service (in some circumstances)' },
    { id: 'ZM-CH-HOLD-BLOCKED', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'States and transitions > Custom hostname status', text: 'A hostname in validation on a domain with a zone hold that also prevents subdomains gets status Blocked (also Errors: held zone)' },
    { id: 'ZM-CH-HOLD-BLOCKED-MESSAGE', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'States and transitions > Custom hostname status', text: 'A Blocked hostname carries a message saying it is associated with a held zone' },
    { id: 'ZM-CH-HOLD-RELEASE-REQUIRED', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'States and transitions > Custom hostname status', text: 'A Blocked hostname cannot activate until the zone owner releases the hold' },
    { id: 'ZM-CH-CAA-ERROR-TRANSITIONS-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'States and transitions > Custom hostname status', text: 'caa_error transitions (into and out of the state): not shown', unspecified: true },
    { id: 'ZM-CH-OTHER-TRANSITIONS-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'States and transitions > Custom hostname status', text: 'Other transitions between custom hostname states: not shown', unspecified: true },

    // Endpoints > Custom hostnames
    { id: 'ZM-CH-PATCH-SSL', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Endpoints > Custom hostnames', text: 'PATCH /zones/{zone_id}/custom_hostnames/{custom_hostname_id} accepts {ssl: {method, type, certificate_authority}} and answers with the envelope' },
    { id: 'ZM-CH-PATCH-RESPONSE-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'Endpoints > Custom hostnames', text: 'Record shape in the PATCH response: not shown', unspecified: true },
    { id: 'ZM-CH-RESTART-BODY-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'Endpoints > Custom hostnames', text: 'The PATCH body that restarts validation of a Moved hostname: not shown', unspecified: true },
    { id: 'ZM-CH-CERT-SEARCH-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'Endpoints > Custom hostnames', text: 'Method and path of the search of a certificate by hostname: not shown', unspecified: true },
    { id: 'ZM-CH-CACHE-PURGE-HOSTS-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'Endpoints > Custom hostnames', text: 'Request shape of the cache purge by host list: not shown', unspecified: true },
    // extended: conventions observed in production (reference-notes.md)
    { id: 'ZM-CH-EXT-POST-CREATE', area: 'custom-hostnames', level: 'must', profile: 'extended', section: 'Endpoints > Custom hostnames', text: 'POST /zones/{zone_id}/custom_hostnames creates a custom hostname' },
    { id: 'ZM-CH-EXT-POST-REQUIRES-HOSTNAME', area: 'custom-hostnames', level: 'must', profile: 'extended', section: 'Endpoints > Custom hostnames', text: 'POST create requires a hostname; without it the request fails' },
    { id: 'ZM-CH-EXT-LIST-FILTERS', area: 'custom-hostnames', level: 'must', profile: 'extended', section: 'reference-notes (public API schema, official client)', text: 'GET /zones/{zone_id}/custom_hostnames narrows the list by id, by hostname (exact, case-insensitive; also hostname.exact), hostname.contain and hostname.startsWith; id and hostname together are refused' },
    { id: 'ZM-CH-EXT-LIST-PAGINATION', area: 'custom-hostnames', level: 'must', profile: 'extended', section: 'reference-notes > HTTP API conventions', text: 'GET /zones/{zone_id}/custom_hostnames pages with page and per_page, carries result_info {page, per_page, count, total_count}, and answers an empty page past the end' },
    { id: 'ZM-CH-EXT-PATCH-202', area: 'custom-hostnames', level: 'must', profile: 'extended', section: 'Endpoints > Custom hostnames', text: 'A successful PATCH of a custom hostname answers HTTP 202' },
    { id: 'ZM-CH-EXT-DUPLICATE-409', area: 'custom-hostnames', level: 'must', profile: 'extended', section: 'Endpoints > Custom hostnames', text: 'Creating a duplicate hostname fails with HTTP 409 and error code 1406' },
    { id: 'ZM-CH-EXT-UNKNOWN-ID-404', area: 'custom-hostnames', level: 'must', profile: 'extended', section: 'Endpoints > Custom hostnames', text: 'An unknown custom_hostname_id fails with HTTP 404 and error code 1436' },

    // Errors
    { id: 'ZM-CH-1016-UNROUTABLE', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Errors', text: 'A custom hostname that cannot be routed or proxied yields error 1016 (origin DNS error) at the hostname' },
    { id: 'ZM-CH-1016-CAUSE-VALIDATION', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Errors', text: '1016 cause 1: ownership validation incomplete (verification_errors says the hostname does not CNAME to the zone)' },
    { id: 'ZM-CH-1016-CAUSE-FALLBACK-ORIGIN', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Errors', text: '1016 cause 2: the fallback origin DNS record or the fallback origin setting is missing' },
    { id: 'ZM-CH-1016-CAUSE-WILDCARD-SHADOWED', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Errors', text: '1016 cause 3: a wildcard custom hostname is shadowed by a standalone zone' },
    { id: 'ZM-CH-CAA-ERROR-STATUS', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Errors', text: 'When CAA records on the domain block the CA from issuing, the status is caa_error' },
    { id: 'ZM-CH-CAA-FIX', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Errors', text: 'Adding CAA records (issue and issuewild) that permit the chosen CA resolves caa_error' },
    { id: 'ZM-CH-RATE-LIMIT-ERROR-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'Errors', text: 'Error code and HTTP status of the refusal when the certificate rate limit is exceeded: not shown', unspecified: true },

    // Limits
    { id: 'ZM-CH-CERT-RATE-15-PER-MIN', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Limits', text: 'Certificate issuance is limited to 15 certificates per minute by default' },
    { id: 'ZM-CH-CERT-RATE-RAISABLE', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'Limits', text: 'The certificate issuance rate may be higher for an account on request through its account contact' },
    { id: 'ZM-CH-CERT-RATE-COUNTS-SUCCESS', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Limits', text: 'Only successful submissions (POST returning 200) count towards the certificate rate limit' },
    { id: 'ZM-CH-CERT-RATE-PENALTY-30S', area: 'custom-hostnames', level: 'must', profile: 'core', section: 'Limits', text: 'When the rate is exceeded no new certificate is issued for 30 seconds (also Errors: certificate rate limit exceeded)' },
    { id: 'ZM-CH-OTHER-RATE-LIMITS-UNSPECIFIED', area: 'custom-hostnames', level: 'may', profile: 'core', section: 'Limits', text: 'Other rate limits: not shown', unspecified: true },
  ],
};

export default catalog;
