import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'envelope',
  requirements: [
    // What the service does: the envelope table
    { id: 'ZM-ENV-SHAPE', area: 'envelope', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['What the service does'], words: ['envelope'] }], text: 'Every JSON response carries result (object, array or null), success (boolean), errors (array of error objects) and messages (array)' },
    { id: 'ZM-ENV-SUCCESS', area: 'envelope', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['What the service does'], words: ['envelope'] }], text: 'A successful operation answers success true with an empty errors array' },
    // Errors, first row
    { id: 'ZM-ENV-FAILURE', area: 'envelope', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Errors'] }], text: 'A failed operation answers success false, result null and errors as an array of {code (integer), message (string)}' },
    // Conventions of the production service (reference-notes.md)
    { id: 'ZM-ENV-UNKNOWN-ROUTE', area: 'envelope', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'An unknown route answers 404 with the error envelope (code 7000, "No route for that URI")' },
    { id: 'ZM-ENV-WRONG-METHOD', area: 'envelope', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'A method a path does not support answers 405 with the error envelope' },
    { id: 'ZM-ENV-UNKNOWN-ID', area: 'envelope', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'An unknown zone identifier answers 404 with the error envelope (code 7003)' },
    { id: 'ZM-ENV-REFUSAL-4XX', area: 'envelope', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'A request refused for what it carries (a malformed or invalid body, an unknown identifier) answers a 4xx status, never a 5xx' },
    { id: 'ZM-ENV-ERROR-CODES', area: 'envelope', level: 'should', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'Error codes are integers of at least 1000' },
    // Not shown
    { id: 'ZM-ENV-STATUS-CODES-UNSPECIFIED', area: 'envelope', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Errors'] }], text: 'HTTP status codes of failures: not shown', unspecified: true },
    { id: 'ZM-ENV-EVENTS-UNSPECIFIED', area: 'envelope', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Events'] }], text: 'Events emitted by this API: not shown', unspecified: true },
  ],
};
export default catalog;
