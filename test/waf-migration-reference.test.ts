// The reference's WAF migration through HTTP, as docs/waf-migration-contract.md states it: check,
// config and status; the mapping; the one-way state machine; compatibility, eligibility and limits;
// the previous-version API before and after migration; the control API's refusals.

import supertest from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { CORE_PACKAGE_ID } from '../reference-impl/zone-api/waf/legacy-catalog.js';
import { CORE_RULESET_ID, CORE_SCORE_RULE_ID, MANAGED_RULESET_ID } from '../reference-impl/zone-api/waf/model.js';


let server: RunningServer;
/** The server's zone API as its operator (bearer token), and its control API. */
let api: supertest.Agent;
let control: supertest.Agent;

const newZone = async (plan: string): Promise<string> => (await control.post('/zones').send({ plan })).body.result.id;
const setLegacy = (zone: string, state: object) => control.put(`/zones/${zone}/waf_legacy`).send(state);
const check = (zone: string, phaseTwo = true) => api.get(`/zones/${zone}/waf_migration/check${phaseTwo ? '?phase_two=1' : ''}`);
const config = (zone: string) => api.get(`/zones/${zone}/waf_migration/config?phase_two=1`);
const status = (zone: string) => api.get(`/zones/${zone}/waf_migration/status`);
const entrypoint = (zone: string, mode: string, body: object) =>
  api.put(`/zones/${zone}/rulesets/phases/http_request_firewall_managed/entrypoint?waf_migration=${mode}&phase_two=1`).send(body);

/** The validation call omits id, version and ref; the pending call sends them as empty strings. */
const withoutIdentity = (cfg: { name: string; rules: object[] }) =>
  ({ name: cfg.name, rules: cfg.rules.map(({ id: _i, version: _v, ref: _r, ...rest }: any) => rest) });
const migrate = async (zone: string, mode = 'pending') => {
  const cfg = (await config(zone)).body.result;
  return entrypoint(zone, mode, mode === 'validation' || mode === '2' ? withoutIdentity(cfg) : cfg);
};

const coreRule = (cfg: { rules: any[] }) => cfg.rules.find((r) => r.action_parameters?.id === CORE_RULESET_ID);

beforeEach(async () => {
  server = await startServer({ testMode: true });
  api = supertest.agent(server.baseUrl).auth(server.credentials.token!, { type: 'bearer' });
  control = supertest.agent(server.controlUrl!);
});
afterEach(async () => { await server.close(); });

describe('check, config and status of a zone never migrated', () => {
  it('answers compatible at start, the configuration, and only the old version running', async () => {
    const zone = await newZone('enterprise');
    expect((await check(zone)).body.result).toEqual({ compatible: true, migration_state: 'start' });
    const cfg = (await config(zone)).body.result;
    expect(cfg.name).toBe('default');
    expect(cfg.rules.map((r: any) => r.action_parameters.id)).toEqual([MANAGED_RULESET_ID, CORE_RULESET_ID]);
    for (const rule of cfg.rules) expect(rule).toMatchObject({ id: '', version: '', ref: '', action: 'execute', expression: 'true' });
    expect(cfg.rules.map((r: any) => r.enabled)).toEqual([true, false]);
    expect((await status(zone)).body.result).toEqual({ old_waf: { enabled: true }, new_waf: { enabled: false }, evaluation_order: ['old_waf'], migration_state: 'start' });
  });
});

