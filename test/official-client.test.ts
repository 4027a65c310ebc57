// Compatibility test: the official TypeScript client of this API (npm `cloudflare`) drives the
// bundled reference server over HTTP. Filters, firewall rules and custom hostnames are created,
// listed through the client's automatic pagination (V4PagePaginationArray: it asks for page+1
// until a page comes back EMPTY, reading nothing from result_info), read, updated and deleted;
// failures must surface as the client's error classes carrying the envelope's errors.
//
// Every request is bounded (client timeout, no retries) and every iteration is capped, so a
// server that never ends a list fails the test instead of hanging it.
//
// Where the client's generated types disagree with the spec (the firewall rule bodies), the test
// says so in a test of its own and uses the client's request layer with the body the spec gives.

import Cloudflare, { APIError, AuthenticationError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from 'cloudflare';
import type { FirewallFilter } from 'cloudflare/resources/filters/filters';
import type { FirewallRule, RuleEditParams, RuleUpdateParams } from 'cloudflare/resources/firewall/rules';
import type { CustomHostnameListParams } from 'cloudflare/resources/custom-hostnames/custom-hostnames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { ControlClient } from '../src/spec-kit/control.js';
import { zoneApiVariants } from './broken/zone-api-variants.js';

const REQUEST_TIMEOUT_MS = 5_000;
const TEST_TIMEOUT_MS = 30_000;
const PER_PAGE = 5;
/** Enough items for seven pages at PER_PAGE. */
const MANY = 32;

type Scheme = 'api token' | 'email and key';

interface Session {
  client: Cloudflare;
  /** Method and path (with query) of every request the client sent, in order. */
  requests: string[];
}

/** A client with exactly one credential scheme (the others explicitly absent, so no environment variable leaks in). */
function clientFor(server: RunningServer, scheme: Scheme | { apiToken?: string; apiEmail?: string; apiKey?: string }): Session {
  const requests: string[] = [];
  const { token, email, key } = server.credentials;
  const credentials = scheme === 'api token' ? { apiToken: token }
    : scheme === 'email and key' ? { apiEmail: email, apiKey: key }
    : scheme;
  const client = new Cloudflare({
    baseURL: server.baseUrl,
    apiToken: null, apiEmail: null, apiKey: null, userServiceKey: null,
    ...credentials,
    maxRetries: 0,
    timeout: REQUEST_TIMEOUT_MS,
    fetch: (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${String(url).slice(server.baseUrl.length)}`);
      return fetch(url, init);
    },
  });
  return { client, requests };
}

/** Every item of an auto-paginating list, failing (not hanging) when the pages never end. */
async function collect<T>(items: AsyncIterable<T>, cap: number): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) {
    all.push(item);
    if (all.length > cap) throw new Error(`pagination did not terminate: more than ${cap} items yielded`);
  }
  return all;
}

/** The page numbers of the list requests to a path, in order (no `page` is page 1). */
function pagesAsked(requests: string[], path: string): number[] {
  return requests
    .filter((r) => r.startsWith(`GET ${path}?`) || r === `GET ${path}`)
    .map((r) => Number(new URL(r.slice(4), 'http://x').searchParams.get('page') ?? 1));
}

const sortedIds = (items: { id?: string }[]) => items.map((i) => i.id!).sort();

/** The rejection of a promise, checked to be the client's error class with the status and envelope error. */
async function rejection<E extends APIError>(promise: Promise<unknown>, type: new (...args: never[]) => E, status: number, code: number, message: string | RegExp): Promise<E> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error, `expected ${type.name}, got ${String(error)}`).toBeInstanceOf(type);
  const apiError = error as E;
  expect(apiError.status).toBe(status);
  const detail = apiError.errors.find((e) => e.code === code);
  expect(detail, `the envelope errors, as the client exposes them, hold code ${code}: ${JSON.stringify(apiError.errors)}`).toBeDefined();
  const envelopeMessage = detail!.message!;
  expect(envelopeMessage).toMatch(message);
  // The client's message is the status followed by the response body as JSON, envelope included.
  expect(apiError.message, "the client's message carries the envelope's error").toMatch(new RegExp(`^${status} `));
  expect(apiError.message, "the client's message carries the envelope's error").toContain(JSON.stringify(envelopeMessage));
  return apiError;
}

describe('the official client (npm cloudflare) against the reference server', () => {
  let server: RunningServer;
  let control: ControlClient;
  /** A fresh zone for every test: nothing is shared between tests. */
  const newZone = async () => (await control.createZone({ plan: 'enterprise', certificate_rate_limit: 1000 })).id;

  beforeAll(async () => {
    server = await startServer({ testMode: true });
    control = new ControlClient(server.controlUrl!);
  });
  afterAll(async () => { await server?.close(); });

  describe.each<Scheme>(['api token', 'email and key'])('authenticated with the %s', (scheme) => {
    it('filters: create, list every page exactly once, get, update, delete', async () => {
      const { client, requests } = clientFor(server, scheme);
      const zone_id = await newZone();
      const created = (await client.filters.create({
        zone_id,
        body: Array.from({ length: MANY }, (_, i) => ({ expression: `http.host eq "f${i}.example"`, description: i % 2 === 0 ? `even ${i}` : `odd ${i}`, ref: `ref-${i}` })),
      })).result;
      expect(created).toHaveLength(MANY);
      expect(created[0]).toMatchObject({ expression: 'http.host eq "f0.example"', description: 'even 0', ref: 'ref-0', paused: false });

      const listed = await collect(client.filters.list({ zone_id, per_page: PER_PAGE }), 4 * MANY);
      expect(listed).toHaveLength(MANY);
      expect(new Set(listed.map((f) => f.id)).size, 'no filter yielded twice').toBe(MANY);
      expect(sortedIds(listed)).toEqual(sortedIds(created));
      // 32 items at 5 a page: pages 1..7 carry them, page 8 is empty and ends the iteration.
      expect(pagesAsked(requests, `/zones/${zone_id}/filters`)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

      const odd = await collect(client.filters.list({ zone_id, per_page: PER_PAGE, description: 'odd' }), 4 * MANY);
      expect(odd).toHaveLength(MANY / 2);
      expect(odd.every((f) => f.description!.startsWith('odd'))).toBe(true);

      const target = created[3]!;
      expect(await client.filters.get(target.id!, { zone_id })).toEqual(target);
      const updated = await client.filters.update(target.id!, { zone_id, expression: 'http.host eq "changed.example"', description: 'changed', paused: true });
      expect(updated).toMatchObject({ id: target.id, expression: 'http.host eq "changed.example"', description: 'changed', paused: true });
      expect(await client.filters.get(target.id!, { zone_id })).toMatchObject({ expression: 'http.host eq "changed.example"', paused: true });

      expect(await client.filters.delete(target.id!, { zone_id })).toEqual({ id: target.id });
      await rejection(client.filters.get(target.id!, { zone_id }), NotFoundError, 404, 10024, /not found/);
      const bulk = await client.filters.bulkDelete({ zone_id, id: [created[0]!.id!, created[1]!.id!] } as Parameters<typeof client.filters.bulkDelete>[0]);
      expect(sortedIds(bulk as { id: string }[])).toEqual(sortedIds([created[0]!, created[1]!]));
      expect(await collect(client.filters.list({ zone_id, per_page: 100 }), 4 * MANY)).toHaveLength(MANY - 3);
    }, TEST_TIMEOUT_MS);

    it('firewall rules: create, list every page exactly once, get, update, edit, delete', async () => {
      const { client, requests } = clientFor(server, scheme);
      const zone_id = await newZone();
      const path = `/zones/${zone_id}/firewall/rules`;
      // The combined create, as the spec gives it (an array of {filter: {expression}, action}),
      // through the client's own request layer: its typed create cannot send an array (see below).
      const body = Array.from({ length: MANY - 1 }, (_, i) => ({
        filter: { expression: `ip.src eq 192.0.2.${i + 1}` }, action: i % 3 === 0 ? 'challenge' : 'block', description: `rule ${i}`,
      }));
      const created = (await client.post<{ result: FirewallRule[] }>(path, { body })).result;
      // The recommended sequence: a filter through the filters endpoint, then a rule referring to it.
      const [filter] = (await client.filters.create({ zone_id, body: [{ expression: 'ip.src eq 198.51.100.7' }] })).result as FirewallFilter[];
      created.push(...(await client.post<{ result: FirewallRule[] }>(path, { body: [{ filter: { id: filter!.id }, action: 'allow', description: 'by id' }] })).result);
      expect(created).toHaveLength(MANY);
      expect(created[MANY - 1]).toMatchObject({ action: 'allow', filter: { id: filter!.id } });

      const listed = await collect(client.firewall.rules.list({ zone_id, per_page: PER_PAGE }), 4 * MANY);
      expect(listed).toHaveLength(MANY);
      expect(new Set(listed.map((r) => r.id)).size, 'no rule yielded twice').toBe(MANY);
      expect(sortedIds(listed)).toEqual(sortedIds(created));
      expect(pagesAsked(requests, path)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const challenges = await collect(client.firewall.rules.list({ zone_id, per_page: PER_PAGE, action: 'challenge' }), 4 * MANY);
      expect(challenges.map((r) => r.description).sort()).toEqual(body.filter((b) => b.action === 'challenge').map((b) => b.description).sort());

      const target = created[1]!;
      expect(await client.firewall.rules.get(target.id!, { zone_id })).toEqual(target);
      // The typed parameters say action is an object and filter has no id; the API (and the
      // spec) take an action string and a filter by id: the same call, with the spec's body.
      const replace = { zone_id, action: 'js_challenge', filter: { id: target.filter!.id }, description: 'replaced' } as unknown as RuleUpdateParams;
      expect(await client.firewall.rules.update(target.id!, replace)).toMatchObject({ id: target.id, action: 'js_challenge', description: 'replaced', filter: { id: target.filter!.id } });

      // PATCH on one rule: the client types the answer as a list, the reference answers the one
      // rule (the suite's ZM-FW-PATCH); the client hands it over as the page's result.
      const edited = await client.firewall.rules.edit(target.id!, { zone_id, priority: 10 } as RuleEditParams);
      expect(edited.result as unknown).toMatchObject({ id: target.id, priority: 10 });
      expect(await client.firewall.rules.get(target.id!, { zone_id })).toMatchObject({ priority: 10, action: 'js_challenge' });

      expect(await client.firewall.rules.delete(target.id!, { zone_id })).toMatchObject({ id: target.id });
      await rejection(client.firewall.rules.get(target.id!, { zone_id }), NotFoundError, 404, 10024, /not found/);
      // Deleting a rule leaves its filter.
      expect(await client.filters.get(target.filter!.id!, { zone_id })).toMatchObject({ id: target.filter!.id });
      expect(await collect(client.firewall.rules.list({ zone_id, per_page: 100 }), 4 * MANY)).toHaveLength(MANY - 1);
    }, TEST_TIMEOUT_MS);

    it('custom hostnames: create, list every page exactly once and by its filters, get, edit, delete', async () => {
      const { client, requests } = clientFor(server, scheme);
      const zone_id = await newZone();
      const created = [];
      for (let i = 0; i < MANY; i++) {
        created.push(await client.customHostnames.create({ zone_id, hostname: `${i % 2 === 0 ? 'shop' : 'blog'}-${i}.customer.example`, ssl: { method: 'txt', type: 'dv' } }));
      }
      expect(created[0]).toMatchObject({ hostname: 'shop-0.customer.example', ssl: { method: 'txt', type: 'dv' } });

      const path = `/zones/${zone_id}/custom_hostnames`;
      const listed = await collect(client.customHostnames.list({ zone_id, per_page: PER_PAGE }), 4 * MANY);
      expect(listed).toHaveLength(MANY);
      expect(new Set(listed.map((h) => h.id)).size, 'no hostname yielded twice').toBe(MANY);
      expect(sortedIds(listed)).toEqual(sortedIds(created));
      expect(pagesAsked(requests, path)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

      // The list's filters, as the client sends them (hostname.exact=..., id=...).
      const list = (params: Omit<CustomHostnameListParams, 'zone_id'>) => collect(client.customHostnames.list({ zone_id, per_page: PER_PAGE, ...params }), 4 * MANY);
      expect((await list({ hostname: { exact: 'Shop-4.customer.example' } })).map((h) => h.id)).toEqual([created[4]!.id]);
      expect(await list({ hostname: { contain: 'blog' } })).toHaveLength(MANY / 2);
      expect((await list({ hostname: { startsWith: 'shop-1' } })).map((h) => h.hostname).sort())
        .toEqual(['shop-10.customer.example', 'shop-12.customer.example', 'shop-14.customer.example', 'shop-16.customer.example', 'shop-18.customer.example']);
      expect((await list({ id: created[7]!.id })).map((h) => h.hostname)).toEqual(['blog-7.customer.example']);
      await rejection(list({ id: created[7]!.id, hostname: { contain: 'blog' } }), BadRequestError, 400, 10014, /cannot be used together/);

      const target = created[5]!;
      expect(await client.customHostnames.get(target.id, { zone_id })).toEqual(target);
      // PATCH answers 202 in production and in the reference: the client takes it as success.
      const edited = await client.customHostnames.edit(target.id, { zone_id, ssl: { method: 'txt', type: 'dv' } });
      expect(edited).toMatchObject({ id: target.id, hostname: target.hostname, ssl: { method: 'txt', type: 'dv' } });

      await rejection(client.customHostnames.create({ zone_id, hostname: target.hostname }), ConflictError, 409, 1406, /already exists/);

      // The client does not unwrap this answer (its type says {id}): it is the envelope as sent.
      expect(await client.customHostnames.delete(target.id, { zone_id })).toMatchObject({ success: true, result: { id: target.id } });
      await rejection(client.customHostnames.get(target.id, { zone_id }), NotFoundError, 404, 1436, /not found/);
      expect(await list({ hostname: { exact: target.hostname } })).toEqual([]);
    }, TEST_TIMEOUT_MS);
  });

  describe("the client's error classes", () => {
    it('a bad request is a BadRequestError (400) with the envelope error', async () => {
      const { client } = clientFor(server, 'api token');
      const zone_id = await newZone();
      await rejection(client.filters.create({ zone_id, body: [{ expression: 'http.host eq' }] }), BadRequestError, 400, 10015, /^Filter parsing error/);
      await rejection(client.customHostnames.create({ zone_id, hostname: 'not a hostname' }), BadRequestError, 400, 10014, /hostname/);
      await rejection(collect(client.filters.list({ zone_id, per_page: 1000 }), 10), BadRequestError, 400, 10014, /per_page/);
    }, TEST_TIMEOUT_MS);

    it('a missing item is a NotFoundError (404) with the envelope error', async () => {
      const { client } = clientFor(server, 'email and key');
      const zone_id = await newZone();
      const unknown = '0123456789abcdef0123456789abcdef';
      await rejection(client.filters.get(unknown, { zone_id }), NotFoundError, 404, 10024, `filter ${unknown} not found`);
      await rejection(client.filters.delete(unknown, { zone_id }), NotFoundError, 404, 10024, /not found/);
      await rejection(client.firewall.rules.get(unknown, { zone_id }), NotFoundError, 404, 10024, /not found/);
      await rejection(client.customHostnames.edit(unknown, { zone_id, ssl: { method: 'txt' } }), NotFoundError, 404, 1436, /not found/);
    }, TEST_TIMEOUT_MS);

    it('bad credentials are a PermissionDeniedError (403), missing ones an AuthenticationError (401)', async () => {
      const zone_id = await newZone();
      const { token, email, key } = server.credentials;
      const wrongToken = clientFor(server, { apiToken: `${token}x` }).client;
      await rejection(wrongToken.filters.get('x', { zone_id }), PermissionDeniedError, 403, 10000, 'Authentication error');
      const wrongKey = clientFor(server, { apiEmail: email, apiKey: `${key!.slice(0, -1)}${key!.endsWith('0') ? '1' : '0'}` }).client;
      await rejection(collect(wrongKey.firewall.rules.list({ zone_id }), 10), PermissionDeniedError, 403, 10000, 'Authentication error');
      const wrongEmail = clientFor(server, { apiEmail: 'someone.else@specgate.test', apiKey: key }).client;
      await rejection(wrongEmail.customHostnames.get('x', { zone_id }), PermissionDeniedError, 403, 10000, 'Authentication error');
      // A malformed key header is a 400 with the header named in the error chain.
      const malformed = await rejection(clientFor(server, { apiEmail: email, apiKey: 'not-a-key!' }).client.filters.get('x', { zone_id }), BadRequestError, 400, 6003, 'Invalid request headers');
      expect(malformed.errors[0]).toMatchObject({ error_chain: [{ code: 6103 }] });
      // No credentials at all: the client refuses to send unless told the headers are omitted on purpose.
      const none = new Cloudflare({ baseURL: server.baseUrl, apiToken: null, apiEmail: null, apiKey: null, userServiceKey: null, maxRetries: 0, timeout: REQUEST_TIMEOUT_MS, defaultHeaders: { Authorization: null } });
      await rejection(none.filters.get('x', { zone_id }), AuthenticationError, 401, 10000, /^Authentication error/);
    }, TEST_TIMEOUT_MS);

    it("known incompatibility: the typed firewall rule create sends one object, the API takes an array", async () => {
      // The client's generated types give POST /firewall/rules a single {action: {mode}, filter}
      // body; the spec (and the production API) take an array of {filter, action: string}.
      const { client } = clientFor(server, 'api token');
      const zone_id = await newZone();
      const typed = client.firewall.rules.create({ zone_id, action: { mode: 'challenge' }, filter: { expression: 'ip.src eq 192.0.2.1' } });
      await rejection(collect(typed, 10), BadRequestError, 400, 10014, /must be a JSON array/);
      expect(await collect(client.filters.list({ zone_id }), 10), 'nothing was created').toEqual([]);
    }, TEST_TIMEOUT_MS);
  });

  describe('a list that ignores page fails the test instead of hanging it', () => {
    let broken: RunningServer;
    beforeAll(async () => {
      const variant = zoneApiVariants.find((v) => v.name === 'list-ignores-page')!;
      broken = await startServer({ testMode: true, customize: variant.customize });
    });
    afterAll(async () => { await broken?.close(); });

    it('the iteration is stopped by the cap', async () => {
      const { client, requests } = clientFor(broken, 'api token');
      const zone_id = (await new ControlClient(broken.controlUrl!).createZone({})).id;
      await client.filters.create({ zone_id, body: [{ expression: 'http.host eq "a.example"' }, { expression: 'http.host eq "b.example"' }] });
      await expect(collect(client.filters.list({ zone_id, per_page: PER_PAGE }), 20)).rejects.toThrow(/pagination did not terminate/);
      expect(pagesAsked(requests, `/zones/${zone_id}/filters`).length).toBeGreaterThan(5);
    }, TEST_TIMEOUT_MS);
  });
});
