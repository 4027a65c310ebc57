// WAF migration: check, config, status, and the managed phase's entry point whose PUT migrates.
// The behaviour the spec leaves open is in docs/waf-migration-contract.md.

import { ApiError, badRequest, codes, notFound, successEnvelope } from '../errors.js';
import type { Query } from '../listing.js';
import type { Router } from '../router.js';
import { newId } from '../store.js';
import { migrationObstacles, type Obstacle, type Phase } from '../waf/eligibility.js';
import { newConfigurationInput } from '../waf/input.js';
import { migrationConfiguration } from '../waf/mapping.js';
import type { DeployedEntrypoint, LegacyWafState, NewConfiguration } from '../waf/model.js';
import { migrationRequest, nextState, versionsRunning, type MigrationRequest } from '../waf/state-machine.js';
import type { WafStore } from '../waf/store.js';
import type { Zone } from '../zones/store.js';

const PHASE = 'http_request_firewall_managed';

const single = (query: Query, name: string): string | undefined => {
  const value = query[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
};

/** phase_two=1 selects phase two; absent or 0, phase one. */
function phaseOf(query: Query): Phase {
  const raw = single(query, 'phase_two');
  if (raw === undefined || raw === '0') return 'one';
  if (raw === '1') return 'two';
  throw badRequest(`phase_two must be 1 (or 0), got "${raw}"`, codes.validation);
}

function requestOf(query: Query): MigrationRequest | undefined {
  const raw = single(query, 'waf_migration');
  if (raw === undefined) return undefined;
  const request = migrationRequest(raw);
  if (!request) throw badRequest(`waf_migration must be pending, 1, validation or 2, got "${raw}"`, codes.validation);
  return request;
}

const alreadyMigrated = () => new ApiError(409, { code: codes.wafAlreadyMigrated, message: 'The zone is already migrated to the new WAF managed rules' });

function obstaclesOf(waf: WafStore, zone: Zone, state: LegacyWafState, phase: Phase): Obstacle[] {
  return migrationObstacles(state, waf.countOverrides(zone.id), phase);
}

/** Limits first: a zone beyond them needs support whatever else is wrong. */
function refuseObstacles(obstacles: Obstacle[]): void {
  if (obstacles.length === 0) return;
  const needsSupport = obstacles.some((o) => o.kind === 'needs_support');
  const code = needsSupport ? codes.wafMigrationNeedsSupport : codes.wafMigrationIncompatible;
  throw new ApiError(needsSupport ? 403 : 409, obstacles.map((o) => ({ code, message: o.message })));
}

/** The configuration as deployed: empty identifiers get values, the entry point a new version. */
function deploy(config: NewConfiguration, previous: DeployedEntrypoint | null, at: string): DeployedEntrypoint {
  const rules = config.rules.map((rule) => {
    const id = rule.id || newId();
    return { ...rule, id, version: rule.version || '1', ref: rule.ref || id };
  });
  // Stryker disable next-line StringLiteral: equivalent, Number('') is 0 as Number('0') is
  const version = String(Number(previous?.version ?? '0') + 1);
  return { id: previous?.id ?? newId(), name: config.name, phase: PHASE, version, last_updated: at, rules };
}

export function wafMigrationRoutes({ state: { waf }, clocks, resource }: Router): void {
  const now = (zoneId: string) => new Date(clocks.of(zoneId).now()).toISOString();

  resource('/zones/:zone_id/waf_migration/check', {
    GET: (req) => {
      const zone = req.zone();
      const phase = phaseOf(req.query);
      const state = waf.getState(zone.id);
      if (state.migration_state === 'migrated') {
        return successEnvelope({ compatible: false, migration_state: 'migrated' }, { messages: [{ code: codes.wafAlreadyMigrated, message: 'The zone is already migrated' }] });
      }
      const obstacles = obstaclesOf(waf, zone, state, phase);
      const messages = obstacles.map((o) => ({ code: o.kind === 'needs_support' ? codes.wafMigrationNeedsSupport : codes.wafMigrationIncompatible, message: o.message }));
      return successEnvelope({ compatible: obstacles.length === 0, migration_state: state.migration_state }, { messages });
    },
  });

  resource('/zones/:zone_id/waf_migration/config', {
    GET: (req) => {
      const zone = req.zone();
      phaseOf(req.query);
      const state = waf.getState(zone.id);
      if (state.migration_state === 'migrated') throw alreadyMigrated();
      return successEnvelope(migrationConfiguration(state));
    },
  });

  resource('/zones/:zone_id/waf_migration/status', {
    GET: (req) => {
      const state = waf.getState(req.zone().id);
      return successEnvelope({ ...versionsRunning(state.migration_state, state.enabled), migration_state: state.migration_state });
    },
  });

  resource(`/zones/:zone_id/rulesets/phases/${PHASE}/entrypoint`, {
    GET: (req) => {
      const zone = req.zone();
      const deployed = waf.getState(zone.id).entrypoint;
      if (!deployed) throw notFound(`${PHASE} entry point of zone`, zone.id);
      return successEnvelope(deployed);
    },
    PUT: (req) => {
      const zone = req.zone();
      const request = requestOf(req.query);
      const phase = phaseOf(req.query);
      const state = waf.getState(zone.id);
      if (request === undefined) {
        // Once migrated, the entry point is the ordinary way to manage the new managed rules.
        if (state.migration_state !== 'migrated') {
          throw new ApiError(409, { code: codes.wafNotMigrated, message: 'The zone still uses the previous WAF managed rules: migrate it with waf_migration=pending (or validation)' });
        }
        const config = newConfigurationInput(req.body);
        const entrypoint = deploy(config, state.entrypoint, now(zone.id));
        waf.putState(zone.id, { ...state, entrypoint });
        return successEnvelope(entrypoint);
      }
      const next = nextState(state.migration_state, request, zone.plan);
      refuseObstacles(obstaclesOf(waf, zone, state, phase));
      const entrypoint = deploy(newConfigurationInput(req.body), state.entrypoint, now(zone.id));
      // Validation runs both versions side by side; the migration switches the previous one off.
      waf.putState(zone.id, { ...state, migration_state: next, enabled: next === 'validation', entrypoint });
      return successEnvelope(entrypoint);
    },
  });
}