describe('mapping', () => {
  const rows: [string, number, number][] = [['high', 2, 40], ['medium', 1, 25], ['low', 1, 40], ['default', 2, 40]];
  it.each(rows)('sensitivity %s → PL%i, score threshold %i', async (sensitivity, level, threshold) => {
    const zone = await newZone('enterprise');
    await setLegacy(zone, { sensitivity, core_ruleset_enabled: true });
    const core = coreRule((await config(zone)).body.result);
    expect(core.enabled).toBe(true);
    const disabled = core.action_parameters.overrides.categories.map((c: any) => c.category);
    expect(disabled).toEqual(['paranoia-level-1', 'paranoia-level-2', 'paranoia-level-3', 'paranoia-level-4'].slice(level));
    expect(core.action_parameters.overrides.rules[0]).toMatchObject({ id: CORE_SCORE_RULE_ID, score_threshold: threshold });
  });

  it('maps simulate to log and keeps block', async () => {
    const zone = await newZone('enterprise');
    await setLegacy(zone, { action_mode: 'simulate' });
    expect(coreRule((await config(zone)).body.result).action_parameters.overrides.rules[0].action).toBe('log');
    await setLegacy(zone, { action_mode: 'block' });
    expect(coreRule((await config(zone)).body.result).action_parameters.overrides.rules[0].action).toBe('block');
  });

  it('turns bypassing firewall rules and WAF-off page rules into skip rules first, and ignores group overrides', async () => {
    const zone = await newZone('enterprise');
    await setLegacy(zone, { firewall_rules: [{ expression: 'ip.src eq 192.0.2.1' }], page_rules: [{ target: 'example.com/admin/*', setting: 'waf_off' }] });
    await api.patch(`/zones/${zone}/firewall/waf/packages/${CORE_PACKAGE_ID}/groups/cfda825dfda411ea218cb70e6c88e82e`).send({ mode: 'off' });
    const rules = (await config(zone)).body.result.rules;
    expect(rules.map((r: any) => r.action)).toEqual(['skip', 'skip', 'execute', 'execute']);
    expect(rules[0].expression).toBe('ip.src eq 192.0.2.1');
    expect(rules[1].expression).toBe('(http.request.full_uri wildcard "example.com/admin/*")');
  });
});

describe('the state machine', () => {
  it('refuses validation to a Pro zone and migrates it directly from start', async () => {
    const zone = await newZone('pro');
    const refused = await migrate(zone, 'validation');
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]!.message).toMatch(/Enterprise/);
    expect((await status(zone)).body.result.migration_state).toBe('start');
    const done = await migrate(zone, 'pending');
    expect(done.status).toBe(200);
    expect(done.body.result.rules.every((r: any) => r.id !== '' && r.version === '1')).toBe(true);
    expect((await status(zone)).body.result).toMatchObject({ old_waf: { enabled: false }, new_waf: { enabled: true }, migration_state: 'migrated' });
  });

  it('takes an Enterprise zone start → validation (both running, new first) → migrated', async () => {
    const zone = await newZone('enterprise');
    expect((await migrate(zone, '2')).status).toBe(200);
    expect((await status(zone)).body.result).toEqual({ old_waf: { enabled: true }, new_waf: { enabled: true }, evaluation_order: ['new_waf', 'old_waf'], migration_state: 'validation' });
    expect((await check(zone)).body.result.migration_state).toBe('validation');
    expect((await migrate(zone, '1')).status).toBe(200);
    expect((await status(zone)).body.result.migration_state).toBe('migrated');
  });

  it('refuses a second migration and any way back', async () => {
    const zone = await newZone('business');
    await migrate(zone);
    for (const mode of ['pending', 'validation']) {
      const again = await entrypoint(zone, mode, { name: 'default', rules: [] });
      expect(again.status).toBe(409);
      expect(again.body.errors[0]!.message).toMatch(/irreversible/);
    }
    expect((await check(zone)).body.result).toEqual({ compatible: false, migration_state: 'migrated' });
    expect((await config(zone)).status).toBe(409);
  });

  it('retires the previous-version API for the migrated zone only', async () => {
    const migrated = await newZone('pro');
    const other = await newZone('pro');
    expect((await api.get(`/zones/${migrated}/firewall/waf/packages`)).status).toBe(200);
    await migrate(migrated);
    for (const path of ['packages', `packages/${CORE_PACKAGE_ID}`, `packages/${CORE_PACKAGE_ID}/rules`, 'overrides']) {
      const answer = await api.get(`/zones/${migrated}/firewall/waf/${path}`);
      expect(answer.status).toBe(410);
      expect(answer.body.success).toBe(false);
    }
    expect((await api.get(`/zones/${other}/firewall/waf/packages`)).status).toBe(200);
  });

  it('accepts a plain entry point PUT only after migration', async () => {
    const zone = await newZone('pro');
    const path = `/zones/${zone}/rulesets/phases/http_request_firewall_managed/entrypoint`;
    expect((await api.put(path).send({ name: 'default', rules: [] })).status).toBe(409);
    await migrate(zone);
    expect((await api.put(path).send({ name: 'default', rules: [] })).body.result.version).toBe('2');
  });
});

