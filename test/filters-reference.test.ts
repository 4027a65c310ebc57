// The reference's filters endpoint where the spec is silent (payloads of read, update and delete
// are "not shown"): what its errors say, so that a client can tell which item of a bulk request
// was refused and why, and what a single DELETE answers. The specs verify only what the spec and
// the service's conventions state (suites/zone-api/filters.spec.ts).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { referenceCaller, type Answer } from './helpers/reference-http.js';


let server: RunningServer;
let zone: { id: string };

const call = referenceCaller(() => server);

const filters = (path = '') => `/zones/${zone.id}/filters${path}`;
const messages = (answer: Answer) => answer.body.errors.map((e) => e.message).join(' | ');
const expression = (n: number) => `http.request.uri.path eq "/f${n}"`;

beforeEach(async () => {
  server = await startServer({ testMode: true });
  zone = (await call('POST', '/zones', { plan: 'enterprise' }, server.controlUrl)).body.result;
});
afterEach(async () => { await server.close(); });

describe('errors name what was refused', () => {
  it('a body that is not an array of filters says so, for POST and PUT on the collection', async () => {
    for (const method of ['POST', 'PUT']) {
      const answer = await call(method, filters(), { expression: expression(1) });
      expect(answer.status).toBe(400);
      expect(messages(answer)).toBe('request body must be a JSON array of filters');
    }
  });

  it('an invalid item of a bulk POST or PUT is named by its index', async () => {
    const posted = await call('POST', filters(), [{ expression: expression(1) }, { expression: 'ip.src eq' }]);
    expect(posted.status).toBe(400);
    expect(messages(posted)).toContain('(at filters[1]');
    const [kept] = (await call('POST', filters(), [{ expression: expression(2) }])).body.result;
    const put = await call('PUT', filters(), [{ id: kept.id, expression: expression(3) }, { expression: expression(4) }]);
    expect(put.status).toBe(400);
    expect(messages(put)).toBe('id is required (at filters[1])');
  });

  it('PUT on one filter with a body that is not an object names the filter, and its errors are "at filter"', async () => {
    const [one] = (await call('POST', filters(), [{ expression: expression(1) }])).body.result;
    expect(messages(await call('PUT', filters(`/${one.id}`), [1]))).toBe('request body must be a JSON object (filter)');
    expect(messages(await call('PUT', filters(`/${one.id}`), { expression: 'ip.src eq' }))).toContain('(at filter');
  });

  it('an unknown filter is "filter <id> not found" (code 10024)', async () => {
    const answer = await call('GET', filters('/0123456789abcdef'));
    expect(answer.status).toBe(404);
    expect(answer.body.errors).toEqual([{ code: 10024, message: 'filter 0123456789abcdef not found' }]);
  });

  it('a filter of a combined create refuses PUT and DELETE naming the operation (403, code 10022)', async () => {
    const [rule] = (await call('POST', `/zones/${zone.id}/firewall/rules`, [{ filter: { expression: expression(1) }, action: 'block' }])).body.result;
    const id = rule.filter.id as string;
    for (const [method, body] of [['PUT', { id, expression: expression(2) }], ['DELETE', undefined]] as const) {
      const answer = await call(method, filters(`/${id}`), body);
      expect(answer.status).toBe(403);
      expect(answer.body.errors).toEqual([{ code: 10022, message: `filter ${id} was created together with a firewall rule; ${method} is not allowed on it through the filters endpoint` }]);
    }
  });

  it('a filter in use says by how many rules (409, code 10023)', async () => {
    const [filter] = (await call('POST', filters(), [{ expression: expression(1) }])).body.result;
    await call('POST', `/zones/${zone.id}/firewall/rules`, [{ filter: { id: filter.id }, action: 'block' }, { filter: { id: filter.id }, action: 'log' }]);
    const answer = await call('DELETE', filters(`/${filter.id}`));
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual([{ code: 10023, message: `filter ${filter.id} is still used by 2 firewall rule(s); delete the rules first` }]);
  });
});

describe('answers', () => {
  it('DELETE of one filter answers {id}', async () => {
    const [filter] = (await call('POST', filters(), [{ expression: expression(1) }])).body.result;
    const answer = await call('DELETE', filters(`/${filter.id}`));
    expect(answer.body).toMatchObject({ success: true, result: { id: filter.id } });
  });
});
