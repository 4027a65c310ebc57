// Firewall rules: the combined create and its five rules, the recommended sequence, and the paths
// the Versioning table lists. Every spec runs in a zone of its own.

import fc from 'fast-check';
import { expect } from 'vitest';
import type { ApiResponse } from '../../src/spec-kit/api-client.js';
import { about, answered, errorsIn, expectArray, expectFailure, expectObject, expectRefused, expectShape, expectSuccess } from '../../src/spec-kit/expect.js';
import { describe, spec } from '../../src/spec-kit/spec.js';
import {
  DELETE_FILTERS, PUT_FILTER, PUT_FILTERS, combinedCreate, contentsOf, expectListingSeesCreate, createFilters, createRules, expectNothingCreated, idsInScope, expressions, listed, rulesFor, uniqueExpression,
  type Filter, type FirewallRule,
} from './support/firewall.js';
import { batchEdges, batchItem, describeBatch, itemsOf, listingChange, withContext, type BatchItem } from './support/combined-batch.js';
import { checkProperty } from '../../src/spec-kit/property.js';
import { answerLine } from '../../src/spec-kit/answer-line.js';
import { Disagreement, firewallCommands, firewallEdges, ruleQuota, runModel } from './support/firewall-model.js';

const INVALID_ACTION = 'no-such-action';

/**
 * Runs every check, each of one statement, even after one failed; then fails with all their
 * messages, blaming exactly the statements whose checks failed (task.meta.failedRequirements).
 */
async function eachStatement(task: { meta: { failedRequirements?: string[] } }, checks: readonly (readonly [string, () => Promise<void>])[]): Promise<void> {
  const failures: [string, string][] = [];
  for (const [id, check] of checks) {
    try {
      await check();
    } catch (error) {
      failures.push([id, error instanceof Error ? error.message : String(error)]);
    }
  }
  if (failures.length === 0) return;
  task.meta.failedRequirements = [...new Set(failures.map(([id]) => id))];
  throw new Error(failures.map(([id, message]) => `${message} [${id}]`).join('\n'));
}

/** The fields of a filter a rule shows (the rule's filter object: id, expression, paused). */
const filterFields = (f: Filter) => ({ id: f.id, expression: f.expression, paused: f.paused });

describe('combined create of filter and rule', () => {
  spec(['ZM-FW-COMBINED-CREATE', 'ZM-FW-RULE-SHAPE', 'ZM-FW-PRIORITY-NULL'], 'creates filter and rule and answers the rules, priority null when not set', async ({ api, zone }) => {
    const items = [uniqueExpression(), uniqueExpression()].map((expression) => ({ filter: { expression }, action: 'block' }));
    const rules = await createRules(api, zone, items);
    rules.forEach((rule, i) => {
      expect(rule.action).toBe('block');
      expect(rule.filter.expression).toBe(items[i]!.filter.expression);
      expect(rule.priority, 'priority was not set, so it must be null').toBeNull();
    });
    expect(new Set(rules.map((r) => r.id)).size, 'each rule has its own id').toBe(2);
  });

  spec(['ZM-FW-COMBINED-FILTER-FIRST', 'ZM-FLT-GET'], 'the rule refers to a filter that exists with the requested expression; one created again with that expression gets a filter of its own', async ({ api, zone, task }) => {
    const expression = uniqueExpression();
    const [rule] = await createRules(api, zone, [{ filter: { expression }, action: 'block' }]);
    const filter = expectObject(await api.get<Filter>(zone.path(`/filters/${rule!.filter.id}`)), 'reading the rule\'s filter');
    expectShape('filter', filter);
    expect(filter.id).toBe(rule!.filter.id);
    expect(filter.expression).toBe(expression);
    // Rule 1: the combined create creates its filter, also when the zone has one with the same
    // expression (it does not look for one to share). Whether such a create may be refused is not
    // said: only one that succeeds is held to it.
    task.meta.failedRequirements = ['ZM-FW-COMBINED-FILTER-FIRST'];
    const again = await combinedCreate(api, zone, [{ filter: { expression }, action: 'challenge' }]);
    if (again.body?.success !== true) return;
    const [second] = expectArray<FirewallRule>(again, 'the same expression in a second combined create', { minLength: 1 });
    expect(second!.filter.id, `a second combined create with the expression of filter ${rule!.filter.id} creates a filter of its own, not that one: ${answered(again)}`).not.toBe(rule!.filter.id);
  });

  spec('ZM-FW-COMBINED-INVALID-FILTER', 'an invalid filter creates neither filter nor rule', async ({ api, zone }) => {
    const before = await contentsOf(api, zone);
    for (const { expression, why } of expressions.invalid.slice(0, 8)) {
      const response = await combinedCreate(api, zone, [{ filter: { expression }, action: 'block' }]);
      expectFailure(response, `creating a rule whose filter is invalid (${why}: ${expression})`);
    }
    await expectNothingCreated(api, zone, before);
  });

  spec('ZM-FW-COMBINED-INVALID-RULE', 'an invalid rule creates neither filter nor rule', async ({ api, zone }) => {
    const before = await contentsOf(api, zone);
    const response = await combinedCreate(api, zone, [{ filter: { expression: uniqueExpression() }, action: INVALID_ACTION }]);
    expectFailure(response, 'creating a rule with an unknown action');
    await expectNothingCreated(api, zone, before);
  });

  spec('ZM-FW-COMBINED-ERRORS-OF-BOTH', 'an item whose filter and rule are both invalid gets an error for each', async ({ api, zone }) => {
    const before = await contentsOf(api, zone);
    const response = await combinedCreate(api, zone, [{ filter: { expression: 'http.request.uri.path contains' }, action: INVALID_ACTION }]);
    expectFailure(response, 'creating a rule with an invalid filter and an invalid action');
    about(response, () => expect(errorsIn(response).length, `one error per failed operation: ${answered(response)}`).toBeGreaterThanOrEqual(2));
    await expectNothingCreated(api, zone, before);
  });

  spec('ZM-FW-COMBINED-ATOMIC-BATCH', 'any batch mixing valid and invalid items creates nothing (property)', async ({ api, newZone, target, task, requests }) => {
    task.meta.seed = target.seed;
    // Its share of the run's request budget (spec-kit/request-budget.ts), at least what its edges take.
    const allowance = requests(0.025, 35);
    // One zone serves every batch: what it holds before a batch is what the listings showed after
    // the one before (read once at the start), so each batch costs its create and one read-back.
    // An Enterprise zone's quota leaves room for every valid item of every run (and of shrinking);
    // asking for no more than the plan, it is also a zone a target without a control API provides.
    const zone = await newZone({ plan: 'enterprise' });
    let known = await contentsOf(api, zone);
    await checkProperty(fc.asyncProperty(fc.array(batchItem, { minLength: 1, maxLength: 6 }), allowance.cases(async (batch: BatchItem[]) => {
      const items = itemsOf(batch);
      const before = known;
      const response = await combinedCreate(api, zone, items);
      const after = await contentsOf(api, zone);
      known = after;
      // Said in the model's terms: which items were valid and why the others were not, what was created.
      await withContext(describeBatch(batch, items, response, before, after), () => {
        if (batch.every((b) => b.valid)) {
          expect(expectArray(response, 'a batch of valid items (below)').length, 'every valid item of the batch below is created').toBe(items.length);
          expect(after.rules.length - before.rules.length, `the listing shows one rule per valid item of the batch below; it shows ${listingChange(before, after)}`).toBe(items.length);
        } else {
          expectFailure(response, 'a batch with an invalid item (below)');
          expect(after, `nothing of the batch below (it has an invalid item) may be created; the listings show ${listingChange(before, after)}`).toEqual(before);
        }
      });
    })), { seed: target.seed, numRuns: 25, examples: batchEdges });
  }, { timeout: 60_000 });
});

