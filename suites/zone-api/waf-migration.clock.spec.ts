// specgate-clock: per zone
// (Every spec here moves time only for zones it created and reads time only there: on a target with a
// clock per zone this file runs alongside the others; src/catalog/suites.ts reads this line.)
//
// WAF migration: check, config, the entry point PUT that validates or migrates, status, the state
// machine (irreversible; validation for Enterprise only; Pro and Business migrate directly) and the
// end of the previous-version APIs. Every spec runs in a zone of its own.
//
// The previous-version configuration is set through the control API (`waf_legacy`,
// docs/waf-migration-contract.md). What the spec leaves "not shown" is kept apart from what it
// states: the status result's field names are read as a set-up step (`setUp`: a target naming them
// otherwise leaves the spec not verified), after which what the document says of the two versions
// (enabled, the new one first) is core; the migration_state values besides `start`, the statuses
// and messages of refusals, and the other rulesets operations are convention checks
// (ZM-WAF-EXT-STATE-MACHINE, ZM-WAF-EXT-DEPLOYED-ENTRYPOINT). The compatibility, eligibility,
// mapping, sensitivity and limit requirements are covered by another file.

import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../../src/spec-kit/api-client.js';
import { expectArray, expectFailure, expectFailureStatus, expectObject, expectSuccess } from '../../src/spec-kit/expect.js';
import { expectCheck, expectConfiguration, expectStatus } from './support/waf.js';
import { describe, spec, type SpecFixtures, type TestZone } from '../../src/spec-kit/spec.js';
import type { Plan } from '../../src/spec-kit/control.js';

const ENTRYPOINT = '/rulesets/phases/http_request_firewall_managed/entrypoint';

/** The set-up step of reading the status: the document names what it gives, not its fields. */
const STATUS_FIELDS = 'the status read by the reference\'s field names old_waf.enabled, new_waf.enabled, evaluation_order and migration_state (the document does not name them)';
const STATE_MACHINE = 'ZM-WAF-EXT-STATE-MACHINE';
const CONVENTIONS = { conventions: [STATE_MACHINE] };

type SetUp = SpecFixtures['setUp'];
type Convention = SpecFixtures['convention'];

interface CheckResult { compatible: boolean; migration_state: string }
interface WafRule {
  id?: string; version?: string; ref?: string; action: string; expression: string; description?: string; enabled?: boolean;
  action_parameters?: { id?: string; overrides?: { rules?: { id: string; action: string; enabled: boolean; [k: string]: unknown }[]; [k: string]: unknown }; [k: string]: unknown };
}
interface WafConfig { name: string; rules: WafRule[] }
interface WafStatus { old_waf: { enabled: boolean }; new_waf: { enabled: boolean }; evaluation_order: string[]; migration_state: string }

const phaseTwo = (two: boolean) => (two ? { phase_two: 1 } : undefined);

async function check(api: ApiClient, zone: TestZone, two = false): Promise<CheckResult> {
  return expectCheck(await api.get<CheckResult>(zone.path('/waf_migration/check'), { query: phaseTwo(two) }), 'the compatibility check');
}

async function config(api: ApiClient, zone: TestZone, two = false): Promise<WafConfig> {
  const result = expectConfiguration(await api.get<WafConfig>(zone.path('/waf_migration/config'), { query: phaseTwo(two) }), 'getting the new configuration');
  expect(typeof result.name, `result.name is a string: ${JSON.stringify(result)}`).toBe('string');
  return result;
}

/** The status: that the documented endpoint answers is core; reading its fields by name is set-up. */
async function status(setUp: SetUp, api: ApiClient, zone: TestZone): Promise<WafStatus> {
  const response = await api.get<WafStatus>(zone.path('/waf_migration/status'));
  expectObject(response, 'GET waf_migration/status');
  return setUp(STATUS_FIELDS, () => expectStatus(response, 'the migration status'));
}

/** Validation mode as the document describes it: both versions enabled, the new rules first. */
const inValidationMode = (s: WafStatus): boolean => s.old_waf.enabled && s.new_waf.enabled && s.evaluation_order[0] === 'new_waf';

/** The state value the contract gives a zone (validation, migrated): a convention, not the document's. */
function expectStateValue(convention: Convention, s: WafStatus, value: string, what: string): Promise<void> {
  return convention(STATE_MACHINE, `${what}: migration_state ${value}`, () => expect(s.migration_state, `${what}: migration_state`).toBe(value));
}

function putEntrypoint(api: ApiClient, zone: TestZone, body: unknown, waf_migration?: string, two = false): Promise<ApiResponse> {
  const query: Record<string, string | number> = { ...(waf_migration !== undefined && { waf_migration }), ...(two && { phase_two: 1 }) };
  return api.put(zone.path(ENTRYPOINT), { json: body, query });
}

