// WAF migration, what the spec leaves "not shown" and docs/waf-migration-contract.md decides: the
// previous-version API's catalogue, changes and URI-based overrides; the values of the query
// parameters; what the migration PUT deploys. Extended requirements only; each spec in a zone of
// its own, never migrated unless the spec says so.

import { expect } from 'vitest';
import type { ApiClient } from '../../src/spec-kit/api-client.js';
import { expectArray, expectFailureStatus, expectObject, expectSuccess } from '../../src/spec-kit/expect.js';
import { expectConfiguration } from './support/waf.js';
import { describe, spec, type TestZone } from '../../src/spec-kit/spec.js';

/** The contract's catalogue: the first managed ruleset (traditional) and the core rule set (anomaly). */
const MANAGED_PACKAGE = 'a25a9a7e9c00afc1fb2e0245519d725b';
const CORE_PACKAGE = 'c504870194831cd12c3fc0284f294abb';
const ENTRYPOINT = '/rulesets/phases/http_request_firewall_managed/entrypoint';
const UNKNOWN = 'ffffffffffffffffffffffffffffffff';

interface Package { id: string; sensitivity?: string; action_mode?: string; detection_mode?: string }
interface Group { id: string; mode: string }
interface Rule { id: string; mode: string; allowed_modes: string[] }
interface Override { id: string; urls: string[]; rules: Record<string, string>; description: string | null; paused: boolean; priority: number | null }
interface DeployedRule { id: string; version: string; ref: string; action: string; expression: string }
interface Deployed { id: string; version: string; rules: DeployedRule[] }

/** Why every spec here is extended (each cites only extended requirements). */
const CONTRACT = { extended: 'relies on docs/waf-migration-contract.md for what the spec does not show: the previous-version payloads, the query values, the deployed entry point' };

const show = (value: unknown) => JSON.stringify(value).slice(0, 1000);
const waf = (zone: TestZone, path: string) => zone.path(`/firewall/waf${path}`);

async function groupsOf(api: ApiClient, zone: TestZone, pkg: string): Promise<Group[]> {
  return expectArray(await api.get<Group[]>(waf(zone, `/packages/${pkg}/groups`)), `GET the groups of package ${pkg}`, { minLength: 1 });
}
async function rulesOf(api: ApiClient, zone: TestZone, pkg: string): Promise<Rule[]> {
  return expectArray(await api.get<Rule[]>(waf(zone, `/packages/${pkg}/rules`)), `GET the rules of package ${pkg}`, { minLength: 1 });
}