describe('compatibility, eligibility and limits', () => {
  it('is incompatible with a URI override until it is deleted', async () => {
    const zone = await newZone('enterprise');
    const override = (await api.post(`/zones/${zone}/firewall/waf/overrides`).send({ urls: ['example.com/api/*'], rules: { '100000': 'disable' } })).body.result;
    expect((await check(zone)).body.result.compatible).toBe(false);
    expect((await migrate(zone)).status).toBe(409);
    expect((await api.delete(`/zones/${zone}/firewall/waf/overrides/${override.id}`)).body.result).toEqual({ id: override.id });
    expect((await check(zone)).body.result.compatible).toBe(true);
  });

  it('admits partner accounts and WAF page rules in phase two only', async () => {
    const zone = await newZone('enterprise');
    await setLegacy(zone, { partner_account: true, page_rules: [{ target: 'example.com/*', setting: 'disable_security' }] });
    expect((await check(zone, false)).body.result.compatible).toBe(false);
    expect((await check(zone, true)).body.result.compatible).toBe(true);
  });

  it('in phase one admits WAF disabled or only the first managed ruleset', async () => {
    const zone = await newZone('enterprise');
    await setLegacy(zone, { core_ruleset_enabled: true });
    expect((await check(zone, false)).body.result.compatible).toBe(false);
    await setLegacy(zone, { enabled: false });
    expect((await check(zone, false)).body.result.compatible).toBe(true);
  });

  const rules = (n: number, expression = 'ip.src eq 192.0.2.1') => Array.from({ length: n }, () => ({ expression }));
  const longExpression = (bytes: number) => `http.request.uri.path contains "${'a'.repeat(bytes - 'http.request.uri.path contains ""'.length)}"`;

  it.each([[200, true], [201, false]])('with %i firewall rules to migrate: compatible %s', async (n, ok) => {
    const zone = await newZone('enterprise');
    await setLegacy(zone, { firewall_rules: rules(n) });
    expect((await check(zone)).body.result.compatible).toBe(ok);
    const answer = await migrate(zone);
    expect(answer.status).toBe(ok ? 200 : 403);
    if (!ok) expect(answer.body.errors[0]!.message).toMatch(/contact support/);
  });

  it.each([[4096, true], [4097, false]])('with a %i-byte expression: compatible %s', async (bytes, ok) => {
    const zone = await newZone('enterprise');
    const expression = longExpression(bytes);
    expect(Buffer.byteLength(expression)).toBe(bytes);
    await setLegacy(zone, { firewall_rules: [{ expression }] });
    expect((await check(zone)).body.result.compatible).toBe(ok);
    expect((await migrate(zone)).status).toBe(ok ? 200 : 403);
  });
});