/** The pending call's form: id, version and ref sent as empty strings. */
const pendingForm = (cfg: WafConfig): WafConfig => ({ name: cfg.name, rules: cfg.rules.map((r) => ({ ...r, id: '', version: '', ref: '' })) });
/** The validation call's form: id, version and ref omitted. */
const validationForm = (cfg: WafConfig): WafConfig => ({
  name: cfg.name,
  rules: cfg.rules.map(({ id: _id, version: _version, ref: _ref, ...rest }) => rest),
});

/** Check, get the configuration and PUT it with pending (the procedure without validation). */
async function migrate(api: ApiClient, zone: TestZone, value = 'pending'): Promise<void> {
  expect((await check(api, zone)).compatible, 'a zone nobody configured is compatible').toBe(true);
  expectSuccess(await putEntrypoint(api, zone, pendingForm(await config(api, zone)), value), `PUT entry point with waf_migration=${value}`);
}

async function enterValidation(api: ApiClient, zone: TestZone, value = 'validation'): Promise<void> {
  expectSuccess(await putEntrypoint(api, zone, validationForm(await config(api, zone)), value), `PUT entry point with waf_migration=${value}`);
}

/** The previous-version APIs whose paths the spec lists (list endpoints only: payloads are not shown). */
const PREVIOUS_LISTS = ['/firewall/waf/packages', '/firewall/waf/overrides'];

describe('WAF migration: the objects', () => {
  spec(['ZM-WAF-CHECK-ENDPOINT', 'ZM-WAF-CHECK-RESULT-FIELDS', 'ZM-WAF-MIGRATION-STATE-START'],
    'GET waf_migration/check answers {compatible (boolean), migration_state (string)}; start for a zone not migrated', async ({ api, newZone }) => {
      for (const plan of ['pro', 'enterprise'] as Plan[]) {
        const zone = await newZone({ plan });
        const result = await check(api, zone);
        expect(result.migration_state, `a ${plan} zone that has not been migrated is in state start`).toBe('start');
        // Positive control: the same check reports another state once the zone is migrated.
        await migrate(api, zone);
        expect((await check(api, zone)).migration_state, `positive control: the ${plan} zone, once migrated, is no longer in start`).not.toBe('start');
      }
    });

  spec(['ZM-WAF-CONFIG-ENDPOINT', 'ZM-WAF-CONFIG-FIELDS', 'ZM-WAF-PROC-2-GET-CONFIG'],
    'GET waf_migration/config answers the new configuration {name (string), rules (array)}', async ({ api, newZone }) => {
      const zone = await newZone({ plan: 'business' });
      const cfg = await config(api, zone);
      expect(cfg.rules.length, 'the configuration of a zone with the previous version deploys at least one managed ruleset').toBeGreaterThan(0);
    });

  spec(['ZM-WAF-RULE-FIELDS', 'ZM-WAF-RULE-ACTION-EXECUTE', 'ZM-WAF-RULE-EXPRESSION-TRUE', 'ZM-WAF-ACTION-PARAMETERS', 'ZM-WAF-OVERRIDES-RULES'],
    'the configuration\'s rules carry the rule fields; managed rulesets run by execute on expression true with action_parameters {id, overrides}', async ({ api, newZone, control }) => {
      const zone = await newZone({ plan: 'enterprise' });
      // The open web-application rule set with an action: its overrides carry rules.
      await control.setWafLegacy(zone.id, { core_ruleset_enabled: true, action_mode: 'simulate' });
      const cfg = await config(api, zone, true);
      for (const [i, rule] of cfg.rules.entries()) {
        for (const field of ['id', 'version', 'action', 'expression', 'description', 'ref'] as const) {
          expect(typeof rule[field], `rules[${i}].${field} is a string: ${JSON.stringify(rule)}`).toBe('string');
        }
        expect(typeof rule.enabled, `rules[${i}].enabled is a boolean: ${JSON.stringify(rule)}`).toBe('boolean');
        expect(typeof rule.action_parameters === 'object' && rule.action_parameters !== null, `rules[${i}] has action_parameters: ${JSON.stringify(rule)}`).toBe(true);
      }
      const executed = cfg.rules.filter((r) => r.action === 'execute');
      expect(executed.length, `managed rulesets are deployed with action execute: ${JSON.stringify(cfg.rules)}`).toBeGreaterThanOrEqual(2);
      expect(executed.some((r) => r.expression === 'true'), `a managed ruleset covering all traffic has expression true: ${JSON.stringify(executed)}`).toBe(true);
      for (const rule of executed) {
        expect(typeof rule.action_parameters?.id === 'string' && rule.action_parameters.id !== '', `action_parameters.id names the managed ruleset to execute: ${JSON.stringify(rule)}`).toBe(true);
      }
      const ids = new Set(executed.map((r) => r.action_parameters!.id));
      expect(ids.size, 'each managed ruleset is executed by its own rule').toBe(executed.length);
      const withOverrides = executed.filter((r) => r.action_parameters?.overrides !== undefined);
      expect(withOverrides.length, `the rule set with sensitivity and action carries action_parameters.overrides: ${JSON.stringify(executed)}`).toBeGreaterThan(0);
      for (const rule of withOverrides) {
        const rules = rule.action_parameters!.overrides!.rules;
        expect(Array.isArray(rules) && rules.length > 0, `overrides.rules is an array: ${JSON.stringify(rule.action_parameters)}`).toBe(true);
        for (const o of rules!) {
          expect(typeof o.id === 'string' && typeof o.action === 'string' && typeof o.enabled === 'boolean',
            `an override rule is {id (string), action (string), enabled (boolean)}: ${JSON.stringify(o)}`).toBe(true);
        }
      }
      expect(withOverrides.some((r) => r.action_parameters!.overrides!.rules!.some((o) => o.action === 'log')),
        `the action log occurs in overrides.rules (the previous action simulate): ${JSON.stringify(withOverrides)}`).toBe(true);
      // The configuration, execute rules and their overrides included, is accepted as the new one.
      expectSuccess(await putEntrypoint(api, zone, pendingForm(cfg), 'pending', true), 'PUT of the configuration with execute rules and overrides');
    });

  spec(['ZM-WAF-RULE-ID-VERSION-MAY-BE-EMPTY', 'ZM-WAF-PENDING-EMPTY-STRINGS', 'ZM-WAF-ENTRYPOINT-PUT'],
    'the pending call is accepted with rule id, version and ref as empty strings, and answers with the envelope', async ({ api, newZone }) => {
      const zone = await newZone({ plan: 'pro' });
      const cfg = await config(api, zone);
      const body = pendingForm(cfg);
      body.rules.forEach((r) => { expect(r.id === '' && r.version === '' && r.ref === '', 'sent as empty strings').toBe(true); });
      const response = await putEntrypoint(api, zone, body, 'pending');
      expectSuccess(response, 'PUT entry point {name, rules[]} with waf_migration=pending and empty id, version and ref');
      // The call was taken, not merely answered: the zone has left start.
      expect((await check(api, zone)).migration_state, 'the zone left start after the pending call').not.toBe('start');
    });
});

