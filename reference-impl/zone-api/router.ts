// Route registration for the reference server. Each path is declared once with the methods it
// supports; every other method on that path answers 405 in the envelope, so "wrong method" and
// "unknown route" stay distinguishable.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, codes } from './errors.js';
import type { VirtualClock } from '../clock.js';
import type { Query } from './listing.js';
import type { ZoneApiState } from './state.js';
import type { Store } from './store.js';
import type { ZoneClocks } from './zones/clocks.js';
import type { ZoneStore, Zone } from './zones/store.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface RequestView {
  params: Record<string, string>;
  query: Query;
  body: unknown;
  url: string;
  /** The zone named by the path's :zone_id, which must exist. */
  zone(): Zone;
}

export type Handler = (request: RequestView, reply: FastifyReply) => unknown;

export interface Router {
  /** The database: transactions, answers kept until it changes. */
  store: Store;
  /** Each area's store. */
  state: ZoneApiState;
  /** The global clock: what belongs to no zone (accounts) reads it. */
  clock: VirtualClock;
  /** Each zone's clock: whatever a zone does that depends on time reads `clocks.of(zone.id)`. */
  clocks: ZoneClocks;
  resource(path: string, handlers: Partial<Record<Method, Handler>>): void;
}

/** What a handler sees of a request (a class, not an object of closures made per request). */
class View implements RequestView {
  readonly params: Record<string, string>;
  readonly query: Query;
  readonly body: unknown;
  readonly url: string;
  constructor(request: FastifyRequest, private readonly zones: ZoneStore) {
    this.params = request.params as Record<string, string>;
    this.query = request.query as Query;
    this.body = request.body;
    this.url = request.url;
  }

  zone(): Zone {
    // Stryker disable next-line StringLiteral: equivalent, every route that calls zone() has a :zone_id parameter
    const zone = this.zones.get(this.params.zone_id ?? '');
    if (!zone) throw unknownIdentifier(this.url);
    return zone;
  }
}

export function createRouter(app: FastifyInstance, prefix: string, store: Store, state: ZoneApiState, clocks: ZoneClocks): Router {
  return {
    store,
    state,
    clock: clocks.global,
    clocks,
    resource(path, handlers) {
      const url = prefix + path;
      for (const [method, handler] of Object.entries(handlers) as [Method, Handler][]) {
        // Synchronous: fastify sends a returned value at once, where an async handler's waits for
        // its promise (performance only). Only an undefined result goes through a promise still,
        // which fastify answers with an empty body, as it did for the async handler.
        app.route({
          method, url, handler: (request, reply) => {
            const result = handler(new View(request, state.zones), reply);
            return result === undefined ? Promise.resolve(undefined) : result;
          },
        });
      }
      const allowed = Object.keys(handlers);
      const others = METHODS.filter((m) => !allowed.includes(m));
      if (others.length > 0) {
        app.route({
          method: [...others, 'OPTIONS'],
          url,
          handler: async (_request, reply) => {
            reply.header('allow', allowed.join(', '));
            throw new ApiError(405, { code: codes.methodNotAllowed, message: `Method not allowed for this path; allowed: ${allowed.join(', ')}` });
          },
        });
      }
    },
  };
}

/** The content type fastify gives a JSON-serialized object. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A list answer that depends only on the zone, the query and the database, kept serialized until
 * the database changes (store.cached; performance only). fastify sends the string as it is, with
 * the content type it gives an object it serializes itself, so the bytes are the same.
 */
export function cachedListAnswer(store: Store, reply: FastifyReply, collection: string, request: RequestView, answer: () => unknown): string {
  const key = JSON.stringify([collection, request.params.zone_id, request.query]);
  void reply.type(JSON_CONTENT_TYPE);
  return store.cached(key, () => JSON.stringify(answer()));
}

export function unknownIdentifier(url: string): ApiError {
  const path = url.split('?')[0];
  return new ApiError(404, { code: codes.unknownIdentifier, message: `Could not route to ${path}, perhaps your object identifier is invalid?` });
}
