// What a blind variant is, and the hooks variants are made of. A blind variant is a misreading of
// the zone document written from the document alone (without reading the suite): the reference
// server, hooked through fastify hooks or its stores, behaving as a careful implementer who
// misread one sentence would make it behave. `sentence` quotes the document; nothing under
// suites/zone-api/ (other than its requirement catalogs, to map outcomes) informed them.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReferenceApp } from '../../../reference-impl/zone-api/app.js';
import type { CustomHostnameRow } from '../../../reference-impl/zone-api/custom-hostnames/store.js';
import { ApiError, type ErrorDetail } from '../../../reference-impl/zone-api/errors.js';

export interface BlindVariant {
  name: string;
  /** The sentence(s) of zone-management-api.md the variant violates, quoted exactly. */
  sentence: string;
  /** How the implementer misread it, in one sentence. */
  misreading: string;
  customize(reference: ReferenceApp): void;
}

/** What one run measured about a variant: core specs failed, only extended ones, or none. */
export type BlindOutcome = { caught: string[] } | { extendedOnly: string[] } | { missed: true };

export type Json = Record<string, unknown>;

const API = '/client/v4';

/** The path of a request below /client/v4, without its query ('' for anything else). */
export function apiPath(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.startsWith(`${API}/`) ? path.slice(API.length) : '';
}

/** The zone id of a /zones/{id}/... path, if any. */
export function zoneIdOf(request: FastifyRequest): string | undefined {
  return /^\/zones\/([^/]+)/.exec(apiPath(request))?.[1];
}

/** ms since epoch of a request's zone (its own clock, else the global one). */
export function zoneNow(reference: ReferenceApp, request: FastifyRequest): number {
  const zoneId = zoneIdOf(request);
  return zoneId === undefined ? reference.clock.now() : reference.clocks.of(zoneId).now();
}

export const utc = (date: string): number => Date.parse(`${date}T00:00:00.000Z`);

export interface Rewrite {
  /** Which requests' answers to rewrite: a method and a test of the API path. */
  method?: string | string[];
  path: RegExp;
  /** Given the parsed answer (and its status), returns the body to send instead (or undefined to keep it). */
  body(answer: Json, request: FastifyRequest, reply: FastifyReply): Json | undefined;
}

/** Rewrites matching JSON answers of the API after the reference made them. */
export function rewriteAnswers(reference: ReferenceApp, rewrite: Rewrite): void {
  const methods = rewrite.method === undefined ? undefined : [rewrite.method].flat();
  reference.app.addHook('onSend', async (request, reply, payload) => {
    if (methods && !methods.includes(request.method)) return payload;
    if (!rewrite.path.test(apiPath(request)) || typeof payload !== 'string') return payload;
    let answer: Json;
    try { answer = JSON.parse(payload) as Json; } catch { return payload; }
    const next = rewrite.body(answer, request, reply);
    return next === undefined ? payload : JSON.stringify(next);
  });
}

/** Runs `before` ahead of matching handlers (the body is parsed): it may change the request or refuse it. */
export function beforeHandler(reference: ReferenceApp, method: string | string[], path: RegExp, before: (request: FastifyRequest, reply: FastifyReply) => void): void {
  const methods = [method].flat();
  reference.app.addHook('preHandler', (request, reply, done) => {
    if (methods.includes(request.method) && path.test(apiPath(request))) before(request, reply);
    done();
  });
}

/** Answers matching requests itself, instead of the reference (done in preHandler). */
export function answerInstead(reference: ReferenceApp, method: string | string[], path: RegExp, answer: (request: FastifyRequest, reply: FastifyReply) => { status: number; body: Json } | undefined): void {
  const methods = [method].flat();
  reference.app.addHook('preHandler', async (request, reply) => {
    if (!methods.includes(request.method) || !path.test(apiPath(request))) return;
    const instead = answer(request, reply);
    if (instead) return reply.status(instead.status).send(instead.body);
  });
}

export function refuse(status: number, error: ErrorDetail): never {
  throw new ApiError(status, error);
}

export const success = (result: unknown): Json => ({ result, success: true, errors: [], messages: [] });

/**
 * The zone whose matching request is being handled right now, for store wrappers that must act only
 * then: set before the handler (which the reference runs synchronously after a synchronous
 * preHandler) and cleared once the current turn of the event loop is over.
 */
export function handlingZone(reference: ReferenceApp, method: string | string[], path: RegExp, when: (request: FastifyRequest) => boolean = () => true): () => string | undefined {
  let current: string | undefined;
  beforeHandler(reference, method, path, (request) => {
    if (!when(request)) return;
    current = zoneIdOf(request);
    queueMicrotask(() => { current = undefined; });
  });
  return () => current;
}

export function query(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** Replaces what the store writes for a custom hostname: `change` gets the row about to be written. */
export function rewriteHostnameWrites(reference: ReferenceApp, change: (next: CustomHostnameRow) => CustomHostnameRow | undefined): void {
  const store = reference.state.customHostnames;
  const update = store.updateCustomHostname.bind(store);
  store.updateCustomHostname = (next) => {
    const written = change(next);
    if (written) update(written);
  };
}
