// The reference's WAF model, called directly (reference-impl/zone-api/waf/): the previous version's
// catalogue as the previous-version API shows it, the migration mapping, the obstacles to a
// migration and the versions running in each state. docs/waf-migration-contract.md states the
// rules; the descriptions, messages and obstacle kinds checked here are the reference's own.

import { describe, expect, it } from 'vitest';
import { migrationObstacles } from '../reference-impl/zone-api/waf/eligibility.js';
import { CORE_PACKAGE_ID, GROUPS, MANAGED_PACKAGE_ID, PACKAGES, RULES, groupJson, packageJson, ruleJson } from '../reference-impl/zone-api/waf/legacy-catalog.js';
import { migrationConfiguration } from '../reference-impl/zone-api/waf/mapping.js';
import { CORE_RULESET_ID, CORE_SCORE_RULE_ID, MANAGED_RULESET_ID, defaultLegacyState, type LegacyWafState } from '../reference-impl/zone-api/waf/model.js';
import { versionsRunning } from '../reference-impl/zone-api/waf/state-machine.js';

const state = (fields: Partial<LegacyWafState> = {}): LegacyWafState => ({ ...defaultLegacyState(), ...fields });
const [managedPackage, corePackage] = [PACKAGES.find((p) => p.id === MANAGED_PACKAGE_ID)!, PACKAGES.find((p) => p.id === CORE_PACKAGE_ID)!];
const SKIP_BOTH = { rulesets: [MANAGED_RULESET_ID, CORE_RULESET_ID] };

describe('the previous-version catalogue as shown', () => {
  it('shows sensitivity and action_mode on the anomaly package only, both packages active', () => {
    const zoneState = state({ sensitivity: 'high', action_mode: 'block' });
    expect(packageJson(corePackage, 'z1', zoneState)).toStrictEqual({ ...corePackage, zone_id: 'z1', status: 'active', sensitivity: 'high', action_mode: 'block' });
    expect(packageJson(managedPackage, 'z1', zoneState)).toStrictEqual({ ...managedPackage, zone_id: 'z1', status: 'active' });
  });

  it('counts each group\'s rules and its modified rules, mode on unless overridden', () => {
    const [specials, php] = [GROUPS[0]!, GROUPS[1]!];
    const specialsRule = RULES.find((r) => r.group_id === specials.id)!;
    const zoneState = state({ group_modes: { [php.id]: 'off' }, rule_modes: { [specialsRule.id]: 'block' } });
    expect(groupJson(specials, zoneState)).toStrictEqual({ ...specials, mode: 'on', rules_count: 1, modified_rules_count: 1, allowed_modes: ['on', 'off'] });
    expect(groupJson(php, zoneState)).toStrictEqual({ ...php, mode: 'off', rules_count: 1, modified_rules_count: 0, allowed_modes: ['on', 'off'] });
  });

  it('shows a rule with its group, its mode (the first allowed one unless overridden) and the modes of its package', () => {
    const managedRule = RULES.find((r) => r.package_id === MANAGED_PACKAGE_ID && r.group_id === GROUPS[1]!.id)!;
    const coreRule = RULES.find((r) => r.package_id === CORE_PACKAGE_ID)!;
    const zoneState = state({ rule_modes: { [coreRule.id]: 'off' } });
    expect(ruleJson(managedRule, zoneState)).toStrictEqual({
      ...managedRule, group: { id: GROUPS[1]!.id, name: 'PHP' }, mode: 'default', allowed_modes: ['default', 'disable', 'simulate', 'block', 'challenge'],
    });
    expect(ruleJson(coreRule, zoneState)).toStrictEqual({ ...coreRule, group: { id: GROUPS[2]!.id, name: 'OWASP Inbound' }, mode: 'off', allowed_modes: ['on', 'off'] });
  });
});

