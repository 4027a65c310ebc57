// Misreadings of the envelope, the two authentication schemes, Content-Type, and the
// Transfer-Encoding with Content-Length refusal.

import type { Socket } from 'node:net';
import { codes } from '../../../../reference-impl/zone-api/errors.js';
import { apiPath, refuse, rewriteAnswers, type BlindVariant, type Json } from '../variant.js';

const EVERYTHING = /^\//;
const AUTH = '| Key pair | `X-Auth-Email: <EMAIL>` and `X-Auth-Key: <API_KEY>` | / | Bearer token | `Authorization: Bearer <API_TOKEN>` |';

const authenticationError = () => refuse(403, { code: codes.authentication, message: 'Authentication error' });

export const TRANSPORT_VARIANTS: BlindVariant[] = [
  {
    name: 'envelope: result an empty object on failure',
    sentence: '| result | object, array or null | Payload of the operation; null on failure |',
    misreading: 'A failure has no payload, sent as an empty object so that result is always an object.',
    customize: (r) => rewriteAnswers(r, { path: EVERYTHING, body: (answer) => (answer.success === false ? { ...answer, result: {} } : undefined) }),
  },
  {
    name: 'envelope: messages left out when empty',
    sentence: '| messages | array | Informational messages; empty when none |',
    misreading: '"Empty when none" taken as absent when there are none.',
    customize: (r) => rewriteAnswers(r, {
      path: EVERYTHING,
      body: (answer) => { if (Array.isArray(answer.messages) && answer.messages.length === 0) delete answer.messages; return answer; },
    }),
  },
  {
    name: 'envelope: errors left out on success',
    sentence: '| errors | array of error objects | Empty on success |',
    misreading: 'A success has no errors to report, so the field is left out.',
    customize: (r) => rewriteAnswers(r, { path: EVERYTHING, body: (answer) => { if (answer.success === true) delete answer.errors; return answer; } }),
  },
  {
    name: 'envelope: error code as a string',
    sentence: '| code | integer | |',
    misreading: 'Error codes are identifiers, sent as strings.',
    customize: (r) => rewriteAnswers(r, {
      path: EVERYTHING,
      body: (answer) => { if (Array.isArray(answer.errors)) for (const error of answer.errors as Json[]) error.code = String(error.code); return answer; },
    }),
  },
  {
    name: 'auth: key pair refused',
    sentence: `Two schemes are used: / ${AUTH}`,
    misreading: 'The key pair is taken as the legacy scheme the token replaced, and refused.',
    customize: (r) => r.app.addHook('onRequest', (request, _reply, done) => {
      if (apiPath(request) !== '' && request.headers.authorization === undefined && request.headers['x-auth-key'] !== undefined) authenticationError();
      done();
    }),
  },
  {
    name: 'auth: bearer token refused',
    sentence: `Two schemes are used: / ${AUTH}`,
    misreading: 'Tokens are taken to be for the account-scoped operations only; zone operations take the key pair.',
    customize: (r) => r.app.addHook('onRequest', (request, _reply, done) => {
      if (/^\/zones\//.test(apiPath(request)) && request.headers.authorization !== undefined) authenticationError();
      done();
    }),
  },
  {
    name: 'auth: header names matched case-sensitively',
    sentence: AUTH,
    misreading: 'The header names are matched exactly as the document spells them.',
    customize: (r) => r.app.addHook('onRequest', (request, _reply, done) => {
      const spelled = ['Authorization', 'X-Auth-Email', 'X-Auth-Key'];
      const names = request.raw.rawHeaders.filter((_, i) => i % 2 === 0);
      if (apiPath(request) !== '' && names.some((name) => spelled.some((s) => s.toLowerCase() === name.toLowerCase() && s !== name))) authenticationError();
      done();
    }),
  },
  {
    name: 'content type: only the exact application/json',
    sentence: 'Requests with a body send `Content-Type: application/json`.',
    misreading: 'The header is compared as written, so application/json with a charset parameter is refused.',
    customize: (r) => r.app.addHook('onRequest', (request, _reply, done) => {
      const type = request.headers['content-type'];
      if (apiPath(request) !== '' && type !== undefined && type !== 'application/json') {
        refuse(415, { code: codes.invalidContentType, message: 'Content-Type must be application/json' });
      }
      done();
    }),
  },
  {
    name: 'transfer-encoding with content-length: dropped without an answer',
    sentence: '| Request with both Transfer-Encoding and Content-Length headers | Declined from 2023-07-01 |',
    misreading: '"Declined" taken as refused at the connection: the socket is closed without an answer.',
    customize: (r) => {
      const server = r.app.server;
      const handlers = server.listeners('clientError') as ((error: Error, socket: Socket) => void)[];
      server.removeAllListeners('clientError');
      server.on('clientError', (error: Error, socket: Socket) => {
        if (/Transfer-Encoding.*Content-Length|Content-Length.*Transfer-Encoding/i.test(error.message)) socket.destroy();
        else for (const handler of handlers) handler(error, socket);
      });
    },
  },
];
