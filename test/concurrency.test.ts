// Concurrent clients against one zone of the reference: creates of filters
// and rules (combined and by filter id), PUTs, bulk deletes, all at once over real HTTP on
// loopback against one file-backed server. Afterwards nothing is lost or duplicated: every
// acknowledged create is listed exactly once, every acknowledged delete is gone, every PUT's last
// acknowledged value is what is read, and the lists read page by page agree with each other.
// Each client's operations come from a seeded generator (SEED, printed in every failure message).

import { join } from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { ControlClient } from '../src/spec-kit/control.js';
import { tempDir } from './helpers/cli.js';

const SEED = Number(process.env.CONCURRENCY_SEED ?? 424_242);
const CLIENTS = 8;
const OPERATIONS_PER_CLIENT = 30;
const REQUEST_TIMEOUT_MS = 10_000;

let server: RunningServer;
let zone: string;

/** mulberry32: a small seeded generator, so each client's operations are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Verb = 'get' | 'post' | 'put' | 'delete';

/** A request to the zone's API, as the operator, with a deadline. */
async function api(method: Verb, path: string, body?: object): Promise<{ status: number; json: any }> {
  const request = supertest(server.baseUrl)[method](`/zones/${zone}${path}`)
    .auth(server.credentials.token!, { type: 'bearer' })
    .timeout(REQUEST_TIMEOUT_MS);
  const response = await (body === undefined ? request : request.send(body));
  return { status: response.status, json: response.body };
}

async function ok(method: Verb, path: string, body?: object): Promise<any> {
  const { status, json } = await api(method, path, body);
  if (status !== 200 || json.success !== true) throw new Error(`seed ${SEED}: ${method.toUpperCase()} ${path} answered ${status}: ${JSON.stringify(json).slice(0, 400)}`);
  return json.result;
}

/** What the clients were told, merged: the expected state of the zone. */
const expected = {
  filters: new Map<string, { expression: string; description: string | null }>(),
  rules: new Map<string, { filterId: string; description: string | null }>(),
  deletedFilters: new Set<string>(),
  deletedRules: new Set<string>(),
  /** Descriptions written to the shared rule, by anyone. */
  sharedDescriptions: new Set<string>(),
};

async function client(id: number, sharedRule: { id: string; filterId: string }): Promise<void> {
  const next = random(SEED + id);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const ownFilters: string[] = []; // standalone filters, unused by any rule
  const ownRules: string[] = [];
  let serial = 0;
  const expression = () => `http.host eq "c${id}-${serial++}.concurrency.test"`;
  for (let op = 0; op < OPERATIONS_PER_CLIENT; op++) {
    const choice = next();
    if (choice < 0.2) {
      const items = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({ expression: expression(), description: `c${id}` }));
      const created = await ok('post', '/filters', items);
      expect(created.map((f: any) => f.expression)).toEqual(items.map((i) => i.expression));
      for (const f of created) { expected.filters.set(f.id, { expression: f.expression, description: f.description ?? null }); ownFilters.push(f.id); }
    } else if (choice < 0.45) {
      const items = Array.from({ length: 1 + Math.floor(next() * 4) }, () => ({ filter: { expression: expression() }, action: pick(['block', 'challenge', 'allow', 'log']), description: `c${id}` }));
      const created = await ok('post', '/firewall/rules', items);
      for (const r of created) {
        expected.filters.set(r.filter.id, { expression: r.filter.expression, description: null });
        expected.rules.set(r.id, { filterId: r.filter.id, description: r.description ?? null });
        ownRules.push(r.id);
      }
    } else if (choice < 0.55 && ownFilters.length > 0) {
      // A rule on an existing filter of this client: the filter is then in use, not deletable.
      const filterId = ownFilters.splice(Math.floor(next() * ownFilters.length), 1)[0]!;
      const [rule] = await ok('post', '/firewall/rules', [{ filter: { id: filterId }, action: 'block', description: `c${id} on ${filterId}` }]);
      expect(rule.filter.id).toBe(filterId);
      expected.rules.set(rule.id, { filterId, description: rule.description });
      ownRules.push(rule.id);
    } else if (choice < 0.7 && ownRules.length > 0) {
      const ruleId = pick(ownRules);
      const current = expected.rules.get(ruleId)!;
      const description = `c${id} put ${op}`;
      const updated = await ok('put', `/firewall/rules/${ruleId}`, { id: ruleId, filter: { id: current.filterId }, action: 'block', description });
      expect(updated.description).toBe(description);
      current.description = description;
    } else if (choice < 0.78 && ownFilters.length > 0) {
      const ids = ownFilters.slice(0, 2);
      const updated = await ok('put', '/filters', ids.map((fid) => ({ id: fid, expression: expected.filters.get(fid)!.expression, description: `c${id} put ${op}` })));
      expect(updated.map((f: any) => f.id)).toEqual(ids);
      for (const fid of ids) expected.filters.get(fid)!.description = `c${id} put ${op}`;
    } else if (choice < 0.88 && ownRules.length > 0) {
      const ids = ownRules.splice(0, Math.min(ownRules.length, 1 + Math.floor(next() * 3)));
      const deleted = await ok('delete', `/firewall/rules?${ids.map((r) => `id=${r}`).join('&')}`);
      expect(deleted.map((d: any) => d.id).sort()).toEqual([...ids].sort());
      for (const rid of ids) { expected.rules.delete(rid); expected.deletedRules.add(rid); }
    } else if (choice < 0.95 && ownFilters.length > 0) {
      const ids = ownFilters.splice(0, Math.min(ownFilters.length, 1 + Math.floor(next() * 2)));
      await ok('delete', `/filters?${ids.map((f) => `id=${f}`).join('&')}`);
      for (const fid of ids) { expected.filters.delete(fid); expected.deletedFilters.add(fid); }
    } else {
      // Everyone writes the one shared rule: whatever order, one of the writes is what stays.
      const description = `shared by c${id} at ${op}`;
      expected.sharedDescriptions.add(description);
      await ok('put', `/firewall/rules/${sharedRule.id}`, { id: sharedRule.id, filter: { id: sharedRule.filterId }, action: 'challenge', description });
    }
  }
}

