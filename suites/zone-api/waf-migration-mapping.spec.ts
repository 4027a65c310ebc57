// WAF migration: compatibility (URI-based overrides), phase-one and phase-two eligibility, the
// mapping of the previous-version configuration to the new managed rules (GET waf_migration/config),
// the sensitivity table, and the limits beyond which only support can migrate a zone. Every spec
// runs in a zone of its own; the previous-version configuration is set through the control API
// (docs/waf-migration-contract.md), never through the public firewall rules.
//
// Core assertions use only what the spec shows: check → {compatible, migration_state}, config →
// {name, rules[]}, rule fields (action, expression, enabled, action_parameters {id, overrides},
// overrides.rules [{id, action, enabled}]). What a spec needs that the document leaves "not shown"
// is a set-up step (`setUp`): the previous-version API payloads (a URI-based override, a group's or
// rule's mode), and the names under which paranoia level, score threshold and a skip rule's rulesets
// appear; a target refusing or naming them otherwise leaves the spec not verified. The reference's
// rule order and refusal statuses are convention checks (ZM-WAF-EXT-MAPPING-NAMES, -QUERY-VALUES).
//
// The reference evaluates no traffic: what a rule does to requests is asserted on the configuration
// it produces and deploys (see the PAGE-RULE-WAF-OFF-NO-EFFECT and SKIP-RULES-DISABLE specs).

import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ApiClient } from '../../src/spec-kit/api-client.js';
import { about, answered, expectArray, expectFailure, expectObject, expectSuccess, isObject } from '../../src/spec-kit/expect.js';
import { expectCheck, expectConfiguration } from './support/waf.js';
import { describe, spec, type SpecFixtures, type TestZone } from '../../src/spec-kit/spec.js';

const ENTRYPOINT = '/rulesets/phases/http_request_firewall_managed/entrypoint';
/** The previous version's open web-application core rule set package (contract). */
const CORE_PACKAGE = 'c504870194831cd12c3fc0284f294abb';

interface CheckResult { compatible: boolean; migration_state: string }
interface Rule {
  id: string; version: string; ref: string; action: string; expression: string; description: string; enabled: boolean;
  action_parameters?: {
    id?: string;
    rulesets?: string[];
    overrides?: {
      categories?: { category: string; enabled: boolean }[];
      rules?: { id: string; action: string; enabled: boolean; score_threshold?: number }[];
    };
  };
}
interface Configuration { name: string; rules: Rule[] }

const sensitivityTable = JSON.parse(readFileSync(new URL('../../fixtures/waf-sensitivity.json', import.meta.url), 'utf8')) as {
  rows: { id: string; sensitivity: 'high' | 'medium' | 'low' | 'default'; paranoia_level: number; threshold: string; score_threshold: number }[];
};

const phase = (two: boolean) => (two ? { query: { phase_two: 1 } } : {});

async function check(api: ApiClient, zone: TestZone, phaseTwo = false): Promise<CheckResult> {
  return expectCheck(await api.get<CheckResult>(zone.path('/waf_migration/check'), phase(phaseTwo)), `GET waf_migration/check${phaseTwo ? '?phase_two=1' : ''}`);
}

async function config(api: ApiClient, zone: TestZone, phaseTwo = true): Promise<Configuration> {
  return expectConfiguration(await api.get<Configuration>(zone.path('/waf_migration/config'), phase(phaseTwo)), 'GET waf_migration/config');
}

/** PUT the entry point with waf_migration=pending (phase two unless told otherwise). */
function migrate(api: ApiClient, zone: TestZone, configuration: Configuration, phaseTwo = true) {
  return api.put<Configuration>(zone.path(ENTRYPOINT), { json: configuration, query: { waf_migration: 'pending', ...(phaseTwo && { phase_two: 1 }) } });
}

const show = (value: unknown) => JSON.stringify(value).slice(0, 1500);
const executeRules = (c: Configuration) => c.rules.filter((r) => r.action === 'execute');
/** The execute rules covering all traffic: the managed rulesets deployed one by one. */
const rulesetRules = (c: Configuration) => executeRules(c).filter((r) => r.expression === 'true');
/** The execute rule carrying the core rule set's overrides (its rules overrides carry the action). */
const overriddenRule = (c: Configuration): Rule => {
  const found = executeRules(c).filter((r) => (r.action_parameters?.overrides?.rules ?? []).length > 0);
  expect(found.length, `exactly one execute rule carries the open web-application rule set's overrides: ${show(c)}`).toBe(1);
  const overrides = found[0]!.action_parameters!.overrides!;
  const objects = (list: unknown) => list === undefined || (Array.isArray(list) && list.every(isObject));
  expect(objects(overrides.rules) && objects(overrides.categories), `overrides.rules (and categories) are arrays of objects: ${show(overrides)}`).toBe(true);
  return found[0]!;
};
const mentions = (c: Configuration, text: string) => c.rules.filter((r) => r.expression.includes(text));