describe('the exceptions of rule 3: quota and features', () => {
  // On the edge: one place left and a batch of two. The quota would be exceeded by the request, so
  // it fails, and rule 3 lets only filters remain: the item that would have fitted gets no rule either.
  spec(['ZM-FW-COMBINED-QUOTA', 'ZM-FW-COMBINED-FILTER-MAY-REMAIN'], 'a batch larger than the places left in the rule quota creates none of its rules; a remaining filter is a requested one', async ({ api, newZone, task }) => {
    const zone = await newZone({ plan: 'free', rule_quota: 2 });
    const firstExpression = uniqueExpression();
    const [first] = await createRules(api, zone, [{ filter: { expression: firstExpression }, action: 'block' }]);
    const batch = [uniqueExpression(), uniqueExpression()];
    task.meta.failedRequirements = ['ZM-FW-COMBINED-QUOTA'];
    expectFailure(await combinedCreate(api, zone, batch.map((expression) => ({ filter: { expression }, action: 'block' }))), 'creating two rules with one place left in the quota');
    const rules = await listed<FirewallRule>(api, zone, '/firewall/rules');
    // Positive control: the same listing shows the rule the quota allowed.
    expect(rules.map((r) => r.id), 'the listing shows the first rule (within the quota), and only it: no rule of the refused batch, not even the one that would have fitted').toEqual([first!.id]);
    const filters = await listed<Filter>(api, zone, '/filters');
    expect(filters.filter((f) => f.expression === firstExpression).map((f) => f.id), 'positive control: the filter listing shows the first rule\'s filter by its expression').toEqual([first!.filter.id]);
    task.meta.failedRequirements = ['ZM-FW-COMBINED-FILTER-MAY-REMAIN'];
    for (const expression of batch) expect(filters.filter((f) => f.expression === expression).length, 'a filter of the refused batch may remain, but at most once').toBeLessThanOrEqual(1);
  });

  spec(['ZM-FW-COMBINED-FEATURE', 'ZM-FW-COMBINED-FILTER-MAY-REMAIN'], 'without the feature an action needs the rule is not created', async ({ api, newZone }) => {
    // Control API contract: the `log` action needs the zone feature firewall_rules.log_action.
    const zone = await newZone({ plan: 'pro', features: [] });
    const expression = uniqueExpression();
    expectFailure(await combinedCreate(api, zone, [{ filter: { expression }, action: 'log' }]), 'creating a log rule in a zone without the feature');
    expect(await listed(api, zone, '/firewall/rules'), 'no rule may exist').toEqual([]);
    const left = (await listed<Filter>(api, zone, '/filters')).filter((f) => f.expression === expression);
    expect(left.length, 'the filter may remain, but at most once').toBeLessThanOrEqual(1);
    // Positive control: in the same zone an action that needs no feature is created, and both listings show it.
    const blockExpression = uniqueExpression();
    const [block] = await createRules(api, zone, [{ filter: { expression: blockExpression }, action: 'block' }]);
    expect((await listed<FirewallRule>(api, zone, '/firewall/rules')).map((r) => r.id), 'positive control: the rule listing shows a block rule created in the same zone').toEqual([block!.id]);
    expect((await listed<Filter>(api, zone, '/filters')).filter((f) => f.expression === blockExpression).length, 'positive control: the filter listing shows its filter once').toBe(1);
    // And the same log rule is created in a zone of the same plan that has the feature.
    const featured = await newZone({ plan: 'pro', features: ['firewall_rules.log_action'] });
    await createRules(api, featured, [{ filter: { expression: uniqueExpression() }, action: 'log' }]);
  });
});