describe('WAF migration, the previous-version API (contract)', () => {
  spec('ZM-WAF-EXT-PREVIOUS-API', 'the catalogue reads by package, group and rule; what is not in a package is not found', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'pro' });
    const core = expectObject(await api.get<Package>(waf(zone, `/packages/${CORE_PACKAGE}`)), 'GET the core rule set package');
    expect(core, `the anomaly package shows sensitivity and action_mode: ${show(core)}`).toMatchObject({ id: CORE_PACKAGE, sensitivity: 'default', action_mode: 'challenge' });
    const managed = expectObject(await api.get<Package>(waf(zone, `/packages/${MANAGED_PACKAGE}`)), 'GET the managed package');
    expect(managed.id).toBe(MANAGED_PACKAGE);
    expectFailureStatus(await api.get(waf(zone, `/packages/${UNKNOWN}`)), 404, 'GET an unknown package');

    const [managedGroups, coreGroups] = [await groupsOf(api, zone, MANAGED_PACKAGE), await groupsOf(api, zone, CORE_PACKAGE)];
    expect(managedGroups.length + coreGroups.length, 'three groups in all').toBe(3);
    const group = expectObject(await api.get<Group>(waf(zone, `/packages/${MANAGED_PACKAGE}/groups/${managedGroups[0]!.id}`)), 'GET a group');
    expect(group, 'a group is on unless changed').toMatchObject({ id: managedGroups[0]!.id, mode: 'on' });
    expectFailureStatus(await api.get(waf(zone, `/packages/${MANAGED_PACKAGE}/groups/${coreGroups[0]!.id}`)), 404, 'GET a group of the other package');
    expectFailureStatus(await api.get(waf(zone, `/packages/${MANAGED_PACKAGE}/groups/${UNKNOWN}`)), 404, 'GET an unknown group');

    const [managedRules, coreRules] = [await rulesOf(api, zone, MANAGED_PACKAGE), await rulesOf(api, zone, CORE_PACKAGE)];
    expect(managedRules.length + coreRules.length, 'three rules in all').toBe(3);
    const rule = expectObject(await api.get<Rule>(waf(zone, `/packages/${CORE_PACKAGE}/rules/${coreRules[0]!.id}`)), 'GET a rule');
    expect(rule, `an anomaly rule is on or off: ${show(rule)}`).toMatchObject({ id: coreRules[0]!.id, mode: 'on', allowed_modes: ['on', 'off'] });
    expectFailureStatus(await api.get(waf(zone, `/packages/${CORE_PACKAGE}/rules/${managedRules[0]!.id}`)), 404, 'GET a rule of the other package');
    expectFailureStatus(await api.get(waf(zone, `/packages/${CORE_PACKAGE}/rules/${UNKNOWN}`)), 404, 'GET an unknown rule');
  }, CONTRACT);

  spec('ZM-WAF-EXT-PREVIOUS-API', 'the core rule set\'s sensitivity and action change; the other package has none; modes come from the allowed values', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'business' });
    const patched = expectObject(await api.patch<Package>(waf(zone, `/packages/${CORE_PACKAGE}`), { json: { sensitivity: 'low', action_mode: 'simulate' } }), 'PATCH the core rule set');
    expect(patched, `the answer shows the change: ${show(patched)}`).toMatchObject({ id: CORE_PACKAGE, sensitivity: 'low', action_mode: 'simulate' });
    expect(expectObject(await api.get<Package>(waf(zone, `/packages/${CORE_PACKAGE}`)), 'GET it again'), 'the change is kept').toMatchObject({ sensitivity: 'low', action_mode: 'simulate' });
    expectFailureStatus(await api.patch(waf(zone, `/packages/${MANAGED_PACKAGE}`), { json: { sensitivity: 'low' } }), 400, 'PATCH the sensitivity of the managed package');
    expectFailureStatus(await api.patch(waf(zone, `/packages/${CORE_PACKAGE}`), { json: { sensitivity: 'extreme' } }), 400, 'PATCH an unknown sensitivity');
    expectFailureStatus(await api.patch(waf(zone, `/packages/${CORE_PACKAGE}`), { json: { mode: 'on' } }), 400, 'PATCH a field packages do not have');

    const managedRule = (await rulesOf(api, zone, MANAGED_PACKAGE))[0]!;
    expect(managedRule.allowed_modes, 'a traditional rule takes actions').toEqual(['default', 'disable', 'simulate', 'block', 'challenge']);
    const blocked = expectObject(await api.patch<Rule>(waf(zone, `/packages/${MANAGED_PACKAGE}/rules/${managedRule.id}`), { json: { mode: 'block' } }), 'PATCH a rule to block');
    expect(blocked.mode).toBe('block');
    expectFailureStatus(await api.patch(waf(zone, `/packages/${MANAGED_PACKAGE}/rules/${managedRule.id}`), { json: { mode: 'off' } }), 400, 'PATCH a traditional rule to an anomaly mode');
    const group = (await groupsOf(api, zone, MANAGED_PACKAGE))[0]!;
    expectFailureStatus(await api.patch(waf(zone, `/packages/${MANAGED_PACKAGE}/groups/${group.id}`), { json: { mode: 'block' } }), 400, 'PATCH a group to a rule action');
    expect(expectObject(await api.get<Group>(waf(zone, `/packages/${MANAGED_PACKAGE}/groups/${group.id}`)), 'GET the group'), 'a refused change changes nothing').toMatchObject({ mode: 'on' });
  }, CONTRACT);

  spec('ZM-WAF-EXT-PREVIOUS-API', 'a URI-based override is created, read, replaced and deleted; an invalid one is refused', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    const created = expectObject(await api.post<Override>(waf(zone, '/overrides'), { json: { urls: ['shop.example.com/*'] } }), 'POST an override with urls only');
    expect(created, `the optional fields default: ${show(created)}`).toMatchObject({ urls: ['shop.example.com/*'], rules: {}, description: null, paused: false, priority: null });
    expect(expectObject(await api.get<Override>(waf(zone, `/overrides/${created.id}`)), 'GET the override')).toEqual(created);

    const replacement = { urls: ['shop.example.com/admin/*'], rules: { '100000': 'disable' }, description: 'admin', paused: true, priority: 5 };
    const replaced = expectObject(await api.put<Override>(waf(zone, `/overrides/${created.id}`), { json: replacement }), 'PUT the override');
    expect(replaced, 'PUT replaces the override, same id').toEqual({ id: created.id, ...replacement });
    expect(expectArray(await api.get<Override[]>(waf(zone, '/overrides')), 'GET the overrides'), 'the list holds the replaced override').toEqual([replaced]);

    for (const body of [{}, { urls: [] }, { urls: ['x'], rules: ['disable'] }, { urls: ['x'], paused: 'no' }, { urls: ['x'], priority: 1.5 }]) {
      expectFailureStatus(await api.post(waf(zone, '/overrides'), { json: body }), 400, `POST override ${show(body)}`);
    }
    expectFailureStatus(await api.put(waf(zone, `/overrides/${created.id}`), { json: { urls: [] } }), 400, 'PUT an invalid override');
    expectFailureStatus(await api.put(waf(zone, `/overrides/${UNKNOWN}`), { json: replacement }), 404, 'PUT an unknown override');
    expectFailureStatus(await api.get(waf(zone, `/overrides/${UNKNOWN}`)), 404, 'GET an unknown override');
    expectFailureStatus(await api.delete(waf(zone, `/overrides/${UNKNOWN}`)), 404, 'DELETE an unknown override');
    expect(expectObject(await api.delete<{ id: string }>(waf(zone, `/overrides/${created.id}`)), 'DELETE the override')).toEqual({ id: created.id });
    expectFailureStatus(await api.get(waf(zone, `/overrides/${created.id}`)), 404, 'GET the deleted override');
  }, CONTRACT);
});

