import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'transport',
  requirements: [
    { id: 'ZM-TRANSPORT-JSON-BODY', area: 'transport', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Authentication'] }, { headings: ['Endpoints'] }], text: 'Request bodies sent as JSON with Content-Type: application/json are accepted' },
    { id: 'ZM-TRANSPORT-JSON-RESPONSE', area: 'transport', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Endpoints'] }], text: 'Response bodies are JSON' },
    // Errors; Versioning 2023-07-01
    { id: 'ZM-TRANSPORT-TE-CL-DECLINED', area: 'transport', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Errors'] }, { headings: ['Versioning'], words: ['2023-07-01'] }], text: 'From 2023-07-01 a request carrying both Transfer-Encoding and Content-Length is declined: not processed, not answered with success' },
    { id: 'ZM-TRANSPORT-TE-CL-ENVELOPE', area: 'transport', level: 'should', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'The declined request is answered 400 with the error envelope' },
    { id: 'ZM-TRANSPORT-TE-CL-BEFORE-UNSPECIFIED', area: 'transport', level: 'may', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Versioning'], words: ['2023-07-01'] }], text: 'Handling of requests with both headers before 2023-07-01: not shown', unspecified: true },
    // Conventions (reference-notes.md)
    { id: 'ZM-TRANSPORT-MALFORMED-JSON', area: 'transport', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'A body that is not valid JSON is refused with 400 and the error envelope' },
    { id: 'ZM-TRANSPORT-BODY-TOO-LARGE', area: 'transport', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'A body over the size limit is refused with 413 and the error envelope' },
    { id: 'ZM-TRANSPORT-WRONG-CONTENT-TYPE', area: 'transport', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'A body sent with a Content-Type other than application/json is refused (4xx) with the error envelope' },
  ],
};
export default catalog;
