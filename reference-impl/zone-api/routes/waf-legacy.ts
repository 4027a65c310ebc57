// The previous version of WAF managed rules: packages, groups, rules and URI-based overrides
// (paths of the spec's Versioning row). Once the zone is migrated every one of them answers 410.

import { ApiError, badRequest, codes, notFound, successEnvelope } from '../errors.js';
import type { Router } from '../router.js';
import { newId } from '../store.js';
import { modePatchInput, overrideInput } from '../waf/input.js';
import {
  CORE_PACKAGE_ID, GROUP_MODES, GROUPS, PACKAGES, RULES, groupJson, packageJson, ruleJson, ruleModes,
  type LegacyGroup, type LegacyPackage, type LegacyRule,
} from '../waf/legacy-catalog.js';
import { ACTION_MODES, SENSITIVITIES, type LegacyWafState, type UriOverride } from '../waf/model.js';
import type { WafStore } from '../waf/store.js';
import type { Zone } from '../zones/store.js';

const BASE = '/zones/:zone_id/firewall/waf';

/** The zone's previous-version state; refused once the zone is migrated. */
function previousVersion(waf: WafStore, zone: Zone): LegacyWafState {
  const state = waf.getState(zone.id);
  if (state.migration_state === 'migrated') {
    throw new ApiError(410, { code: codes.wafPreviousVersionRetired, message: 'The previous WAF managed rules are disabled for this zone since its migration to the new WAF managed rules; use the rulesets API' });
  }
  return state;
}

function findPackage(id: string): LegacyPackage {
  const pkg = PACKAGES.find((p) => p.id === id);
  if (!pkg) throw notFound('WAF package', id);
  return pkg;
}

function findGroup(pkg: LegacyPackage, id: string): LegacyGroup {
  const group = GROUPS.find((g) => g.id === id && g.package_id === pkg.id);
  if (!group) throw notFound('WAF rule group', id);
  return group;
}

function findRule(pkg: LegacyPackage, id: string): LegacyRule {
  const rule = RULES.find((r) => r.id === id && r.package_id === pkg.id);
  if (!rule) throw notFound('WAF rule', id);
  return rule;
}

function existingOverride(waf: WafStore, zone: Zone, id: string): UriOverride {
  const override = waf.getOverride(zone.id, id);
  if (!override) throw notFound('WAF override', id);
  return override;
}

export function wafLegacyRoutes(router: Router): void {
  packageRoutes(router);
  overrideRoutes(router);
}

function packageRoutes({ state: { waf }, resource }: Router): void {
  resource(`${BASE}/packages`, {
    GET: (req) => {
      const zone = req.zone();
      const state = previousVersion(waf, zone);
      return successEnvelope(PACKAGES.map((p) => packageJson(p, zone.id, state)));
    },
  });
  resource(`${BASE}/packages/:package_id`, {
    GET: (req) => {
      const zone = req.zone();
      const state = previousVersion(waf, zone);
      return successEnvelope(packageJson(findPackage(req.params.package_id!), zone.id, state));
    },
    PATCH: (req) => {
      const zone = req.zone();
      const state = previousVersion(waf, zone);
      const pkg = findPackage(req.params.package_id!);
      // Only the anomaly package (the core rule set) has a sensitivity and an action.
      if (pkg.id !== CORE_PACKAGE_ID) throw badRequest(`WAF package ${pkg.id} (${pkg.name}) has no settings to change; sensitivity and action_mode belong to package ${CORE_PACKAGE_ID}`, codes.validation);
      const patch = modePatchInput(req.body, { sensitivity: SENSITIVITIES, action_mode: ACTION_MODES });
      const next = { ...state, ...patch } as LegacyWafState;
      waf.putState(zone.id, next);
      return successEnvelope(packageJson(pkg, zone.id, next));
    },
  });
  resource(`${BASE}/packages/:package_id/groups`, {
    GET: (req) => {
      const state = previousVersion(waf, req.zone());
      const pkg = findPackage(req.params.package_id!);
      return successEnvelope(GROUPS.filter((g) => g.package_id === pkg.id).map((g) => groupJson(g, state)));
    },
  });
  resource(`${BASE}/packages/:package_id/groups/:group_id`, {
    GET: (req) => {
      const state = previousVersion(waf, req.zone());
      return successEnvelope(groupJson(findGroup(findPackage(req.params.package_id!), req.params.group_id!), state));
    },
    PATCH: (req) => {
      const zone = req.zone();
      const state = previousVersion(waf, zone);
      const group = findGroup(findPackage(req.params.package_id!), req.params.group_id!);
      const { mode } = modePatchInput(req.body, { mode: GROUP_MODES });
      const next = { ...state, group_modes: { ...state.group_modes, [group.id]: mode! } };
      waf.putState(zone.id, next);
      return successEnvelope(groupJson(group, next));
    },
  });
  resource(`${BASE}/packages/:package_id/rules`, {
    GET: (req) => {
      const state = previousVersion(waf, req.zone());
      const pkg = findPackage(req.params.package_id!);
      return successEnvelope(RULES.filter((r) => r.package_id === pkg.id).map((r) => ruleJson(r, state)));
    },
  });
  resource(`${BASE}/packages/:package_id/rules/:rule_id`, {
    GET: (req) => {
      const state = previousVersion(waf, req.zone());
      return successEnvelope(ruleJson(findRule(findPackage(req.params.package_id!), req.params.rule_id!), state));
    },
    PATCH: (req) => {
      const zone = req.zone();
      const state = previousVersion(waf, zone);
      const rule = findRule(findPackage(req.params.package_id!), req.params.rule_id!);
      const { mode } = modePatchInput(req.body, { mode: ruleModes(rule) });
      const next = { ...state, rule_modes: { ...state.rule_modes, [rule.id]: mode! } };
      waf.putState(zone.id, next);
      return successEnvelope(ruleJson(rule, next));
    },
  });
}

function overrideRoutes({ state: { waf }, resource }: Router): void {
  resource(`${BASE}/overrides`, {
    GET: (req) => {
      const zone = req.zone();
      previousVersion(waf, zone);
      return successEnvelope(waf.listOverrides(zone.id));
    },
    POST: (req) => {
      const zone = req.zone();
      previousVersion(waf, zone);
      const override = overrideInput(req.body, newId());
      waf.putOverride(zone.id, override);
      return successEnvelope(override);
    },
  });
  resource(`${BASE}/overrides/:override_id`, {
    GET: (req) => {
      const zone = req.zone();
      previousVersion(waf, zone);
      return successEnvelope(existingOverride(waf, zone, req.params.override_id!));
    },
    PUT: (req) => {
      const zone = req.zone();
      previousVersion(waf, zone);
      const current = existingOverride(waf, zone, req.params.override_id!);
      const override = overrideInput(req.body, current.id);
      waf.putOverride(zone.id, override);
      return successEnvelope(override);
    },
    DELETE: (req) => {
      const zone = req.zone();
      previousVersion(waf, zone);
      const current = existingOverride(waf, zone, req.params.override_id!);
      waf.deleteOverride(current.id);
      return successEnvelope({ id: current.id });
    },
  });
}