describe('rule 4: filters created by the combined create are protected', () => {
  spec('ZM-FW-COMBINED-FILTER-NO-PUT', 'PUT on such a filter is refused and the filter is unchanged; the same PUT on a filter of the filters endpoint changes it', async ({ api, zone, setUp, convention }) => {
    const expression = uniqueExpression();
    const [rule] = await createRules(api, zone, [{ filter: { expression }, action: 'block' }]);
    // The PUT form first, on a filter of the filters endpoint: the refusal below is then the protection's, not the form's.
    const [standalone] = await createFilters(api, zone, [{ expression: uniqueExpression() }]);
    const replacement = uniqueExpression();
    const standalonePath = zone.path(`/filters/${standalone!.id}`);
    await setUp(PUT_FILTER, async () => expectSuccess(await api.put(standalonePath, { json: { id: standalone!.id, expression: replacement, paused: true } }), 'PUT on a filter of the filters endpoint'));
    await convention('ZM-FLT-PUT', 'the read shows what the PUT on a filter of the filters endpoint changed', async () => {
      expect(expectObject(await api.get<Filter>(standalonePath), 'reading that filter')).toMatchObject({ expression: replacement, paused: true });
    });
    const path = zone.path(`/filters/${rule!.filter.id}`);
    expectFailure(await api.put(path, { json: { id: rule!.filter.id, expression: uniqueExpression(), paused: true } }), 'the same PUT on a filter created with its rule');
    const filter = expectObject(await api.get<Filter>(path), 'reading the filter');
    expect(filter.expression, 'the protected filter keeps its expression').toBe(expression);
    expect(filter.paused, 'the protected filter keeps paused').toBe(rule!.filter.paused);
  }, { conventions: ['ZM-FLT-PUT'] });

  // "Filters created this way" are the combined create's: a filter of the filters endpoint, shared
  // by rules as the recommended sequence has it, is not protected by rule 4. The PUT's form is
  // the set-up step (on an unused filter); the same PUT on one that two rules use must be taken.
  spec(['ZM-FW-COMBINED-FILTER-RULE4-SCOPE', 'ZM-FLT-SHARED'], 'a filter of the filters endpoint used by rules takes the PUT an unused one takes, singly and on the collection', async ({ api, zone, setUp }) => {
    const [unused, used] = await createFilters(api, zone, [{ expression: uniqueExpression() }, { expression: uniqueExpression() }]);
    await setUp(PUT_FILTER, async () => expectSuccess(await api.put(zone.path(`/filters/${unused!.id}`), { json: { id: unused!.id, expression: uniqueExpression(), paused: true } }), 'PUT on an unused filter of the filters endpoint'));
    const rules = [...await createRules(api, zone, [{ filter: { id: used!.id }, action: 'block' }]), ...await createRules(api, zone, [{ filter: { id: used!.id }, action: 'challenge' }])];
    expect(rules.map((r) => r.filter.id), 'both rules use the filter of the filters endpoint').toEqual([used!.id, used!.id]);
    const replacement = uniqueExpression();
    expectSuccess(await api.put(zone.path(`/filters/${used!.id}`), { json: { id: used!.id, expression: replacement, paused: true } }), 'the same PUT on that filter, now used by two rules (rule 4 protects only filters of the combined create)');
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${used!.id}`)), 'reading the filter').expression, 'the used filter took the PUT').toBe(replacement);
    const collection = [{ id: used!.id, expression: uniqueExpression(), paused: false }];
    await setUp(PUT_FILTERS, async () => expectSuccess(await api.put(zone.path('/filters'), { json: [{ id: unused!.id, expression: uniqueExpression(), paused: false }] }), 'PUT /filters naming an unused filter of the filters endpoint'));
    expectSuccess(await api.put(zone.path('/filters'), { json: collection }), 'the same PUT /filters naming the filter the two rules use');
  });

  spec('ZM-FW-COMBINED-FILTER-NO-DELETE', 'DELETE on such a filter is refused and the filter stays, even once its rule is gone', async ({ api, zone }) => {
    const [rule] = await createRules(api, zone, [{ filter: { expression: uniqueExpression() }, action: 'block' }]);
    const path = zone.path(`/filters/${rule!.filter.id}`);
    expectFailure(await api.delete(path), 'DELETE on a filter created with its rule');
    expectSuccess(await api.get(zone.path(`/firewall/rules/${rule!.id}`)), 'the rule still exists');
    // The protection is not the refusal to delete a filter in use: it holds for an unused one too.
    expectSuccess(await api.delete(zone.path(`/firewall/rules/${rule!.id}`)), 'deleting the rule');
    expectFailure(await api.delete(path), 'DELETE on the filter, now unused');
    expect(expectObject(await api.get<Filter>(path), 'the filter still exists').id, 'the filter read is the protected one').toBe(rule!.filter.id);
    // Positive control: the same DELETE on an unused filter of the filters endpoint removes it, and the same read sees it gone.
    const [standalone] = await createFilters(api, zone, [{ expression: uniqueExpression() }]);
    expectSuccess(await api.delete(zone.path(`/filters/${standalone!.id}`)), 'positive control: DELETE on an unused filter of the filters endpoint');
    expectFailure(await api.get(zone.path(`/filters/${standalone!.id}`)), 'positive control: the deleted filter is not found');
  });

  spec('ZM-FW-COMBINED-FILTER-NO-PUT', 'PUT on the filters collection does not get round the protection either', async ({ api, zone, setUp, convention }) => {
    const expression = uniqueExpression();
    const [rule] = await createRules(api, zone, [{ filter: { expression }, action: 'block' }]);
    // The collection's PUT form first, naming a filter of the filters endpoint: the refusal below is then the protection's.
    const [standalone] = await createFilters(api, zone, [{ expression: uniqueExpression() }]);
    const replacement = uniqueExpression();
    await setUp(PUT_FILTERS, async () => expectSuccess(await api.put(zone.path('/filters'), { json: [{ id: standalone!.id, expression: replacement, paused: true }] }), 'PUT /filters naming a filter of the filters endpoint'));
    await convention('ZM-FLT-PUT', 'the read shows what the collection PUT changed', async () => {
      expect(expectObject(await api.get<Filter>(zone.path(`/filters/${standalone!.id}`)), 'reading that filter')).toMatchObject({ expression: replacement, paused: true });
    });
    expectFailure(await api.put(zone.path('/filters'), { json: [{ id: rule!.filter.id, expression: uniqueExpression(), paused: true }] }), 'the same PUT /filters naming a filter created with its rule');
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${rule!.filter.id}`)), 'the protected filter after the collection PUT'), 'the protected filter is unchanged')
      .toMatchObject({ id: rule!.filter.id, expression, paused: rule!.filter.paused });
  }, { conventions: ['ZM-FLT-PUT'] });

  spec('ZM-FW-COMBINED-FILTER-NO-DELETE', 'DELETE on the filters collection does not get round the protection either, even once the rule is gone', async ({ api, zone, setUp, convention }) => {
    const [rule] = await createRules(api, zone, [{ filter: { expression: uniqueExpression() }, action: 'block' }]);
    // The collection's DELETE form first, naming an unused filter of the filters endpoint: the refusals below are then the protection's.
    const [standalone] = await createFilters(api, zone, [{ expression: uniqueExpression() }]);
    await setUp(DELETE_FILTERS, async () => expectSuccess(await api.delete(zone.path('/filters'), { query: { id: [standalone!.id] } }), 'DELETE /filters?id= naming a filter of the filters endpoint'));
    await convention('ZM-FLT-BULK-DELETE', 'the filter the collection DELETE named is gone', async () => {
      expectFailure(await api.get(zone.path(`/filters/${standalone!.id}`)), 'reading it');
    });
    expectFailure(await api.delete(zone.path('/filters'), { query: { id: [rule!.filter.id] } }), 'the same DELETE naming a filter created with its rule');
    expectSuccess(await api.delete(zone.path(`/firewall/rules/${rule!.id}`)), 'deleting its rule (so that only the protection can refuse the DELETE)');
    expectFailure(await api.delete(zone.path('/filters'), { query: { id: [rule!.filter.id] } }), 'the same DELETE naming it, now unused');
    expect(expectObject(await api.get<Filter>(zone.path(`/filters/${rule!.filter.id}`)), 'the protected filter after the collection DELETEs').id).toBe(rule!.filter.id);
  }, { conventions: ['ZM-FLT-BULK-DELETE'] });
});

