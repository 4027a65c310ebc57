import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'auth',
  requirements: [
    // Authentication: the two schemes
    { id: 'ZM-AUTH-BEARER', area: 'auth', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Authentication'] }], text: 'A request with Authorization: Bearer <API_TOKEN> is authenticated' },
    { id: 'ZM-AUTH-KEY-PAIR', area: 'auth', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Authentication'] }], text: 'A request with X-Auth-Email and X-Auth-Key is authenticated' },
    { id: 'ZM-AUTH-KEY-PAIR-BOUND', area: 'auth', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Authentication'] }], text: 'The key pair authenticates only as a pair: an API key sent with an email other than its own account\'s (unknown, or another account\'s) is refused' },
    // What a refusal looks like is a convention of the production service (reference-notes.md)
    { id: 'ZM-AUTH-MISSING', area: 'auth', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'A request without credentials is refused with 401 or 403 and the error envelope' },
    { id: 'ZM-AUTH-WRONG', area: 'auth', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'Wrong credentials of either scheme are refused with 403 and code 10000 "Authentication error"' },
    { id: 'ZM-AUTH-MALFORMED', area: 'auth', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }], text: 'Malformed authentication headers are refused with 400, code 6003 and an error_chain naming the header (6102 X-Auth-Email, 6103 X-Auth-Key, 6111 Authorization)' },
  ],
};
export default catalog;
