// The shape of the requirement catalog: every testable statement of the two spec documents, with a
// stable ID. Specs cite these IDs; the golden check (catalog/coverage.ts) keeps catalog and specs
// from drifting apart.

export type Level = 'must' | 'should' | 'may';

/**
 * core: the spec states it. extended: a convention the spec leaves open (status codes, payloads of
 * operations whose shape is "not shown"), taken from reference-notes.md.
 */
export type Profile = 'core' | 'extended';

/** The suites: one per document. */
export const SUITE_NAMES = ['zone-api', 'storage'] as const;
export type SuiteName = (typeof SUITE_NAMES)[number];

/** The areas of each document, in the order reports list them: one catalog file and one spec file (or more) each. */
export const ZONE_API_AREAS = [
  'envelope', 'auth', 'transport', 'firewall-rules', 'filters', 'custom-hostnames', 'waf-migration',
  'dns-records', 'dns-settings', 'zone-settings', 'account-settings', 'deprecations',
] as const;
export const STORAGE_AREAS = ['kv', 'list', 'limits', 'options', 'transactions', 'consistency', 'alarms', 'sql', 'pitr'] as const;

export type ZoneApiArea = (typeof ZONE_API_AREAS)[number];
export type StorageArea = (typeof STORAGE_AREAS)[number];
export type Area = ZoneApiArea | StorageArea;

export interface Requirement {
  /** Stable, never reused: ZM-<AREA>-<WHAT> for the zone API, ST-<AREA>-<WHAT> for storage. */
  id: string;
  area: Area;
  level: Level;
  profile: Profile;
  /** Where the statement is, e.g. "Endpoints > Firewall rules and filters > rule 2". */
  section: string;
  /** One-line paraphrase of what is required. */
  text: string;
  /**
   * A statement the spec marks "not shown" (or leaves undefined): listed so the report can say so;
   * never asserted by the core suite and never cited by a spec.
   */
  unspecified?: true;
}

/** One catalog file per area of the spec. `pending` names the work that will cover the area. */
export interface AreaCatalog {
  area: Area;
  /** Present while no spec covers this area yet: the reason shown in the report. */
  pending?: string;
  requirements: Requirement[];
}
