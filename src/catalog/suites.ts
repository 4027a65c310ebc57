// The suites specgate runs: where their specs live, which catalog they cite, and what their specs
// create that must be deleted afterwards.

import type { CreatingCollection } from '../core/cleanup.js';
import type { GuardedRequest } from '../core/zone-safety.js';
import type { AreaCatalog, Requirement, SuiteName } from '../core/requirements.js';
import { CREATING_COLLECTIONS } from '../../suites/zone-api/cleanup.js';
import { GUARDED_REQUESTS, MARKED_OBJECTS, POSSIBLE_LEFTOVERS } from '../../suites/zone-api/zone-safety.js';
import { storageCatalog } from '../../suites/storage/requirements/index.js';
import { zoneApiCatalog } from '../../suites/zone-api/requirements/index.js';

export { SUITE_NAMES, type SuiteName } from '../core/requirements.js';

export interface Suite {
  name: SuiteName;
  /** Spec files, relative to the package root. */
  include: string[];
  catalog: AreaCatalog[];
  /** Why a suite has no specs yet, shown instead of running it. */
  pending?: string;
  /** The collections whose POST creates objects its specs must delete afterwards (HTTP suites). */
  cleanup?: readonly CreatingCollection[];
  /**
   * What its specs do in zones the run does not own (HTTP suites): the requests held back there
   * unless the zone allows their effect, what they create (marked), what may remain.
   */
  zoneSafety?: { guarded: readonly GuardedRequest[]; marked: readonly string[]; leftovers: readonly { what: string }[] };
  /**
   * Spec files (globs relative to the package root) that move the target's clock: on a target with
   * one clock they run apart, one file at a time, after every other spec. Dated specs
   * (`*.dated.spec.ts`) set it to another year; `*.clock.spec.ts` advance it by minutes to months,
   * which would expire the one-minute windows of a rate-limit spec running alongside.
   */
  clockSpecs?: string[];
  /**
   * Those of them whose every spec moves time only for zones it created and reads time only there
   * (nothing of accounts, the transport or a zone id no zone has): on a target with a clock per
   * zone they run alongside everything else, each spec moving its own zones' clocks.
   */
  zoneClockSpecs?: string[];
}

const ZONE_API_CLOCK_SPECS = ['suites/zone-api/**/*.dated.spec.ts', 'suites/zone-api/**/*.clock.spec.ts'];
// Not account-settings.dated nor dns-settings-accounts.dated (accounts belong to no zone), nor
// transport.dated (the transport's date).
const ZONE_API_ZONE_CLOCK_SPECS = [
  'suites/zone-api/custom-hostnames.clock.spec.ts',
  'suites/zone-api/waf-migration.clock.spec.ts',
  'suites/zone-api/dns-records.dated.spec.ts',
  'suites/zone-api/dns-settings.dated.spec.ts',
  'suites/zone-api/zone-settings.dated.spec.ts',
];

export const SUITES: Record<SuiteName, Suite> = {
  'zone-api': { name: 'zone-api', include: ['suites/zone-api/**/*.spec.ts'], catalog: zoneApiCatalog, cleanup: CREATING_COLLECTIONS,
    zoneSafety: { guarded: GUARDED_REQUESTS, marked: MARKED_OBJECTS, leftovers: POSSIBLE_LEFTOVERS },
    clockSpecs: ZONE_API_CLOCK_SPECS, zoneClockSpecs: ZONE_API_ZONE_CLOCK_SPECS,
  },
  storage: { name: 'storage', include: ['suites/storage/**/*.spec.ts'], catalog: storageCatalog },
};

let catalogById: ReadonlyMap<string, Requirement> | undefined;

/** Every requirement of every suite's catalog, by ID (what a selection decides on). */
export function requirementCatalog(): ReadonlyMap<string, Requirement> {
  catalogById ??= new Map(Object.values(SUITES).flatMap((suite) => suite.catalog.flatMap((area) => area.requirements.map((r) => [r.id, r] as const))));
  return catalogById;
}

/** The ID of every requirement of every suite's catalog (a baseline may name only these). */
export const catalogedRequirementIds = (): Set<string> => new Set(requirementCatalog().keys());