describe('the recommended sequence', () => {
  spec(['ZM-FW-RULE-BY-FILTER-ID', 'ZM-FLT-CREATE', 'ZM-FLT-SHARED'], 'a filter created first is shared by rules created by its id', async ({ api, ownZone: zone }) => {
    const expression = uniqueExpression();
    const [filter] = await createFilters(api, zone, [{ expression }]);
    const [first] = await createRules(api, zone, [{ filter: { id: filter!.id }, action: 'block' }]);
    const [second] = await createRules(api, zone, [{ filter: { id: filter!.id }, action: 'challenge' }]);
    expect(first!.id, 'two rules').not.toBe(second!.id);
    expect(second!.filter.expression, 'the second rule shows the shared filter\'s expression as sent').toBe(expression);
    const filters = await listed<Filter>(api, zone, '/filters');
    expect(filters.map((f) => [f.id, f.expression]), 'the zone holds the one filter, with the expression sent: no other was created').toEqual([[filter!.id, expression]]);
    const rules = await listed<FirewallRule>(api, zone, '/firewall/rules');
    expect(rules.map((r) => r.id).sort(), 'both rules are listed').toEqual([first!.id, second!.id].sort());
    rules.forEach((r) => expect(r.filter.id, `rule ${r.id} refers to the shared filter`).toBe(filter!.id));
  });

  spec(['ZM-FW-DELETE-REVERSE-ORDER', 'ZM-FW-DELETE', 'ZM-FLT-DELETE'], 'deleting the rules, then their filter, removes them all', async ({ api, zone }) => {
    const before = await contentsOf(api, zone);
    const [filter] = await createFilters(api, zone, [{ expression: uniqueExpression() }]);
    const rules = await createRules(api, zone, [{ filter: { id: filter!.id }, action: 'block' }, { filter: { id: filter!.id }, action: 'allow' }]);
    // Positive control: before the deletes the same reads find them.
    for (const rule of rules) expectObject(await api.get(zone.path(`/firewall/rules/${rule.id}`)), 'reading a rule before the delete');
    expectObject(await api.get(zone.path(`/filters/${filter!.id}`)), 'reading the filter before the delete');
    for (const rule of rules.reverse()) expectSuccess(await api.delete(zone.path(`/firewall/rules/${rule.id}`)), 'deleting a rule');
    expectSuccess(await api.delete(zone.path(`/filters/${filter!.id}`)), 'deleting the filter after its rules');
    for (const rule of rules) expectFailure(await api.get(zone.path(`/firewall/rules/${rule.id}`)), 'reading a deleted rule');
    expectFailure(await api.get(zone.path(`/filters/${filter!.id}`)), 'reading a deleted filter');
    await expectNothingCreated(api, zone, before);
  });
});

