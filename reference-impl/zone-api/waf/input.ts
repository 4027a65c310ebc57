// Checks of every WAF body: the control API's legacy state, the new configuration PUT, and the
// previous-version API's PATCH and override bodies. Each collects all problems before refusing.

import type { WafLegacySetup } from '../../../contract/control.js';
import { Problems, requireObject, type Json } from '../input.js';
import { newId } from '../store.js';
import {
  ACTION_MODES, MIGRATION_STATES, NEW_MANAGED_RULESETS, PAGE_RULE_SETTINGS, SENSITIVITIES,
  type LegacyWafState, type NewConfiguration, type NewRule, type UriOverride, type WafFirewallRule, type WafPageRule,
} from './model.js';

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T => typeof v === 'string' && (values as readonly string[]).includes(v);

const BOOLEAN_FIELDS = ['enabled', 'managed_ruleset_enabled', 'core_ruleset_enabled', 'partner_account'] as const satisfies readonly (keyof WafLegacySetup)[];
/** The fields of the control API's WafLegacySetup. */
const CONTROL_FIELDS = new Set<string>([...BOOLEAN_FIELDS, 'sensitivity', 'action_mode', 'firewall_rules', 'page_rules'] satisfies (keyof WafLegacySetup)[]);

function firewallRulesInput(value: unknown, problems: Problems): WafFirewallRule[] | undefined {
  if (!Array.isArray(value)) { problems.add('firewall_rules', 'firewall_rules must be an array of {expression, description?}'); return undefined; }
  return value.map((item, i) => {
    const where = `firewall_rules[${i}]`;
    if (!isObject(item) || typeof item.expression !== 'string' || item.expression.trim() === '') problems.add(where, 'expression must be a non-empty string');
    else if (item.description !== undefined && typeof item.description !== 'string') problems.add(where, 'description must be a string');
    const rule = isObject(item) ? item : {};
    return { id: newId(), expression: String(rule.expression ?? ''), description: typeof rule.description === 'string' ? rule.description : '' };
  });
}

function pageRulesInput(value: unknown, problems: Problems): WafPageRule[] | undefined {
  if (!Array.isArray(value)) { problems.add('page_rules', 'page_rules must be an array of {target, setting}'); return undefined; }
  return value.map((item, i) => {
    const where = `page_rules[${i}]`;
    const rule = isObject(item) ? item : {};
    if (typeof rule.target !== 'string' || rule.target.trim() === '') problems.add(where, 'target must be a non-empty URL pattern');
    if (!oneOf(PAGE_RULE_SETTINGS, rule.setting)) problems.add(where, `setting must be one of ${PAGE_RULE_SETTINGS.join(', ')}`);
    // Stryker disable next-line StringLiteral: equivalent, the fallback '' is only reached for a missing target, which is a problem: the body is refused
    return { id: newId(), target: String(rule.target ?? ''), setting: rule.setting as WafPageRule['setting'] };
  });
}

/** The control API's legacy WAF state: the given fields replace the current ones. */
export function legacyStateInput(body: unknown, current: LegacyWafState): LegacyWafState {
  const input = requireObject(body, 'legacy WAF state');
  const problems = new Problems();
  const next: LegacyWafState = { ...current };
  for (const key of Object.keys(input)) {
    if (key === 'migration_state') problems.add(key, `migration_state (${MIGRATION_STATES.join(', ')}) changes only through the migration endpoints`);
    else if (!CONTROL_FIELDS.has(key)) problems.add(key, `unknown field; allowed: ${[...CONTROL_FIELDS].join(', ')}`);
  }
  for (const key of BOOLEAN_FIELDS) {
    if (input[key] === undefined) continue;
    if (typeof input[key] !== 'boolean') problems.add(key, `${key} must be true or false`);
    else next[key] = input[key];
  }
  if (input.sensitivity !== undefined) {
    if (oneOf(SENSITIVITIES, input.sensitivity)) next.sensitivity = input.sensitivity;
    else problems.add('sensitivity', `sensitivity must be one of ${SENSITIVITIES.join(', ')}`);
  }
  if (input.action_mode !== undefined) {
    if (oneOf(ACTION_MODES, input.action_mode)) next.action_mode = input.action_mode;
    else problems.add('action_mode', `action_mode must be one of ${ACTION_MODES.join(', ')}`);
  }
  // Stryker disable next-line ArrayDeclaration: equivalent, the fallback [] is only reached when firewall_rules was refused, and the body is then refused
  if (input.firewall_rules !== undefined) next.firewall_rules = firewallRulesInput(input.firewall_rules, problems) ?? [];
  // Stryker disable next-line ArrayDeclaration: equivalent, the fallback [] is only reached when page_rules was refused, and the body is then refused
  if (input.page_rules !== undefined) next.page_rules = pageRulesInput(input.page_rules, problems) ?? [];
  problems.throwIfAny();
  return next;
}

const NEW_RULE_ACTIONS = ['execute', 'skip'] as const;

