import type { AreaCatalog } from '../model.js';

const S = 'Endpoints > Firewall rules and filters';

const catalog: AreaCatalog = {
  area: 'firewall-rules',
  requirements: [
    // Resources > Firewall rule
    { id: 'ZM-FW-RULE-SHAPE', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: 'Resources and their fields > Firewall rule', text: 'A firewall rule has id (string), paused (boolean), action (string), priority (number or null) and filter {id, expression, paused}' },
    { id: 'ZM-FW-PRIORITY-NULL', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: 'Resources and their fields > Firewall rule', text: 'priority is null when it was not set' },
    // The combined create and its five rules
    { id: 'ZM-FW-COMBINED-CREATE', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: S, text: 'POST /zones/{zone_id}/firewall/rules with [{filter: {expression}, action}] creates filter and rule and answers an array of firewall rule objects' },
    { id: 'ZM-FW-COMBINED-FILTER-FIRST', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 1`, text: 'The filter is created first and the rule refers to it: the rule\'s filter.id names a filter with the requested expression' },
    { id: 'ZM-FW-COMBINED-INVALID-FILTER', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 2`, text: 'When the filter is invalid, neither filter nor rule is created' },
    { id: 'ZM-FW-COMBINED-INVALID-RULE', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 2`, text: 'When the rule is invalid, neither filter nor rule is created' },
    { id: 'ZM-FW-COMBINED-ATOMIC-BATCH', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 2`, text: 'For any batch mixing valid and invalid items, nothing of the batch is created' },
    { id: 'ZM-FW-COMBINED-QUOTA', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 3`, text: 'When the rule quota would be exceeded, the request fails and the rule is not created' },
    { id: 'ZM-FW-COMBINED-FEATURE', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 3`, text: 'When the zone lacks a requested feature, the request fails and the rule is not created' },
    { id: 'ZM-FW-COMBINED-FILTER-MAY-REMAIN', area: 'firewall-rules', level: 'may', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 3`, text: 'In those two cases the filter may exist without the rule; if it does, it is the requested filter, once' },
    { id: 'ZM-FW-COMBINED-FILTER-NO-PUT', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 4`, text: 'PUT is not allowed on a filter created by the combined create; the filter stays unchanged' },
    { id: 'ZM-FW-COMBINED-FILTER-NO-DELETE', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 4`, text: 'DELETE is not allowed on a filter created by the combined create; the filter stays' },
    { id: 'ZM-FW-COMBINED-FILTER-RULE4-SCOPE', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 4`, text: 'Rule 4 protects the filters created this way (by the combined create) only: a filter of the filters endpoint that rules use takes the PUT an unused one takes' },
    { id: 'ZM-FW-COMBINED-ERRORS-OF-BOTH', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Rules for the combined create > 5`, text: 'The response carries the errors of both underlying operations: an item with an invalid filter and an invalid rule gets an error for each' },
    // Recommended sequence
    { id: 'ZM-FW-RULE-BY-FILTER-ID', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Recommended sequence`, text: 'A rule can be created referring to an existing filter by its id' },
    { id: 'ZM-FW-DELETE-REVERSE-ORDER', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: `${S} > Recommended sequence`, text: 'Deleting the rules and then their filter (the reverse order) removes them all' },
    // Versioning: the paths of rules (payloads not shown: conventions from reference-notes.md)
    { id: 'ZM-FW-LIST', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: 'Versioning > 2025-01-15 (paths)', text: 'GET /zones/{zone_id}/firewall/rules lists the zone\'s rules' },
    { id: 'ZM-FW-GET', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: 'Versioning > 2025-01-15 (paths)', text: 'GET /zones/{zone_id}/firewall/rules/{rule_id} reads one rule' },
    { id: 'ZM-FW-DELETE', area: 'firewall-rules', level: 'must', profile: 'core', document: 'zone-management-api.md', section: 'Versioning > 2025-01-15 (paths)', text: 'DELETE /zones/{zone_id}/firewall/rules/{rule_id} deletes the rule' },
    { id: 'ZM-FW-PUT', area: 'firewall-rules', level: 'must', profile: 'extended', document: 'reference-notes.md', section: 'HTTP API conventions', text: 'PUT /firewall/rules/{rule_id} replaces a rule; PUT /firewall/rules takes and returns an array' },
    { id: 'ZM-FW-PATCH', area: 'firewall-rules', level: 'must', profile: 'extended', document: 'reference-notes.md', section: 'HTTP API conventions', text: 'PATCH /firewall/rules/{rule_id} updates the given fields; PATCH /firewall/rules takes and returns an array' },
    { id: 'ZM-FW-BULK-DELETE', area: 'firewall-rules', level: 'must', profile: 'extended', document: 'reference-notes.md', section: 'HTTP API conventions', text: 'DELETE /firewall/rules with repeated ?id= deletes those rules and answers [{id}]' },
    { id: 'ZM-FW-DELETE-KEEPS-FILTER', area: 'firewall-rules', level: 'must', profile: 'extended', document: 'reference-notes.md', section: 'HTTP API conventions', text: 'Deleting a rule does not delete its filter' },
    { id: 'ZM-FW-ACTIONS', area: 'firewall-rules', level: 'must', profile: 'extended', document: 'reference-notes.md', section: 'HTTP API conventions', text: 'Rule actions block, challenge, js_challenge, managed_challenge, allow, log and bypass are accepted; others are refused' },
    { id: 'ZM-FW-PAGINATION', area: 'firewall-rules', level: 'must', profile: 'extended', document: 'reference-notes.md', section: 'HTTP API conventions', text: 'The list honours page (from 1) and per_page (5..100, default 25) and answers result_info {page, per_page, count, total_count}; a page past the end is empty' },
    { id: 'ZM-FW-LIST-FILTERS', area: 'firewall-rules', level: 'must', profile: 'extended', document: 'reference-notes.md', section: 'HTTP API conventions', text: 'The list filters by description, action, id and paused' },
    // Not shown
    { id: 'ZM-FW-PAYLOADS-UNSPECIFIED', area: 'firewall-rules', level: 'may', profile: 'core', document: 'zone-management-api.md', section: S, text: 'Payloads of the read, update and delete operations on firewall rules: not shown', unspecified: true },
    { id: 'ZM-FW-QUOTA-VALUE-UNSPECIFIED', area: 'firewall-rules', level: 'may', profile: 'core', document: 'zone-management-api.md', section: 'Limits', text: 'The numeric rule quota per zone: not shown', unspecified: true },
  ],
};
export default catalog;
