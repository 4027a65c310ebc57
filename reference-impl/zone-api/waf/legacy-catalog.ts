// The previous version's fixed catalogue: two packages (the first managed ruleset and the open
// web-application core rule set), their groups and rules. Only modes and settings vary per zone.

import type { LegacyWafState } from './model.js';

export interface LegacyPackage { id: string; name: string; description: string; detection_mode: 'traditional' | 'anomaly' }
export interface LegacyGroup { id: string; package_id: string; name: string; description: string }
export interface LegacyRule { id: string; package_id: string; group_id: string; description: string; priority: string }

export const MANAGED_PACKAGE_ID = 'a25a9a7e9c00afc1fb2e0245519d725b';
export const CORE_PACKAGE_ID = 'c504870194831cd12c3fc0284f294abb';

export const PACKAGES: readonly LegacyPackage[] = [
  { id: MANAGED_PACKAGE_ID, name: 'Managed', description: 'The first managed ruleset', detection_mode: 'traditional' },
  { id: CORE_PACKAGE_ID, name: 'OWASP ModSecurity Core Rule Set', description: 'The open web-application core rule set', detection_mode: 'anomaly' },
];

export const GROUPS: readonly LegacyGroup[] = [
  { id: 'de677e5818985db1285d0e80225f06e5', package_id: MANAGED_PACKAGE_ID, name: 'Specials', description: 'Common attack signatures' },
  { id: '0a1ba4d7f5ce4f1aa5c4d8bd95e0a7c1', package_id: MANAGED_PACKAGE_ID, name: 'PHP', description: 'PHP application attacks' },
  { id: 'cfda825dfda411ea218cb70e6c88e82e', package_id: CORE_PACKAGE_ID, name: 'OWASP Inbound', description: 'Inbound anomaly rules' },
];

export const RULES: readonly LegacyRule[] = [
  { id: '100000', package_id: MANAGED_PACKAGE_ID, group_id: GROUPS[0]!.id, description: 'SQL injection probe', priority: '5' },
  { id: '100001', package_id: MANAGED_PACKAGE_ID, group_id: GROUPS[1]!.id, description: 'PHP object injection', priority: '5' },
  { id: '950000', package_id: CORE_PACKAGE_ID, group_id: GROUPS[2]!.id, description: 'Session fixation', priority: '1' },
];

export const GROUP_MODES = ['on', 'off'] as const;
/** Rules of the traditional package take actions; rules of the anomaly package are on or off. */
export const TRADITIONAL_RULE_MODES = ['default', 'disable', 'simulate', 'block', 'challenge'] as const;
export const ANOMALY_RULE_MODES = ['on', 'off'] as const;

export const packageJson = (pkg: LegacyPackage, zoneId: string, state: LegacyWafState) => ({
  ...pkg,
  zone_id: zoneId,
  status: 'active',
  ...(pkg.detection_mode === 'anomaly' && { sensitivity: state.sensitivity, action_mode: state.action_mode }),
});

export const groupJson = (group: LegacyGroup, state: LegacyWafState) => {
  const rules = RULES.filter((r) => r.group_id === group.id);
  return { ...group, mode: state.group_modes[group.id] ?? 'on', rules_count: rules.length, modified_rules_count: rules.filter((r) => state.rule_modes[r.id] !== undefined).length, allowed_modes: [...GROUP_MODES] };
};

export const ruleModes = (rule: LegacyRule): readonly string[] => (rule.package_id === CORE_PACKAGE_ID ? ANOMALY_RULE_MODES : TRADITIONAL_RULE_MODES);

export const ruleJson = (rule: LegacyRule, state: LegacyWafState) => {
  const group = GROUPS.find((g) => g.id === rule.group_id)!;
  const modes = ruleModes(rule);
  return { ...rule, group: { id: group.id, name: group.name }, mode: state.rule_modes[rule.id] ?? modes[0], allowed_modes: [...modes] };
};
