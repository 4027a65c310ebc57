// Misreadings of the WAF migration: its states and aliases, Enterprise-only validation, phase two,
// compatibility and the limits, the configuration's mapping, and the previous version's APIs.

import type { FastifyRequest } from 'fastify';
import type { ReferenceApp } from '../../../../reference-impl/zone-api/app.js';
import { codes } from '../../../../reference-impl/zone-api/errors.js';
import { CORE_RULESET_ID, type LegacyWafState } from '../../../../reference-impl/zone-api/waf/model.js';
import { answerInstead, beforeHandler, handlingZone, query, refuse, rewriteAnswers, success, zoneIdOf, type BlindVariant, type Json } from '../variant.js';

const ENTRYPOINT = /^\/zones\/[^/]+\/rulesets\/phases\/http_request_firewall_managed\/entrypoint$/;
const CHECK = /^\/zones\/[^/]+\/waf_migration\/check$/;
const CONFIG = /^\/zones\/[^/]+\/waf_migration\/config$/;
const STATUS = /^\/zones\/[^/]+\/waf_migration\/status$/;
const LEGACY = /^\/zones\/[^/]+\/firewall\/waf\//;

const migrating = (request: FastifyRequest) => query(request, 'waf_migration') !== undefined;
const asks = (request: FastifyRequest, ...values: string[]) => values.includes(query(request, 'waf_migration') ?? '');
const stateOf = (r: ReferenceApp, request: FastifyRequest): LegacyWafState => r.state.waf.getState(zoneIdOf(request)!);

/** One more reason the zone cannot be migrated by its user: check says incompatible, the migrating PUT is refused. */
function extraObstacle(r: ReferenceApp, blocks: (state: LegacyWafState, request: FastifyRequest) => boolean): void {
  answerInstead(r, 'GET', CHECK, (request) => {
    const state = stateOf(r, request);
    return state.migration_state !== 'migrated' && blocks(state, request)
      ? { status: 200, body: success({ compatible: false, migration_state: state.migration_state }) } : undefined;
  });
  beforeHandler(r, 'PUT', ENTRYPOINT, (request) => {
    const state = stateOf(r, request);
    if (migrating(request) && state.migration_state !== 'migrated' && blocks(state, request)) {
      refuse(403, { code: codes.wafMigrationNeedsSupport, message: 'The zone cannot be migrated by the user; contact support' });
    }
  });
}

/** Rewrites the core rule set's rule of the configuration GET .../waf_migration/config answers. */
function rewriteCoreRule(r: ReferenceApp, change: (overrides: Json, state: LegacyWafState) => void): void {
  rewriteAnswers(r, {
    method: 'GET', path: CONFIG,
    body: (answer, request) => {
      const rules = ((answer.result as Json | null)?.rules ?? []) as Json[];
      const core = rules.find((rule) => (rule.action_parameters as Json | undefined)?.id === CORE_RULESET_ID);
      const overrides = (core?.action_parameters as Json | undefined)?.overrides as Json | undefined;
      if (overrides) change(overrides, stateOf(r, request));
      return answer;
    },
  });
}

const scoreRule = (overrides: Json): Json => ((overrides.rules as Json[])[0]!);
const disabledAbove = (level: number) => [1, 2, 3, 4].filter((l) => l > level).map((l) => ({ category: `paranoia-level-${l}`, enabled: false }));

const VALIDATION_ROW = '| start (not migrated) | PUT entry point with waf_migration=validation | Enterprise zones only | validation mode | Old and new managed rules both enabled; new rules run before old |';
const PENDING_ROW = '| start or validation mode | PUT entry point with waf_migration=pending | Configuration saved and new rules enabled | migrated | Previous managed rules disabled automatically; previous-version managed rules APIs stop working |';
const ALIASES = '| PUT | /zones/{zone_id}/rulesets/phases/http_request_firewall_managed/entrypoint | waf_migration = pending or 1 (define new configuration, disable previous version once saved and enabled) or validation or 2 (Enterprise only; both versions enabled side by side); phase_two=1 |';
const SENSITIVITY = '| High | PL2 | Medium (40 or higher) | / | Medium | PL1 | High (25 or higher) | / | Low | PL1 | Medium (40 or higher) | / | Default | PL2 | Medium (40 or higher) |';
const LIMITS = '| Migration: more than 200 firewall rules to migrate, or a rule expression longer than 4 KB | Cannot be migrated by the user; contact support |';

