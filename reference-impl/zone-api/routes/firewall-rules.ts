// Firewall rules: /zones/{zone_id}/firewall/rules and /zones/{zone_id}/firewall/rules/{rule_id}.
//
// The combined create (POST with filter expressions) follows the spec's five rules:
//  1. filters are created first, then the rules that refer to them;
//  2. when any filter or rule of the request is invalid, nothing is created;
//  3. a rule quota or a missing zone feature is only found when the rules are created: the
//     filters stay, the rules are not created;
//  4. filters created this way refuse PUT and DELETE (see filters.ts);
//  5. the response carries the errors of both operations.

import { ApiError, codes, notFound, successEnvelope, type ErrorDetail } from '../errors.js';
import { checkFilterInput, checkRuleInput, missingFeature, ruleJson, type FilterInput, type RuleInput } from '../firewall/model.js';
import { Problems, requireArray, requireObject, type Json } from '../input.js';
import { idsFromQuery, listConditions, pageRequest, resultInfo } from '../listing.js';
import { cachedListAnswer, type Router } from '../router.js';
import type { FirewallStore, RuleRow } from '../firewall/store.js';
import type { Zone } from '../zones/store.js';
import { existingFilter } from './filters.js';

interface PlannedRule {
  rule: RuleInput;
  /** An existing filter to refer to, or a new one to create first. */
  filter: { id: string } | { create: FilterInput };
}

export function firewallRuleRoutes({ store, state: { firewall }, clocks, resource }: Router): void {
  const now = (zoneId: string) => new Date(clocks.of(zoneId).now()).toISOString();
  const present = (rule: RuleRow) => ruleJson(rule, firewall.getFilter(rule.zone_id, rule.filter_id)!);

  resource('/zones/:zone_id/firewall/rules', {
    GET: (req, reply) => cachedListAnswer(store, reply, 'firewall_rules', req, () => {
      const zone = req.zone();
      const page = pageRequest(req.query);
      const where = listConditions(req.query, { exact: ['id', 'action'], substring: ['description'], boolean: ['paused'] });
      const found = firewall.listRules(zone.id, where, page);
      // The page's filters in one query rather than one per rule (performance only, same answer).
      const filters = firewall.getFilters(zone.id, found.rows.map((rule) => rule.filter_id));
      return successEnvelope(found.rows.map((rule) => ruleJson(rule, filters.get(rule.filter_id)!)), { result_info: resultInfo(page, found) });
    }),
    POST: (req) => {
      const zone = req.zone();
      const planned = planCreate(firewall, zone, requireArray(req.body, 'firewall rules'));
      return successEnvelope(createRules(firewall, zone, planned, now(zone.id)).map(present));
    },
    PUT: (req) => {
      const zone = req.zone();
      const items = requireArray(req.body, 'firewall rules');
      return successEnvelope(updateRules(firewall, zone, items.map((b, i) => [String(b.id ?? ''), b, `rules[${i}]`]), 'replace', now(zone.id)).map(present));
    },
    PATCH: (req) => {
      const zone = req.zone();
      const items = requireArray(req.body, 'firewall rules');
      return successEnvelope(updateRules(firewall, zone, items.map((b, i) => [String(b.id ?? ''), b, `rules[${i}]`]), 'merge', now(zone.id)).map(present));
    },
    DELETE: (req) => {
      const zone = req.zone();
      const ids = idsFromQuery(req.query);
      firewall.transaction(() => ids.forEach((id) => firewall.deleteRule(existingRule(firewall, zone, id).id)));
      return successEnvelope(ids.map((id) => ({ id })));
    },
  });

  resource('/zones/:zone_id/firewall/rules/:rule_id', {
    GET: (req) => successEnvelope(present(existingRule(firewall, req.zone(), req.params.rule_id!))),
    PUT: (req) => {
      const [rule] = updateRules(firewall, req.zone(), [[req.params.rule_id!, requireObject(req.body, 'firewall rule'), 'rule']], 'replace', now(req.params.zone_id!));
      return successEnvelope(present(rule!));
    },
    PATCH: (req) => {
      const [rule] = updateRules(firewall, req.zone(), [[req.params.rule_id!, requireObject(req.body, 'firewall rule'), 'rule']], 'merge', now(req.params.zone_id!));
      return successEnvelope(present(rule!));
    },
    DELETE: (req) => {
      const rule = existingRule(firewall, req.zone(), req.params.rule_id!);
      firewall.deleteRule(rule.id);
      return successEnvelope({ id: rule.id });
    },
  });
}

function existingRule(firewall: FirewallStore, zone: Zone, id: string): RuleRow {
  const rule = firewall.getRule(zone.id, id);
  if (!rule) throw notFound('firewall rule', id);
  return rule;
}

