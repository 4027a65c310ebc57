// WAF migration: check, config, the entry point PUT that validates or migrates, status, the state
// machine (irreversible; validation for Enterprise only; Pro and Business migrate directly) and the
// end of the previous-version APIs. Every spec runs in a zone of its own.
//
// The previous-version configuration is set through the control API (`waf_legacy`,
// docs/waf-migration-contract.md). What the spec leaves "not shown" — the field names of the status
// result, the migration_state values besides `start`, the outcome of a validation call by a
// non-Enterprise zone, how the previous-version APIs fail and the other rulesets operations — is
// only asserted in specs declared `extended`, with the contract's values. The compatibility,
// eligibility, mapping, sensitivity and limit requirements are covered by another file.

import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../../src/spec-kit/api-client.js';
import { expectArray, expectFailure, expectFailureStatus, expectObject, expectSuccess } from '../../src/spec-kit/expect.js';
import { expectCheck, expectConfiguration, expectStatus } from './support/waf.js';
import { describe, spec, type TestZone } from '../../src/spec-kit/spec.js';
import type { Plan } from '../../src/spec-kit/control.js';

const ENTRYPOINT = '/rulesets/phases/http_request_firewall_managed/entrypoint';

const STATUS_NAMES = 'reads the status result by the contract\'s field names (old_waf, new_waf, evaluation_order, migration_state), which the spec does not show';
const STATE_VALUES = 'compares migration_state with the contract\'s values besides start (validation, migrated), which the spec does not show';

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

async function status(api: ApiClient, zone: TestZone): Promise<WafStatus> {
  return expectStatus(await api.get<WafStatus>(zone.path('/waf_migration/status')), 'the migration status');
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

  spec(['ZM-WAF-ENTRYPOINT-VALIDATION-ALIAS-2'], 'waf_migration=2 enters validation exactly as waf_migration=validation', async ({ api, newZone }) => {
    const byName = await newZone({ plan: 'enterprise' });
    const byNumber = await newZone({ plan: 'enterprise' });
    await enterValidation(api, byName, 'validation');
    await enterValidation(api, byNumber, '2');
    expect(await check(api, byNumber), 'waf_migration=2 leaves the zone as waf_migration=validation does').toEqual(await check(api, byName));
    expect(await status(api, byNumber), 'and so does the status').toEqual(await status(api, byName));
    expect((await status(api, byNumber)).migration_state, 'waf_migration=2 enters validation mode').toBe('validation');
  }, { extended: STATE_VALUES });

  spec(['ZM-WAF-VALIDATION-OMITS-ID-VERSION-REF', 'ZM-WAF-VALIDATION-ENTERPRISE-ONLY'],
    'an Enterprise zone\'s validation call is accepted with rule id, version and ref omitted', async ({ api, newZone }) => {
      const zone = await newZone({ plan: 'enterprise' });
      const body = validationForm(await config(api, zone));
      body.rules.forEach((r) => expect('id' in r || 'version' in r || 'ref' in r, 'id, version and ref are omitted').toBe(false));
      expectSuccess(await putEntrypoint(api, zone, body, 'validation'), 'PUT entry point with waf_migration=validation, id/version/ref omitted');
      // The call was taken: validation mode is not the start state it came from.
      expect((await check(api, zone)).migration_state, 'the zone left start for validation mode').not.toBe('start');
    });

  spec(['ZM-WAF-STATUS-ENDPOINT'], 'GET waf_migration/status gives whether old and new managed rules are enabled and the migration state', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'pro' });
    const before = await status(api, zone);
    expect(before, 'start: the previous version enabled, the new one not').toMatchObject({ old_waf: { enabled: true }, new_waf: { enabled: false }, migration_state: 'start' });
    await migrate(api, zone);
    const after = await status(api, zone);
    expect(after, 'migrated: the new version enabled, the previous one not').toMatchObject({ old_waf: { enabled: false }, new_waf: { enabled: true }, migration_state: 'migrated' });
  }, { extended: STATUS_NAMES });
});

