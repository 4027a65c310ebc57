// The reference's filters (and firewall rules) endpoints where the spec is silent (payloads of read, update and delete
// are "not shown"): what its errors say, so that a client can tell which item of a bulk request
// was refused and why, and what a single DELETE answers. The specs verify only what the spec and
// the service's conventions state (suites/zone-api/filters.spec.ts).

import supertest from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';

interface ErrorDetail { code: number; message: string }

let server: RunningServer;
/** The server's zone API as its operator (bearer token), and its control API. */
let api: supertest.Agent;
let control: supertest.Agent;
let zone: { id: string };

const filters = (path = '') => `/zones/${zone.id}/filters${path}`;
const messages = (answer: supertest.Response) => answer.body.errors.map((e: ErrorDetail) => e.message).join(' | ');
const expression = (n: number) => `http.request.uri.path eq "/f${n}"`;

beforeEach(async () => {
  server = await startServer({ testMode: true });
  api = supertest.agent(server.baseUrl).auth(server.credentials.token!, { type: 'bearer' });
  control = supertest.agent(server.controlUrl!);
  zone = (await control.post('/zones').send({ plan: 'enterprise' })).body.result;
});
afterEach(async () => { await server.close(); });

describe('errors name what was refused', () => {
  it('a body that is not an array of filters says so, for POST and PUT on the collection', async () => {
    for (const method of ['post', 'put'] as const) {
      const answer = await api[method](filters()).send({ expression: expression(1) });
      expect(answer.status).toBe(400);
      expect(messages(answer)).toBe('request body must be a JSON array of filters');
    }
  });

  it('an invalid item of a bulk POST or PUT is named by its index', async () => {
    const posted = await api.post(filters()).send([{ expression: expression(1) }, { expression: 'ip.src eq' }]);
    expect(posted.status).toBe(400);
    expect(messages(posted)).toContain('(at filters[1]');
    const [kept] = (await api.post(filters()).send([{ expression: expression(2) }])).body.result;
    const put = await api.put(filters()).send([{ id: kept.id, expression: expression(3) }, { expression: expression(4) }]);
    expect(put.status).toBe(400);
    expect(messages(put)).toBe('id is required (at filters[1])');
  });

  it('PUT on one filter with a body that is not an object names the filter, and its errors are "at filter"', async () => {
    const [one] = (await api.post(filters()).send([{ expression: expression(1) }])).body.result;
    expect(messages(await api.put(filters(`/${one.id}`)).send([1]))).toBe('request body must be a JSON object (filter)');
    expect(messages(await api.put(filters(`/${one.id}`)).send({ expression: 'ip.src eq' }))).toContain('(at filter');
  });

  it('an unknown filter is "filter <id> not found" (code 10024)', async () => {
    const answer = await api.get(filters('/0123456789abcdef'));
    expect(answer.status).toBe(404);
    expect(answer.body.errors).toEqual([{ code: 10024, message: 'filter 0123456789abcdef not found' }]);
  });

  it('a filter of a combined create refuses PUT and DELETE naming the operation (403, code 10022)', async () => {
    const [rule] = (await api.post(`/zones/${zone.id}/firewall/rules`).send([{ filter: { expression: expression(1) }, action: 'block' }])).body.result;
    const id = rule.filter.id as string;
    for (const [method, body] of [['put', { id, expression: expression(2) }], ['delete', undefined]] as const) {
      const answer = await api[method](filters(`/${id}`)).send(body);
      expect(answer.status).toBe(403);
      expect(answer.body.errors).toEqual([{ code: 10022, message: `filter ${id} was created together with a firewall rule; ${method.toUpperCase()} is not allowed on it through the filters endpoint` }]);
    }
  });

  it('a filter in use says by how many rules (409, code 10023)', async () => {
    const [filter] = (await api.post(filters()).send([{ expression: expression(1) }])).body.result;
    await api.post(`/zones/${zone.id}/firewall/rules`).send([{ filter: { id: filter.id }, action: 'block' }, { filter: { id: filter.id }, action: 'log' }]);
    const answer = await api.delete(filters(`/${filter.id}`));
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([{ code: 10023, message: `filter ${filter.id} is still used by 2 firewall rule(s); delete the rules first` }]);
  });
});

describe('answers', () => {
  it('DELETE of one filter answers {id}', async () => {
    const [filter] = (await api.post(filters()).send([{ expression: expression(1) }])).body.result;
    const answer = await api.delete(filters(`/${filter.id}`));
    expect(answer.body).toMatchObject({ success: true, result: { id: filter.id } });
  });
});

// Firewall rules and the filters both endpoints create share the same checks (firewall/model.ts):
// the reference's own limits and wording, where the spec and reference-notes say nothing.
const rules = (path = '') => `/zones/${zone.id}/firewall/rules${path}`;
const errorsOf = (answer: supertest.Response) => answer.body.errors.map((e: ErrorDetail) => e.message);

