// The reference zone-management server: a fastify app over one SQLite database (each area's state
// in tables of its own: state.ts), a global virtual clock and each zone's own (zones/clocks.ts).
// Every response, including transport-level refusals, is the spec's envelope.

import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Socket } from 'node:net';
import { authenticate, userOf, Users, type Credentials } from './auth.js';
import { RequestQuota, type RequestQuotaPolicy } from './request-quota.js';
import { VirtualClock } from '../clock.js';
import { ApiError, codes, failureEnvelope } from './errors.js';
import { CustomHostnamePolicy } from './custom-hostnames/policy.js';
import { createRouter } from './router.js';
import { controlRoutes } from './routes/control.js';
import { customHostnameRoutes } from './routes/custom-hostnames.js';
import { dnsRecordRoutes } from './routes/dns-records.js';
import { filterRoutes } from './routes/filters.js';
import { firewallRuleRoutes } from './routes/firewall-rules.js';
import { wafLegacyRoutes } from './routes/waf-legacy.js';
import { wafMigrationRoutes } from './routes/waf-migration.js';
import { accountRoutes } from './routes/accounts.js';
import { dnsSettingRoutes } from './routes/dns-settings.js';
import { zoneSettingRoutes } from './routes/zone-settings.js';
import { openState, type ZoneApiState } from './state.js';
import { Store } from './store.js';
import { closeLingering, lingerOnClose } from './lingering-close.js';
import { ZoneClocks } from './zones/clocks.js';

export const API_PREFIX = '/client/v4';
export const CONTROL_PREFIX = '/__control';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  credentials: Credentials;
  /** SQLite file; in memory when absent. */
  dataFile?: string;
  /** Enables the control API. */
  testMode?: boolean;
  bodyLimit?: number;
  /**
   * Whether the control API offers each zone a clock of its own (default true). false: one global
   * clock only, as a target that has just one (the suite then runs its clock specs one at a time).
   */
  zoneClocks?: boolean;
  /**
   * The global rate limit of the production API (request-quota.ts): requests per window per user,
   * answered with its Ratelimit headers and, past it, 429 with retry-after. Off when absent.
   */
  rateLimit?: RequestQuotaPolicy;
}

export interface ReferenceApp {
  app: FastifyInstance;
  /** The database every area keeps its tables in. */
  store: Store;
  /** Each area's store on that database. */
  state: ZoneApiState;
  /** The global clock (what belongs to no zone; the zones that have no clock of their own). */
  clock: VirtualClock;
  /** Each zone's clock. */
  clocks: ZoneClocks;
  /** The custom hostname numbers and decisions, read on every request: variants reassign them. */
  customHostnames: CustomHostnamePolicy;
  /** Who may authenticate: the operator, and users the control API adds. */
  users: Users;
}

