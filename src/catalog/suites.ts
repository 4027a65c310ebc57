// The suites specgate runs: where their specs live, which catalog they cite, and what their specs
// create that must be deleted afterwards.

import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';
import type { CreatingCollection, GuardedRequest } from '../../requirements/declarations.js';
import type { AreaCatalog, Requirement, SuiteName } from '../../requirements/model.js';
import { CREATING_COLLECTIONS } from '../../requirements/zone-api/cleanup.js';
import { GUARDED_REQUESTS, MARKED_OBJECTS, POSSIBLE_LEFTOVERS } from '../../requirements/zone-api/zone-safety.js';
import { storageCatalog } from '../../requirements/storage/index.js';
import { zoneApiCatalog } from '../../requirements/zone-api/index.js';

export { SUITE_NAMES, type SuiteName } from '../../requirements/model.js';

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
   * Its spec files that move the target's clock, by file suffix under its folder: on a target with
   * one clock they run apart, one file at a time, after every other spec. Dated specs
   * (`*.dated.spec.ts`) set it to another year; `*.clock.spec.ts` advance it by minutes to months,
   * which would expire the one-minute windows of a rate-limit spec running alongside.
   */
  clockSpecs?: { dir: string; suffixes: readonly string[] };
}

/** A suite's clock spec files as globs relative to the package root (what vitest's include and exclude take). */
export const clockSpecGlobs = (suite: Suite): string[] =>
  (suite.clockSpecs ? suite.clockSpecs.suffixes.map((suffix) => `${suite.clockSpecs!.dir}/**/*${suffix}`) : []);


/**
 * What a clock spec file declares, on a line of its opening comment, when every spec in it moves
 * time only for zones it created and reads time only there (nothing of accounts, the transport or a
 * zone id no zone has): on a target with a clock per zone it runs alongside everything else, each
 * spec moving its own zones' clocks. The suite declares it in the file; no list of paths here.
 */
export const ZONE_CLOCK_DECLARATION = '// specgate-clock: per zone';

const declaredZoneClocks = new Map<SuiteName, string[]>();

/**
 * The clock spec files of a suite that declare a clock per zone (paths relative to the package
 * root), read once per process: a run plans projects for each of its targets.
 */
export function zoneClockSpecs(suite: Suite): string[] {
  const known = declaredZoneClocks.get(suite.name);
  if (known) return known;
  const { dir, suffixes } = suite.clockSpecs ?? { dir: '', suffixes: [] };
  const declared = suffixes.length === 0 ? [] : (readdirSync(join(PACKAGE_ROOT, dir), { recursive: true }) as string[])
    .map((file) => `${dir}/${file.split(sep).join('/')}`)
    .filter((file) => suffixes.some((suffix) => file.endsWith(suffix)))
    .filter((file) => readFileSync(join(PACKAGE_ROOT, file), 'utf8').split('\n').some((line) => line.trim() === ZONE_CLOCK_DECLARATION))
    .sort();
  declaredZoneClocks.set(suite.name, declared);
  return declared;
}

export const SUITES: Record<SuiteName, Suite> = {
  'zone-api': { name: 'zone-api', include: ['suites/zone-api/**/*.spec.ts'], catalog: zoneApiCatalog, cleanup: CREATING_COLLECTIONS,
    zoneSafety: { guarded: GUARDED_REQUESTS, marked: MARKED_OBJECTS, leftovers: POSSIBLE_LEFTOVERS },
    clockSpecs: { dir: 'suites/zone-api', suffixes: ['.dated.spec.ts', '.clock.spec.ts'] },
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