/** Checks every item of a create request; throws with all problems before anything is created. */
function planCreate(firewall: FirewallStore, zone: Zone, items: Json[]): PlannedRule[] {
  const problems = new Problems();
  const planned = items.map((item, i): PlannedRule => {
    const where = `rules[${i}]`;
    const rule = checkRuleInput(item, where, problems);
    const filter = item.filter;
    if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
      problems.add(where, 'filter must be an object with either an id or an expression');
      return { rule, filter: { create: {} } };
    }
    const { id } = filter as Json;
    if (id !== undefined) {
      if (typeof id !== 'string' || !firewall.getFilter(zone.id, id)) problems.add(`${where}.filter`, `filter ${JSON.stringify(id)} not found`, codes.notFound);
      return { rule, filter: { id: String(id) } };
    }
    return { rule, filter: { create: checkFilterInput(filter as Json, `${where}.filter`, problems) } };
  });
  problems.throwIfAny();
  return planned;
}

function createRules(firewall: FirewallStore, zone: Zone, planned: PlannedRule[], timestamp: string): RuleRow[] {
  // Step 1: the filters (the production service creates them first).
  const insertFilters = () => planned.map(({ filter }) => ('id' in filter ? filter.id : firewall.insertFilter({
    zone_id: zone.id, expression: filter.create.expression!, paused: filter.create.paused ?? false,
    description: filter.create.description ?? null, ref: filter.create.ref ?? null, via_rule: true,
  }).id));
  // Step 2: the rules, all or nothing. Quota and features can only fail here: they depend on the
  // zone and its rule count, not on the new filters, so they are known before step 1.
  const refusals = ruleCreationRefusals(firewall, zone, planned);
  if (refusals.length > 0) {
    // Refused rules: the filters are created and stay (combined create, rule 3).
    const filterIds = firewall.transaction(insertFilters);
    const created = planned.flatMap((p, i) => ('create' in p.filter ? [filterIds[i]] : []));
    const note = created.length > 0 ? `. The filters of this request were created and remain: ${created.join(', ')}.` : '';
    throw new ApiError(refusals.some((r) => r.code === codes.featureMissing) ? 403 : 400, refusals.map((r) => ({ ...r, message: r.message + note })));
  }
  // Filters and rules in one transaction: with two, a crash between them (kill -9) left filters
  // without their rules, which only a refusal for quota or features may do (combined create,
  // rules 2 and 3; found by test/crash-consistency.test.ts).
  return firewall.transaction(() => {
    const filterIds = insertFilters();
    return planned.map(({ rule }, i) => firewall.insertRule({
      zone_id: zone.id, filter_id: filterIds[i]!, action: rule.action!, paused: rule.paused ?? false,
      priority: rule.priority ?? null, description: rule.description ?? null, ref: rule.ref ?? null,
      created_on: timestamp, modified_on: timestamp,
    }));
  });
}

function ruleCreationRefusals(firewall: FirewallStore, zone: Zone, planned: PlannedRule[]): ErrorDetail[] {
  const refusals: ErrorDetail[] = planned.flatMap(({ rule }, i) => {
    const feature = missingFeature(zone, rule.action!);
    return feature ? [{ code: codes.featureMissing, message: `rules[${i}]: action ${rule.action} needs the zone feature ${feature}, which this zone lacks` }] : [];
  });
  const existing = firewall.countRules(zone.id);
  if (existing + planned.length > zone.rule_quota) {
    refusals.push({
      code: codes.quotaExceeded,
      message: `firewall rule quota exceeded: the zone allows ${zone.rule_quota} rules, has ${existing}, and the request adds ${planned.length}`,
    });
  }
  return refusals;
}

/** PUT replaces a rule's fields (filter by id), PATCH merges the given ones; all or nothing. */
function updateRules(firewall: FirewallStore, zone: Zone, items: [id: string, body: Json, where: string][], mode: 'replace' | 'merge', timestamp: string): RuleRow[] {
  const problems = new Problems();
  const planned = items.map(([id, body, where]) => {
    if (id === '') problems.add(where, 'id is required');
    const input = checkRuleInput(body, where, problems, mode === 'merge');
    const filter = body.filter as Json | undefined;
    let filterId: string | undefined;
    if (filter !== undefined) {
      if (filter === null || typeof filter !== 'object' || typeof filter.id !== 'string') problems.add(where, 'filter must be an object with the id of an existing filter');
      else filterId = filter.id;
    } else if (mode === 'replace') problems.add(where, 'filter is required');
    return { id, input, filterId, where };
  });
  problems.throwIfAny();
  return firewall.transaction(() => planned.map(({ id, input, filterId, where }) => {
    const current = existingRule(firewall, zone, id);
    if (filterId !== undefined) existingFilter(firewall, zone, filterId);
    const base = mode === 'replace' ? { paused: false, priority: null, description: null, ref: null } : {};
    const next: RuleRow = { ...current, ...base, ...input, filter_id: filterId ?? current.filter_id, modified_on: timestamp };
    const feature = missingFeature(zone, next.action);
    if (feature && next.action !== current.action) {
      throw new ApiError(403, { code: codes.featureMissing, message: `${where}: action ${next.action} needs the zone feature ${feature}, which this zone lacks` });
    }
    firewall.updateRule(next);
    return next;
  }));
}
