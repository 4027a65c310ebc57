// The reference's checks of WAF bodies (reference-impl/zone-api/waf/input.ts), called directly: the
// control API's legacy state, the entry point PUT body, the previous-version PATCH and override
// bodies. docs/waf-migration-contract.md states what is accepted; the messages (each ending
// "(at <where>)") and the exact values kept are the reference's own choices.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../reference-impl/zone-api/errors.js';
import { legacyStateInput, modePatchInput, newConfigurationInput, overrideInput } from '../reference-impl/zone-api/waf/input.js';
import { CORE_RULESET_ID, MANAGED_RULESET_ID, defaultLegacyState } from '../reference-impl/zone-api/waf/model.js';

/** The messages of the 400 that `run` throws (it must throw one). */
function refusal(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).errors.map((e) => e.message);
  }
  throw new Error('expected a 400 refusal, got an answer');
}

const legacy = (body: unknown) => legacyStateInput(body, defaultLegacyState());

describe('the control API legacy state (legacyStateInput)', () => {
  it('replaces only the given fields and gives list items fresh ids', () => {
    const next = legacy({
      enabled: false, partner_account: true, sensitivity: 'low', action_mode: 'block',
      firewall_rules: [{ expression: 'ip.src eq 192.0.2.1', description: 'office' }, { expression: 'ip.src eq 192.0.2.2' }],
      page_rules: [{ target: 'example.com/*', setting: 'waf_off' }],
    });
    expect(next).toMatchObject({ enabled: false, managed_ruleset_enabled: true, core_ruleset_enabled: false, partner_account: true, sensitivity: 'low', action_mode: 'block' });
    expect(next.firewall_rules.map(({ expression, description }) => ({ expression, description }))).toEqual([
      { expression: 'ip.src eq 192.0.2.1', description: 'office' },
      { expression: 'ip.src eq 192.0.2.2', description: '' },
    ]);
    expect(next.page_rules.map(({ target, setting }) => ({ target, setting }))).toEqual([{ target: 'example.com/*', setting: 'waf_off' }]);
    const ids = [...next.firewall_rules, ...next.page_rules].map((r) => r.id);
    ids.forEach((id) => expect(id).toMatch(/^[0-9a-f]{32}$/));
    expect(new Set(ids).size).toBe(3);
  });

  it.each([
    [{ migration_state: 'migrated' }, ['migration_state (start, validation, migrated) changes only through the migration endpoints (at migration_state)']],
    [{ colour: 'red' }, ['unknown field; allowed: enabled, managed_ruleset_enabled, core_ruleset_enabled, partner_account, sensitivity, action_mode, firewall_rules, page_rules (at colour)']],
    [{ firewall_rules: 'ip.src eq 192.0.2.1' }, ['firewall_rules must be an array of {expression, description?} (at firewall_rules)']],
    [{ page_rules: { target: 'x', setting: 'waf_on' } }, ['page_rules must be an array of {target, setting} (at page_rules)']],
    [{ firewall_rules: [{ expression: '   ' }, [], null, 'ip.src eq 192.0.2.1', { expression: 'a', description: 5 }] }, [
      'expression must be a non-empty string (at firewall_rules[0])',
      'expression must be a non-empty string (at firewall_rules[1])',
      'expression must be a non-empty string (at firewall_rules[2])',
      'expression must be a non-empty string (at firewall_rules[3])',
      'description must be a string (at firewall_rules[4])',
    ]],
    [{ page_rules: [{ target: '  ', setting: 'waf_on' }, { target: 5, setting: 'waf_on' }, { target: 'x', setting: 'on' }, null] }, [
      'target must be a non-empty URL pattern (at page_rules[0])',
      'target must be a non-empty URL pattern (at page_rules[1])',
      'setting must be one of disable_security, waf_on, waf_off (at page_rules[2])',
      'target must be a non-empty URL pattern (at page_rules[3])',
      'setting must be one of disable_security, waf_on, waf_off (at page_rules[3])',
    ]],
  ])('refuses %j listing every problem', (body, messages) => {
    expect(refusal(() => legacy(body))).toEqual(messages);
  });
});