/** Every item of a collection, page by page; checks that the pages agree (totals, no repeats). */
async function readPages(path: string, perPage: number): Promise<any[]> {
  const items: any[] = [];
  let total: number | undefined;
  for (let page = 1; ; page++) {
    const { json } = await api('get', `${path}?per_page=${perPage}&page=${page}`);
    expect(json.success, `seed ${SEED}: GET ${path} page ${page}`).toBe(true);
    const info = json.result_info;
    total ??= info.total_count;
    expect(info.total_count, `seed ${SEED}: ${path} total_count stays the same across pages`).toBe(total);
    expect(info.count).toBe(json.result.length);
    expect(info.total_pages).toBe(Math.ceil(total! / perPage));
    if (page < info.total_pages) expect(json.result.length, `seed ${SEED}: ${path} page ${page} is full`).toBe(perPage);
    items.push(...json.result);
    if (page >= info.total_pages) break;
  }
  expect(items.length, `seed ${SEED}: ${path}: the pages hold total_count items`).toBe(total);
  expect(new Set(items.map((i) => i.id)).size, `seed ${SEED}: ${path}: no item on two pages`).toBe(items.length);
  return items;
}

beforeAll(async () => {
  server = await startServer({ testMode: true, dataFile: join(tempDir('concurrency'), 'zone.sqlite') });
  zone = (await new ControlClient(server.controlUrl!).createZone({ plan: 'enterprise', rule_quota: 100_000 })).id;
});
afterAll(async () => { await server?.close(); });

describe(`${CLIENTS} concurrent clients against one zone (seed ${SEED})`, () => {
  it('no acknowledged create lost or duplicated, no acknowledged delete still there, the last PUT read back, pages consistent', async () => {
    const [shared] = await ok('post', '/firewall/rules', [{ filter: { expression: 'http.host eq "shared.concurrency.test"' }, action: 'block' }]);
    expected.rules.set(shared.id, { filterId: shared.filter.id, description: null });
    expected.filters.set(shared.filter.id, { expression: shared.filter.expression, description: null });
    await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id, { id: shared.id, filterId: shared.filter.id })));

    for (const perPage of [5, 7, 100]) {
      const rules = await readPages('/firewall/rules', perPage);
      const filters = await readPages('/filters', perPage);
      const ruleById = new Map(rules.map((r) => [r.id, r]));
      const filterById = new Map(filters.map((f) => [f.id, f]));
      expect(new Set(ruleById.keys()), `seed ${SEED}: the rules are exactly the acknowledged ones`).toEqual(new Set(expected.rules.keys()));
      expect(new Set(filterById.keys()), `seed ${SEED}: the filters are exactly the acknowledged ones`).toEqual(new Set(expected.filters.keys()));
      for (const id of expected.deletedRules) expect(ruleById.has(id), `seed ${SEED}: deleted rule ${id}`).toBe(false);
      for (const id of expected.deletedFilters) expect(filterById.has(id), `seed ${SEED}: deleted filter ${id}`).toBe(false);
      for (const [id, rule] of expected.rules) {
        const listed = ruleById.get(id)!;
        expect(listed.filter.id, `seed ${SEED}: rule ${id}'s filter`).toBe(rule.filterId);
        expect(filterById.has(rule.filterId), `seed ${SEED}: rule ${id}'s filter exists`).toBe(true);
        if (id !== shared.id) expect(listed.description ?? null, `seed ${SEED}: rule ${id}: its last PUT`).toBe(rule.description);
      }
      for (const [id, filter] of expected.filters) {
        expect(filterById.get(id)!.expression).toBe(filter.expression);
        if (filter.description !== null) expect(filterById.get(id)!.description, `seed ${SEED}: filter ${id}: its last PUT`).toBe(filter.description);
      }
      // Expressions are unique per create: a repeated one would be a duplicated create.
      expect(new Set(filters.map((f) => f.expression)).size, `seed ${SEED}: no filter created twice`).toBe(filters.length);
      const sharedNow = ruleById.get(shared.id)!.description;
      if (expected.sharedDescriptions.size > 0) expect(expected.sharedDescriptions.has(sharedNow), `seed ${SEED}: shared rule holds one of the writes, not "${sharedNow}"`).toBe(true);
    }
    // Enough of everything happened for the check to mean something.
    expect(expected.rules.size + expected.deletedRules.size).toBeGreaterThan(CLIENTS * 5);
    expect(expected.deletedRules.size).toBeGreaterThan(0);
    expect(expected.deletedFilters.size).toBeGreaterThan(0);
  });
});
