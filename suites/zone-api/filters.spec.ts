// Filters: the resource, the expression language, and the paths the Versioning table lists.

import { expect } from 'vitest';
import { about, answered, errorsIn, expectArray, expectFailure, expectFailureStatus, expectObject, expectRefused, expectShape, expectSuccess } from '../../src/spec-kit/expect.js';
import { describe, spec } from '../../src/spec-kit/spec.js';
import { answerLine } from '../../src/spec-kit/answer-line.js';
import { createFilters, createRules, expectNoFilters, expressions, idsInScope, listed, uniqueExpression, type Filter } from './support/firewall.js';

describe('the filter resource and its expression', () => {
  spec(['ZM-FLT-CREATE', 'ZM-FLT-SHAPE'], 'a filter created through the filters endpoint has id, expression and paused', async ({ api, zone }) => {
    const expression = uniqueExpression();
    const [filter] = await createFilters(api, zone, [{ expression }]);
    expect(filter!.id.length, 'the service assigns an id').toBeGreaterThan(0);
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${filter!.id}`)), 'reading the filter created'), 'the filter reads back by its id').toMatchObject({ id: filter!.id, expression, paused: filter!.paused });
  });

  spec('ZM-FLT-EXPRESSION-VALID', 'every valid expression of the fixtures is accepted as written', async ({ api, zone }) => {
    const filters = await createFilters(api, zone, expressions.valid.map((expression) => ({ expression })));
    expect(filters.map((f) => f.expression)).toEqual(expressions.valid);
  });

  spec('ZM-FLT-EXPRESSION-INVALID', 'every invalid expression of the fixtures is refused and creates nothing', async ({ api, ownZone: zone }) => {
    for (const { expression, why } of expressions.invalid) {
      expectFailure(await api.post(zone.path('/filters'), { json: [{ expression }] }), `creating a filter with an invalid expression (${why}: ${expression})`);
    }
    await expectNoFilters(api, zone, 'the invalid expressions');
  });

  spec('ZM-FLT-EXPRESSION-INVALID', 'a filter without an expression, with an empty one, or with fields of the wrong type is refused with a 4xx and creates nothing', async ({ api, ownZone: zone, convention }) => {
    // What the document states: the expression is a string of the language; a filter without one is not a filter.
    const noExpression: [string, Record<string, unknown>][] = [
      ['without an expression', {}],
      ['without an expression but with other fields', { paused: true, description: 'no expression' }],
      ['with an empty expression', { expression: '' }],
      ['with an expression of spaces only', { expression: '   ' }],
      ['with an expression that is a number', { expression: 7 }],
    ];
    // Production's conventions: fields of the wrong type are refused too (the document shows no description or ref, nor says so).
    const wrongTypes: [string, Record<string, unknown>][] = [
      ['with paused as a string', { expression: uniqueExpression(), paused: 'yes' }],
      ['with a description that is a number', { expression: uniqueExpression(), description: 5 }],
      ['with a ref that is an object', { expression: uniqueExpression(), ref: { id: 'x' } }],
    ];
    const answers = await Promise.all(noExpression.map(([, body]) => api.post(zone.path('/filters'), { json: [body] })));
    await convention('ZM-ENV-REFUSAL-4XX', 'a filter without an expression is refused with a 4xx', () => noExpression.forEach(([what], i) => expectRefused(answers[i]!, `creating a filter ${what}`)));
    noExpression.forEach(([what], i) => expectFailure(answers[i]!, `creating a filter ${what}`));
    await expectNoFilters(api, zone, 'the filters without an expression');
    await convention('ZM-ENV-REFUSAL-4XX', 'a filter with a field of the wrong type is refused with a 4xx and creates nothing', async () => {
      // Sent only when the conventions are checked (a core run sends none of them).
      const before = (await listed<Filter>(api, zone, '/filters')).map((f) => f.id);
      const wrong = await Promise.all(wrongTypes.map(([, body]) => api.post(zone.path('/filters'), { json: [body] })));
      wrongTypes.forEach(([what], i) => expectRefused(wrong[i]!, `creating a filter ${what}`));
      expect((await listed<Filter>(api, zone, '/filters')).map((f) => f.id), 'no filter was created by them').toEqual(before);
    });
  }, { conventions: ['ZM-ENV-REFUSAL-4XX'] });

  spec('ZM-FLT-PARSE-ERROR', 'a parse error says "Filter parsing error"', async ({ api, zone }) => {
    for (const expression of ['http.request.uri.path contans "/x"', 'ip.src eq', '(ssl']) {
      const response = await api.post(zone.path('/filters'), { json: [{ expression }] });
      expectFailure(response, `creating a filter with ${expression}`);
      about(response, () => expect(errorsIn(response).some((e) => String(e.message).startsWith('Filter parsing error')), `an error message starts with "Filter parsing error": ${answered(response)}`).toBe(true));
    }
  });
});

describe('the filters paths of the Versioning table', () => {
  spec(['ZM-FLT-LIST', 'ZM-FLT-GET'], 'the list holds the zone\'s filters and each reads back the same', async ({ api, zone }) => {
    const created = await createFilters(api, zone, [1, 2, 3].map(() => ({ expression: uniqueExpression() })));
    const filters = await listed<Filter>(api, zone, '/filters');
    filters.forEach((f) => expectShape('filter', f));
    expect(idsInScope(zone, filters, created)).toEqual(created.map((f) => f.id).sort());
    for (const filter of created) {
      const read = expectObject(await api.get<Filter>(zone.path(`/filters/${filter.id}`)), 'reading a filter');
      expect(read).toMatchObject({ id: filter.id, expression: filter.expression, paused: filter.paused });
    }
  });

  spec('ZM-FLT-DELETE', 'a filter no rule uses can be deleted', async ({ api, zone }) => {
    const [kept, gone] = await createFilters(api, zone, [{ expression: uniqueExpression() }, { expression: uniqueExpression() }]);
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${gone!.id}`)), 'positive control: the same read finds the filter before the delete').id).toBe(gone!.id);
    expectSuccess(await api.delete(zone.path(`/filters/${gone!.id}`)), 'deleting a filter');
    expectFailure(await api.get(zone.path(`/filters/${gone!.id}`)), 'reading the deleted filter');
    expect(idsInScope(zone, await listed<Filter>(api, zone, '/filters'), [kept, gone])).toEqual([kept!.id]);
  });

  spec('ZM-FLT-PUT', 'PUT replaces a filter, singly and as an array', async ({ api, zone }) => {
    const [one, two] = await createFilters(api, zone, [{ expression: uniqueExpression() }, { expression: uniqueExpression() }]);
    const expression = uniqueExpression();
    const replaced = expectObject(await api.put<Filter>(zone.path(`/filters/${one!.id}`), { json: { id: one!.id, expression, paused: true } }), 'PUT on a filter');
    expect(replaced).toMatchObject({ id: one!.id, expression, paused: true });
    const second = uniqueExpression();
    const bulk = expectArray(await api.put<Filter[]>(zone.path('/filters'), { json: [{ id: two!.id, expression: second }] }), 'PUT on the collection', { minLength: 1 });
    expect(bulk[0]).toMatchObject({ id: two!.id, expression: second });
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${two!.id}`))).expression).toBe(second);
    expectFailure(await api.put(zone.path(`/filters/${one!.id}`), { json: { id: one!.id, expression: 'ip.src contains "x"' } }), 'PUT with an invalid expression');
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${one!.id}`))).expression, 'the refused PUT left the filter as the valid PUT made it').toBe(expression);
  });

  spec('ZM-FLT-BULK-DELETE', 'DELETE with repeated ?id= deletes those filters and answers their ids', async ({ api, zone }) => {
    const filters = await createFilters(api, zone, [1, 2, 3].map(() => ({ expression: uniqueExpression() })));
    const gone = [filters[0]!.id, filters[1]!.id];
    const answer = expectArray(await api.delete<{ id: string }[]>(zone.path('/filters'), { query: { id: gone } }), 'bulk delete');
    expect(answer.map((a) => a.id).sort()).toEqual([...gone].sort());
    expect(idsInScope(zone, await listed<Filter>(api, zone, '/filters'), filters)).toEqual([filters[2]!.id]);
  });

  spec('ZM-FLT-PUT', 'PUT replaces the whole filter: what it gives is kept, what it leaves out returns to its default', async ({ api, zone }) => {
    const [filter] = await createFilters(api, zone, [{ expression: uniqueExpression(), paused: true, description: 'before' }]);
    const expression = uniqueExpression();
    const marker = crypto.randomUUID().slice(0, 8);
    const replaced = expectObject(await api.put<Filter>(zone.path(`/filters/${filter!.id}`), { json: { id: filter!.id, expression, description: `after ${marker}`, ref: `ref-${marker}` } }), 'PUT on a filter');
    expect(replaced).toMatchObject({ id: filter!.id, expression, paused: false, description: `after ${marker}`, ref: `ref-${marker}` });
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${filter!.id}`)), 'reading the replaced filter')).toMatchObject({ paused: false, description: `after ${marker}`, ref: `ref-${marker}` });
  });

  spec('ZM-FLT-PUT', 'PUT on the collection refuses an item without id and replaces none of them', async ({ api, zone }) => {
    const [one] = await createFilters(api, zone, [{ expression: uniqueExpression() }]);
    expectFailure(await api.put(zone.path('/filters'), { json: [{ id: one!.id, expression: uniqueExpression() }, { expression: uniqueExpression() }] }), 'PUT with an item without id');
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${one!.id}`))).expression, 'the filter with an id is not replaced either').toBe(one!.expression);
    // Positive control: the same PUT without the item lacking an id replaces the filter, and the same read sees it.
    const expression = uniqueExpression();
    expectSuccess(await api.put(zone.path('/filters'), { json: [{ id: one!.id, expression }] }), 'positive control: PUT on the collection with ids only');
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${one!.id}`))).expression, 'positive control: the read shows the replacement').toBe(expression);
  });

  spec(['ZM-FLT-GET', 'ZM-FLT-DELETE'], 'a deleted or unknown filter answers 404 to GET, PUT and DELETE', async ({ api, zone, convention, expect, task }) => {
    // The test's own expect (not the module's): its soft checks belong to this spec when specs run concurrently.
    const [gone] = await createFilters(api, zone, [{ expression: uniqueExpression() }]);
    expectObject(await api.get(zone.path(`/filters/${gone!.id}`)), 'positive control: GET finds the filter before it is deleted');
    expectSuccess(await api.delete(zone.path(`/filters/${gone!.id}`)), 'deleting a filter');
    for (const [which, id] of [['deleted', gone!.id], ['never made', crypto.randomUUID().replace(/-/g, '')]] as const) {
      const read = await api.get(zone.path(`/filters/${id}`));
      // The document: a deleted filter (or one never made) is not there to read. The status is the service's convention.
      // A deleted filter still read breaks the delete; one never made read, the read.
      if (read.body?.success === true) task.meta.failedRequirements = [...(task.meta.failedRequirements ?? []), which === 'deleted' ? 'ZM-FLT-DELETE' : 'ZM-FLT-GET'];
      expect.soft(read.body?.success, `GET on filter ${id} (${which}) finds nothing: ${answerLine(read.status, read.body)}`).not.toBe(true);
      await convention('ZM-FLT-UNKNOWN-ID-404', `GET on a filter ${which} answers 404`, () => expectFailureStatus(read, 404, `GET on filter ${id}, ${which}`));
      const put = await api.put(zone.path(`/filters/${id}`), { json: { id, expression: uniqueExpression() } });
      await convention('ZM-FLT-UNKNOWN-ID-404', `PUT on a filter ${which} answers 404`, () => expectFailureStatus(put, 404, `PUT on filter ${id}, ${which}`));
      const deleted = await api.delete(zone.path(`/filters/${id}`));
      await convention('ZM-FLT-UNKNOWN-ID-404', `DELETE on a filter ${which} answers 404`, () => expectFailureStatus(deleted, 404, `DELETE on filter ${id}, ${which}`));
    }
  }, { conventions: ['ZM-FLT-UNKNOWN-ID-404'] });

  spec('ZM-FLT-IN-USE', 'a filter a rule still uses cannot be deleted', async ({ api, zone }) => {
    const [filter] = await createFilters(api, zone, [{ expression: uniqueExpression() }]);
    const [rule] = await createRules(api, zone, [{ filter: { id: filter!.id }, action: 'block' }]);
    const refused = await api.delete(zone.path(`/filters/${filter!.id}`));
    expectFailureStatus(refused, 409, 'deleting a filter in use (a conflict)');
    expectFailure(await api.delete(zone.path('/filters'), { query: { id: [filter!.id] } }), 'deleting a filter in use in bulk');
    expectObject(await api.get(zone.path(`/filters/${filter!.id}`)), 'the filter still exists');
    expectObject(await api.get(zone.path(`/firewall/rules/${rule!.id}`)), 'the rule still exists');
    // Positive control: once the rule is gone, the same DELETE removes the filter.
    expectSuccess(await api.delete(zone.path(`/firewall/rules/${rule!.id}`)), 'deleting the rule');
    expectSuccess(await api.delete(zone.path(`/filters/${filter!.id}`)), 'positive control: the same DELETE once no rule uses the filter');
    expectFailure(await api.get(zone.path(`/filters/${filter!.id}`)), 'positive control: the filter is gone');
  });

  spec('ZM-FLT-PAGINATION', 'page and per_page walk the list; a page past the end is empty', async ({ api, ownZone: zone }) => {
    const created = await createFilters(api, zone, Array.from({ length: 6 }, () => ({ expression: uniqueExpression() })));
    const seen: string[] = [];
    for (const [n, size] of [[1, 5], [2, 1], [3, 0]] as const) {
      const response = await api.get<Filter[]>(zone.path('/filters'), { query: { page: n, per_page: 5 } });
      const filters = expectArray(response, `page ${n}`);
      expectShape('result-info', response.body!.result_info, 'result_info');
      expect(response.body!.result_info).toMatchObject({ page: n, per_page: 5, count: size, total_count: 6 });
      expect(filters).toHaveLength(size);
      seen.push(...filters.map((f) => f.id));
    }
    expect(seen.sort(), 'the pages hold every filter once').toEqual(created.map((f) => f.id).sort());
  });

  spec('ZM-FLT-LIST-FILTERS', 'the list filters by paused, expression, description, ref and id', async ({ api, zone }) => {
    const marker = crypto.randomUUID();
    const [a, b, c] = await createFilters(api, zone, [
      { expression: `http.request.uri.path eq "/${marker}"`, description: `described ${marker}` },
      { expression: uniqueExpression(), paused: true, ref: `ref-${marker.slice(0, 8)}` },
      { expression: uniqueExpression() },
    ]);
    const ids = async (query: Record<string, string | boolean>) => (await listed<Filter>(api, zone, '/filters', query)).map((f) => f.id).sort();
    expect(await ids({ expression: marker })).toEqual([a!.id]);
    expect(await ids({ description: marker })).toEqual([a!.id]);
    expect(await ids({ ref: `ref-${marker.slice(0, 8)}` })).toEqual([b!.id]);
    expect(await ids({ id: c!.id })).toEqual([c!.id]);
    expect(await ids({ paused: true })).toEqual([b!.id]);
  });
});
