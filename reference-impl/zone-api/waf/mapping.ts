// The migration mapping: what the previous-version configuration becomes in the new managed rules.
// Migrated: firewall rules bypassing WAF, page rules with Disable Security or the WAF setting, and
// the core rule set's sensitivity and action. Group and rule overrides are not migrated.

import {
  CORE_RULESET_ID, CORE_SCORE_RULE_ID, MANAGED_RULESET_ID, NEW_MANAGED_RULESETS,
  type ActionMode, type LegacyWafState, type NewConfiguration, type NewRule, type Sensitivity,
} from './model.js';

export interface SensitivityMapping { paranoia_level: 1 | 2; score_threshold: number }

/** The spec's sensitivity table: Medium threshold = 40 or higher, High threshold = 25 or higher. */
export const SENSITIVITY_MAPPING: Readonly<Record<Sensitivity, SensitivityMapping>> = {
  high: { paranoia_level: 2, score_threshold: 40 },
  medium: { paranoia_level: 1, score_threshold: 25 },
  low: { paranoia_level: 1, score_threshold: 40 },
  // The previous version had no paranoia level: PL2 is the default.
  default: { paranoia_level: 2, score_threshold: 40 },
};

/** simulate becomes log; the other actions keep their names. */
export const ACTION_MAPPING: Readonly<Record<ActionMode, string>> = { simulate: 'log', block: 'block', challenge: 'challenge' };

export const CONFIGURATION_NAME = 'default';

const PARANOIA_CATEGORIES = ['paranoia-level-1', 'paranoia-level-2', 'paranoia-level-3', 'paranoia-level-4'];

const urlExpression = (target: string): string => `(http.request.full_uri wildcard ${JSON.stringify(target)})`;

function rule(fields: Omit<NewRule, 'id' | 'version' | 'ref'>): NewRule {
  // The configuration proposes rules not yet created: identifiers are empty strings.
  return { id: '', version: '', ref: '', ...fields };
}

const skipManagedRules = (expression: string, description: string): NewRule =>
  rule({ action: 'skip', expression, description, enabled: true, action_parameters: { rulesets: [...NEW_MANAGED_RULESETS] } });

/** Exceptions first: they must run before the managed rulesets they skip. */
function exceptionRules(state: LegacyWafState): NewRule[] {
  const fromFirewall = state.firewall_rules.map((r) => skipManagedRules(r.expression, `Migrated firewall rule ${r.id} (bypass WAF managed rules)`));
  const fromPages = state.page_rules
    .filter((p) => p.setting !== 'waf_on')
    .map((p) => skipManagedRules(urlExpression(p.target), `Migrated page rule ${p.id} (${p.setting === 'waf_off' ? 'WAF off' : 'Disable Security'})`));
  return [...fromFirewall, ...fromPages];
}

/** A page rule turning WAF on only matters when the previous version is off globally. */
function pageRuleActivations(state: LegacyWafState): NewRule[] {
  if (state.enabled) return [];
  return state.page_rules.filter((p) => p.setting === 'waf_on').map((p) => rule({
    action: 'execute', expression: urlExpression(p.target), description: `Migrated page rule ${p.id} (WAF on)`,
    enabled: true, action_parameters: { id: MANAGED_RULESET_ID },
  }));
}

/** The core rule set's overrides: paranoia levels above the mapped one disabled, score rule with threshold and action. */
export function coreRulesetOverrides(sensitivity: Sensitivity, actionMode: ActionMode) {
  const { paranoia_level, score_threshold } = SENSITIVITY_MAPPING[sensitivity];
  return {
    categories: PARANOIA_CATEGORIES.slice(paranoia_level).map((category) => ({ category, enabled: false })),
    rules: [{ id: CORE_SCORE_RULE_ID, action: ACTION_MAPPING[actionMode], score_threshold, enabled: true }],
  };
}

/** The new configuration equal to the zone's current previous-version configuration. */
export function migrationConfiguration(state: LegacyWafState): NewConfiguration {
  const managed = rule({
    action: 'execute', expression: 'true', description: 'Managed ruleset', enabled: state.enabled && state.managed_ruleset_enabled,
    action_parameters: { id: MANAGED_RULESET_ID },
  });
  const core = rule({
    action: 'execute', expression: 'true', description: 'Core rule set (open web-application)', enabled: state.enabled && state.core_ruleset_enabled,
    action_parameters: { id: CORE_RULESET_ID, overrides: coreRulesetOverrides(state.sensitivity, state.action_mode) },
  });
  return { name: CONFIGURATION_NAME, rules: [...exceptionRules(state), ...pageRuleActivations(state), managed, core] };
}