export function buildApp(options: AppOptions): ReferenceApp {
  const store = new Store(options.dataFile);
  const state = openState(store);
  const clock = new VirtualClock(store.loadClock(), (saved) => store.saveClock(saved));
  const clocks = new ZoneClocks(clock, state.zones);
  const customHostnames = new CustomHostnamePolicy();
  const users = new Users(options.credentials);
  store.onReset(() => users.clear());
  const app = Fastify({
    logger: false,
    // Closing the server ends every connection, also one lingering on a refused request's body
    // (lingering-close.ts) or a front proxy's kept-alive one: a close must not wait for a client.
    forceCloseConnections: true,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    // Node's own refusal of an HTTP/1.1 request without Host is a 400 with an empty body, not the
    // envelope (found by test/reference-fuzz.test.ts): let it through and refuse it below instead.
    http: { requireHostHeader: false },
    // URLs the router cannot take apart (bad percent-encoding, an over-long segment): envelope too.
    frameworkErrors: (error, _request, reply) => {
      // fastify types this reply generically; the plain reply is what it is at run time.
      void (reply as unknown as FastifyReply).status(error.statusCode ?? 400)
        .send(failureEnvelope([{ code: codes.badRequest, message: `Invalid URL: ${error.message}` }]));
    },
  });
  app.addHook('onClose', async () => store.close());
  // An early answer must reach a client still sending its body (reference-impl/zone-api/lingering-close.ts).
  lingerOnClose(app.server);
  // CONNECT never reaches a route: Node hands it to 'connect' listeners and, without one, drops the
  // connection unanswered (found by test/reference-fuzz.test.ts). Answer it in the envelope.
  app.server.on('connect', (_request, socket: Socket) => endWithEnvelope(socket, '405 Method Not Allowed',
    { code: codes.methodNotAllowed, message: 'Method not allowed: CONNECT is not supported' }));
  // Only JSON bodies are accepted: drop fastify's built-in text/plain parser.
  app.removeContentTypeParser('text/plain');

  // A synchronous hook (done, not async): an async one costs every request a promise and a
  // microtask turn before routing goes on (performance only; a throw here is handled alike).
  const quota = options.rateLimit && new RequestQuota(options.rateLimit);
  app.addHook('onRequest', (request, reply, done) => {
    // HTTP/1.1 requires Host (RFC 9112, 3.2): refused here, in the envelope (see requireHostHeader above).
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new ApiError(400, { code: codes.invalidHeaders, message: 'Invalid request headers: HTTP/1.1 requests must carry a Host header' });
    }
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX) {
      authenticate(request.headers, users);
      if (quota) {
        const { headers, refusal } = quota.take(userOf(request.headers, users));
        reply.headers(headers);
        if (refusal) throw refusal;
      }
    }
    done();
  });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, envelope } = toFailure(error);
    // A refused body may still be arriving. Closing the socket on unread input makes the kernel
    // send a reset, and the client can lose this very answer; so read and discard the rest and
    // keep the connection (fastify asks to close it). Node's requestTimeout bounds the drain.
    if (!request.raw.readableEnded) {
      reply.removeHeader('connection');
      request.raw.resume();
    }
    if (status >= 500) console.error('specgate reference: internal error', error);
    return reply.status(status).send(envelope);
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send(failureEnvelope([
    { code: codes.noRoute, message: `No route for that URI: ${request.method} ${request.url.split('?')[0]}` },
  ])));

  const api = createRouter(app, API_PREFIX, store, state, clocks);
  filterRoutes(api);
  firewallRuleRoutes(api);
  customHostnameRoutes(api, customHostnames);
  wafMigrationRoutes(api);
  wafLegacyRoutes(api);
  zoneSettingRoutes(api);
  dnsSettingRoutes(api);
  accountRoutes(api);
  dnsRecordRoutes(api);
  if (options.testMode) controlRoutes(createRouter(app, CONTROL_PREFIX, store, state, clocks), customHostnames, users, options.zoneClocks ?? true);
  return { app, store, state, clock, clocks, customHostnames, users };
}

/** Maps any error raised while handling a request to a status and an error envelope. */
function toFailure(error: FastifyError | ApiError): { status: number; envelope: ReturnType<typeof failureEnvelope> } {
  if (error instanceof ApiError) return { status: error.status, envelope: failureEnvelope(error.errors) };
  const status = error.statusCode ?? 500;
  const fail = (code: number, message: string) => ({ status, envelope: failureEnvelope([{ code, message }]) });
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return fail(codes.bodyTooLarge, 'Request body is larger than the limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return fail(codes.invalidContentType, 'Invalid Content-Type header; requests with a body must send Content-Type: application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': return fail(codes.malformedJson, 'Body is empty but Content-Type is application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH': return fail(codes.invalidHeaders, 'Content-Length does not match the body');
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return { status: 400, envelope: failureEnvelope([{ code: codes.malformedJson, message: 'Malformed JSON in request body' }]) };
  if (status < 500) return fail(codes.badRequest, error.message);
  return { status: 500, envelope: failureEnvelope([{ code: 10500, message: 'Internal error' }]) };
}

/**
 * Requests that Node's HTTP parser refuses never reach a route: answer them here, still in the
 * envelope. This is where a request carrying both Transfer-Encoding and Content-Length is declined
 * (the parser refuses it, as the spec requires from 2023-07-01).
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  // llhttp says "Transfer-Encoding can't be present with Content-Length" (the order varies by version).
  const bothLengths = /Transfer-Encoding.*Content-Length|Content-Length.*Transfer-Encoding/i.test(error.message);
  const detail = bothLengths
    ? { code: codes.transferEncodingWithLength, message: 'Request declined: it carries both Transfer-Encoding and Content-Length headers' }
    : { code: codes.invalidHeaders, message: `Malformed HTTP request (${error.code ?? 'parse error'})` };
  endWithEnvelope(socket, '400 Bad Request', detail);
}

/** Writes a whole failure answer on a socket no route handles, and closes it. */
function endWithEnvelope(socket: Socket, status: string, detail: { code: number; message: string }): void {
  if (!socket.writable) return;
  const body = JSON.stringify(failureEnvelope([detail]));
  socket.write(`HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  // The request may still be arriving (a body after a declined header block): read it away first.
  closeLingering(socket);
}