describe('WAF migration: states and transitions', () => {
  spec(['ZM-WAF-VALIDATION-ENTERPRISE-ONLY'], 'validation mode is for Enterprise zones: others are refused and stay in start', async ({ api, newZone }) => {
    const enterprise = await newZone({ plan: 'enterprise' });
    await enterValidation(api, enterprise);
    expect((await check(api, enterprise)).migration_state, 'an Enterprise zone enters validation mode').toBe('validation');
    for (const plan of ['free', 'pro', 'business'] as Plan[]) {
      const zone = await newZone({ plan });
      const response = await putEntrypoint(api, zone, validationForm(await config(api, zone)), 'validation');
      expectFailureStatus(response, 403, `waf_migration=validation by a ${plan} zone`);
      expect(response.body?.errors.map((e) => e.message).join(' '), 'the refusal says validation is for Enterprise zones').toMatch(/enterprise/i);
      expect((await check(api, zone)).migration_state, `the ${plan} zone stays in start`).toBe('start');
    }
  }, { extended: 'the outcome of a validation call by a non-Enterprise zone is not shown: the contract refuses it with 403' });

  spec(['ZM-WAF-VALIDATION-BOTH-ENABLED', 'ZM-WAF-VALIDATION-NEW-BEFORE-OLD'],
    'in validation mode the previous and the new managed rules are both enabled, the new ones first', async ({ api, newZone }) => {
      const zone = await newZone({ plan: 'enterprise' });
      expect(await status(api, zone), 'start: only the previous version runs').toMatchObject({ new_waf: { enabled: false }, evaluation_order: ['old_waf'] });
      await enterValidation(api, zone);
      const s = await status(api, zone);
      expect(s.migration_state, 'validation mode').toBe('validation');
      expect(s.old_waf.enabled, 'the previous managed rules stay enabled in validation mode').toBe(true);
      expect(s.new_waf.enabled, 'the new managed rules are enabled in validation mode').toBe(true);
      expect(s.evaluation_order, 'the new managed rules run before the previous ones').toEqual(['new_waf', 'old_waf']);
    }, { extended: STATUS_NAMES });

  spec(['ZM-WAF-PENDING-MIGRATES', 'ZM-WAF-PENDING-DISABLES-PREVIOUS'],
    'pending migrates from start and from validation mode, disabling the previous managed rules', async ({ api, newZone }) => {
      const fromStart = await newZone({ plan: 'enterprise' });
      const fromValidation = await newZone({ plan: 'enterprise' });
      await enterValidation(api, fromValidation);
      expect((await status(api, fromValidation)).old_waf.enabled, 'validation mode keeps the previous version enabled').toBe(true);
      for (const zone of [fromStart, fromValidation]) {
        expectSuccess(await putEntrypoint(api, zone, pendingForm(await config(api, zone)), 'pending'), 'PUT entry point with waf_migration=pending');
        const s = await status(api, zone);
        expect(s.migration_state, 'the zone is migrated once the configuration is saved').toBe('migrated');
        expect(s.new_waf.enabled, 'the new managed rules are enabled').toBe(true);
        expect(s.old_waf.enabled, 'the previous managed rules are disabled automatically').toBe(false);
        expect((await check(api, zone)).migration_state, 'the check reports the migrated state').toBe('migrated');
      }
    }, { extended: STATUS_NAMES });

  spec(['ZM-WAF-PRO-BUSINESS-DIRECT', 'ZM-WAF-PRO-BUSINESS-DISABLES-PREVIOUS'],
    'a compatible Pro or Business zone migrates directly from start, the previous version disabled automatically', async ({ api, newZone }) => {
      for (const plan of ['pro', 'business'] as Plan[]) {
        const zone = await newZone({ plan });
        expect(await status(api, zone), `a ${plan} zone starts with the previous version enabled`).toMatchObject({ old_waf: { enabled: true }, migration_state: 'start' });
        await migrate(api, zone);
        const s = await status(api, zone);
        expect(s.migration_state, `the ${plan} zone went straight from start to migrated`).toBe('migrated');
        expect(s.old_waf.enabled, `the ${plan} zone's previous version is disabled automatically`).toBe(false);
        expect(s.new_waf.enabled, `the ${plan} zone runs the new managed rules`).toBe(true);
      }
    }, { extended: STATUS_NAMES });

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

  spec(['ZM-WAF-IRREVERSIBLE'], 'every further migration PUT on a migrated zone is refused (409, irreversible); the state stays migrated', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await migrate(api, zone);
    for (const value of ['validation', 'pending']) {
      const response = await putEntrypoint(api, zone, { name: 'default', rules: [] }, value);
      expectFailureStatus(response, 409, `waf_migration=${value} on a migrated zone`);
      expect(response.body?.errors.map((e) => e.message).join(' '), 'the refusal says the migration is irreversible').toMatch(/irreversible/i);
    }
    expect(await status(api, zone), 'the zone stays migrated, the previous version off').toMatchObject({ old_waf: { enabled: false }, migration_state: 'migrated' });
  }, { extended: 'relies on the contract\'s refusal (409) of a migration PUT on a migrated zone and on status field names' });

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
    'the whole procedure on an Enterprise zone: check, config, validation and review, then pending', async ({ api, newZone }) => {
      const zone = await newZone({ plan: 'enterprise' });
      expect((await check(api, zone)).compatible, 'step 1: the zone is compatible').toBe(true);
      const cfg = await config(api, zone);
      await enterValidation(api, zone);
      const review = await status(api, zone);
      expect(review, 'step 3: under review both versions run, the new one first').toMatchObject({ migration_state: 'validation', evaluation_order: ['new_waf', 'old_waf'] });
      expectSuccess(await putEntrypoint(api, zone, pendingForm(cfg), 'pending'), 'step 4: PUT of the final configuration with pending');
      expect(await status(api, zone), 'the zone is migrated').toMatchObject({ migration_state: 'migrated', old_waf: { enabled: false }, new_waf: { enabled: true } });
    }, { extended: STATUS_NAMES });

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
  spec(['ZM-WAF-PREVIOUS-APIS-STOP'], 'the previous-version APIs (packages, groups, rules, overrides) answer 410 for the migrated zone only', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'business' });
    const other = await newZone({ plan: 'business' });
    const packages = expectArray(await api.get<{ id: string }[]>(zone.path('/firewall/waf/packages')), 'listing packages', { minLength: 1 });
    const pkg = packages[0]!.id;
    const paths = ['/firewall/waf/packages', `/firewall/waf/packages/${pkg}`, `/firewall/waf/packages/${pkg}/groups`, `/firewall/waf/packages/${pkg}/rules`, '/firewall/waf/overrides'];
    for (const path of paths) expectSuccess(await api.get(zone.path(path)), `GET ${path} before the migration`);
    const override = expectObject(await api.post<{ id: string }>(zone.path('/firewall/waf/overrides'), { json: { urls: ['example.com/*'] } }), 'creating a URI override before the migration');
    expectSuccess(await api.delete(zone.path(`/firewall/waf/overrides/${override.id}`)), 'deleting it (the zone must be compatible to migrate)');
    await migrate(api, zone);
    for (const path of paths) {
      expectFailureStatus(await api.get(zone.path(path)), 410, `GET ${path} after the migration`);
      expectSuccess(await api.get(other.path(path)), `GET ${path} of a zone not migrated`);
    }
    expectFailureStatus(await api.post(zone.path('/firewall/waf/overrides'), { json: { urls: ['example.com/*'] } }), 410, 'POST override after the migration');
  }, { extended: 'the previous-version payloads and their failure after migration (410) are the contract\'s' });

  spec(['ZM-WAF-RULESETS-API-REPLACES'], 'after migration the rulesets entry point manages the new managed rules', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'pro' });
    const cfg = await config(api, zone);
    const early = await putEntrypoint(api, zone, pendingForm(cfg));
    expectFailureStatus(early, 409, 'PUT entry point without waf_migration before the migration');
    expectFailureStatus(await api.get(zone.path(ENTRYPOINT)), 404, 'GET entry point before the migration');
    await migrate(api, zone);
    const deployed = expectConfiguration(await api.get<{ version: string; rules: WafRule[] }>(zone.path(ENTRYPOINT)), 'GET entry point after the migration');
    expect(deployed.rules.length, 'the deployed entry point holds the migrated configuration').toBe(cfg.rules.length);
    const changed = { name: 'default', rules: cfg.rules.map((r) => ({ ...r, id: '', version: '', ref: '', enabled: true })) };
    const replaced = expectObject(await putEntrypoint(api, zone, changed), 'PUT entry point without waf_migration after the migration');
    expect((replaced as { version: string }).version, 'the entry point gets a new version').toBe(String(Number(deployed.version) + 1));
    const read = expectConfiguration(await api.get<{ rules: WafRule[] }>(zone.path(ENTRYPOINT)), 'GET entry point after the update');
    expect(read.rules.every((r) => r.enabled === true), 'the update is what the entry point now deploys').toBe(true);
  }, { extended: 'GET and plain PUT of the entry point are rulesets operations the spec does not show' });
});
