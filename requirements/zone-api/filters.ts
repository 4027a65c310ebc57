import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'filters',
  requirements: [
    // Resources > Filter
    { id: 'ZM-FLT-SHAPE', area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'Filter'] }], text: 'A filter has id (string, assigned by the service), expression (string) and paused (boolean)' },
    { id: 'ZM-FLT-EXPRESSION-VALID', area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'Filter'] }], text: 'Expressions of the ruleset expression language (fields such as http.request.uri.path and ip.src, operators such as contains, eq, matches, and) are accepted' },
    { id: 'ZM-FLT-EXPRESSION-INVALID', area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'Filter'] }], text: 'A text that is not an expression of the language is refused and no filter is created' },
    { id: 'ZM-FLT-SHARED', area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Resources and their fields', 'Filter'] }, { headings: ['Endpoints', 'Firewall rules and filters'], words: ['Recommended sequence'] }], text: 'A filter is standalone and can be shared by several firewall rules' },
    { id: 'ZM-FLT-CREATE', area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Endpoints', 'Firewall rules and filters'], words: ['Recommended sequence'] }], text: 'A filter can be created through the filters endpoint (POST /zones/{zone_id}/filters)' },
    { id: 'ZM-FLT-LIST', area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-01-15 (paths)'] }], text: 'GET /zones/{zone_id}/filters lists the zone\'s filters' },
    { id: 'ZM-FLT-GET', area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-01-15 (paths)'] }], text: 'GET /zones/{zone_id}/filters/{filter_id} reads one filter' },
    { id: 'ZM-FLT-DELETE', area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2025-01-15 (paths)'] }], text: 'DELETE /zones/{zone_id}/filters/{filter_id} deletes a filter no rule uses' },
    // Conventions (reference-notes.md)
    { id: 'ZM-FLT-PARSE-ERROR', area: 'filters', level: 'should', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'An expression parse error comes back with a message starting "Filter parsing error"' },
    { id: 'ZM-FLT-PUT', area: 'filters', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'PUT /filters/{filter_id} replaces a filter; PUT /filters takes and returns an array' },
    { id: 'ZM-FLT-BULK-DELETE', area: 'filters', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'DELETE /filters with repeated ?id= deletes those filters and answers [{id}]' },
    { id: 'ZM-FLT-UNKNOWN-ID-404', area: 'filters', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'GET, PUT and DELETE on a filter id that does not exist (deleted, or never made) answer 404 with the error envelope' },
    { id: 'ZM-FLT-IN-USE', area: 'filters', level: 'should', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'Deleting a filter a rule still uses is refused (delete in the reverse order)' },
    { id: 'ZM-FLT-PAGINATION', area: 'filters', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'The list honours page and per_page and answers result_info {page, per_page, count, total_count}; a page past the end is empty' },
    { id: 'ZM-FLT-LIST-FILTERS', area: 'filters', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'The list filters by paused, expression, description, ref and id' },
    // Not shown
    { id: 'ZM-FLT-PAYLOADS-UNSPECIFIED', area: 'filters', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Endpoints', 'Firewall rules and filters'] }], text: 'Payloads of the read, update and delete operations on filters: not shown', unspecified: true },
  ],
};
export default catalog;
