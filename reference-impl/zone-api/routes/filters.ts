// Filters: /zones/{zone_id}/filters and /zones/{zone_id}/filters/{filter_id}.
// A filter created by the combined create of firewall rules refuses PUT and DELETE (spec rule 4);
// a filter still used by a rule refuses DELETE (delete in the reverse order of creation).

import { ApiError, codes, notFound, successEnvelope } from '../errors.js';
import { checkFilterInput, filterJson } from '../firewall/model.js';
import { Problems, requireArray, requireObject, type Json } from '../input.js';
import { idsFromQuery, listConditions, pageRequest, resultInfo } from '../listing.js';
import { cachedListAnswer, type Router } from '../router.js';
import type { FilterRow, FirewallStore } from '../firewall/store.js';
import type { Zone } from '../zones/store.js';

export function filterRoutes({ store, state: { firewall }, resource }: Router): void {
  resource('/zones/:zone_id/filters', {
    GET: (req, reply) => cachedListAnswer(store, reply, 'filters', req, () => {
      const zone = req.zone();
      const page = pageRequest(req.query);
      const where = listConditions(req.query, { exact: ['id', 'ref'], substring: ['expression', 'description'], boolean: ['paused'] });
      const found = firewall.listFilters(zone.id, where, page);
      return successEnvelope(found.rows.map(filterJson), { result_info: resultInfo(page, found) });
    }),
    POST: (req) => {
      const zone = req.zone();
      const items = requireArray(req.body, 'filters');
      const problems = new Problems();
      const inputs = items.map((item, i) => checkFilterInput(item, `filters[${i}]`, problems));
      problems.throwIfAny();
      const created = firewall.transaction(() => inputs.map((input) => firewall.insertFilter({
        zone_id: zone.id, expression: input.expression!, paused: input.paused ?? false,
        description: input.description ?? null, ref: input.ref ?? null, via_rule: false,
      })));
      return successEnvelope(created.map(filterJson));
    },
    PUT: (req) => {
      const zone = req.zone();
      const items = requireArray(req.body, 'filters');
      const updated = replaceFilters(firewall, zone, items.map((item, i) => [String(item.id ?? ''), item, `filters[${i}]`]));
      return successEnvelope(updated.map(filterJson));
    },
    DELETE: (req) => {
      const zone = req.zone();
      const ids = idsFromQuery(req.query);
      deleteFilters(firewall, zone, ids);
      return successEnvelope(ids.map((id) => ({ id })));
    },
  });

  resource('/zones/:zone_id/filters/:filter_id', {
    GET: (req) => {
      const zone = req.zone();
      return successEnvelope(filterJson(existingFilter(firewall, zone, req.params.filter_id!)));
    },
    PUT: (req) => {
      const zone = req.zone();
      const [updated] = replaceFilters(firewall, zone, [[req.params.filter_id!, requireObject(req.body, 'filter'), 'filter']]);
      return successEnvelope(filterJson(updated!));
    },
    DELETE: (req) => {
      const zone = req.zone();
      deleteFilters(firewall, zone, [req.params.filter_id!]);
      return successEnvelope({ id: req.params.filter_id });
    },
  });
}

export function existingFilter(firewall: FirewallStore, zone: Zone, id: string): FilterRow {
  const filter = firewall.getFilter(zone.id, id);
  if (!filter) throw notFound('filter', id);
  return filter;
}

function refuseIfCreatedByRule(filter: FilterRow, operation: string): void {
  if (filter.via_rule) {
    throw new ApiError(403, {
      code: codes.filterProtected,
      message: `filter ${filter.id} was created together with a firewall rule; ${operation} is not allowed on it through the filters endpoint`,
    });
  }
}

/** Full replacement of filters, all or nothing. */
function replaceFilters(firewall: FirewallStore, zone: Zone, items: [id: string, body: Json, where: string][]): FilterRow[] {
  const problems = new Problems();
  const planned = items.map(([id, body, where]) => {
    if (id === '') problems.add(where, 'id is required');
    return { id, input: checkFilterInput(body, where, problems) };
  });
  problems.throwIfAny();
  return firewall.transaction(() => planned.map(({ id, input }) => {
    const current = existingFilter(firewall, zone, id);
    refuseIfCreatedByRule(current, 'PUT');
    const next: FilterRow = {
      ...current, expression: input.expression!, paused: input.paused ?? false,
      description: input.description ?? null, ref: input.ref ?? null,
    };
    firewall.updateFilter(next);
    return next;
  }));
}

function deleteFilters(firewall: FirewallStore, zone: Zone, ids: string[]): void {
  firewall.transaction(() => {
    for (const id of ids) {
      const filter = existingFilter(firewall, zone, id);
      refuseIfCreatedByRule(filter, 'DELETE');
      const users = firewall.rulesUsingFilter(id);
      if (users > 0) {
        throw new ApiError(409, { code: codes.filterInUse, message: `filter ${id} is still used by ${users} firewall rule(s); delete the rules first` });
      }
      firewall.deleteFilter(id);
    }
  });
}