describe('WAF migration: the endpoints', () => {
  spec(['ZM-WAF-PHASE-TWO-QUERY'], 'check, config and the entry point PUT accept phase_two=1, and it selects phase two', async ({ api, newZone, control }) => {
    const zone = await newZone({ plan: 'business' });
    // Ineligible in phase one (the core rule set enabled), eligible in phase two: the query is what tells them apart.
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: true });
    expect((await check(api, zone)).compatible, 'without phase_two=1: phase one, the zone is not eligible').toBe(false);
    const checked = await check(api, zone, true);
    expect(checked.compatible, 'with phase_two=1: phase two, every zone is eligible').toBe(true);
    expect(checked.migration_state, 'the phase-two check reports the state of a zone not migrated').toBe('start');
    const cfg = await config(api, zone, true);
    expectSuccess(await putEntrypoint(api, zone, pendingForm(cfg), 'pending', true), 'PUT entry point with waf_migration=pending&phase_two=1');
    expect((await check(api, zone, true)).migration_state, 'the phase-two migration took effect: the zone left start').not.toBe('start');
  });

  spec(['ZM-WAF-ENTRYPOINT-PENDING-ALIAS-1'], 'waf_migration=1 migrates exactly as waf_migration=pending', async ({ api, newZone }) => {
    const byName = await newZone({ plan: 'pro' });
    const byNumber = await newZone({ plan: 'pro' });
    for (const path of PREVIOUS_LISTS) expectSuccess(await api.get(byNumber.path(path)), `positive control: GET ${path} before the migration`);
    await migrate(api, byName, 'pending');
    await migrate(api, byNumber, '1');
    const [named, numbered] = [await check(api, byName), await check(api, byNumber)];
    expect(numbered.migration_state, 'after waf_migration=1 the zone is no longer in state start').not.toBe('start');
    expect(numbered, 'waf_migration=1 leaves the zone as waf_migration=pending does').toEqual(named);
    for (const path of PREVIOUS_LISTS) {
      expectFailure(await api.get(byNumber.path(path)), `GET ${path} after waf_migration=1 (previous APIs stop working)`);
    }
  });

  spec(['ZM-WAF-ENTRYPOINT-VALIDATION-ALIAS-2'], 'waf_migration=2 enters validation exactly as waf_migration=validation', async ({ expect, api, newZone, setUp, convention }) => {
    const byName = await newZone({ plan: 'enterprise' });
    const byNumber = await newZone({ plan: 'enterprise' });
    expect(inValidationMode(await status(setUp, api, byNumber)), 'positive control: before the call the zone is not in validation mode').toBe(false);
    await enterValidation(api, byName, 'validation');
    await enterValidation(api, byNumber, '2');
    expect(await check(api, byNumber), 'waf_migration=2 leaves the zone as waf_migration=validation does').toEqual(await check(api, byName));
    const [numbered, named] = [await status(setUp, api, byNumber), await status(setUp, api, byName)];
    expect.soft(numbered, 'and so does the status').toEqual(named);
    expect(inValidationMode(numbered), `waf_migration=2 enters validation mode: both versions enabled, the new rules first: ${JSON.stringify(numbered)}`).toBe(true);
    await expectStateValue(convention, numbered, 'validation', 'after waf_migration=2');
  }, CONVENTIONS);

  spec(['ZM-WAF-VALIDATION-OMITS-ID-VERSION-REF', 'ZM-WAF-VALIDATION-ENTERPRISE-ONLY'],
    'an Enterprise zone\'s validation call is accepted with rule id, version and ref omitted', async ({ api, newZone }) => {
      const zone = await newZone({ plan: 'enterprise' });
      const body = validationForm(await config(api, zone));
      body.rules.forEach((r) => expect('id' in r || 'version' in r || 'ref' in r, 'id, version and ref are omitted').toBe(false));
      expectSuccess(await putEntrypoint(api, zone, body, 'validation'), 'PUT entry point with waf_migration=validation, id/version/ref omitted');
      // The call was taken: validation mode is not the start state it came from.
      expect((await check(api, zone)).migration_state, 'the zone left start for validation mode').not.toBe('start');
    });

  spec(['ZM-WAF-STATUS-ENDPOINT'], 'GET waf_migration/status gives whether old and new managed rules are enabled and the migration state', async ({ api, newZone, setUp, convention }) => {
    const zone = await newZone({ plan: 'pro' });
    const before = await status(setUp, api, zone);
    expect(before, 'start: the previous version enabled, the new one not, in state start').toMatchObject({ old_waf: { enabled: true }, new_waf: { enabled: false }, migration_state: 'start' });
    await migrate(api, zone);
    const after = await status(setUp, api, zone);
    expect(after, 'migrated: the new version enabled, the previous one not').toMatchObject({ old_waf: { enabled: false }, new_waf: { enabled: true } });
    expect(after.migration_state, 'the current migration state is no longer start').not.toBe('start');
    await expectStateValue(convention, after, 'migrated', 'once migrated');
  }, CONVENTIONS);
});