/** A URI-based override through the previous-version API (payload: the contract's). */
async function createUriOverride(api: ApiClient, zone: TestZone): Promise<string> {
  const created = expectObject(await api.post<{ id: string }>(zone.path('/firewall/waf/overrides'), {
    json: { urls: ['shop.example.com/admin/*'], rules: { '100000': 'disable' }, description: 'specgate URI override' },
  }), 'POST /firewall/waf/overrides');
  expect(typeof created.id, `the override has an id: ${show(created)}`).toBe('string');
  return created.id;
}
const OVERRIDE_PAYLOAD = 'a URI-based override created through POST /firewall/waf/overrides {urls, rules, description} (the payload is not shown)';

type SetUp = SpecFixtures['setUp'];
type Convention = SpecFixtures['convention'];

/** The reference's names of what the document describes without naming (docs/waf-migration-contract.md). */
const PARANOIA_NAMES = 'paranoia level and score threshold read from overrides.categories (paranoia-level-N, disabled above the level) and overrides.rules[].score_threshold (the reference\'s names; the document shows neither)';

/** The paranoia categories disabled and the score thresholds of the core rule set's overrides, read by the reference's names. */
function paranoiaOf(setUp: SetUp, overrides: NonNullable<NonNullable<Rule['action_parameters']>['overrides']>): Promise<{ disabled: string[]; thresholds: unknown[] }> {
  return setUp(PARANOIA_NAMES, () => {
    const categories = overrides.categories ?? [];
    expect(categories.length > 0 && categories.every((c) => /^paranoia-level-\d$/.test(String(c.category))), `overrides.categories names paranoia levels: ${show(overrides)}`).toBe(true);
    expect((overrides.rules ?? []).every((r) => typeof r.score_threshold === 'number'), `overrides.rules[].score_threshold is a number: ${show(overrides)}`).toBe(true);
    return { disabled: categories.filter((c) => c.enabled === false).map((c) => c.category).sort(), thresholds: overrides.rules!.map((r) => r.score_threshold) };
  });
}

/** A firewall rule expression of exactly `bytes` bytes in UTF-8, mostly made of `char`. */
function multiByteExpression(char: string, bytes: number): string {
  const head = 'http.request.uri.path eq "/';
  const room = bytes - Buffer.byteLength(head) - 1;
  const count = Math.floor(room / Buffer.byteLength(char));
  const expression = `${head}${char.repeat(count)}${'a'.repeat(room - count * Buffer.byteLength(char))}"`;
  expect(Buffer.byteLength(expression), 'the expression has the intended size in bytes').toBe(bytes);
  return expression;
}

/** A refusal's status: that it is refused is the document's, a 4xx is the reference's (ZM-WAF-EXT-QUERY-VALUES). */
function refusalIs4xx(convention: Convention, refused: { status: number }, what: string): Promise<void> {
  return convention('ZM-WAF-EXT-QUERY-VALUES', `${what} is refused with a 4xx`, () => about(refused as never, () => expect(refused.status, `refused, not a 2xx: ${answered(refused as never)}`).toBeGreaterThanOrEqual(400)));
}