describe('the entry point PUT body (newConfigurationInput)', () => {
  const managed = { action: 'execute', expression: 'true', action_parameters: { id: MANAGED_RULESET_ID } };

  it('keeps the given identity fields and fills omitted ones with empty strings', () => {
    const config = newConfigurationInput({
      name: 'default',
      rules: [
        { ...managed, id: 'r1', version: '7', ref: 'ref-1', description: 'kept', enabled: false },
        { action: 'skip', expression: 'ip.src eq 192.0.2.1', id: '', version: '', ref: '' },
        { action: 'skip', expression: 'ip.src eq 192.0.2.2' },
      ],
    });
    expect(config).toStrictEqual({
      name: 'default',
      rules: [
        { id: 'r1', version: '7', ref: 'ref-1', action: 'execute', expression: 'true', description: 'kept', enabled: false, action_parameters: { id: MANAGED_RULESET_ID } },
        { id: '', version: '', ref: '', action: 'skip', expression: 'ip.src eq 192.0.2.1', description: '', enabled: true },
        { id: '', version: '', ref: '', action: 'skip', expression: 'ip.src eq 192.0.2.2', description: '', enabled: true },
      ],
    });
  });

  it('accepts an execute rule of the core rule set with overrides', () => {
    const overrides = { rules: [{ id: 'x', action: 'log', enabled: true }] };
    const [rule] = newConfigurationInput({ name: 'n', rules: [{ action: 'execute', expression: 'true', action_parameters: { id: CORE_RULESET_ID, overrides } }] }).rules;
    expect(rule!.action_parameters).toEqual({ id: CORE_RULESET_ID, overrides });
  });

  it('refuses a blank or missing name and rules that are not an array', () => {
    expect(refusal(() => newConfigurationInput({ name: '   ', rules: 'none' }))).toEqual([
      'name must be a non-empty string (at name)',
      'rules must be an array (at rules)',
    ]);
    expect(refusal(() => newConfigurationInput({ name: 5, rules: [] }))).toEqual(['name must be a non-empty string (at name)']);
    expect(refusal(() => newConfigurationInput({ rules: [] }))).toEqual(['name must be a non-empty string (at name)']);
  });

  it('reports every problem of every rule, each at its index', () => {
    const messages = refusal(() => newConfigurationInput({
      name: 'default',
      rules: [
        null,
        [],
        'rule',
        { action: 'log', expression: '  ', description: 1, enabled: 'yes', action_parameters: { id: 'x' } },
        { action: 'execute', expression: 'true' },
        { action: 'execute', expression: 'true', action_parameters: [] },
        { action: 'execute', expression: 'true', action_parameters: { id: 'unknown' } },
        { action: 'skip', expression: 'true', action_parameters: { overrides: [] } },
        { ...managed, id: 5, version: false, ref: {} },
      ],
    }));
    expect(messages).toEqual([
      'each rule must be a JSON object (at rules[0])',
      'action must be one of execute, skip (at rules[0])',
      'expression must be a non-empty string (at rules[0])',
      'each rule must be a JSON object (at rules[1])',
      'action must be one of execute, skip (at rules[1])',
      'expression must be a non-empty string (at rules[1])',
      'each rule must be a JSON object (at rules[2])',
      'action must be one of execute, skip (at rules[2])',
      'expression must be a non-empty string (at rules[2])',
      'action must be one of execute, skip (at rules[3])',
      'expression must be a non-empty string (at rules[3])',
      'description must be a string (at rules[3])',
      'enabled must be true or false (at rules[3])',
      'action_parameters.id is required for execute (at rules[4])',
      'action_parameters must be an object (at rules[5])',
      `action_parameters.id must name a managed ruleset: ${MANAGED_RULESET_ID}, ${CORE_RULESET_ID} (at rules[6])`,
      'action_parameters.overrides must be an object (at rules[7])',
      'id must be a string (it may be empty or omitted) (at rules[8])',
      'version must be a string (it may be empty or omitted) (at rules[8])',
      'ref must be a string (it may be empty or omitted) (at rules[8])',
    ]);
  });

  it('accepts a skip rule without action_parameters and a non-managed id for skip', () => {
    const { rules } = newConfigurationInput({ name: 'x', rules: [{ action: 'skip', expression: 'true' }, { action: 'skip', expression: 'true', action_parameters: { id: 'anything' } }] });
    expect(rules.map((r) => r.action_parameters)).toEqual([undefined, { id: 'anything' }]);
  });
});