describe('WAF migration: states and transitions', () => {
  spec(['ZM-WAF-VALIDATION-ENTERPRISE-ONLY'], 'validation mode is for Enterprise zones: other plans do not enter it', async ({ expect, api, newZone, setUp, convention }) => {
    const enterprise = await newZone({ plan: 'enterprise' });
    await enterValidation(api, enterprise);
    // Positive control: the same reading sees validation mode where the document allows it.
    expect(inValidationMode(await status(setUp, api, enterprise)), 'positive control: an Enterprise zone enters validation mode').toBe(true);
    for (const plan of ['free', 'pro', 'business'] as Plan[]) {
      const zone = await newZone({ plan });
      const response = await putEntrypoint(api, zone, validationForm(await config(api, zone)), 'validation');
      // What the call answers a non-Enterprise zone is not shown (ZM-WAF-NON-ENTERPRISE-VALIDATION-UNSPECIFIED): only that it is no validation mode.
      const after = await status(setUp, api, zone);
      expect.soft(inValidationMode(after), `the ${plan} zone is not in validation mode (both versions side by side) after waf_migration=validation: ${JSON.stringify(after)}`).toBe(false);
      await convention(STATE_MACHINE, `the ${plan} zone's validation call is refused with 403 naming Enterprise and leaves it in start`, async () => {
        expectFailureStatus(response, 403, `waf_migration=validation by a ${plan} zone`);
        expect(response.body?.errors.map((e) => e.message).join(' '), 'the refusal says validation is for Enterprise zones').toMatch(/enterprise/i);
        expect((await check(api, zone)).migration_state, `the ${plan} zone stays in start`).toBe('start');
      });
    }
  }, CONVENTIONS);

  spec(['ZM-WAF-VALIDATION-BOTH-ENABLED', 'ZM-WAF-VALIDATION-NEW-BEFORE-OLD'],
    'in validation mode the previous and the new managed rules are both enabled, the new ones first', async ({ expect, api, newZone, setUp, convention }) => {
      const zone = await newZone({ plan: 'enterprise' });
      // Positive control: before, the status shows what validation mode changes.
      expect(await status(setUp, api, zone), 'start: only the previous version runs').toMatchObject({ new_waf: { enabled: false }, evaluation_order: ['old_waf'] });
      await enterValidation(api, zone);
      const s = await status(setUp, api, zone);
      expect.soft(s.old_waf.enabled, 'the previous managed rules stay enabled in validation mode').toBe(true);
      expect.soft(s.new_waf.enabled, 'the new managed rules are enabled in validation mode').toBe(true);
      expect.soft(s.evaluation_order, 'the new managed rules run before the previous ones').toEqual(['new_waf', 'old_waf']);
      await expectStateValue(convention, s, 'validation', 'in validation mode');
    }, CONVENTIONS);

  spec(['ZM-WAF-PENDING-MIGRATES', 'ZM-WAF-PENDING-DISABLES-PREVIOUS'],
    'pending migrates from start and from validation mode, disabling the previous managed rules', async ({ expect, api, newZone, setUp, convention }) => {
      const fromStart = await newZone({ plan: 'enterprise' });
      const fromValidation = await newZone({ plan: 'enterprise' });
      await enterValidation(api, fromValidation);
      expect((await status(setUp, api, fromValidation)).old_waf.enabled, 'positive control: validation mode keeps the previous version enabled').toBe(true);
      for (const zone of [fromStart, fromValidation]) {
        expectSuccess(await putEntrypoint(api, zone, pendingForm(await config(api, zone)), 'pending'), 'PUT entry point with waf_migration=pending');
        const s = await status(setUp, api, zone);
        expect.soft(s.migration_state, 'the zone is migrated once the configuration is saved: no longer start').not.toBe('start');
        expect.soft(s.new_waf.enabled, 'the new managed rules are enabled').toBe(true);
        expect.soft(s.old_waf.enabled, 'the previous managed rules are disabled automatically').toBe(false);
        expect.soft(inValidationMode(s), 'and the zone is not left in validation mode').toBe(false);
        await expectStateValue(convention, s, 'migrated', 'after pending');
        await convention(STATE_MACHINE, 'the check reports migrated', async () => expect((await check(api, zone)).migration_state).toBe('migrated'));
      }
    }, CONVENTIONS);

  spec(['ZM-WAF-PRO-BUSINESS-DIRECT', 'ZM-WAF-PRO-BUSINESS-DISABLES-PREVIOUS'],
    'a compatible Pro or Business zone migrates directly from start, the previous version disabled automatically', async ({ expect, api, newZone, setUp, convention }) => {
      for (const plan of ['pro', 'business'] as Plan[]) {
        const zone = await newZone({ plan });
        expect(await status(setUp, api, zone), `positive control: a ${plan} zone starts with the previous version enabled`).toMatchObject({ old_waf: { enabled: true }, migration_state: 'start' });
        await migrate(api, zone);
        const s = await status(setUp, api, zone);
        expect.soft(s.migration_state, `the ${plan} zone left start`).not.toBe('start');
        expect.soft(s.old_waf.enabled, `the ${plan} zone's previous version is disabled automatically`).toBe(false);
        expect.soft(s.new_waf.enabled, `the ${plan} zone runs the new managed rules`).toBe(true);
        await expectStateValue(convention, s, 'migrated', `the ${plan} zone, straight from start`);
      }
    }, CONVENTIONS);

  spec(['ZM-WAF-PRO-BUSINESS-DIRECT', 'ZM-WAF-PREVIOUS-APIS-STOP'],
    'a Pro or Business zone migrates with pending alone: the check leaves start and the previous-version APIs stop', async ({ api, newZone }) => {
      for (const plan of ['pro', 'business'] as Plan[]) {
        const zone = await newZone({ plan });
        const other = await newZone({ plan });
        for (const path of PREVIOUS_LISTS) expectSuccess(await api.get(zone.path(path)), `GET ${path} before the migration`);
        await migrate(api, zone);
        expect((await check(api, zone)).migration_state, `the ${plan} zone is no longer in start`).not.toBe('start');
        for (const path of PREVIOUS_LISTS) {
          expectFailure(await api.get(zone.path(path)), `GET ${path} once the ${plan} zone is migrated`);
          // They stop for the zone that is migrated, not for every zone.
          expectSuccess(await api.get(other.path(path)), `GET ${path} of another ${plan} zone, not migrated`);
        }
      }
    });

  spec(['ZM-WAF-PRO-BUSINESS-DIRECT', 'ZM-WAF-PROC-1-CHECK'], 'an incompatible Pro or Business zone is not migrated: the pending PUT fails, the zone stays in start and the previous APIs keep working; once compatible, the same PUT migrates it', async ({ api, newZone, control }) => {
    for (const plan of ['pro', 'business'] as Plan[]) {
      const zone = await newZone({ plan });
      await control.setWafLegacy(zone.id, { core_ruleset_enabled: true });
      expect((await check(api, zone)).compatible, `the ${plan} zone with the open web-application core rule set enabled is not compatible in phase one`).toBe(false);
      expectFailure(await putEntrypoint(api, zone, pendingForm(await config(api, zone)), 'pending'), `waf_migration=pending on the incompatible ${plan} zone`);
      expect((await check(api, zone)).migration_state, `the incompatible ${plan} zone stays in start`).toBe('start');
      for (const path of PREVIOUS_LISTS) expectSuccess(await api.get(zone.path(path)), `GET ${path}: the previous version of the incompatible ${plan} zone still works`);
      // Positive control: made compatible, the same zone is migrated by the same PUT.
      await control.setWafLegacy(zone.id, { core_ruleset_enabled: false });
      expect((await check(api, zone)).compatible, `the ${plan} zone, core rule set disabled, is compatible`).toBe(true);
      expectSuccess(await putEntrypoint(api, zone, pendingForm(await config(api, zone)), 'pending'), `positive control: waf_migration=pending on the ${plan} zone made compatible`);
      expect((await check(api, zone)).migration_state, `positive control: the ${plan} zone made compatible leaves start`).not.toBe('start');
    }
  });

  spec(['ZM-WAF-IRREVERSIBLE'], 'a migrated zone never returns to the previous managed rules', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    for (const path of PREVIOUS_LISTS) expectSuccess(await api.get(zone.path(path)), `positive control: GET ${path} before the migration`);
    await migrate(api, zone);
    const migrated = await check(api, zone);
    expect(migrated.migration_state, 'migrated').not.toBe('start');
    const cfg = { name: 'default', rules: [] };
    for (const value of ['validation', '2', 'pending', '1']) {
      await putEntrypoint(api, zone, value === 'validation' || value === '2' ? cfg : pendingForm(cfg), value);
      expect((await check(api, zone)).migration_state, `after waf_migration=${value} the zone is still migrated`).toBe(migrated.migration_state);
      for (const path of PREVIOUS_LISTS) expectFailure(await api.get(zone.path(path)), `GET ${path}: the previous version does not come back`);
    }
  });

  spec(['ZM-WAF-IRREVERSIBLE'], 'every further migration PUT on a migrated zone leaves it migrated, the previous version off', async ({ expect, api, newZone, setUp, convention }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await migrate(api, zone);
    const migrated = await status(setUp, api, zone);
    expect(migrated.old_waf.enabled, 'positive control: once migrated, the previous version is off').toBe(false);
    for (const value of ['validation', 'pending']) {
      const response = await putEntrypoint(api, zone, { name: 'default', rules: [] }, value);
      await convention(STATE_MACHINE, `waf_migration=${value} on a migrated zone is refused with 409 saying the migration is irreversible`, () => {
        expectFailureStatus(response, 409, `waf_migration=${value} on a migrated zone`);
        expect(response.body?.errors.map((e) => e.message).join(' '), 'the refusal says the migration is irreversible').toMatch(/irreversible/i);
      });
      const s = await status(setUp, api, zone);
      expect.soft(s.old_waf.enabled, `after waf_migration=${value} the previous version stays off`).toBe(false);
      expect.soft(s.migration_state, `after waf_migration=${value} the zone keeps its migrated state`).toBe(migrated.migration_state);
    }
  }, CONVENTIONS);

  spec(['ZM-WAF-USER-STARTS'], 'the service never migrates a zone on its own: reads and elapsed time leave it in start', async ({ api, newZone, clock }) => {
    const zone = await newZone({ plan: 'pro' });
    expect((await check(api, zone)).compatible, 'the zone is compatible: nothing but the user holds it back').toBe(true);
    await config(api, zone);
    await clock.advance(90 * 86_400_000);
    await config(api, zone, true);
    expect((await check(api, zone, true)).migration_state, 'after 90 days and every read the zone is still in start').toBe('start');
    for (const path of PREVIOUS_LISTS) expectSuccess(await api.get(zone.path(path)), `GET ${path}: the previous version still works`);
    // Positive control: the same check sees the migration the user starts.
    await migrate(api, zone);
    expect((await check(api, zone, true)).migration_state, 'positive control: migrated by the user, the zone leaves start').not.toBe('start');
  });
});