export const WAF_VARIANTS: BlindVariant[] = [
  {
    name: 'waf: validation mode for every plan',
    sentence: VALIDATION_ROW,
    misreading: '"Enterprise zones only" taken as a recommendation: a Pro or Business zone may run validation mode too.',
    customize: (r) => {
      const active = handlingZone(r, 'PUT', ENTRYPOINT, (request) => asks(request, 'validation', '2'));
      const get = r.state.zones.get.bind(r.state.zones);
      r.state.zones.get = (id) => { const zone = get(id); return zone && active() === id ? { ...zone, plan: 'enterprise' } : zone; };
    },
  },
  {
    name: 'waf: migration can be run again',
    sentence: 'The migration is irreversible.',
    misreading: '"Irreversible" taken to mean there is no undo endpoint: a migrated zone may still be put back into validation mode.',
    customize: (r) => {
      const active = handlingZone(r, 'PUT', ENTRYPOINT, migrating);
      const get = r.state.waf.getState.bind(r.state.waf);
      r.state.waf.getState = (zoneId) => { const state = get(zoneId); return active() === zoneId && state.migration_state === 'migrated' ? { ...state, migration_state: 'start', enabled: true } : state; };
    },
  },
  {
    name: 'waf: numeric aliases refused',
    sentence: ALIASES,
    misreading: 'The 1 and 2 are read as footnote numbers, not values: only pending and validation are accepted.',
    customize: (r) => beforeHandler(r, 'PUT', ENTRYPOINT, (request) => {
      if (asks(request, '1', '2')) refuse(400, { code: codes.validation, message: 'waf_migration must be pending or validation' });
    }),
  },
  {
    name: 'waf: aliases 1 and 2 swapped',
    sentence: ALIASES,
    misreading: 'The numbers are taken as the steps of the procedure, where validation (step 1) comes before pending (step 2).',
    customize: (r) => beforeHandler(r, 'PUT', ENTRYPOINT, (request) => {
      const q = request.query as Json;
      if (q.waf_migration === '1') q.waf_migration = '2';
      else if (q.waf_migration === '2') q.waf_migration = '1';
    }),
  },
  {
    name: 'waf: phase_two ignored',
    sentence: 'In phase two all zones are eligible, including partner accounts.',
    misreading: 'phase_two=1 is taken as informational: eligibility is always phase one\'s.',
    customize: (r) => beforeHandler(r, ['GET', 'PUT'], /^\/zones\/[^/]+\/(waf_migration\/|rulesets\/)/, (request) => { delete (request.query as Json).phase_two; }),
  },
  {
    name: 'waf: partner accounts excluded in phase two too',
    sentence: 'In phase two all zones are eligible, including partner accounts.',
    misreading: '"Including partner accounts" read as the zones of partners\' customers, partner accounts themselves staying excluded.',
    customize: (r) => extraObstacle(r, (state, request) => state.partner_account && query(request, 'phase_two') === '1'),
  },
  {
    name: 'waf: URI-based overrides do not block',
    sentence: 'A zone with URI-based WAF overrides (manageable only through the API) is not compatible; the overrides must be deleted first with the delete-WAF-override operation.',
    misreading: 'URI-based overrides are taken to be migrated like the other overrides, so they do not make the zone incompatible.',
    customize: (r) => { r.state.waf.countOverrides = () => 0; },
  },
  {
    name: 'waf: 200 firewall rules already too many',
    sentence: `${LIMITS} / | Firewall rules migratable by the user | At most 200 |`,
    misreading: 'The limit is read as "fewer than 200", so a zone with exactly 200 firewall rules needs support.',
    customize: (r) => extraObstacle(r, (state) => state.firewall_rules.length === 200),
  },
  {
    name: 'waf: 4 KB read as 4000 bytes',
    sentence: `${LIMITS} / | Firewall rule expression length for migration | At most 4 KB |`,
    misreading: '4 KB is taken as 4000 bytes, so an expression of 4001 to 4096 bytes already needs support.',
    customize: (r) => extraObstacle(r, (state) => state.firewall_rules.some((rule) => Buffer.byteLength(rule.expression) > 4000)),
  },
  {
    name: 'waf: 4 KB counted in characters',
    sentence: `${LIMITS} / | Firewall rule expression length for migration | At most 4 KB |`,
    misreading: 'The length of an expression is counted in characters, so a 4096-character expression with multi-byte characters is still migrated.',
    customize: (r) => {
      // The reference counts bytes: hide the bytes beyond the characters by presenting each character as one byte.
      const active = handlingZone(r, ['GET', 'PUT'], /^\/zones\/[^/]+\/(waf_migration\/check|rulesets\/)/);
      const get = r.state.waf.getState.bind(r.state.waf);
      r.state.waf.getState = (zoneId) => {
        const state = get(zoneId);
        if (active() !== zoneId) return state;
        return { ...state, firewall_rules: state.firewall_rules.map((rule) => ({ ...rule, expression: [...rule.expression].map(() => 'x').join('') })) };
      };
    },
  },
  {
    name: 'waf: simulate kept as simulate',
    sentence: 'Action `simulate` migrates to `log`.',
    misreading: 'The new rules are taken to have a simulate action too, so the action is carried over unchanged.',
    customize: (r) => rewriteCoreRule(r, (overrides, state) => { if (state.action_mode === 'simulate') scoreRule(overrides).action = 'simulate'; }),
  },
  {
    name: 'waf: High sensitivity gets the High threshold',
    sentence: SENSITIVITY,
    misreading: 'Sensitivity High is mapped to the score threshold named High (25 or higher) instead of Medium.',
    customize: (r) => rewriteCoreRule(r, (overrides, state) => { if (state.sensitivity === 'high') scoreRule(overrides).score_threshold = 25; }),
  },
  {
    name: 'waf: Low and Medium thresholds swapped',
    sentence: SENSITIVITY,
    misreading: 'Lower sensitivity is taken to need a lower threshold: Low gets 25 and Medium 40.',
    customize: (r) => rewriteCoreRule(r, (overrides, state) => {
      if (state.sensitivity === 'low') scoreRule(overrides).score_threshold = 25;
      if (state.sensitivity === 'medium') scoreRule(overrides).score_threshold = 40;
    }),
  },
  {
    name: 'waf: Default sensitivity gets PL1',
    sentence: `${SENSITIVITY} / Paranoia level is set to PL2 because the old version had none.`,
    misreading: 'With no paranoia level before, the default is taken to be the lowest, PL1.',
    customize: (r) => rewriteCoreRule(r, (overrides, state) => { if (state.sensitivity === 'default') overrides.categories = disabledAbove(1); }),
  },
  {
    name: 'waf: page rules with WAF off not migrated',
    sentence: 'Migrated: firewall rules with bypass of WAF managed rules; page rules with Disable Security; page rules with the WAF on or off setting; sensitivity and action of the open web-application rule set.',
    misreading: 'Since the page-rule WAF Off setting does not disable the new version, such page rules are dropped from the configuration.',
    customize: (r) => rewriteAnswers(r, {
      method: 'GET', path: CONFIG,
      body: (answer) => {
        const result = answer.result as Json | null;
        if (result && Array.isArray(result.rules)) result.rules = (result.rules as Json[]).filter((rule) => !/WAF off/.test(String(rule.description)));
        return answer;
      },
    }),
  },
  {
    name: 'waf: group overrides migrated',
    sentence: 'Not migrated: group overrides and rule overrides of that rule set (must be recreated).',
    misreading: 'A careful migration is taken to carry the group overrides over as rule overrides of the core rule set.',
    customize: (r) => rewriteCoreRule(r, (overrides, state) => {
      for (const [id, mode] of Object.entries(state.group_modes)) (overrides.rules as Json[]).push({ id, action: mode === 'off' ? 'log' : mode, enabled: mode !== 'off' });
    }),
  },
  {
    name: 'waf: check says not_migrated instead of start',
    sentence: '| Check result | result.compatible (boolean), result.migration_state (string; value `start` occurs) |',
    misreading: 'The state is named by its gloss in the state table, "not migrated".',
    customize: (r) => rewriteAnswers(r, {
      method: 'GET', path: CHECK,
      body: (answer) => { const result = answer.result as Json | null; if (result?.migration_state === 'start') result.migration_state = 'not_migrated'; return answer; },
    }),
  },
  {
    name: 'waf: Enterprise must validate before pending',
    sentence: PENDING_ROW,
    misreading: 'For Enterprise zones the validation step is taken to be required, so pending from start is refused.',
    customize: (r) => beforeHandler(r, 'PUT', ENTRYPOINT, (request) => {
      const zone = r.state.zones.get(zoneIdOf(request)!);
      if (asks(request, 'pending', '1') && zone?.plan === 'enterprise' && stateOf(r, request).migration_state === 'start') {
        refuse(409, { code: codes.wafNotMigrated, message: 'Enterprise zones must run validation mode first' });
      }
    }),
  },
  {
    name: 'waf: pending refuses empty rule identifiers',
    sentence: 'in the validation call id, version and ref are omitted, in the pending call they are sent as empty strings',
    misreading: 'Empty id, version and ref are taken as invalid values to refuse, not as "to be assigned".',
    customize: (r) => beforeHandler(r, 'PUT', ENTRYPOINT, (request) => {
      const rules = ((request.body as Json | null)?.rules ?? []) as Json[];
      if (asks(request, 'pending', '1') && Array.isArray(rules) && rules.some((rule) => rule.id === '' || rule.version === '' || rule.ref === '')) {
        refuse(400, { code: codes.validation, message: 'rules[].id, version and ref must not be empty' });
      }
    }),
  },
  {
    name: 'waf: validation requires rule identifiers',
    sentence: 'in the validation call id, version and ref are omitted, in the pending call they are sent as empty strings',
    misreading: 'The rule fields of Resources are taken as required in every call, so a validation call without id, version and ref is refused.',
    customize: (r) => beforeHandler(r, 'PUT', ENTRYPOINT, (request) => {
      const rules = ((request.body as Json | null)?.rules ?? []) as Json[];
      if (asks(request, 'validation', '2') && Array.isArray(rules) && rules.some((rule) => rule.id === undefined || rule.version === undefined || rule.ref === undefined)) {
        refuse(400, { code: codes.validation, message: 'rules[].id, version and ref are required' });
      }
    }),
  },
  {
    name: 'waf: previous-version APIs stop already in validation mode',
    sentence: VALIDATION_ROW,
    misreading: 'Entering validation is taken as the start of the migration, after which the previous-version APIs stop working.',
    customize: (r) => beforeHandler(r, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], LEGACY, (request) => {
      if (stateOf(r, request).migration_state === 'validation') refuse(410, { code: codes.wafPreviousVersionRetired, message: 'The previous WAF managed rules are disabled' });
    }),
  },
  {
    name: 'waf: previous-version APIs keep working after migration',
    sentence: 'The previous-version managed rules APIs stop working for a zone once it is migrated.',
    misreading: '"Stop working" is taken to mean the rules no longer apply, while their APIs still answer.',
    customize: (r) => {
      const active = handlingZone(r, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], LEGACY);
      const waf = r.state.waf;
      const get = waf.getState.bind(waf);
      const put = waf.putState.bind(waf);
      waf.getState = (zoneId) => { const state = get(zoneId); return active() === zoneId && state.migration_state === 'migrated' ? { ...state, migration_state: 'start' } : state; };
      // What the previous-version APIs write does not undo the migration.
      waf.putState = (zoneId, state) => put(zoneId, active() === zoneId && get(zoneId).migration_state === 'migrated' ? { ...state, migration_state: 'migrated' } : state);
    },
  },
  {
    name: 'waf: validation mode runs the old rules first',
    sentence: VALIDATION_ROW,
    misreading: 'Side by side is taken to keep the old rules in front, the new ones evaluated after them.',
    customize: (r) => rewriteAnswers(r, {
      method: 'GET', path: STATUS,
      body: (answer) => { const result = answer.result as Json | null; if (Array.isArray(result?.evaluation_order)) result.evaluation_order = [...(result.evaluation_order as string[])].reverse(); return answer; },
    }),
  },
];