describe('the migration mapping', () => {
  it('of an unconfigured zone: the managed ruleset on, the core rule set off with challenge at PL2 and threshold 40', () => {
    expect(migrationConfiguration(state())).toStrictEqual({
      name: 'default',
      rules: [
        { id: '', version: '', ref: '', action: 'execute', expression: 'true', description: 'Managed ruleset', enabled: true, action_parameters: { id: MANAGED_RULESET_ID } },
        {
          id: '', version: '', ref: '', action: 'execute', expression: 'true', description: 'Core rule set (open web-application)', enabled: false,
          action_parameters: {
            id: CORE_RULESET_ID,
            overrides: {
              categories: [{ category: 'paranoia-level-3', enabled: false }, { category: 'paranoia-level-4', enabled: false }],
              rules: [{ id: CORE_SCORE_RULE_ID, action: 'challenge', score_threshold: 40, enabled: true }],
            },
          },
        },
      ],
    });
  });

  const zoneState = (enabled: boolean) => state({
    enabled,
    firewall_rules: [{ id: 'fw1', expression: 'ip.src eq 192.0.2.1', description: 'office' }],
    page_rules: [
      { id: 'p1', target: 'example.com/off/*', setting: 'waf_off' },
      { id: 'p2', target: 'example.com/nosec/*', setting: 'disable_security' },
      { id: 'p3', target: 'example.com/on/*', setting: 'waf_on' },
    ],
  });
  const exceptions = [
    { id: '', version: '', ref: '', action: 'skip', expression: 'ip.src eq 192.0.2.1', description: 'Migrated firewall rule fw1 (bypass WAF managed rules)', enabled: true, action_parameters: SKIP_BOTH },
    { id: '', version: '', ref: '', action: 'skip', expression: '(http.request.full_uri wildcard "example.com/off/*")', description: 'Migrated page rule p1 (WAF off)', enabled: true, action_parameters: SKIP_BOTH },
    { id: '', version: '', ref: '', action: 'skip', expression: '(http.request.full_uri wildcard "example.com/nosec/*")', description: 'Migrated page rule p2 (Disable Security)', enabled: true, action_parameters: SKIP_BOTH },
  ];

  it('puts the exceptions first, each described by what it migrates; WAF on is no rule while the previous version is on', () => {
    const { rules } = migrationConfiguration(zoneState(true));
    expect(rules.slice(0, 3)).toStrictEqual(exceptions);
    expect(rules.slice(3).map((r) => r.description)).toEqual(['Managed ruleset', 'Core rule set (open web-application)']);
  });

  it('turns each WAF-on page rule into an execute rule of the managed ruleset when the previous version is off', () => {
    const { rules } = migrationConfiguration(zoneState(false));
    expect(rules.slice(0, 3)).toStrictEqual(exceptions);
    expect(rules[3]).toStrictEqual({
      id: '', version: '', ref: '', action: 'execute', expression: '(http.request.full_uri wildcard "example.com/on/*")', description: 'Migrated page rule p3 (WAF on)', enabled: true,
      action_parameters: { id: MANAGED_RULESET_ID },
    });
    expect(rules.slice(4).map((r) => [r.description, r.enabled])).toEqual([['Managed ruleset', false], ['Core rule set (open web-application)', false]]);
  });
});

describe('the obstacles to a migration', () => {
  const everything = state({
    partner_account: true, core_ruleset_enabled: true,
    firewall_rules: [{ id: 'fw1', expression: 'true', description: '' }],
    page_rules: [{ id: 'p1', target: 'x', setting: 'waf_on' }],
  });

  it('lists the URI overrides and every phase-one reason, each with its kind and message', () => {
    expect(migrationObstacles(everything, 2, 'one')).toStrictEqual([
      { kind: 'incompatible', message: 'The zone has 2 URI-based WAF override(s); delete them with the delete-WAF-override operation before migrating' },
      { kind: 'ineligible', message: 'Not eligible in phase one: the zone belongs to a partner account; use phase_two=1' },
      { kind: 'ineligible', message: 'Not eligible in phase one: the open web-application core rule set is enabled; use phase_two=1' },
      { kind: 'ineligible', message: 'Not eligible in phase one: firewall rules bypass WAF managed rules; use phase_two=1' },
      { kind: 'ineligible', message: 'Not eligible in phase one: page rules enable, disable or bypass WAF; use phase_two=1' },
    ]);
    expect(migrationObstacles(everything, 0, 'two')).toStrictEqual([]);
  });

  it('refuses a partner account alone in phase one', () => {
    expect(migrationObstacles(state({ partner_account: true }), 0, 'one').map((o) => o.kind)).toEqual(['ineligible']);
  });

  it('names the limits, the first too long expression by its rule', () => {
    const rules = Array.from({ length: 201 }, (_, i) => ({ id: `fw${i}`, expression: i === 7 || i === 9 ? 'a'.repeat(4097) : 'true', description: '' }));
    expect(migrationObstacles(state({ firewall_rules: rules }), 0, 'two')).toStrictEqual([
      { kind: 'needs_support', message: 'The zone has 201 firewall rules to migrate, more than 200: it cannot be migrated by the user; contact support' },
      { kind: 'needs_support', message: 'Firewall rule expression longer than 4096 bytes (rule fw7): the zone cannot be migrated by the user; contact support' },
    ]);
  });
});

describe('the versions running in each state', () => {
  it.each([
    ['start', true, { old_waf: { enabled: true }, new_waf: { enabled: false }, evaluation_order: ['old_waf'] }],
    ['start', false, { old_waf: { enabled: false }, new_waf: { enabled: false }, evaluation_order: [] }],
    ['validation', true, { old_waf: { enabled: true }, new_waf: { enabled: true }, evaluation_order: ['new_waf', 'old_waf'] }],
    ['migrated', true, { old_waf: { enabled: false }, new_waf: { enabled: true }, evaluation_order: ['new_waf'] }],
    ['migrated', false, { old_waf: { enabled: false }, new_waf: { enabled: true }, evaluation_order: ['new_waf'] }],
  ] as const)('%s with the previous version enabled %s', (migrationState, enabled, expected) => {
    expect(versionsRunning(migrationState, enabled)).toStrictEqual(expected);
  });
});