describe('bad input', () => {
  it.each([
    [{ sensitivity: 'extreme' }],
    [{ action_mode: 'allow' }],
    [{ enabled: 'yes' }],
    [{ page_rules: [{ target: 'x', setting: 'on' }] }],
    [{ firewall_rules: [{}] }],
    [{ migration_state: 'migrated' }],
    [{ colour: 'red' }],
    [[]],
  ])('control refuses %j with a 400 envelope', async (body) => {
    const answer = await setLegacy(await newZone('pro'), body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, result: null });
    expect(answer.body.errors[0]!.message).not.toBe('');
  });

  it('refuses a bad waf_migration, phase_two or body with a 400 envelope', async () => {
    const zone = await newZone('enterprise');
    expect((await entrypoint(zone, 'later', { name: 'x', rules: [] })).status).toBe(400);
    expect((await api.get(`/zones/${zone}/waf_migration/check?phase_two=yes`)).status).toBe(400);
    const bad = await entrypoint(zone, 'pending', { name: '', rules: [{ action: 'execute', expression: 'true' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.length).toBe(2);
    expect((await status(zone)).body.result.migration_state).toBe('start');
  });

  it('answers 404 for an unknown zone', async () => {
    expect((await status('0'.repeat(32))).status).toBe(404);
  });
});

describe('the reference\'s own answers: codes, messages and details', () => {
  it('lists every obstacle in the check\'s messages with its code, and the migrated zone\'s with 10043', async () => {
    const zone = await newZone('enterprise');
    await api.post(`/zones/${zone}/firewall/waf/overrides`).send({ urls: ['example.com/*'] });
    await setLegacy(zone, { firewall_rules: [{ expression: 'a'.repeat(4097) }] });
    expect((await check(zone)).body.messages).toEqual([
      { code: 10040, message: expect.stringMatching(/^The zone has 1 URI-based WAF override\(s\)/) },
      { code: 10041, message: expect.stringMatching(/^Firewall rule expression longer than 4096 bytes/) },
    ]);
    expect((await check(zone, false)).body.messages.map((m: { code: number }) => m.code)).toEqual([10040, 10040, 10041]);
    const migrated = await newZone('pro');
    await migrate(migrated);
    expect((await check(migrated)).body.messages).toEqual([{ code: 10043, message: 'The zone is already migrated' }]);
    const refused = await config(migrated);
    expect(refused.body.errors).toEqual([{ code: 10043, message: 'The zone is already migrated to the new WAF managed rules' }]);
  });

  it('refuses a migration over a limit with 10041 for every obstacle, limits or not', async () => {
    const zone = await newZone('enterprise');
    await api.post(`/zones/${zone}/firewall/waf/overrides`).send({ urls: ['example.com/*'] });
    await setLegacy(zone, { firewall_rules: [{ expression: 'a'.repeat(4097) }] });
    const refused = await entrypoint(zone, 'pending', { name: 'default', rules: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.errors.map((e: { code: number }) => e.code)).toEqual([10041, 10041]);
  });

  it('names the bad query value in its refusal', async () => {
    const zone = await newZone('enterprise');
    expect((await api.get(`/zones/${zone}/waf_migration/check?phase_two=yes`)).body.errors[0]!.message).toBe('phase_two must be 1 (or 0), got "yes"');
    expect((await entrypoint(zone, 'later', { name: 'x', rules: [] })).body.errors[0]!.message).toBe('waf_migration must be pending, 1, validation or 2, got "later"');
  });

  it('takes the last of a repeated query parameter', async () => {
    const zone = await newZone('enterprise');
    await setLegacy(zone, { partner_account: true });
    expect((await api.get(`/zones/${zone}/waf_migration/check?phase_two=0&phase_two=1`)).body.result.compatible).toBe(true);
    expect((await api.get(`/zones/${zone}/waf_migration/check?phase_two=1&phase_two=0`)).body.result.compatible).toBe(false);
  });

  it('switches the previous version off on migration and dates the deployed entry point', async () => {
    const zone = await newZone('enterprise');
    await migrate(zone, 'validation');
    expect((await control.get(`/zones/${zone}/waf_legacy`)).body.result.enabled).toBe(true);
    await control.put('/clock').send({ now: '2026-03-04T05:06:07.089Z' });
    const deployed = (await migrate(zone)).body.result;
    expect((await control.get(`/zones/${zone}/waf_legacy`)).body.result).toMatchObject({ enabled: false, migration_state: 'migrated' });
    expect(deployed.last_updated).toBe('2026-03-04T05:06:07.089Z');
  });

  it('keeps the previous version off for a migrated zone even when its switch is set on again', async () => {
    const zone = await newZone('pro');
    await migrate(zone);
    await setLegacy(zone, { enabled: true });
    expect((await status(zone)).body.result).toEqual({ old_waf: { enabled: false }, new_waf: { enabled: true }, evaluation_order: ['new_waf'], migration_state: 'migrated' });
  });

  it('says which package has no settings and where they belong', async () => {
    const zone = await newZone('pro');
    const refused = await api.patch(`/zones/${zone}/firewall/waf/packages/a25a9a7e9c00afc1fb2e0245519d725b`).send({ sensitivity: 'low' });
    expect(refused.body.errors[0]!.message).toBe(`WAF package a25a9a7e9c00afc1fb2e0245519d725b (Managed) has no settings to change; sensitivity and action_mode belong to package ${CORE_PACKAGE_ID}`);
  });
});
