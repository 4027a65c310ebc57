// The WAF migration's data: a zone's previous-version (legacy) WAF state, its URI-based overrides,
// and the new managed rules configuration the migration deploys (docs/waf-migration-contract.md).

export const SENSITIVITIES = ['high', 'medium', 'low', 'default'] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

export const ACTION_MODES = ['simulate', 'block', 'challenge'] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

export const PAGE_RULE_SETTINGS = ['disable_security', 'waf_on', 'waf_off'] as const;
export type PageRuleSetting = (typeof PAGE_RULE_SETTINGS)[number];

export const MIGRATION_STATES = ['start', 'validation', 'migrated'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];

/** The new managed rulesets, by their identifiers (the first one, and the open web-application core rule set). */
export const MANAGED_RULESET_ID = 'efb7b8c949ac4650a09736fc376e9aee';
export const CORE_RULESET_ID = '4814384a9e5d4991b9815dcfc25d2f1f';
/** The core rule set's anomaly-score rule: its override carries the action and the score threshold. */
export const CORE_SCORE_RULE_ID = '6179ae15870a4bb7b2d480d4843b323c';
export const NEW_MANAGED_RULESETS: readonly string[] = [MANAGED_RULESET_ID, CORE_RULESET_ID];

/** A firewall rule that bypasses WAF managed rules (the only kind the migration looks at). */
export interface WafFirewallRule { id: string; expression: string; description: string }

/** A page rule whose setting touches WAF. */
export interface WafPageRule { id: string; target: string; setting: PageRuleSetting }

/** A rule of the new managed rules configuration, as sent and answered. */
export interface NewRule {
  id: string;
  version: string;
  ref: string;
  action: string;
  expression: string;
  description: string;
  enabled: boolean;
  action_parameters?: Record<string, unknown>;
}

export interface NewConfiguration { name: string; rules: NewRule[] }

/** The deployed entry point of the http_request_firewall_managed phase. */
export interface DeployedEntrypoint extends NewConfiguration { id: string; phase: string; version: string; last_updated: string }

export interface LegacyWafState {
  /** The previous version's global switch. */
  enabled: boolean;
  /** Packages: the first managed ruleset and the open web-application core rule set. */
  managed_ruleset_enabled: boolean;
  core_ruleset_enabled: boolean;
  sensitivity: Sensitivity;
  action_mode: ActionMode;
  /** Group and rule overrides made through the previous-version API (not migrated). */
  group_modes: Record<string, string>;
  rule_modes: Record<string, string>;
  firewall_rules: WafFirewallRule[];
  page_rules: WafPageRule[];
  partner_account: boolean;
  migration_state: MigrationState;
  entrypoint: DeployedEntrypoint | null;
}

/** A URI-based override of the previous version (the thing that makes a zone incompatible). */
export interface UriOverride {
  id: string;
  urls: string[];
  rules: Record<string, string>;
  description: string | null;
  paused: boolean;
  priority: number | null;
}

/** The state of a zone nobody configured: WAF on with only the first managed ruleset (phase-one eligible). */
export function defaultLegacyState(): LegacyWafState {
  return {
    enabled: true, managed_ruleset_enabled: true, core_ruleset_enabled: false,
    sensitivity: 'default', action_mode: 'challenge', group_modes: {}, rule_modes: {},
    firewall_rules: [], page_rules: [], partner_account: false, migration_state: 'start', entrypoint: null,
  };
}