describe('WAF migration, compatibility: URI-based overrides', () => {
  spec(['ZM-WAF-URI-OVERRIDES-INCOMPATIBLE', 'ZM-WAF-PHASE1-NO-URI-OVERRIDES'], 'a zone with a URI-based override is not compatible, in phase one or two', async ({ api, newZone, setUp }) => {
    const zone = await newZone({ plan: 'enterprise' });
    expect((await check(api, zone)).compatible, 'an unconfigured zone is compatible in phase one (the baseline)').toBe(true);
    expect((await check(api, zone, true)).compatible, 'and in phase two (the baseline)').toBe(true);
    await setUp(OVERRIDE_PAYLOAD, () => createUriOverride(api, zone));
    const one = await check(api, zone);
    expect(one.compatible, `a zone with a URI-based override is not eligible in phase one: ${show(one)}`).toBe(false);
    expect(one.migration_state, 'the zone is not migrated').toBe('start');
    const two = await check(api, zone, true);
    expect(two.compatible, `a zone with a URI-based override is not compatible, even in phase two: ${show(two)}`).toBe(false);
  });

  spec(['ZM-WAF-URI-OVERRIDES-DELETE-FIRST'], 'deleting the URI-based overrides makes the zone compatible and migratable', async ({ api, newZone, setUp }) => {
    const zone = await newZone({ plan: 'pro' });
    const first = await setUp(OVERRIDE_PAYLOAD, () => createUriOverride(api, zone));
    const second = await setUp(OVERRIDE_PAYLOAD, () => createUriOverride(api, zone));
    expect((await check(api, zone)).compatible, 'with two overrides the zone is not compatible').toBe(false);
    expectSuccess(await api.delete(zone.path(`/firewall/waf/overrides/${first}`)), 'DELETE the first override');
    expect((await check(api, zone)).compatible, 'one override remains: the zone is still not compatible').toBe(false);
    expectSuccess(await api.delete(zone.path(`/firewall/waf/overrides/${second}`)), 'DELETE the second override');
    const after = await check(api, zone);
    expect(after.compatible, `every override deleted: the zone is compatible: ${show(after)}`).toBe(true);
    const migrated = await migrate(api, zone, await config(api, zone, false), false);
    expectSuccess(migrated, 'the migration (pending) of the now compatible zone');
    expect((await check(api, zone)).migration_state, 'the zone has left start').not.toBe('start');
  });
});

describe('WAF migration, phase-one and phase-two eligibility', () => {
  spec(['ZM-WAF-PHASE1-WAF-STATE'], 'phase one admits WAF disabled or only the first managed ruleset, not the core rule set enabled', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'business' });
    const cases: [string, Parameters<typeof control.setWafLegacy>[1], boolean][] = [
      ['only the first managed ruleset enabled', { enabled: true, managed_ruleset_enabled: true, core_ruleset_enabled: false }, true],
      ['WAF disabled (core rule set switched on under it)', { enabled: false, managed_ruleset_enabled: true, core_ruleset_enabled: true }, true],
      ['WAF disabled, both rulesets off', { enabled: false, managed_ruleset_enabled: false, core_ruleset_enabled: false }, true],
      ['the open web-application core rule set enabled', { enabled: true, managed_ruleset_enabled: true, core_ruleset_enabled: true }, false],
      ['only the core rule set enabled', { enabled: true, managed_ruleset_enabled: false, core_ruleset_enabled: true }, false],
    ];
    for (const [what, state, eligible] of cases) {
      await control.setWafLegacy(zone.id, state);
      const result = await check(api, zone);
      expect(result.compatible, `phase one, ${what}: compatible should be ${eligible}: ${show(result)}`).toBe(eligible);
      expect(result.migration_state, 'the zone is not migrated').toBe('start');
    }
  });

  spec(['ZM-WAF-PHASE1-NO-WAF-TOGGLING-RULES'], 'phase one refuses firewall rules bypassing WAF and page rules enabling, disabling or bypassing it', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'pro' });
    const cases: [string, Parameters<typeof control.setWafLegacy>[1]][] = [
      ['a firewall rule bypassing WAF managed rules', { firewall_rules: [{ expression: 'ip.src eq 192.0.2.1' }], page_rules: [] }],
      ['a page rule with Disable Security', { firewall_rules: [], page_rules: [{ target: 'example.com/a/*', setting: 'disable_security' }] }],
      ['a page rule with WAF on', { firewall_rules: [], page_rules: [{ target: 'example.com/b/*', setting: 'waf_on' }] }],
      ['a page rule with WAF off', { firewall_rules: [], page_rules: [{ target: 'example.com/c/*', setting: 'waf_off' }] }],
    ];
    for (const [what, state] of cases) {
      await control.setWafLegacy(zone.id, state);
      const result = await check(api, zone);
      expect(result.compatible, `phase one, ${what}: the zone is not eligible: ${show(result)}`).toBe(false);
    }
    await control.setWafLegacy(zone.id, { firewall_rules: [], page_rules: [] });
    expect((await check(api, zone)).compatible, 'no such rule left: the zone is eligible in phase one').toBe(true);
  });

  spec(['ZM-WAF-PHASE2-ALL-ELIGIBLE'], 'phase two admits every zone, a partner account with everything phase one refuses included', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await control.setWafLegacy(zone.id, {
      partner_account: true, enabled: true, core_ruleset_enabled: true,
      firewall_rules: [{ expression: 'ip.src eq 192.0.2.7' }],
      page_rules: [{ target: 'example.com/x/*', setting: 'waf_off' }, { target: 'example.com/y/*', setting: 'disable_security' }, { target: 'example.com/z/*', setting: 'waf_on' }],
    });
    expect((await check(api, zone)).compatible, 'phase one refuses this zone (the baseline)').toBe(false);
    const two = await check(api, zone, true);
    expect(two.compatible, `phase two: every zone is eligible, partner accounts included: ${show(two)}`).toBe(true);
    expectSuccess(await migrate(api, zone, await config(api, zone)), 'the phase-two migration (pending) of that zone');
    expect((await check(api, zone)).migration_state, 'the zone has left start').not.toBe('start');
  });
});