describe('limits of the text fields (the reference\'s own: description 500 characters, ref 50, expression 16 KiB)', () => {
  const stringExpression = (bytes: number) => {
    const frame = 'http.request.uri.path eq "/"';
    return `http.request.uri.path eq "/${'a'.repeat(bytes - frame.length)}"`;
  };

  it('a filter takes a description, a ref and an expression up to the limit, and refuses one character more', async () => {
    const atLimit = { expression: stringExpression(16 * 1024), description: 'd'.repeat(500), ref: 'r'.repeat(50) };
    expect(Buffer.byteLength(atLimit.expression)).toBe(16384);
    const [created] = (await api.post(filters()).send([atLimit])).body.result;
    expect(created).toMatchObject(atLimit);
    const over = await api.post(filters()).send([
      { expression: stringExpression(16 * 1024 + 1) },
      { expression: expression(1), description: 'd'.repeat(501) },
      { expression: expression(2), ref: 'r'.repeat(51) },
    ]);
    expect(over.status).toBe(400);
    expect(errorsOf(over)).toEqual([
      'expression must be at most 16384 bytes (at filters[0])',
      'description must be at most 500 characters (at filters[1])',
      'ref must be at most 50 characters (at filters[2])',
    ]);
  });

  it('a rule takes a description and a ref up to the limit, and refuses one character more', async () => {
    const [created] = (await api.post(rules()).send([{ filter: { expression: expression(1) }, action: 'block', description: 'd'.repeat(500), ref: 'r'.repeat(50) }])).body.result;
    expect(created).toMatchObject({ description: 'd'.repeat(500), ref: 'r'.repeat(50) });
    const over = await api.patch(rules(`/${created.id}`)).send({ description: 'd'.repeat(501), ref: 'r'.repeat(51) });
    expect(over.status).toBe(400);
    expect(errorsOf(over)).toEqual(['description must be at most 500 characters (at rule)', 'ref must be at most 50 characters (at rule)']);
  });

  it('a rule\'s priority stops at 2147483647', async () => {
    const answer = await api.post(rules()).send([{ filter: { expression: expression(1) }, action: 'block', priority: 2147483648 }]);
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual(['priority must be null or an integer between 0 and 2147483647 (at rules[0])']);
  });
});

describe('every problem of a request is reported, naming the field and the item', () => {
  it('filter fields', async () => {
    const answer = await api.post(filters()).send([{}, { expression: '  ' }, { expression: expression(1), paused: 'yes', description: 5, ref: false }]);
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual([
      'expression is required (at filters[0])',
      'expression must be a non-empty string (at filters[1])',
      'paused must be true or false (at filters[2])',
      'description must be a string (at filters[2])',
      'ref must be a string (at filters[2])',
    ]);
  });

  it('rule fields, and the fields of the filter a rule creates', async () => {
    const answer = await api.post(rules()).send([{ filter: { paused: 1 }, paused: 'no', description: [], ref: 7 }]);
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual([
      'action is required (at rules[0])',
      'paused must be true or false (at rules[0])',
      'description must be a string (at rules[0])',
      'ref must be a string (at rules[0])',
      'expression is required (at rules[0].filter)',
      'paused must be true or false (at rules[0].filter)',
    ]);
  });

  it('an item of a collection that is not an object is named by its index, before any field is looked at', async () => {
    for (const item of ['block', 5, [1]]) {
      for (const [method, path, what] of [['post', rules(), 'firewall rules'], ['patch', rules(), 'firewall rules'], ['post', filters(), 'filters']] as const) {
        const answer = await api[method](path).send([{ id: 'x', filter: { expression: expression(1) }, expression: expression(1), action: 'block' }, item]);
        expect(answer.status, `${method} ${path} ${JSON.stringify(item)}`).toBe(400);
        expect(errorsOf(answer), `${method} ${path} ${JSON.stringify(item)}`).toEqual([`[1]: each of ${what} must be a JSON object`]);
      }
    }
  });

  it('a rule\'s filter that is not an object is refused as such, not for a missing expression', async () => {
    for (const filter of ['ssl', 5, [{ expression: expression(1) }], null]) {
      const answer = await api.post(rules()).send([{ filter, action: 'block' }]);
      expect(errorsOf(answer), JSON.stringify(filter)).toEqual(['filter must be an object with either an id or an expression (at rules[0])']);
    }
  });

  it('an item of PUT or PATCH on the rules collection without an id', async () => {
    const [rule] = (await api.post(rules()).send([{ filter: { expression: expression(1) }, action: 'block' }])).body.result;
    for (const method of ['put', 'patch'] as const) {
      const answer = await api[method](rules()).send([{ id: rule.id, action: 'allow', filter: { id: rule.filter.id } }, { action: 'allow', filter: { id: rule.filter.id } }]);
      expect(answer.status, method).toBe(400);
      expect(errorsOf(answer), method).toEqual(['id is required (at rules[1])']);
    }
    expect((await api.get(rules(`/${rule.id}`))).body.result.action).toBe('block');
  });

  it('PUT and PATCH on one rule with a body that is not an object', async () => {
    const [rule] = (await api.post(rules()).send([{ filter: { expression: expression(1) }, action: 'block' }])).body.result;
    for (const method of ['put', 'patch'] as const) {
      // Any JSON value: a string or a number goes as JSON text too.
      for (const body of [[{ action: 'allow' }], 'allow', 5]) {
        expect(errorsOf(await api[method](rules(`/${rule.id}`)).type('json').send(JSON.stringify(body))), `${method} ${JSON.stringify(body)}`).toEqual(['request body must be a JSON object (firewall rule)']);
      }
    }
  });
});