describe('the firewall rules paths of the Versioning table', () => {
  spec('ZM-FW-PUT', 'PUT replaces the whole rule: what it leaves out returns to its default', async ({ api, zone }) => {
    const [rule] = await rulesFor(api, zone, [{ filter: { expression: uniqueExpression() }, action: 'block', priority: 7, paused: true, description: 'before the PUT' }]);
    const replaced = expectSuccess(await api.put<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`), { json: { id: rule!.id, action: 'challenge', filter: { id: rule!.filter.id } } }), 'PUT of action and filter only');
    expect(replaced, 'a replaced rule keeps nothing the PUT left out').toMatchObject({ id: rule!.id, action: 'challenge', paused: false, priority: null });
    expect(replaced.description ?? null, 'description left out of the PUT').toBeNull();
  });

  spec(['ZM-FW-PUT', 'ZM-ENV-REFUSAL-4XX'], 'a PUT without a filter or an action, with a filter that is not {id}, naming an unknown filter, with a body that is not an object, or (on the collection) without an id, is refused with a 4xx and changes nothing', async ({ api, zone }) => {
    const [rule] = await rulesFor(api, zone, [{ filter: { expression: uniqueExpression() }, action: 'block' }]);
    const path = zone.path(`/firewall/rules/${rule!.id}`);
    const refused: [string, unknown][] = [
      ['without a filter', { id: rule!.id, action: 'allow' }],
      ['with a filter that is a string', { id: rule!.id, action: 'allow', filter: 'ssl' }],
      ['with a filter that is null', { id: rule!.id, action: 'allow', filter: null }],
      ['with a filter that is an array', { id: rule!.id, action: 'allow', filter: [rule!.filter.id] }],
      ['with a filter whose id is a number', { id: rule!.id, action: 'allow', filter: { id: 7 } }],
      ['with a filter without an id', { id: rule!.id, action: 'allow', filter: { expression: uniqueExpression() } }],
      ['naming a filter that does not exist', { id: rule!.id, action: 'allow', filter: { id: '0'.repeat(32) } }],
      ['without an action', { id: rule!.id, filter: { id: rule!.filter.id } }],
      ['whose body is an array', [{ id: rule!.id, action: 'allow', filter: { id: rule!.filter.id } }]],
      ['whose body is a string', 'allow'],
    ];
    for (const [what, body] of refused) expectRefused(await api.put(path, { json: body }), `PUT ${what}`);
    expectRefused(await api.put(zone.path('/firewall/rules'), { json: [{ action: 'allow', filter: { id: rule!.filter.id } }] }), 'PUT on the collection of an item without id');
    expectRefused(await api.put(zone.path('/firewall/rules'), { json: [{ id: '', action: 'allow', filter: { id: rule!.filter.id } }] }), 'PUT on the collection of an item whose id is empty');
    expect(expectObject(await api.get<FirewallRule>(path)), 'the rule after the refused PUTs').toMatchObject({ action: 'block', filter: { id: rule!.filter.id } });
    // Positive control: a valid PUT of the same form changes the rule, and the same read sees it.
    expectSuccess(await api.put(path, { json: { id: rule!.id, action: 'allow', filter: { id: rule!.filter.id } } }), 'positive control: a valid PUT');
    expect(expectObject(await api.get<FirewallRule>(path)).action, 'positive control: the read shows the valid PUT').toBe('allow');
  });

  spec('ZM-FW-PATCH', 'a PATCH to an action whose feature the zone lacks is refused and changes nothing', async ({ api, newZone }) => {
    // Control API contract: the `log` action needs the zone feature firewall_rules.log_action.
    const zone = await newZone({ plan: 'pro', features: [] });
    const [rule] = await rulesFor(api, zone, [{ filter: { expression: uniqueExpression() }, action: 'block' }]);
    expectFailure(await api.patch(zone.path(`/firewall/rules/${rule!.id}`), { json: { action: 'log' } }), 'PATCH to action log without the feature');
    expect(expectObject(await api.get<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`))).action, 'the refused PATCH left the action').toBe('block');
    // Positive control: a PATCH to an action that needs no feature changes it, and the same read sees it.
    expectSuccess(await api.patch(zone.path(`/firewall/rules/${rule!.id}`), { json: { action: 'challenge' } }), 'positive control: PATCH to action challenge');
    expect(expectObject(await api.get<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`))).action, 'positive control: the read shows the PATCH').toBe('challenge');
  });

  spec('ZM-FW-RULE-BY-FILTER-ID', 'a rule referring to a filter id that does not exist, or to a filter that is not an object, is refused and nothing is created', async ({ api, zone }) => {
    const before = await contentsOf(api, zone);
    expectFailure(await combinedCreate(api, zone, [{ filter: { id: '0'.repeat(32) }, action: 'block' }]), 'a rule naming an unknown filter id');
    expectFailure(await api.post(zone.path('/firewall/rules'), { json: [{ filter: 'ssl', action: 'block' }] }), 'a rule whose filter is a string');
    await expectNothingCreated(api, zone, before);
  });

  spec('ZM-FW-COMBINED-INVALID-FILTER', 'an item whose filter is missing, null, not an object, without an expression, or names an id that is not a string is refused with a 4xx and nothing is created', async ({ api, zone, convention }) => {
    const before = await contentsOf(api, zone);
    const items: [string, Record<string, unknown>][] = [
      ['without a filter', { action: 'block' }],
      ['whose filter is null', { filter: null, action: 'block' }],
      ['whose filter is a string', { filter: uniqueExpression(), action: 'block' }],
      ['whose filter is an array', { filter: [{ expression: uniqueExpression() }], action: 'block' }],
      ['whose filter id is a number', { filter: { id: 7 }, action: 'block' }],
      ['whose filter has no expression', { filter: {}, action: 'block' }],
      ['whose filter has no expression but other fields', { filter: { paused: false, description: 'no expression' }, action: 'block' }],
    ];
    const answers: ApiResponse[] = [];
    for (const [, item] of items) answers.push(await api.post(zone.path('/firewall/rules'), { json: [{ filter: { expression: uniqueExpression() }, action: 'block' }, item] }));
    await convention('ZM-ENV-REFUSAL-4XX', 'each refusal is a 4xx', () => items.forEach(([what], i) => expectRefused(answers[i]!, `a batch with an item ${what}`)));
    items.forEach(([what], i) => expectFailure(answers[i]!, `a batch with an item ${what}`));
    await expectNothingCreated(api, zone, before);
  }, { conventions: ['ZM-ENV-REFUSAL-4XX'] });

  spec(['ZM-FW-COMBINED-INVALID-RULE', 'ZM-FW-COMBINED-INVALID-FILTER'], 'fields of the wrong type, a missing action, an empty batch or an item that is not an object are refused with a 4xx and create nothing; so is a PATCH whose body is not an object', async ({ api, zone, convention }) => {
    const before = await contentsOf(api, zone);
    const valid = () => ({ filter: { expression: uniqueExpression() }, action: 'block' });
    // What the document shows: an array of {filter: {expression: string}, action: string}; paused boolean, priority a number or null.
    const invalid: [string, unknown][] = [
      ['a batch whose item is a string', [valid(), 'block']],
      ['a batch whose item is null', [valid(), null]],
      ['an item without an action', [{ filter: { expression: uniqueExpression() } }]],
      ['paused as a string', [{ ...valid(), paused: 'true' }]],
      ['a priority that is a string', [{ ...valid(), priority: '1' }]],
      ['an action that is a number', [{ ...valid(), action: 1 }]],
      ['a filter expression that is empty', [{ filter: { expression: ' ' }, action: 'block' }]],
      ['a filter expression that is a number', [{ filter: { expression: 42 }, action: 'block' }]],
      ['a filter paused as a string', [{ filter: { expression: uniqueExpression(), paused: 'no' }, action: 'block' }]],
    ];
    // Production's conventions: the document shows no description or ref, no range of priority, nor says an empty batch is refused.
    const conventional: [string, unknown][] = [
      ['an empty batch', []],
      ['a description that is a number', [{ ...valid(), description: 5 }]],
      ['a priority that is negative', [{ ...valid(), priority: -1 }]],
      ['a priority that is not an integer', [{ ...valid(), priority: 1.5 }]],
      ['a ref that is an object', [{ ...valid(), ref: { id: 1 } }]],
      ['a filter description that is a list', [{ filter: { expression: uniqueExpression(), description: ['x'] }, action: 'block' }]],
    ];
    const answers = await Promise.all(invalid.map(([, body]) => api.post(zone.path('/firewall/rules'), { json: body })));
    await convention('ZM-ENV-REFUSAL-4XX', 'an invalid rule or filter is refused with a 4xx', () => invalid.forEach(([what], i) => expectRefused(answers[i]!, `POST of ${what}`)));
    invalid.forEach(([what], i) => expectFailure(answers[i]!, `POST of ${what}`));
    // The same read serves as what the conventional items below are compared against.
    const afterInvalid = await contentsOf(api, zone);
    expect(afterInvalid, 'the invalid items created neither filter nor rule').toEqual(before);
    await convention('ZM-ENV-REFUSAL-4XX', 'fields the document does not show, out of production\'s range or of the wrong type, and an empty batch, are refused with a 4xx and create nothing', async () => {
      // Sent only when the conventions are checked (a core run sends none of them).
      const others = await Promise.all(conventional.map(([, body]) => api.post(zone.path('/firewall/rules'), { json: body })));
      conventional.forEach(([what], i) => expectRefused(others[i]!, `POST of ${what}`));
      expect(await contentsOf(api, zone), 'they created nothing').toEqual(afterInvalid);
    });
    await convention('ZM-FW-PATCH', 'a PATCH whose body is not an object or has fields of the wrong type is refused with a 4xx and changes nothing', async () => {
      const [rule] = await createRules(api, zone, [{ ...valid(), description: 'kept', priority: 3 }]);
      for (const body of [{ description: 7 }, { paused: 1 }, { priority: -2 }, { action: null }, [{ action: 'allow' }], 'allow', 5, null]) {
        expectRefused(await api.patch(zone.path(`/firewall/rules/${rule!.id}`), { json: body }), `PATCH ${JSON.stringify(body)}`);
      }
      expect(expectObject(await api.get<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`))), 'the rule after the refused PATCHes').toMatchObject({ description: 'kept', priority: 3, paused: false, action: 'block' });
      // Positive control: a valid PATCH of the same form changes the rule, and the same read sees it.
      expectSuccess(await api.patch(zone.path(`/firewall/rules/${rule!.id}`), { json: { description: 'changed', priority: 4 } }), 'positive control: a valid PATCH');
      expect(expectObject(await api.get<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`))), 'positive control: the read shows the valid PATCH').toMatchObject({ description: 'changed', priority: 4 });
    });
    // Positive control of "nothing created": the same listing shows a valid combined create.
    await expectListingSeesCreate(api, zone, await contentsOf(api, zone));
  }, { conventions: ['ZM-ENV-REFUSAL-4XX', 'ZM-FW-PATCH'] });

  spec(['ZM-FW-RULE-SHAPE', 'ZM-FW-PATCH'], 'description and ref read back as set, and priority at the ends of its range', async ({ api, zone }) => {
    const [rule] = await rulesFor(api, zone, [{ filter: { expression: uniqueExpression() }, action: 'block', description: 'a description', ref: 'REF-1', priority: 0 }]);
    expect(rule, 'the created rule').toMatchObject({ description: 'a description', ref: 'REF-1', priority: 0 });
    const patched = expectSuccess(await api.patch<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`), { json: { priority: 2147483647, ref: 'REF-2' } }), 'PATCH of priority and ref');
    expect(patched, 'the patched rule keeps its description').toMatchObject({ description: 'a description', ref: 'REF-2', priority: 2147483647 });
    const paused = expectSuccess(await api.patch<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`), { json: { paused: true } }), 'PATCH of paused only');
    expect(paused, 'a PATCH that leaves description and ref out keeps them').toMatchObject({ description: 'a description', ref: 'REF-2', paused: true });
  });

  spec(['ZM-FW-LIST', 'ZM-FW-GET'], 'the list holds the zone\'s rules and each reads back the same', async ({ api, zone }) => {
    const created = await rulesFor(api, zone, [1, 2, 3].map(() => ({ filter: { expression: uniqueExpression() }, action: 'block' })));
    const rules = await listed<FirewallRule>(api, zone, '/firewall/rules');
    rules.forEach((rule) => expectShape('firewall-rule', rule));
    expect(idsInScope(zone, rules, created)).toEqual(created.map((r) => r.id).sort());
    for (const rule of created) {
      const read = expectSuccess(await api.get<FirewallRule>(zone.path(`/firewall/rules/${rule.id}`)), 'reading a rule');
      expectShape('firewall-rule', read);
      expect({ ...read, filter: { ...read.filter } }).toMatchObject({ id: rule.id, action: rule.action, priority: rule.priority, filter: { id: rule.filter.id, expression: rule.filter.expression } });
    }
  });

  spec('ZM-FW-PUT', 'PUT replaces a rule, singly and as an array', async ({ api, zone }) => {
    const [rule, other] = await rulesFor(api, zone, [1, 2].map(() => ({ filter: { expression: uniqueExpression() }, action: 'block' })));
    const replaced = expectSuccess(await api.put<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`), {
      json: { id: rule!.id, action: 'challenge', priority: 5, paused: true, filter: { id: rule!.filter.id } },
    }), 'PUT on a rule');
    expectShape('firewall-rule', replaced);
    expect(replaced).toMatchObject({ id: rule!.id, action: 'challenge', priority: 5, paused: true });
    const bulk = expectSuccess(await api.put<FirewallRule[]>(zone.path('/firewall/rules'), {
      json: [{ id: other!.id, action: 'allow', filter: { id: other!.filter.id } }],
    }), 'PUT on the collection');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]).toMatchObject({ id: other!.id, action: 'allow' });
    expect(expectSuccess(await api.get<FirewallRule>(zone.path(`/firewall/rules/${other!.id}`))).action).toBe('allow');
  });

  spec('ZM-FW-PATCH', 'PATCH updates the given fields, singly and as an array', async ({ api, zone }) => {
    const [rule, other] = await rulesFor(api, zone, [1, 2].map(() => ({ filter: { expression: uniqueExpression() }, action: 'block' })));
    const patched = expectSuccess(await api.patch<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`), { json: { priority: 10 } }), 'PATCH on a rule');
    expect(patched).toMatchObject({ id: rule!.id, action: 'block', priority: 10, paused: false });
    const bulk = expectSuccess(await api.patch<FirewallRule[]>(zone.path('/firewall/rules'), { json: [{ id: other!.id, paused: true }] }), 'PATCH on the collection');
    expect(bulk[0]).toMatchObject({ id: other!.id, paused: true, action: 'block' });
    const back = expectSuccess(await api.patch<FirewallRule>(zone.path(`/firewall/rules/${rule!.id}`), { json: { priority: null } }), 'PATCH priority back to null');
    expect(back.priority).toBeNull();
  });

  // "priority | number or null | null when not set": a rule whose priority a PATCH sent as null has
  // none set, so it reads null. The PATCH's form (production's {priority}) is the set-up step, a
  // number taken and read back; what the null then does is the document's, core.
  spec('ZM-FW-PRIORITY-NULL', 'a PATCH sending priority null leaves the rule without a priority: it reads null, singly and in the list', async ({ api, zone, setUp }) => {
    const [rule] = await rulesFor(api, zone, [{ filter: { expression: uniqueExpression() }, action: 'block' }]);
    const path = zone.path(`/firewall/rules/${rule!.id}`);
    await setUp('a PATCH /firewall/rules/{rule_id} with {priority: 10} taken and read back (the payload is not shown)', async () => {
      expectSuccess(await api.patch(path, { json: { priority: 10 } }), 'PATCH priority 10');
      expect(expectObject(await api.get<FirewallRule>(path), 'reading the rule').priority, 'the rule reads priority 10').toBe(10);
    });
    expectSuccess(await api.patch(path, { json: { priority: null } }), 'the same PATCH with priority null');
    expect(expectObject(await api.get<FirewallRule>(path), 'reading the rule').priority, 'a priority sent as null is not set: it reads null').toBeNull();
    const listedRule = (await listed<FirewallRule>(api, zone, '/firewall/rules')).find((r) => r.id === rule!.id);
    expect(listedRule?.priority, 'the list shows the rule with priority null').toBeNull();
  });

  spec('ZM-FW-BULK-DELETE', 'DELETE with repeated ?id= deletes those rules and answers their ids', async ({ api, zone }) => {
    const rules = await rulesFor(api, zone, [1, 2, 3].map(() => ({ filter: { expression: uniqueExpression() }, action: 'block' })));
    const gone = [rules[0]!.id, rules[2]!.id];
    const answer = expectSuccess(await api.delete<{ id: string }[]>(zone.path('/firewall/rules'), { query: { id: gone } }), 'bulk delete');
    expect(answer.map((a) => a.id).sort()).toEqual([...gone].sort());
    expect(idsInScope(zone, await listed<FirewallRule>(api, zone, '/firewall/rules'), rules)).toEqual([rules[1]!.id]);
  });

  spec('ZM-FW-DELETE-KEEPS-FILTER', 'deleting a rule leaves its filter', async ({ api, zone }) => {
    const expression = uniqueExpression();
    const [filter] = await createFilters(api, zone, [{ expression }]);
    const [rule] = await createRules(api, zone, [{ filter: { id: filter!.id }, action: 'block' }]);
    const rulePath = zone.path(`/firewall/rules/${rule!.id}`);
    expect(expectObject(await api.get<FirewallRule>(rulePath), 'reading the rule before the delete').id, 'the rule exists before the delete').toBe(rule!.id);
    expectSuccess(await api.delete(rulePath), 'deleting the rule');
    // The delete happened: the same read no longer finds the rule, nor the listing.
    expectFailure(await api.get(rulePath), 'reading the deleted rule');
    expect(idsInScope(zone, await listed<FirewallRule>(api, zone, '/firewall/rules'), [rule]), 'the deleted rule is not listed').toEqual([]);
    const kept = expectObject(await api.get<Filter>(zone.path(`/filters/${filter!.id}`)), 'reading the filter after its rule was deleted');
    expect({ id: kept.id, expression: kept.expression }, 'the filter read back is the one created, with the expression sent').toEqual({ id: filter!.id, expression });
  });

  spec('ZM-FW-ACTIONS', 'the seven rule actions are accepted and others refused', async ({ api, zone }) => {
    const actions = ['block', 'challenge', 'js_challenge', 'managed_challenge', 'allow', 'log', 'bypass'];
    const rules = await rulesFor(api, zone, actions.map((action) => ({ filter: { expression: uniqueExpression() }, action })));
    expect(rules.map((r) => r.action)).toEqual(actions);
    // In a zone the run does not own, by a filter id: a combined create a target wrongly accepted would leave its filter.
    const filter = zone.shared ? { id: rules[0]!.filter.id } : { expression: uniqueExpression() };
    expectFailure(await combinedCreate(api, zone, [{ filter, action: 'deny' }]), 'an unknown action');
  });

  spec('ZM-FW-PAGINATION', 'page and per_page walk the list; a page past the end is empty', async ({ api, ownZone: zone }) => {
    const created = await createRules(api, zone, Array.from({ length: 7 }, () => ({ filter: { expression: uniqueExpression() }, action: 'block' })));
    const page = async (n: number) => {
      const response = await api.get<FirewallRule[]>(zone.path('/firewall/rules'), { query: { page: n, per_page: 5 } });
      const rules = expectSuccess(response, `page ${n}`);
      expectShape('result-info', response.body!.result_info, 'result_info');
      expect(response.body!.result_info).toMatchObject({ page: n, per_page: 5, count: rules.length, total_count: 7 });
      return rules;
    };
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect([first.length, second.length, third.length]).toEqual([5, 2, 0]);
    expect([...first, ...second].map((r) => r.id).sort(), 'the pages hold every rule once').toEqual(created.map((r) => r.id).sort());
    const byDefault = await api.get<FirewallRule[]>(zone.path('/firewall/rules'));
    expect(byDefault.body?.result_info?.per_page, 'per_page defaults to 25').toBe(25);
  });

  spec('ZM-FW-LIST-FILTERS', 'the list filters by description, action, id and paused', async ({ api, zone }) => {
    const marker = crypto.randomUUID();
    const [a, b, c] = await rulesFor(api, zone, [
      { filter: { expression: uniqueExpression() }, action: 'block', description: `first ${marker}` },
      { filter: { expression: uniqueExpression() }, action: 'challenge', paused: true },
      { filter: { expression: uniqueExpression() }, action: 'block' },
    ]);
    const ids = async (query: Record<string, string | boolean>) => idsInScope(zone, await listed<FirewallRule>(api, zone, '/firewall/rules', query), [a, b, c]);
    expect(await ids({ description: marker })).toEqual([a!.id]);
    expect(await ids({ action: 'block' })).toEqual([a!.id, c!.id].sort());
    expect(await ids({ id: c!.id })).toEqual([c!.id]);
    expect(await ids({ paused: true })).toEqual([b!.id]);
    expect(await ids({ paused: false })).toEqual([a!.id, c!.id].sort());
  });
});

describe('state remembered across objects: a rule and its shared filter', () => {
  spec('ZM-FLT-SHARED', 'a rule shows its shared filter\'s paused and expression as the filter has them, on read and in the listing', async ({ api, zone }) => {
    const [paused, running] = await createFilters(api, zone, [{ expression: uniqueExpression(), paused: true }, { expression: uniqueExpression(), paused: false }]);
    const rules = await createRules(api, zone, [
      { filter: { id: paused!.id }, action: 'block' }, { filter: { id: paused!.id }, action: 'challenge' }, { filter: { id: running!.id }, action: 'block' },
    ]);
    const filterOf = (rule: FirewallRule) => (rule.filter.id === paused!.id ? paused! : running!);
    // Both values of paused are shown, so a rule that always shows one of them is caught either way.
    for (const rule of rules) {
      const read = expectObject(await api.get<FirewallRule>(zone.path(`/firewall/rules/${rule.id}`)), `reading rule ${rule.id}`);
      expect(read.filter, `rule ${rule.id} read back shows its filter as the filters endpoint made it`).toEqual(filterFields(filterOf(rule)));
    }
    const listing = new Map((await listed<FirewallRule>(api, zone, '/firewall/rules')).map((r) => [r.id, r]));
    for (const rule of rules) expect(listing.get(rule.id)?.filter, `rule ${rule.id} in the listing shows its filter as the filters endpoint made it`).toEqual(filterFields(filterOf(rule)));
  });

  spec('ZM-FLT-SHARED', 'a rule read after its shared filter was changed and paused shows the filter as it is now', async ({ api, zone, setUp }) => {
    const [filter] = await createFilters(api, zone, [{ expression: uniqueExpression(), paused: false }]);
    const rules = await createRules(api, zone, [{ filter: { id: filter!.id }, action: 'block' }, { filter: { id: filter!.id }, action: 'allow' }]);
    const expression = uniqueExpression();
    await setUp(PUT_FILTER, async () =>
      expectSuccess(await api.put(zone.path(`/filters/${filter!.id}`), { json: { id: filter!.id, expression, paused: true } }), 'PUT on the shared filter'));
    const now = expectObject(await api.get<Filter>(zone.path(`/filters/${filter!.id}`)), 'reading the shared filter after the PUT');
    // What the rules must show is what the filter is now, whatever the PUT did to it; and the PUT did change it (the control).
    expect(filterFields(now), 'positive control: the filter read shows the PUT (else the rules have nothing new to show)').toEqual({ id: filter!.id, expression, paused: true });
    for (const rule of rules) {
      const read = expectObject(await api.get<FirewallRule>(zone.path(`/firewall/rules/${rule.id}`)), `reading rule ${rule.id}`);
      expect(read.filter, `rule ${rule.id} read after its filter changed shows the filter as it is now`).toEqual(filterFields(now));
    }
    const listing = new Map((await listed<FirewallRule>(api, zone, '/firewall/rules')).map((r) => [r.id, r]));
    for (const rule of rules) expect(listing.get(rule.id)?.filter, `rule ${rule.id} in the listing shows the filter as it is now`).toEqual(filterFields(now));
  });
});

describe('objects left by a refused request', () => {
  spec(['ZM-FW-COMBINED-FILTER-NO-DELETE', 'ZM-FW-COMBINED-FILTER-NO-PUT'], 'a filter left by a create refused for the quota or a missing feature is protected by rule 4', async ({ api, newZone, setUp, task }) => {
    const full = await newZone({ plan: 'pro', rule_quota: 1, features: [] });
    await createRules(api, full, [{ filter: { expression: uniqueExpression() }, action: 'block' }]);
    const featureless = await newZone({ plan: 'pro', features: [] });
    const refusals = [
      { zone: full, expression: uniqueExpression(), action: 'block' },
      { zone: featureless, expression: uniqueExpression(), action: 'log' },
    ];
    const leftovers: { zone: typeof full; filter: Filter }[] = [];
    for (const { zone, expression, action } of refusals) {
      // A create that was not refused is the quota's or the feature's failure (their specs), not rule 4's: nothing is left here.
      if ((await combinedCreate(api, zone, [{ filter: { expression }, action }])).body?.success === true) continue;
      leftovers.push(...(await listed<Filter>(api, zone, '/filters')).filter((f) => f.expression === expression).map((filter) => ({ zone, filter })));
    }
    // A target that leaves no filter (rule 3 allows either) gives rule 4 nothing to protect here.
    if (leftovers.length === 0) return;
    // Positive controls first: the same DELETE and PUT forms are taken on filters of the filters endpoint.
    const [unused, replaced] = await createFilters(api, full, [{ expression: uniqueExpression() }, { expression: uniqueExpression() }]);
    expectSuccess(await api.delete(full.path(`/filters/${unused!.id}`)), 'positive control: DELETE on an unused filter of the filters endpoint');
    await setUp(PUT_FILTER, async () =>
      expectSuccess(await api.put(full.path(`/filters/${replaced!.id}`), { json: { id: replaced!.id, expression: uniqueExpression(), paused: true } }), 'PUT on a filter of the filters endpoint'));
    // Both statements of rule 4 are checked on each left filter; a failure blames the one it breaks.
    await eachStatement(task, leftovers.flatMap(({ zone, filter }) => {
      const path = zone.path(`/filters/${filter.id}`);
      return [
        ['ZM-FW-COMBINED-FILTER-NO-DELETE', async () => {
          expectFailure(await api.delete(path), `DELETE on filter ${filter.id}, left by a refused combined create`);
          expect(expectObject(await api.get<Filter>(path), `reading filter ${filter.id} after the refused DELETE`).id, 'the left filter is still there').toBe(filter.id);
        }],
        ['ZM-FW-COMBINED-FILTER-NO-PUT', async () => {
          expectFailure(await api.put(path, { json: { id: filter.id, expression: uniqueExpression(), paused: true } }), `PUT on filter ${filter.id}, left by a refused combined create`);
          expect(filterFields(expectObject(await api.get<Filter>(path), `reading filter ${filter.id} after the refused PUT`)), 'the left filter stays as it was left').toEqual(filterFields(filter));
        }],
      ] as const;
    }));
  });
});

describe('concurrency near the rule quota', () => {
  spec(['ZM-FW-COMBINED-QUOTA', 'ZM-FW-COMBINED-FILTER-MAY-REMAIN'], 'combined creates sent at once for the last places of the quota: only as many succeed as fit, and the listing shows the quota full, not over', async ({ api, newZone, task }) => {
    const cases = [{ quota: 3, existing: 2, requests: 4, size: 1 }, { quota: 4, existing: 2, requests: 3, size: 2 }];
    // One case after the other: each check names the statement it blames (task.meta), which a case still running would overwrite.
    for (const { quota, existing, requests, size } of cases) {
      const zone = await newZone({ plan: 'enterprise', rule_quota: quota });
      const first = await createRules(api, zone, Array.from({ length: existing }, () => ({ filter: { expression: uniqueExpression() }, action: 'block' })));
      const batches = Array.from({ length: requests }, () => Array.from({ length: size }, () => ({ filter: { expression: uniqueExpression() }, action: 'block' })));
      const answers = await Promise.all(batches.map((items) => combinedCreate(api, zone, items)));
      const what = `${requests} combined creates of ${size} rule(s) sent at once with ${quota - existing} place(s) left in a quota of ${quota}`;
      const won = answers.flatMap((a, i) => (a.body?.success === true ? [i] : []));
      const rules = await listed<FirewallRule>(api, zone, '/firewall/rules');
      task.meta.failedRequirements = ['ZM-FW-COMBINED-QUOTA'];
      about(answers[0]!, () => expect(rules.length, `${what}: the listing may hold at most the quota; answers: ${answers.map((a) => answerLine(a.status, a.body)).join(' | ')}`).toBeLessThanOrEqual(quota));
      // Positive control: the free places are taken, by exactly one of the requests (each fills them).
      about(answers[0]!, () => expect(won.length, `${what}: exactly one fits; answers: ${answers.map((a) => answerLine(a.status, a.body)).join(' | ')}`).toBe(1));
      const winner = expectArray<FirewallRule>(answers[won[0]!]!, 'the request that fitted');
      expect(rules.map((r) => r.id).sort(), `${what}: the listing shows the first rules and the winner's`).toEqual([...first, ...winner].map((r) => r.id).sort());
      const filters = await listed<Filter>(api, zone, '/filters');
      task.meta.failedRequirements = ['ZM-FW-COMBINED-FILTER-MAY-REMAIN'];
      for (const [i, items] of batches.entries()) {
        if (won.includes(i)) continue;
        for (const { filter } of items) expect(filters.filter((f) => f.expression === filter.expression).length, `${what}: a refused request's filter may remain, at most once`).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('firewall rules and filters against a model', () => {
  spec([
    'ZM-FW-COMBINED-CREATE', 'ZM-FW-COMBINED-QUOTA', 'ZM-FW-COMBINED-FILTER-MAY-REMAIN', 'ZM-FW-COMBINED-FILTER-NO-PUT', 'ZM-FW-COMBINED-FILTER-NO-DELETE',
    'ZM-FW-RULE-BY-FILTER-ID', 'ZM-FW-LIST', 'ZM-FW-DELETE', 'ZM-FLT-CREATE', 'ZM-FLT-LIST', 'ZM-FLT-DELETE', 'ZM-FLT-SHARED',
  ], 'random sequences of creates (concurrent near the quota), filter PUTs and deletes agree with a model of rules and filters (property)', async ({ api, newZone, setUp, convention, target, task, requests }) => {
    task.meta.seed = target.seed;
    // Its share of the run's request budget (spec-kit/request-budget.ts); its edges run first.
    const allowance = requests(0.05);
    try {
      await checkProperty(fc.asyncProperty(ruleQuota, firewallCommands, allowance.cases(async (quota: number, sequence: Parameters<typeof runModel>[0]) => {
        await runModel(sequence, quota, async () => ({ api, zone: await newZone({ plan: 'enterprise', rule_quota: quota }), setUp, convention }));
      })), { seed: target.seed, numRuns: 12, examples: firewallEdges() as never });
    } catch (error) {
      // The shrunk disagreement shows the documented statement its command breaks, not all twelve.
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof Disagreement) task.meta.failedRequirements = cause.requirements;
      throw error;
    }
  }, { timeout: 120_000, conventions: ['ZM-FLT-PUT', 'ZM-FW-PAGINATION'] });
});