describe('WAF migration, the migration mapping', () => {
  spec(['ZM-WAF-MAP-FW-BYPASS'], 'firewall rules bypassing WAF managed rules appear in the configuration', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    const expressions = ['ip.src eq 198.51.100.4', '(http.request.uri.path contains "/specgate-bypass")'];
    const before = await config(api, zone);
    expressions.forEach((e) => expect(mentions(before, e), 'no rule for a firewall rule not yet there (the baseline)').toEqual([]));
    await control.setWafLegacy(zone.id, { firewall_rules: expressions.map((expression) => ({ expression, description: 'bypass' })) });
    const after = await config(api, zone);
    for (const expression of expressions) {
      const migrated = after.rules.filter((r) => r.expression === expression);
      expect(migrated.length, `the firewall rule "${expression}" is migrated to one rule with its expression: ${show(after)}`).toBe(1);
      expect(migrated[0]!.action, 'a rule bypassing WAF managed rules becomes an exception (skip)').toBe('skip');
    }
  });

  spec(['ZM-WAF-MAP-PAGE-RULE-DISABLE-SECURITY'], 'a page rule with Disable Security appears in the configuration', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'business' });
    const target = 'example.com/specgate-nosec/*';
    expect(mentions(await config(api, zone), target), 'the baseline has no rule for the URL').toEqual([]);
    await control.setWafLegacy(zone.id, { page_rules: [{ target, setting: 'disable_security' }] });
    const after = await config(api, zone);
    const migrated = mentions(after, target);
    expect(migrated.length, `the Disable Security page rule is migrated to one rule on its URL: ${show(after)}`).toBe(1);
    expect(migrated[0]!.action, 'Disable Security becomes an exception (skip) on that URL').toBe('skip');
  });

  spec(['ZM-WAF-MAP-PAGE-RULE-WAF-SETTING'], 'page rules with WAF off and WAF on appear in the configuration', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'pro' });
    const off = 'example.com/specgate-waf-off/*';
    await control.setWafLegacy(zone.id, { page_rules: [{ target: off, setting: 'waf_off' }] });
    const withOff = await config(api, zone);
    expect(mentions(withOff, off).map((r) => r.action), `WAF off on a URL is migrated to an exception on that URL: ${show(withOff)}`).toEqual(['skip']);
    // WAF on matters when the previous version is off globally: the URL then runs the managed rules.
    const on = 'example.com/specgate-waf-on/*';
    await control.setWafLegacy(zone.id, { enabled: false, page_rules: [{ target: on, setting: 'waf_on' }] });
    const withOn = await config(api, zone);
    const migrated = mentions(withOn, on);
    expect(migrated.map((r) => r.action), `WAF on on a URL is migrated to an execute rule on that URL: ${show(withOn)}`).toEqual(['execute']);
    expect(migrated[0]!.enabled, 'the migrated WAF-on rule is enabled').toBe(true);
    expect(typeof migrated[0]!.action_parameters?.id, 'it names the managed ruleset it executes').toBe('string');
  });

  spec(['ZM-WAF-MAP-OWASP-SENSITIVITY-ACTION'], 'the core rule set sensitivity and action carry into its overrides', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    const overridesOf = async (sensitivity: 'high' | 'medium', action_mode: 'block' | 'challenge') => {
      await control.setWafLegacy(zone.id, { core_ruleset_enabled: true, sensitivity, action_mode });
      return overriddenRule(await config(api, zone)).action_parameters!.overrides!;
    };
    const block = await overridesOf('high', 'block');
    expect(block.rules!.map((r) => r.action), `action block is migrated: ${show(block)}`).toEqual(['block']);
    const challenge = await overridesOf('high', 'challenge');
    expect(challenge.rules!.map((r) => r.action), `action challenge is migrated: ${show(challenge)}`).toEqual(['challenge']);
    const medium = await overridesOf('medium', 'challenge');
    expect(medium, 'another sensitivity gives other overrides: the sensitivity is migrated').not.toEqual(challenge);
    expect(medium.rules!.map((r) => r.action), 'the action stays challenge').toEqual(['challenge']);
  });

  spec(['ZM-WAF-MAP-SIMULATE-TO-LOG'], 'action simulate migrates to log', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'business' });
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: true, action_mode: 'simulate' });
    const result = await config(api, zone);
    const overrides = overriddenRule(result).action_parameters!.overrides!;
    expect(overrides.rules!.map((r) => r.action), `simulate becomes log: ${show(overrides)}`).toEqual(['log']);
    expect(JSON.stringify(result), 'simulate is not an action of the new managed rules').not.toContain('simulate');
  });

  const previousApi = (what: 'group' | 'rule') => `every ${what} of the core rule set (package ${CORE_PACKAGE}, the reference's) switched off through PATCH /firewall/waf/packages/{package_id}/${what}s/{${what}_id} {mode: off} (the payloads are not shown)`;

  /** Switches every group or rule of the core rule set off through the previous-version API; answers their ids. */
  async function overrideAll(api: ApiClient, zone: TestZone, what: 'group' | 'rule'): Promise<string[]> {
    const items = expectArray(await api.get<{ id: string }[]>(zone.path(`/firewall/waf/packages/${CORE_PACKAGE}/${what}s`)), `GET the core rule set ${what}s`, { minLength: 1 });
    for (const item of items) {
      const patched = expectObject(await api.patch<{ mode: string }>(zone.path(`/firewall/waf/packages/${CORE_PACKAGE}/${what}s/${item.id}`), { json: { mode: 'off' } }), `PATCH a ${what} off`);
      expect(patched.mode, `the ${what} override is in effect in the previous version`).toBe('off');
    }
    return items.map((item) => item.id);
  }

  spec(['ZM-WAF-MAP-GROUP-OVERRIDES-NOT-MIGRATED'], 'group overrides of the core rule set are not migrated', async ({ expect, api, control, newZone, setUp }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: true });
    const before = await config(api, zone);
    const groups = await setUp(previousApi('group'), () => overrideAll(api, zone, 'group'));
    const after = await config(api, zone);
    groups.forEach((id) => expect.soft(JSON.stringify(after), `the configuration does not mention the group ${id}`).not.toContain(id));
    expect(after, 'group overrides leave the configuration unchanged: they are not migrated').toEqual(before);
    // Positive control: a change that is migrated (the sensitivity) does change the same configuration.
    await control.setWafLegacy(zone.id, { sensitivity: 'low' });
    expect(await config(api, zone), 'positive control: a migrated setting changes the configuration').not.toEqual(before);
  });

  spec(['ZM-WAF-MAP-RULE-OVERRIDES-NOT-MIGRATED'], 'rule overrides of the core rule set are not migrated', async ({ expect, api, control, newZone, setUp }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: true });
    const before = await config(api, zone);
    const rules = await setUp(previousApi('rule'), () => overrideAll(api, zone, 'rule'));
    const after = await config(api, zone);
    rules.forEach((id) => expect.soft(JSON.stringify(after), `the configuration does not mention the rule ${id}`).not.toContain(`"${id}"`));
    expect(after, 'rule overrides leave the configuration unchanged: they are not migrated').toEqual(before);
    // Positive control: a change that is migrated (the action) does change the same configuration.
    await control.setWafLegacy(zone.id, { action_mode: 'block' });
    expect(await config(api, zone), 'positive control: a migrated setting changes the configuration').not.toEqual(before);
  });

  spec(['ZM-WAF-MAP-PARANOIA-PL2'], 'the paranoia level is PL2 when the previous version had none (sensitivity default)', async ({ api, control, newZone, setUp }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: true, sensitivity: 'default' });
    const overrides = overriddenRule(await config(api, zone)).action_parameters!.overrides!;
    const { disabled } = await paranoiaOf(setUp, overrides);
    expect(disabled, `PL2: only the paranoia levels above 2 are disabled: ${show(overrides)}`).toEqual(['paranoia-level-3', 'paranoia-level-4']);
  });
});