describe('a previous-version PATCH (modePatchInput)', () => {
  const allowed = { sensitivity: ['high', 'low'], action_mode: ['block'] };

  it('returns exactly the given fields', () => {
    expect(modePatchInput({ sensitivity: 'low' }, allowed)).toEqual({ sensitivity: 'low' });
  });

  it.each([
    [{}, ['give at least one of sensitivity, action_mode (at body)']],
    [{ mode: 'on' }, ['unknown field; allowed: sensitivity, action_mode (at mode)']],
    [{ sensitivity: 'medium', action_mode: 5 }, ['sensitivity must be one of high, low (at sensitivity)', 'action_mode must be one of block (at action_mode)']],
  ])('refuses %j', (body, messages) => {
    expect(refusal(() => modePatchInput(body, allowed))).toEqual(messages);
  });
});

describe('a URI-based override (overrideInput)', () => {
  it('fills the optional fields: no rules, no description, not paused, no priority', () => {
    expect(overrideInput({ urls: ['example.com/*'] }, 'o1')).toStrictEqual({ id: 'o1', urls: ['example.com/*'], rules: {}, description: null, paused: false, priority: null });
  });

  it('keeps the given fields', () => {
    const body = { urls: ['a.example.com/*', 'b.example.com/*'], rules: { '100000': 'disable' }, description: 'd', paused: true, priority: -1000000000 };
    expect(overrideInput(body, 'o2')).toStrictEqual({ id: 'o2', ...body });
    expect(overrideInput({ urls: ['x'], description: null, paused: false, priority: 1000000000 }, 'o3')).toMatchObject({ description: null, paused: false, priority: 1000000000 });
    expect(overrideInput({ urls: ['x'], priority: null }, 'o4').priority).toBeNull();
  });

  const URLS = 'urls must be a non-empty array of URL patterns (at urls)';
  const RULES = 'rules must map rule ids to action strings (at rules)';
  it.each([
    [{}, [URLS]],
    [{ urls: 'example.com/*' }, [URLS]],
    [{ urls: [] }, [URLS]],
    [{ urls: ['example.com/*', 5] }, [URLS]],
    [{ urls: [5] }, [URLS]],
    [{ urls: ['   '] }, [URLS]],
    [{ urls: ['x'], rules: [] }, [RULES]],
    [{ urls: ['x'], rules: 'disable' }, [RULES]],
    [{ urls: ['x'], rules: { '100000': 1 } }, [RULES]],
    [{ urls: ['x'], rules: { '100000': 'disable', '100001': null } }, [RULES]],
    [{ urls: ['x'], description: 5 }, ['description must be a string (at description)']],
    [{ urls: ['x'], paused: 'yes' }, ['paused must be true or false (at paused)']],
    [{ urls: ['x'], priority: 1.5 }, ['priority must be an integer (at priority)']],
    [{ urls: ['x'], priority: '1' }, ['priority must be an integer (at priority)']],
    [{ urls: ['x'], priority: -1000000001 }, ['priority must be an integer (at priority)']],
    [{ urls: ['x'], priority: 1000000001 }, ['priority must be an integer (at priority)']],
  ])('refuses %j', (body, messages) => {
    expect(refusal(() => overrideInput(body, 'o'))).toEqual(messages);
  });
});