describe('optional fields', () => {
  it('are left out of a filter and a rule that have none, rather than null', async () => {
    const [filter] = (await api.post(filters()).send([{ expression: expression(1) }])).body.result;
    expect(Object.keys(filter).sort()).toEqual(['expression', 'id', 'paused']);
    const [rule] = (await api.post(rules()).send([{ filter: { id: filter.id }, action: 'block' }])).body.result;
    expect(Object.keys(rule).sort()).toEqual(['action', 'created_on', 'filter', 'id', 'modified_on', 'paused', 'priority']);
  });

  it('null clears a description or a ref', async () => {
    const [rule] = (await api.post(rules()).send([{ filter: { expression: expression(1) }, action: 'block', description: 'set', ref: 'R-1' }])).body.result;
    const cleared = await api.patch(rules(`/${rule.id}`)).send({ description: null, ref: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.result).not.toHaveProperty('description');
    expect(cleared.body.result).not.toHaveProperty('ref');
    const [filter] = (await api.post(filters()).send([{ expression: expression(2), description: 'set', ref: 'R-2' }])).body.result;
    const replaced = await api.put(filters(`/${filter.id}`)).send({ expression: expression(2), description: null, ref: null });
    expect(replaced.status).toBe(200);
    expect(Object.keys(replaced.body.result).sort()).toEqual(['expression', 'id', 'paused']);
  });
});

describe('a combined create refused for the quota', () => {
  it('names the filters it created, and only those: none when every rule refers to an existing filter', async () => {
    const small = (await control.post('/zones').send({ plan: 'free', rule_quota: 0 })).body.result;
    const [existing] = (await api.post(`/zones/${small.id}/filters`).send([{ expression: expression(1) }])).body.result;
    const quota = 'firewall rule quota exceeded: the zone allows 0 rules, has 0, and the request adds';
    const byId = await api.post(`/zones/${small.id}/firewall/rules`).send([{ filter: { id: existing.id }, action: 'block' }]);
    expect(errorsOf(byId)).toEqual([`${quota} 1`]);
    const mixed = await api.post(`/zones/${small.id}/firewall/rules`).send([{ filter: { id: existing.id }, action: 'block' }, { filter: { expression: expression(2) }, action: 'block' }]);
    const filtersNow = (await api.get(`/zones/${small.id}/filters`)).body.result as { id: string }[];
    const created = filtersNow.filter((f) => f.id !== existing.id).map((f) => f.id);
    expect(created).toHaveLength(1);
    expect(errorsOf(mixed)).toEqual([`${quota} 2. The filters of this request were created and remain: ${created[0]}.`]);
  });
});

describe('rule answers and refusals', () => {
  it('DELETE of one rule answers {id}', async () => {
    const [rule] = (await api.post(rules()).send([{ filter: { expression: expression(1) }, action: 'block' }])).body.result;
    expect((await api.delete(rules(`/${rule.id}`))).body).toMatchObject({ success: true, result: { id: rule.id } });
  });

  it('a missing feature is a 403 (code 10021), an exceeded quota a 400 (code 10020)', async () => {
    const small = (await control.post('/zones').send({ plan: 'pro', rule_quota: 0, features: [] })).body.result;
    const featureless = (await control.post('/zones').send({ plan: 'pro', features: [] })).body.result;
    const item = (n: number, action: string) => [{ filter: { expression: expression(n) }, action }];
    const missing = await api.post(`/zones/${featureless.id}/firewall/rules`).send(item(1, 'log'));
    expect(missing.status).toBe(403);
    expect(missing.body.errors.map((e: ErrorDetail) => e.code)).toEqual([10021]);
    const over = await api.post(`/zones/${small.id}/firewall/rules`).send(item(2, 'block'));
    expect(over.status).toBe(400);
    expect(over.body.errors.map((e: ErrorDetail) => e.code)).toEqual([10020]);
  });

  it('a log rule kept after its zone lost the feature can still be changed, but not into another log rule once it is not one', async () => {
    const [rule] = (await api.post(rules()).send([{ filter: { expression: expression(1) }, action: 'log' }])).body.result;
    await control.patch(`/zones/${zone.id}`).send({ features: [] });
    const patched = await api.patch(rules(`/${rule.id}`)).send({ priority: 4 });
    expect(patched.status).toBe(200);
    expect(patched.body.result).toMatchObject({ action: 'log', priority: 4 });
    expect((await api.patch(rules(`/${rule.id}`)).send({ action: 'block' })).status).toBe(200);
    const back = await api.patch(rules(`/${rule.id}`)).send({ action: 'log' });
    expect(back.status).toBe(403);
    expect(back.body.errors.map((e: ErrorDetail) => e.code)).toEqual([10021]);
  });
});