describe('WAF migration, the sensitivity table (fixtures/waf-sensitivity.json)', () => {
  for (const row of sensitivityTable.rows) {
    spec([row.id], `sensitivity ${row.sensitivity} maps to PL${row.paranoia_level} and score threshold ${row.threshold} (${row.score_threshold} or higher)`, async ({ expect, api, control, newZone, setUp }) => {
      const zone = await newZone({ plan: 'enterprise' });
      await control.setWafLegacy(zone.id, { core_ruleset_enabled: true, sensitivity: row.sensitivity, action_mode: 'block' });
      const overrides = overriddenRule(await config(api, zone)).action_parameters!.overrides!;
      const { disabled, thresholds } = await paranoiaOf(setUp, overrides);
      const above = [1, 2, 3, 4].filter((n) => n > row.paranoia_level).map((n) => `paranoia-level-${n}`);
      expect.soft(disabled, `PL${row.paranoia_level}: the paranoia levels above it are disabled, no other: ${show(overrides)}`).toEqual(above);
      expect.soft(thresholds, `score threshold ${row.threshold}: ${row.score_threshold} or higher`).toEqual([row.score_threshold]);
    });
  }
});

describe('WAF migration, the new managed rules: no global switch, rulesets one by one, exceptions', () => {
  spec(['ZM-WAF-NO-GLOBAL-SWITCH', 'ZM-WAF-RULESETS-DEPLOYED-INDIVIDUALLY'], 'each managed ruleset is its own execute rule with its own enabled; no global switch', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await control.setWafLegacy(zone.id, { enabled: false, managed_ruleset_enabled: true, core_ruleset_enabled: true });
    const offConfig = await config(api, zone);
    expect(Object.keys(offConfig).sort(), `the configuration has no global switch, only name and rules: ${show(offConfig)}`).toEqual(['name', 'rules']);
    const offRulesets = rulesetRules(offConfig);
    expect(offRulesets.length, `with the previous version off globally, each ruleset is still its own execute rule: ${show(offConfig)}`).toBe(2);
    offRulesets.forEach((r) => expect(r.enabled, 'a globally disabled previous version maps to each ruleset rule disabled').toBe(false));

    await control.setWafLegacy(zone.id, { enabled: true });
    const onConfig = await config(api, zone);
    const ids = rulesetRules(onConfig).map((r) => r.action_parameters?.id);
    expect(ids.length, 'two managed rulesets, two execute rules').toBe(2);
    expect(new Set(ids).size, `each execute rule deploys a different managed ruleset: ${show(onConfig)}`).toBe(2);
    ids.forEach((id) => expect(typeof id, 'each rule names the ruleset it executes').toBe('string'));
    rulesetRules(onConfig).forEach((r) => expect(r.enabled, 'each ruleset enabled on its own').toBe(true));

    const deployed = expectConfiguration(await migrate(api, zone, onConfig), 'the migration (pending)');
    expect('enabled' in (deployed as object), `the deployed entry point has no global switch: ${show(deployed)}`).toBe(false);
    expect(rulesetRules(deployed).map((r) => r.action_parameters?.id).sort(), 'the deployed entry point executes the rulesets one by one').toEqual([...ids].sort());
  });

  // No traffic evaluation in the reference: the spec is asserted on the configuration. A WAF-off page
  // rule becomes an exception on its URL only; the managed rulesets stay enabled for all traffic.
  spec(['ZM-WAF-PAGE-RULE-WAF-OFF-NO-EFFECT'], 'a WAF Off page rule does not disable the new managed rules: it becomes an exception on its URL', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'pro' });
    const target = 'example.com/specgate-off/*';
    await control.setWafLegacy(zone.id, { enabled: true, managed_ruleset_enabled: true, core_ruleset_enabled: true, page_rules: [{ target, setting: 'waf_off' }] });
    const result = await config(api, zone);
    const rulesets = rulesetRules(result);
    expect(rulesets.length, `both managed rulesets are deployed: ${show(result)}`).toBe(2);
    rulesets.forEach((r) => expect(r.enabled, `WAF Off does not switch a managed ruleset off: ${show(r)}`).toBe(true));
    expect(result.rules.filter((r) => r.action !== 'skip' && r.enabled === false), 'no rule is disabled because of the page rule').toEqual([]);
    const exception = mentions(result, target);
    expect(exception.map((r) => r.action), `the page rule becomes an exception (skip) on its URL only: ${show(result)}`).toEqual(['skip']);
    expect(exception[0]!.expression, 'the exception is limited to the URL, not all traffic').not.toBe('true');
    const deployed = expectConfiguration(await migrate(api, zone, result), 'the migration (pending)');
    rulesetRules(deployed).forEach((r) => expect(r.enabled, 'deployed: the managed rulesets stay enabled').toBe(true));
  });

  // No traffic evaluation in the reference: asserted on the configuration. The exception (skip)
  // names the managed rulesets it disables where its expression matches and runs before them.
  spec(['ZM-WAF-SKIP-RULES-DISABLE'], 'an exception skips the managed rulesets where it matches, ahead of them', async ({ expect, api, control, newZone, setUp, convention }) => {
    const zone = await newZone({ plan: 'enterprise' });
    const expression = 'ip.src eq 203.0.113.9';
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: true, firewall_rules: [{ expression, description: 'bypass' }] });
    const result = await config(api, zone);
    const deployed = expectConfiguration(await migrate(api, zone, result), 'the migration (pending)');
    for (const c of [result, deployed]) {
      const skipIndex = c.rules.findIndex((r) => r.action === 'skip' && r.expression === expression);
      expect(skipIndex, `the exception is there: ${show(c)}`).toBeGreaterThanOrEqual(0);
      const skip = c.rules[skipIndex]!;
      expect(skip.enabled, 'the exception is enabled').toBe(true);
      const executed = rulesetRules(c).map((r) => r.action_parameters!.id);
      const skipped = await setUp('the rulesets an exception skips read from its action_parameters.rulesets (the reference\'s name; the document does not show it)', () => {
        expect(Array.isArray(skip.action_parameters?.rulesets), `action_parameters.rulesets is an array: ${show(skip)}`).toBe(true);
        return [...skip.action_parameters!.rulesets!];
      });
      expect.soft(skipped.sort(), `the exception disables the managed rulesets: ${show(skip)}`).toEqual([...executed].sort());
      const firstExecute = c.rules.findIndex((r) => r.action === 'execute');
      await convention('ZM-WAF-EXT-MAPPING-NAMES', 'the exception comes before the rulesets it skips', () => expect(skipIndex, 'the exception runs before the rulesets it skips').toBeLessThan(firstExecute));
      rulesetRules(c).forEach((r) => expect(r.enabled, 'the rulesets stay enabled elsewhere').toBe(true));
    }
  }, { conventions: ['ZM-WAF-EXT-MAPPING-NAMES'] });
});

