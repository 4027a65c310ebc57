// The shape of the requirement catalog: every testable statement of the two spec documents, with a
// stable ID. Specs cite these IDs; the golden check (catalog/coverage.ts) keeps catalog and specs
// from drifting apart.

export type Level = 'must' | 'should' | 'may';

/**
 * core: the spec states it. extended: a convention the spec leaves open (status codes, payloads of
 * operations whose shape is "not shown"), taken from reference-notes.md or a contract of the project.
 */
export type Profile = 'core' | 'extended';

/** The spec document of each suite (its file name in docs/spec/): what its core requirements state. */
export const SPEC_DOCUMENTS = { 'zone-api': 'zone-management-api.md', storage: 'object-storage-interface.md' } as const;
export type SpecDocument = (typeof SPEC_DOCUMENTS)[keyof typeof SPEC_DOCUMENTS];

/**
 * The document a statement is written in: a suite's spec document; the production service's observed
 * conventions (reference-notes.md, beside the spec documents); or a contract of the project in docs/,
 * where the reference decides what the documents leave open.
 */
export type SourceDocument = SpecDocument | 'reference-notes.md' | `docs/${string}.md`;

/** documented: the spec document states it (core). convention: reference-notes or a contract of the project (extended). */
export type SourceKind = 'documented' | 'convention';

export const isSpecDocument = (document: string): document is SpecDocument => (Object.values(SPEC_DOCUMENTS) as string[]).includes(document);
export const sourceKind = (document: SourceDocument): SourceKind => (isSpecDocument(document) ? 'documented' : 'convention');
/** The profile a statement of that document belongs to. */
export const profileOfSource = (document: SourceDocument): Profile => (isSpecDocument(document) ? 'core' : 'extended');

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

/**
 * A place in a document: its headings from the top down, each under the one before (a document's
 * one title, `#`, left out), then, where the deepest heading holds several statements, words of its
 * text that find the place there, in order: `{ headings: ['Endpoints', 'Firewall rules and
 * filters', 'Rules for the combined create'], words: ['2'] }`.
 */
export interface SectionPlace {
  headings: readonly string[];
  words?: readonly string[];
}

/** Where in its document a statement is: its places (most statements have one). */
export type Section = readonly SectionPlace[];

/** A place as people read it: `Endpoints > Firewall rules and filters > Rules for the combined create > 2`. */
export const placeText = (place: SectionPlace): string => [...place.headings, ...(place.words ?? [])].join(' > ');

/** A section as reports show it: its places, `; ` between them. */
export const sectionText = (section: Section): string => section.map(placeText).join('; ');

export interface Requirement {
  /** Stable, never reused: ZM-<AREA>-<WHAT> for the zone API, ST-<AREA>-<WHAT> for storage. */
  id: string;
  area: Area;
  level: Level;
  profile: Profile;
  /**
   * The document the statement comes from. Every catalog entry names one (the golden check,
   * catalog/sources.ts `checkSources`, holds it to its profile and resolves its section there);
   * optional only so that a test can make a requirement up without one.
   */
  document?: SourceDocument;
  /**
   * Where in its document the statement is: its places (SectionPlace), each its headings and the
   * words that find it under the deepest one. The golden check resolves each against the document;
   * the report's links open the document at the first place's deepest heading.
   */
  section: Section;
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