describe('WAF migration, the query parameters and the deployed entry point (contract)', () => {
  spec('ZM-WAF-EXT-QUERY-VALUES', 'phase_two is 0 (phase one) or 1 (phase two), waf_migration one of its four values; anything else is 400', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    await control.setWafLegacy(zone.id, { partner_account: true });
    const compatible = async (phase_two: number) => expectObject(await api.get<{ compatible: boolean }>(zone.path('/waf_migration/check'), { query: { phase_two } }), `check phase_two=${phase_two}`).compatible;
    expect(await compatible(0), 'phase_two=0 is phase one: a partner account is not eligible').toBe(false);
    expect(await compatible(1), 'phase_two=1 is phase two: it is').toBe(true);
    expectSuccess(await api.get(zone.path('/waf_migration/config'), { query: { phase_two: 0 } }), 'config with phase_two=0');
    for (const phase_two of ['2', 'yes', '']) {
      expectFailureStatus(await api.get(zone.path('/waf_migration/check'), { query: { phase_two } }), 400, `check with phase_two="${phase_two}"`);
    }
    for (const waf_migration of ['later', '3', '']) {
      expectFailureStatus(await api.put(zone.path(ENTRYPOINT), { json: { name: 'default', rules: [] }, query: { waf_migration, phase_two: 1 } }), 400, `PUT with waf_migration="${waf_migration}"`);
    }
    expect((await api.get<{ migration_state: string }>(zone.path('/waf_migration/status'))).body?.result?.migration_state, 'nothing changed').toBe('start');
  }, CONTRACT);

  spec('ZM-WAF-EXT-QUERY-VALUES', 'over a limit the migration PUT is refused with 403 whatever else is wrong; an incompatible zone within the limits with 409', async ({ api, control, newZone }) => {
    const zone = await newZone({ plan: 'enterprise' });
    const override = expectObject(await api.post<{ id: string }>(zone.path('/firewall/waf/overrides'), { json: { urls: ['example.com/*'] } }), 'POST a URI override');
    const put = () => api.put(zone.path(ENTRYPOINT), { json: { name: 'default', rules: [] }, query: { waf_migration: 'pending', phase_two: 1 } });
    expectFailureStatus(await put(), 409, 'the migration of a zone with a URI override');
    await control.setWafLegacy(zone.id, { firewall_rules: [{ expression: `http.request.uri.path eq "/${'a'.repeat(4100)}"` }] });
    expectFailureStatus(await put(), 403, 'the migration of a zone with a URI override and an expression over 4096 bytes');
    expectSuccess(await api.delete(zone.path(`/firewall/waf/overrides/${override.id}`)), 'DELETE the URI override');
  }, CONTRACT);

  spec('ZM-WAF-EXT-DEPLOYED-ENTRYPOINT', 'the migration deploys the rules: empty ids get values, given ones are kept; a later PUT keeps the entry point id', async ({ api, newZone }) => {
    const zone = await newZone({ plan: 'pro' });
    const rules = [
      { id: '', version: '', ref: '', action: 'skip', expression: 'ip.src eq 192.0.2.1', action_parameters: { rulesets: [] } },
      { id: 'specgate-rule', version: '7', ref: 'specgate-ref', action: 'skip', expression: 'ip.src eq 192.0.2.2', action_parameters: { rulesets: [] } },
    ];
    const migrated = expectConfiguration(await api.put<Deployed>(zone.path(ENTRYPOINT), { json: { name: 'default', rules }, query: { waf_migration: 'pending' } }), 'the migration PUT');
    expect(migrated.rules.length, `the migration deploys the two rules sent: ${show(migrated)}`).toBe(2);
    const [fresh, given] = migrated.rules;
    expect(fresh!.id, `an empty id gets a value: ${show(fresh)}`).not.toBe('');
    expect(fresh, 'version "1", ref = id').toMatchObject({ version: '1', ref: fresh!.id });
    expect(given, 'given id, version and ref are kept').toMatchObject({ id: 'specgate-rule', version: '7', ref: 'specgate-ref' });
    expect(migrated.version, 'the first deployed version').toBe('1');
    const again = expectConfiguration(await api.put<Deployed>(zone.path(ENTRYPOINT), { json: { name: 'default', rules } }), 'a later PUT of the entry point');
    expect(again, 'the same entry point, its next version').toMatchObject({ id: migrated.id, version: '2' });
    expect(again.rules.length, `the later PUT deploys the two rules sent: ${show(again)}`).toBe(2);
    expect(again.rules[0]!.id, 'a rule sent with an empty id gets a new one').not.toBe(fresh!.id);
  }, CONTRACT);
});