describe('WAF migration, limits: only support can migrate beyond them', () => {
  const bypassRules = (count: number) => Array.from({ length: count }, (_, i) => ({ expression: `ip.src eq 10.0.${Math.floor(i / 256)}.${i % 256}` }));

  spec(['ZM-WAF-LIMIT-200-RULES'], '201 firewall rules to migrate are refused to the user; 200 migrate', async ({ api, control, newZone, convention }) => {
    const zone = await newZone({ plan: 'business' });
    await control.setWafLegacy(zone.id, { firewall_rules: bypassRules(201) });
    const over = await config(api, zone);
    const refused = await migrate(api, zone, over);
    expectFailure(refused, 'the migration of a zone with 201 firewall rules');
    await refusalIs4xx(convention, refused, 'the migration of a zone with 201 firewall rules');
    expect((await check(api, zone, true)).migration_state, 'the zone stays in start').toBe('start');

    await control.setWafLegacy(zone.id, { firewall_rules: bypassRules(200) });
    const at = await config(api, zone);
    expect(at.rules.filter((r) => r.action === 'skip').length, 'the 200 firewall rules are in the configuration').toBe(200);
    expectSuccess(await migrate(api, zone, at), 'the migration of a zone with 200 firewall rules');
    expect((await check(api, zone)).migration_state, 'the zone has left start').not.toBe('start');
  }, { timeout: 60_000, conventions: ['ZM-WAF-EXT-QUERY-VALUES'] });

  spec(['ZM-WAF-LIMIT-4KB-EXPRESSION'], 'a 4097-byte firewall rule expression is refused to the user; 4096 bytes migrate', async ({ api, control, newZone, convention }) => {
    const zone = await newZone({ plan: 'enterprise' });
    const ofBytes = (n: number) => {
      const head = 'http.request.uri.path eq "/';
      const expression = `${head}${'a'.repeat(n - head.length - 1)}"`;
      expect(Buffer.byteLength(expression), 'the expression has the intended size').toBe(n);
      return expression;
    };
    await control.setWafLegacy(zone.id, { firewall_rules: [{ expression: ofBytes(4097) }] });
    const refused = await migrate(api, zone, await config(api, zone));
    expectFailure(refused, 'the migration of a zone with a 4097-byte expression');
    await refusalIs4xx(convention, refused, 'the migration of a zone with a 4097-byte expression');
    expect((await check(api, zone, true)).migration_state, 'the zone stays in start').toBe('start');

    await control.setWafLegacy(zone.id, { firewall_rules: [{ expression: ofBytes(4096) }] });
    const at = await config(api, zone);
    expect(at.rules.some((r) => r.expression === ofBytes(4096)), 'the 4096-byte expression is in the configuration').toBe(true);
    expectSuccess(await migrate(api, zone, at), 'the migration of a zone with a 4096-byte expression');
    expect((await check(api, zone)).migration_state, 'the zone has left start').not.toBe('start');
  }, { conventions: ['ZM-WAF-EXT-QUERY-VALUES'] });

  // "a rule expression longer than 4 KB": the limit is each expression's, not their sum. Three
  // rules of 3000 bytes (9000 together) migrate; one of them grown to 4097 bytes is refused (the
  // positive control, so a target refusing for the sum is told from one refusing nothing).
  spec(['ZM-WAF-LIMIT-4KB-EXPRESSION'], 'the 4 KB is per expression: three rules of 3000 bytes each (9000 together) migrate; one grown to 4097 bytes is refused', async ({ api, control, newZone, convention }) => {
    const ofBytes = (n: number, tag: string) => {
      const head = `http.request.uri.path eq "/${tag}/`;
      return `${head}${'a'.repeat(n - head.length - 1)}"`;
    };
    const refusedZone = await newZone({ plan: 'enterprise' });
    await control.setWafLegacy(refusedZone.id, { firewall_rules: [{ expression: ofBytes(4097, 'r1') }, { expression: ofBytes(3000, 'r2') }, { expression: ofBytes(3000, 'r3') }] });
    const refused = await migrate(api, refusedZone, await config(api, refusedZone));
    expectFailure(refused, 'positive control: the migration of a zone whose first of three expressions has 4097 bytes');
    await refusalIs4xx(convention, refused, 'the migration of a zone with a 4097-byte expression among three');

    const zone = await newZone({ plan: 'enterprise' });
    const expressions = ['s1', 's2', 's3'].map((tag) => ofBytes(3000, tag));
    expect(expressions.map((e) => Buffer.byteLength(e)), 'each expression has 3000 bytes').toEqual([3000, 3000, 3000]);
    await control.setWafLegacy(zone.id, { firewall_rules: expressions.map((expression) => ({ expression })) });
    const configuration = await config(api, zone);
    expect(expressions.every((e) => configuration.rules.some((r) => r.expression === e)), 'the three expressions are in the configuration').toBe(true);
    expectSuccess(await migrate(api, zone, configuration), 'the migration of a zone with three 3000-byte expressions (9000 bytes together, each under 4 KB)');
    expect((await check(api, zone)).migration_state, 'the zone has left start').not.toBe('start');
  }, { conventions: ['ZM-WAF-EXT-QUERY-VALUES'] });

  // "4 KB" is a size in bytes: characters of 2, 3 and 4 bytes in UTF-8 (1, 1 and 2 UTF-16 units)
  // tell a count of bytes from a count of characters or of JavaScript string units, on both sides
  // of the boundary.
  spec(['ZM-WAF-LIMIT-4KB-EXPRESSION'], 'the 4 KB counts bytes, not characters: multi-byte expressions of 4097 bytes are refused, of 4096 bytes migrate', async ({ api, control, newZone, convention }) => {
    for (const char of ['é', '€', '𝄞']) {
      const zone = await newZone({ plan: 'enterprise' });
      const over = multiByteExpression(char, 4097);
      expect(over.length, 'the expression over 4 KB has far fewer than 4096 characters').toBeLessThan(4096);
      await control.setWafLegacy(zone.id, { firewall_rules: [{ expression: over }] });
      const refused = await migrate(api, zone, await config(api, zone));
      expectFailure(refused, `the migration of a zone with a 4097-byte expression of ${JSON.stringify(char)} (${over.length} UTF-16 units)`);
      await refusalIs4xx(convention, refused, `the migration of a zone with a 4097-byte expression of ${JSON.stringify(char)}`);
      expect((await check(api, zone, true)).migration_state, 'the zone stays in start').toBe('start');

      const at = multiByteExpression(char, 4096);
      await control.setWafLegacy(zone.id, { firewall_rules: [{ expression: at }] });
      const configuration = await config(api, zone);
      expect(configuration.rules.some((r) => r.expression === at), `the 4096-byte expression of ${JSON.stringify(char)} is in the configuration`).toBe(true);
      expectSuccess(await migrate(api, zone, configuration), `positive control: the migration of a zone with a 4096-byte expression of ${JSON.stringify(char)}`);
      expect((await check(api, zone)).migration_state, 'the zone has left start').not.toBe('start');
    }
  }, { conventions: ['ZM-WAF-EXT-QUERY-VALUES'] });
});
