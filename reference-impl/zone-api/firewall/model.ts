// Input checks and JSON representations shared by the filters and firewall rules endpoints.
// Checks collect every problem of a request (with the index of the item) instead of stopping
// at the first, so a client sees all the errors of both underlying operations at once.

import { codes } from '../errors.js';
import type { Json, Problems } from '../input.js';
import type { Zone } from '../zones/store.js';
import { parseExpression, ParseError } from './expression.js';
import type { FilterRow, RuleRow } from './store.js';

export const RULE_ACTIONS = ['block', 'challenge', 'js_challenge', 'managed_challenge', 'allow', 'log', 'bypass'] as const;

/** Zone features a rule action needs; a zone without it cannot hold such a rule. */
export const ACTION_FEATURES: Readonly<Record<string, string>> = { log: 'firewall_rules.log_action' };

const MAX_DESCRIPTION = 500;
const MAX_REF = 50;
const MAX_EXPRESSION_BYTES = 16 * 1024;

export function filterJson(filter: FilterRow) {
  return {
    id: filter.id,
    expression: filter.expression,
    paused: filter.paused,
    ...(filter.description !== null && { description: filter.description }),
    ...(filter.ref !== null && { ref: filter.ref }),
  };
}

export function ruleJson(rule: RuleRow, filter: FilterRow) {
  return {
    id: rule.id,
    paused: rule.paused,
    action: rule.action,
    priority: rule.priority,
    ...(rule.description !== null && { description: rule.description }),
    ...(rule.ref !== null && { ref: rule.ref }),
    filter: filterJson(filter),
    created_on: rule.created_on,
    modified_on: rule.modified_on,
  };
}

function optionalText(value: unknown, name: string, max: number, where: string, problems: Problems): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') { problems.add(where, `${name} must be a string`); return undefined; }
  if (value.length > max) { problems.add(where, `${name} must be at most ${max} characters`); return undefined; }
  return value;
}

function optionalBoolean(value: unknown, name: string, where: string, problems: Problems): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') { problems.add(where, `${name} must be true or false`); return undefined; }
  return value;
}

export interface FilterInput { expression?: string; paused?: boolean; description?: string | null; ref?: string | null }

/** Checks the writable fields of a filter; `expression` is required unless `partial`. */
export function checkFilterInput(input: Json, where: string, problems: Problems, partial = false): FilterInput {
  const result: FilterInput = {};
  const { expression } = input;
  if (expression === undefined) {
    if (!partial) problems.add(where, 'expression is required');
  } else if (typeof expression !== 'string' || expression.trim() === '') {
    problems.add(where, 'expression must be a non-empty string');
  } else if (Buffer.byteLength(expression) > MAX_EXPRESSION_BYTES) {
    problems.add(where, `expression must be at most ${MAX_EXPRESSION_BYTES} bytes`);
  } else {
    try {
      parseExpression(expression);
      result.expression = expression;
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      problems.add(where, error.message, codes.filterParse);
    }
  }
  const paused = optionalBoolean(input.paused, 'paused', where, problems);
  if (paused !== undefined) result.paused = paused;
  const description = optionalText(input.description, 'description', MAX_DESCRIPTION, where, problems);
  if (description !== undefined) result.description = description;
  const ref = optionalText(input.ref, 'ref', MAX_REF, where, problems);
  if (ref !== undefined) result.ref = ref;
  return result;
}

export interface RuleInput {
  action?: string;
  paused?: boolean;
  priority?: number | null;
  description?: string | null;
  ref?: string | null;
}

/** Checks the rule's own fields (not its filter); `action` is required unless `partial`. */
export function checkRuleInput(input: Json, where: string, problems: Problems, partial = false): RuleInput {
  const result: RuleInput = {};
  const { action, priority } = input;
  if (action === undefined) {
    if (!partial) problems.add(where, 'action is required');
  } else if (typeof action !== 'string' || !(RULE_ACTIONS as readonly string[]).includes(action)) {
    problems.add(where, `action must be one of ${RULE_ACTIONS.join(', ')}`);
  } else {
    result.action = action;
  }
  const paused = optionalBoolean(input.paused, 'paused', where, problems);
  if (paused !== undefined) result.paused = paused;
  if (priority === null) result.priority = null;
  else if (priority !== undefined) {
    if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 0 || priority > 2147483647) {
      problems.add(where, 'priority must be null or an integer between 0 and 2147483647');
    } else result.priority = priority;
  }
  const description = optionalText(input.description, 'description', MAX_DESCRIPTION, where, problems);
  if (description !== undefined) result.description = description;
  const ref = optionalText(input.ref, 'ref', MAX_REF, where, problems);
  if (ref !== undefined) result.ref = ref;
  return result;
}

/** The feature an action needs that the zone lacks, if any. */
export function missingFeature(zone: Zone, action: string): string | undefined {
  const feature = ACTION_FEATURES[action];
  return feature !== undefined && !zone.features.includes(feature) ? feature : undefined;
}