/** id, version and ref: omitted (validation call) or strings, empty ones included (pending call). */
function identityField(rule: Json, name: 'id' | 'version' | 'ref', where: string, problems: Problems): string {
  const value = rule[name];
  if (value === undefined) return '';
  if (typeof value !== 'string') { problems.add(where, `${name} must be a string (it may be empty or omitted)`); return ''; }
  return value;
}

function actionParametersInput(rule: Json, where: string, problems: Problems): Json | undefined {
  const params = rule.action_parameters;
  if (params === undefined) {
    if (rule.action === 'execute') problems.add(where, 'action_parameters.id is required for execute');
    return undefined;
  }
  if (!isObject(params)) { problems.add(where, 'action_parameters must be an object'); return undefined; }
  if (rule.action === 'execute' && !NEW_MANAGED_RULESETS.includes(params.id as string)) {
    problems.add(where, `action_parameters.id must name a managed ruleset: ${NEW_MANAGED_RULESETS.join(', ')}`);
  }
  if (params.overrides !== undefined && !isObject(params.overrides)) problems.add(where, 'action_parameters.overrides must be an object');
  return params;
}

function newRuleInput(item: unknown, where: string, problems: Problems): NewRule {
  const rule = isObject(item) ? item : {};
  if (!isObject(item)) problems.add(where, 'each rule must be a JSON object');
  if (!oneOf(NEW_RULE_ACTIONS, rule.action)) problems.add(where, `action must be one of ${NEW_RULE_ACTIONS.join(', ')}`);
  if (typeof rule.expression !== 'string' || rule.expression.trim() === '') problems.add(where, 'expression must be a non-empty string');
  if (rule.description !== undefined && typeof rule.description !== 'string') problems.add(where, 'description must be a string');
  if (rule.enabled !== undefined && typeof rule.enabled !== 'boolean') problems.add(where, 'enabled must be true or false');
  const params = actionParametersInput(rule, where, problems);
  return {
    id: identityField(rule, 'id', where, problems), version: identityField(rule, 'version', where, problems),
    ref: identityField(rule, 'ref', where, problems), action: String(rule.action), expression: String(rule.expression),
    description: typeof rule.description === 'string' ? rule.description : '', enabled: rule.enabled !== false,
    ...(params !== undefined && { action_parameters: params }),
  };
}

/** The body of the entry point PUT: {name, rules[]}. */
export function newConfigurationInput(body: unknown): NewConfiguration {
  const input = requireObject(body, 'ruleset {name, rules}');
  const problems = new Problems();
  if (typeof input.name !== 'string' || input.name.trim() === '') problems.add('name', 'name must be a non-empty string');
  if (!Array.isArray(input.rules)) problems.add('rules', 'rules must be an array');
  // Stryker disable next-line ArrayDeclaration: equivalent, the fallback [] is only reached when rules is not an array, which is a problem: the body is refused
  const rules = Array.isArray(input.rules) ? input.rules.map((r, i) => newRuleInput(r, `rules[${i}]`, problems)) : [];
  problems.throwIfAny();
  return { name: input.name as string, rules };
}

/** A PATCH of the previous version: exactly the named fields, each from its allowed values. */
export function modePatchInput(body: unknown, allowed: Record<string, readonly string[]>): Record<string, string> {
  const input = requireObject(body, 'WAF setting');
  const problems = new Problems();
  const names = Object.keys(allowed);
  if (Object.keys(input).length === 0) problems.add('body', `give at least one of ${names.join(', ')}`);
  for (const [key, value] of Object.entries(input)) {
    const values = allowed[key];
    if (!values) problems.add(key, `unknown field; allowed: ${names.join(', ')}`);
    else if (!oneOf(values, value)) problems.add(key, `${key} must be one of ${values.join(', ')}`);
  }
  problems.throwIfAny();
  return input as Record<string, string>;
}

/** A URI-based override: urls required; rules map rule ids to actions. */
export function overrideInput(body: unknown, id: string): UriOverride {
  const input = requireObject(body, 'WAF override');
  const problems = new Problems();
  const { urls, rules, description, paused, priority } = input;
  if (!Array.isArray(urls) || urls.length === 0 || !urls.every((u) => typeof u === 'string' && u.trim() !== '')) problems.add('urls', 'urls must be a non-empty array of URL patterns');
  if (rules !== undefined && (!isObject(rules) || !Object.values(rules).every((a) => typeof a === 'string'))) problems.add('rules', 'rules must map rule ids to action strings');
  if (description !== undefined && description !== null && typeof description !== 'string') problems.add('description', 'description must be a string');
  if (paused !== undefined && typeof paused !== 'boolean') problems.add('paused', 'paused must be true or false');
  if (priority !== undefined && priority !== null && !(Number.isInteger(priority) && (priority as number) >= -1000000000 && (priority as number) <= 1000000000)) problems.add('priority', 'priority must be an integer');
  problems.throwIfAny();
  return {
    id, urls: urls as string[], rules: (rules as Record<string, string> | undefined) ?? {},
    description: (description as string | null | undefined) ?? null, paused: paused === true, priority: (priority as number | null | undefined) ?? null,
  };
}