describe('WAF migration: the procedure by API', () => {
  spec(['ZM-WAF-PROC-1-CHECK'], 'step 1: the check says compatible for an eligible zone and false for an ineligible one', async ({ api, newZone, control }) => {
    const eligible = await newZone({ plan: 'pro' });
    expect((await check(api, eligible)).compatible, 'a zone with only the first managed ruleset enabled is eligible').toBe(true);
    const ineligible = await newZone({ plan: 'pro' });
    await control.setWafLegacy(ineligible.id, { core_ruleset_enabled: true });
    expect((await check(api, ineligible)).compatible, 'a zone with the open web-application core rule set enabled is ineligible in phase one').toBe(false);
  });

  spec(['ZM-WAF-PROC-1-CHECK', 'ZM-WAF-PROC-2-GET-CONFIG', 'ZM-WAF-PROC-3-VALIDATION-OPTIONAL', 'ZM-WAF-PROC-4-PENDING-FINAL'],
    'the whole procedure on an Enterprise zone: check, config, validation and review, then pending', async ({ api, newZone, setUp, convention }) => {
      const zone = await newZone({ plan: 'enterprise' });
      expect((await check(api, zone)).compatible, 'step 1: the zone is compatible').toBe(true);
      const cfg = await config(api, zone);
      await enterValidation(api, zone);
      const review = await status(setUp, api, zone);
      expect(inValidationMode(review), `step 3: under review both versions run, the new one first: ${JSON.stringify(review)}`).toBe(true);
      await expectStateValue(convention, review, 'validation', 'step 3');
      expectSuccess(await putEntrypoint(api, zone, pendingForm(cfg), 'pending'), 'step 4: PUT of the final configuration with pending');
      const done = await status(setUp, api, zone);
      expect(done, 'the zone is migrated: the previous version off, the new one on').toMatchObject({ old_waf: { enabled: false }, new_waf: { enabled: true } });
      await expectStateValue(convention, done, 'migrated', 'step 4');
    }, CONVENTIONS);

  spec(['ZM-WAF-PROC-4-PENDING-FINAL', 'ZM-WAF-PROC-3-VALIDATION-OPTIONAL'],
    'the procedure without the optional validation: the final configuration PUT with pending migrates', async ({ api, newZone }) => {
      const zone = await newZone({ plan: 'enterprise' });
      await migrate(api, zone);
      expect((await check(api, zone)).migration_state, 'the zone left start without validation mode').not.toBe('start');
    });

  spec(['ZM-WAF-CONFIG-EQUALS-CURRENT'], 'the configuration follows the current previous-version configuration', async ({ api, newZone, control }) => {
    const zone = await newZone({ plan: 'enterprise' });
    const initial = await config(api, zone, true);
    expect(await config(api, zone, true), 'unchanged previous version, unchanged configuration').toEqual(initial);
    const enabledCount = (c: WafConfig) => c.rules.filter((r) => r.action === 'execute' && r.enabled === true).length;
    expect(enabledCount(initial), 'by default only the first managed ruleset is enabled').toBe(1);
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: true });
    expect(enabledCount(await config(api, zone, true)), 'with the core rule set enabled both managed rulesets are').toBe(2);
    const bypass = `http.request.uri.path eq "/specgate/${crypto.randomUUID()}"`;
    await control.setWafLegacy(zone.id, { firewall_rules: [{ expression: bypass }] });
    const withBypass = await config(api, zone, true);
    expect(withBypass.rules.some((r) => r.expression === bypass), `the bypassing firewall rule is in the configuration: ${JSON.stringify(withBypass.rules)}`).toBe(true);
    await control.setWafLegacy(zone.id, { enabled: false, firewall_rules: [] });
    const disabled = await config(api, zone, true);
    expect(enabledCount(disabled), 'the previous version switched off: no managed ruleset enabled').toBe(0);
    expect(disabled.rules.some((r) => r.expression === bypass), 'the removed firewall rule is gone').toBe(false);
  });
});

describe('WAF migration: after the migration', () => {
  // Validation mode is not a migration: the previous-version APIs stop only once the zone is migrated.
  spec(['ZM-WAF-PREVIOUS-APIS-STOP'], 'the previous-version APIs keep working in validation mode and stop once the zone is migrated', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await enterValidation(api, zone);
    expect((await check(api, zone)).migration_state, 'the zone is in validation mode, not start').not.toBe('start');
    for (const path of PREVIOUS_LISTS) expectSuccess(await api.get(zone.path(path)), `GET ${path} in validation mode (the zone is not migrated)`);
    expectSuccess(await putEntrypoint(api, zone, pendingForm(await config(api, zone)), 'pending'), 'PUT entry point with waf_migration=pending from validation mode');
    // Positive control: the same reads do fail once the zone is migrated.
    for (const path of PREVIOUS_LISTS) expectFailure(await api.get(zone.path(path)), `positive control: GET ${path} once the zone is migrated`);
  });

  spec(['ZM-WAF-PREVIOUS-APIS-STOP'], 'the previous-version APIs (packages, groups, rules, overrides) stop working for the migrated zone only', async ({ api, newZone, setUp, convention }) => {
    const zone = await newZone({ plan: 'business' });
    const other = await newZone({ plan: 'business' });
    expectSuccess(await api.get(zone.path('/firewall/waf/packages')), 'positive control: GET /firewall/waf/packages, a documented path, before the migration');
    const pkg = await setUp('a package id read from GET /firewall/waf/packages as result[].id (the previous-version payloads are not shown)', async () =>
      expectArray(await api.get<{ id: string }[]>(zone.path('/firewall/waf/packages')), 'listing packages', { minLength: 1 })[0]!.id);
    const paths = ['/firewall/waf/packages', `/firewall/waf/packages/${pkg}`, `/firewall/waf/packages/${pkg}/groups`, `/firewall/waf/packages/${pkg}/rules`, '/firewall/waf/overrides'];
    for (const path of paths) expectSuccess(await api.get(zone.path(path)), `positive control: GET ${path} before the migration`);
    const overrideBody = { json: { urls: ['example.com/*'] } };
    const override = await setUp('a URI-based override created through POST /firewall/waf/overrides {urls} (the payload is not shown)', async () => expectObject(await api.post<{ id: string }>(zone.path('/firewall/waf/overrides'), overrideBody), 'creating a URI override before the migration'));
    expectSuccess(await api.delete(zone.path(`/firewall/waf/overrides/${override.id}`)), 'deleting it (the zone must be compatible to migrate)');
    await migrate(api, zone);
    for (const path of paths) {
      const after = await api.get(zone.path(path));
      expectFailure(after, `GET ${path} after the migration`);
      await convention(STATE_MACHINE, `GET ${path} of a migrated zone answers 410`, () => expectFailureStatus(after, 410, `GET ${path} after the migration`));
      expectSuccess(await api.get(other.path(path)), `GET ${path} of a zone not migrated`);
    }
    const posted = await api.post(zone.path('/firewall/waf/overrides'), overrideBody);
    expectFailure(posted, 'POST override after the migration');
    await convention(STATE_MACHINE, 'POST of an override on a migrated zone answers 410', () => expectFailureStatus(posted, 410, 'POST override after the migration'));
  }, CONVENTIONS);

  spec(['ZM-WAF-RULESETS-API-REPLACES'], 'after migration the rulesets entry point manages the new managed rules', async ({ api, newZone, setUp, convention, skip }) => {
    const zone = await newZone({ plan: 'pro' });
    const cfg = await config(api, zone);
    const early = await putEntrypoint(api, zone, pendingForm(cfg));
    const unset = await api.get(zone.path(ENTRYPOINT));
    await convention(STATE_MACHINE, 'before the migration a PUT of the entry point without waf_migration is 409 and its GET 404', () => {
      expectFailureStatus(early, 409, 'PUT entry point without waf_migration before the migration');
      expectFailureStatus(unset, 404, 'GET entry point before the migration');
    });
    await migrate(api, zone);
    // GET of the entry point is a rulesets operation the document does not show (ZM-WAF-RULESETS-OPS-UNSPECIFIED).
    const readEntrypoint = (what: string) => setUp('the deployed entry point read through GET of its path (a rulesets operation the document does not show)', async () =>
      expectConfiguration(await api.get<{ version: string; rules: WafRule[] }>(zone.path(ENTRYPOINT)), what));
    const deployed = await readEntrypoint('GET entry point after the migration');
    expect(deployed.rules.length, 'the deployed entry point holds the migrated configuration').toBe(cfg.rules.length);
    // The rulesets API replaces the previous one: the entry point, the document's path, takes a
    // change. The change turns each rule the other way, so a target that keeps what it deployed
    // (or answers anything it is sent) cannot pass; without a rule, there is no change to see.
    if (deployed.rules.length === 0) skip('not verified: the migrated configuration has no rule, so no change of the entry point could be seen');
    const turned = deployed.rules.map((r) => r.enabled === false);
    const changed = { name: 'default', rules: cfg.rules.map((r, i) => ({ ...r, id: '', version: '', ref: '', enabled: turned[i] })) };
    const replaced = expectObject(await putEntrypoint(api, zone, changed), 'PUT entry point without waf_migration after the migration');
    await convention('ZM-WAF-EXT-DEPLOYED-ENTRYPOINT', 'the entry point gets a new version', () => expect((replaced as { version: string }).version).toBe(String(Number(deployed.version) + 1)));
    const read = await readEntrypoint('GET entry point after the update');
    expect(read.rules.map((r) => r.enabled !== false), `the update (each rule's enabled turned over) is what the entry point now deploys: ${JSON.stringify(read.rules).slice(0, 800)}`).toEqual(turned);
  }, { conventions: [STATE_MACHINE, 'ZM-WAF-EXT-DEPLOYED-ENTRYPOINT'] });
});
