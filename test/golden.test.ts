// The golden list (as Kubernetes conformance keeps conformance.yaml): the catalog and the specs
// must not drift apart. Checked on the real suite, and the check itself is shown to catch drift.

import { describe, expect, it } from 'vitest';
import { checkCoverage, type CitingTest } from '../src/catalog/coverage.js';
import type { AreaCatalog, Requirement } from '../requirements/model.js';
import { SPEC_DOCUMENTS, STORAGE_AREAS, ZONE_API_AREAS } from '../requirements/model.js';
import { checkSources, headingTree, loadSourceDocuments, type SourceDocuments } from '../src/catalog/sources.js';
import { storageCatalog } from '../requirements/storage/index.js';
import { zoneApiCatalog } from '../requirements/zone-api/index.js';
import type { ListedSpec } from '../src/runner/list.js';
import { ROOT, runCli } from './helpers/cli.js';
import { checkSchedule, loadSchedule, type ScheduleRow } from '../src/catalog/deprecation-schedule.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const duplicates = (names: string[]): string[] => names.filter((name, i) => names.indexOf(name) !== i);

const documents = [
  { suite: 'zone-api', title: 'zone-management', catalog: zoneApiCatalog, areas: ZONE_API_AREAS, idPattern: /^ZM-[A-Z0-9]+(-[A-Z0-9]+)+$/ },
  { suite: 'storage', title: 'storage', catalog: storageCatalog, areas: STORAGE_AREAS, idPattern: /^ST-[A-Z0-9]+(-[A-Z0-9]+)+$/ },
] as const;

for (const { suite, title, catalog: documentCatalog, areas, idPattern } of documents) {
  describe(`the ${suite} catalog and its specs`, () => {
    it('agree: every covered requirement has a spec, every spec cites known, covered requirements', async () => {
      const listing = await runCli(['list', '--suite', suite, '--json']);
      expect(listing.code, listing.stderr).toBe(0);
      const specs = JSON.parse(listing.stdout) as ListedSpec[];
      expect(specs.length).toBeGreaterThan(40);
      expect(checkCoverage(documentCatalog, specs)).toEqual([]);
      expect(duplicates(specs.map((s) => s.name)), 'spec names identify specs in reports and baselines').toEqual([]);
    });

    it('names the source of every requirement: its document, agreeing with its profile, and a section that resolves there', () => {
      expect(checkSources(documentCatalog, SPEC_DOCUMENTS[suite], loadSourceDocuments())).toEqual([]);
    });

    it(`has one catalog file per area of the ${title} document, in the report's area names`, () => {
      expect(documentCatalog.map((c) => c.area)).toEqual(areas);
      for (const catalog of documentCatalog) {
        for (const requirement of catalog.requirements) {
          expect(requirement.area, requirement.id).toBe(catalog.area);
          expect(requirement.id, requirement.id).toMatch(idPattern);
          expect(requirement.text.length, requirement.id).toBeGreaterThan(10);
        }
      }
    });
  });
}

describe('both catalogs', () => {
  it('list the spec\'s "not shown" statements as unspecified', () => {
    const unspecified = zoneApiCatalog.flatMap((c) => c.requirements).filter((r) => r.unspecified).map((r) => r.id);
    for (const id of ['ZM-ENV-STATUS-CODES-UNSPECIFIED', 'ZM-ENV-EVENTS-UNSPECIFIED', 'ZM-FW-PAYLOADS-UNSPECIFIED', 'ZM-FW-QUOTA-VALUE-UNSPECIFIED']) {
      expect(unspecified).toContain(id);
    }
  });

  it('keep requirement IDs unique across both documents', () => {
    const ids = [...zoneApiCatalog, ...storageCatalog].flatMap((c) => c.requirements.map((r) => r.id));
    expect(ids.length).toBe(new Set(ids).size);
  });
});

describe('the deprecation schedule (fixtures/deprecations.json)', () => {
  const rows = loadSchedule();
  let listed: Promise<ListedSpec[]> | undefined;
  const specsOf = () => (listed ??= runCli(['list', '--suite', 'zone-api', '--json']).then((run) => JSON.parse(run.stdout) as ListedSpec[]));

  it('holds every row of the Versioning table, newest first, each endpoint once per method', () => {
    expect(rows).toHaveLength(25);
    expect(rows.reduce((n, r) => n + r.endpoints.length, 0)).toBe(108);
    for (const row of rows) {
      const keys = row.endpoints.map((e) => `${e.method} ${e.path}`);
      expect(new Set(keys).size, `${row.date} ${row.subject}`).toBe(keys.length);
      expect(row.endpoints.length > 0 || row.endpointsNote !== undefined, `${row.date} ${row.subject}: endpoints or a note`).toBe(true);
    }
  });

  // The spec document sits next to the repository in the team's workspace; where it does, the
  // fixture must carry each of its rows' dates and subjects, in its order.
  const specFile = new URL('../../shared/spec/zone-management-api.md', import.meta.url);
  it.runIf(existsSync(specFile))('matches the table of the spec document, row by row', () => {
    const table = readFileSync(specFile, 'utf8').split('## Versioning')[1]!;
    const documented = [...table.matchAll(/^\| (\d{4}-\d{2}-\d{2}) \| ([^|]+) \|/gm)].map(([, date, subject]) => `${date} ${subject!.trim()}`);
    expect(rows.map((r) => `${r.date} ${r.subject}`)).toEqual(documented);
  });

  it('agrees with the catalog and the specs: each row\'s requirements exist, stated rows have dated specs', async () => {
    expect(checkSchedule(rows, zoneApiCatalog, await specsOf())).toEqual([]);
  });

  it('keeps dated specs in *.dated.spec.ts files, which run alone', async () => {
    const dated = (await specsOf()).filter((s) => s.dated !== undefined);
    expect(dated.length).toBeGreaterThan(0);
    expect(dated.filter((s) => !s.file.endsWith('.dated.spec.ts')).map((s) => s.name)).toEqual([]);
  });

  it('keeps every spec that moves the target\'s clock in a file that runs alone (*.clock.spec.ts, *.dated.spec.ts)', () => {
    const dir = join(ROOT, 'suites/zone-api');
    const movers = readdirSync(dir).filter((f) => f.endsWith('.spec.ts'))
      .filter((f) => /async \(\{[^}]*\bclock\b[^}]*\}\)|datedSpec\(/.test(readFileSync(join(dir, f), 'utf8')));
    expect(movers.length).toBeGreaterThan(2);
    expect(movers.filter((f) => !/\.(clock|dated)\.spec\.ts$/.test(f))).toEqual([]);
  });

  it('flags drift: a row without requirements, an unknown ID, a stated row without a dated spec, a dated requirement in no row', () => {
    const row = (over: Partial<ScheduleRow>): ScheduleRow => ({ date: '2024-11-30', subject: 's', endpoints: [], change: 'c', afterDate: 'stated', requirements: ['ZM-DNSREC-ZONE-INFO-DROPPED-2024-11-30'], ...over });
    const dropped = { name: 'zone-api > x (after 2024-11-30)', requirements: ['ZM-DNSREC-ZONE-INFO-DROPPED-2024-11-30'], dated: { date: '2024-11-30' } };
    const noDates = zoneApiCatalog.map((c) => ({ ...c, requirements: c.requirements.filter((r) => !r.section.some((place) => place.headings[0] === 'Versioning' && /^\d/.test(place.words?.[0] ?? ''))) }));
    const withDropped = [...noDates, { area: 'dns-records' as const, requirements: zoneApiCatalog.flatMap((c) => c.requirements).filter((r) => r.id === 'ZM-DNSREC-ZONE-INFO-DROPPED-2024-11-30') }];
    expect(checkSchedule([row({})], withDropped, [dropped])).toEqual([]);
    expect(checkSchedule([row({ requirements: [] })], withDropped, [dropped])).toHaveLength(2);
    expect(checkSchedule([row({ requirements: ['ZM-NOPE'] })], noDates, [dropped])[0]).toMatch(/not in the catalog/);
    expect(checkSchedule([row({})], withDropped, [{ name: 'zone-api > x', requirements: dropped.requirements }])[0]).toMatch(/no dated spec/);
    expect(checkSchedule([row({})], withDropped, [{ ...dropped, dated: { date: '2024-11-29' } }])[0]).toMatch(/no dated spec/);
    expect(checkSchedule([row({ afterDate: 'not stated' })], withDropped, [dropped])[0]).toMatch(/no unspecified requirement/);
    expect(checkSchedule([row({ date: '2020-01-01' }), row({})], withDropped, [dropped]).join('\n')).toMatch(/out of order/);
  });
});

describe('the coverage check catches drift', () => {
  const catalog: AreaCatalog[] = [
    { area: 'filters', requirements: [
      { id: 'ZM-A', area: 'filters', level: 'must', profile: 'core', section: [{ headings: ['s'] }], text: 'a requirement' },
      { id: 'ZM-B', area: 'filters', level: 'must', profile: 'core', section: [{ headings: ['s'] }], text: 'another requirement' },
      { id: 'ZM-U', area: 'filters', level: 'may', profile: 'core', section: [{ headings: ['s'] }], text: 'not shown', unspecified: true },
    ] },
    { area: 'dns-records', pending: 'later', requirements: [
      { id: 'ZM-P', area: 'dns-records', level: 'must', profile: 'core', section: [{ headings: ['s'] }], text: 'pending requirement' },
    ] },
  ];
  const kinds = (tests: CitingTest[]) => checkCoverage(catalog, tests).map((p) => p.kind).sort();

  it('is quiet when catalog and specs agree', () => {
    expect(kinds([{ name: 'a', requirements: ['ZM-A'] }, { name: 'b', requirements: ['ZM-B'] }])).toEqual([]);
  });
  it('flags a requirement of a covered area without a spec', () => {
    expect(kinds([{ name: 'a', requirements: ['ZM-A'] }])).toEqual(['requirement-without-spec']);
  });
  it('flags a spec citing an unknown ID, none, an unspecified statement, or a pending area', () => {
    expect(kinds([
      { name: 'a', requirements: ['ZM-A', 'ZM-B'] },
      { name: 'x', requirements: ['ZM-NOPE'] },
      { name: 'y', requirements: [] },
      { name: 'u', requirements: ['ZM-U'] },
      { name: 'p', requirements: ['ZM-P'] },
    ])).toEqual(['cites-unspecified', 'pending-area-cited', 'spec-cites-none', 'unknown-requirement']);
  });
  it('flags a duplicated ID', () => {
    const twice: AreaCatalog[] = [{ area: 'filters', requirements: [catalog[0]!.requirements[0]!, catalog[0]!.requirements[0]!] }];
    expect(checkCoverage(twice, [{ name: 'a', requirements: ['ZM-A'] }]).map((p) => p.kind)).toEqual(['duplicate-id']);
  });
});

describe('the source check catches a catalog out of step with its documents', () => {
  const documents: SourceDocuments = new Map([
    ['zone-management-api.md', headingTree([
      '# Zone API', '## Endpoints', '### Firewall rules and filters (deprecated)', 'Rules for the combined create:', '1. The filter first.', '2. Neither is created.',
      '```', '## Not a heading: fenced', '```', '## Limits', '| Certificate issuance rate | 15 |',
    ].join('\n'))],
    ['object-storage-interface.md', headingTree('# Storage\n## Limits\n')],
    ['reference-notes.md', headingTree('# Notes\n## HTTP API conventions\n- Custom hostnames: POST creates.\n')],
  ]);
  const entry = (id: string, over: Partial<Requirement>): Requirement =>
    ({ id, area: 'filters', level: 'must', profile: 'core', document: 'zone-management-api.md', section: [{ headings: ['Limits'] }], text: 'a requirement', ...over });
  const problems = (...requirements: Requirement[]) => checkSources([{ area: 'filters', requirements }], 'zone-management-api.md', documents).map((p) => `${p.kind}: ${p.detail}`);

  it('is quiet when each entry names its document, a profile that follows from it and a section that resolves', () => {
    expect(problems(
      entry('ZM-A', { section: [{ headings: ['Endpoints', 'Firewall rules and filters'], words: ['Rules for the combined create', '2'] }] }),
      entry('ZM-B', { section: [{ headings: ['Endpoints', 'Firewall rules and filters (deprecated)'] }, { headings: ['Limits'], words: ['Certificate issuance rate'] }] }),
      entry('ZM-C', { profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'], words: ['Custom hostnames'] }] }),
    )).toEqual([]);
  });

  it('flags an entry without a document, naming what to give it', () => {
    expect(problems(entry('ZM-A', { document: undefined }))).toEqual([
      "no-document: ZM-A names no document: give it document: 'zone-management-api.md' if the spec document states it (core), else 'reference-notes.md' or the contract of docs/ it comes from (extended)",
    ]);
  });

  it('flags a profile its source disagrees with, both ways, and the other suite\'s document', () => {
    expect(problems(
      entry('ZM-CONVENTION-AS-CORE', { document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }] }),
      entry('ZM-DOCUMENTED-AS-EXTENDED', { profile: 'extended' }),
      entry('ZM-STORAGE', { document: 'object-storage-interface.md' }),
    )).toEqual([
      'profile-disagrees: ZM-CONVENTION-AS-CORE is core, but its source reference-notes.md makes it extended: a statement of the spec document is core, a convention (reference-notes.md, a contract of docs/) is extended',
      'profile-disagrees: ZM-DOCUMENTED-AS-EXTENDED is extended, but its source zone-management-api.md makes it core: a statement of the spec document is core, a convention (reference-notes.md, a contract of docs/) is extended',
      "other-suite-document: ZM-STORAGE cites object-storage-interface.md, the other suite's document: its suite's is zone-management-api.md",
    ]);
  });

  it('flags a section that is no heading, a heading in the wrong place, words its text lacks, a heading inside fenced code, an unknown document', () => {
    expect(problems(
      entry('ZM-TYPO', { section: [{ headings: ['Endpoint', 'Firewall rules and filters'] }] }),
      entry('ZM-MISPLACED', { section: [{ headings: ['Limits', 'Firewall rules and filters'] }] }),
      entry('ZM-NO-RULE-3', { section: [{ headings: ['Endpoints', 'Firewall rules and filters'], words: ['Rules for the combined create', '3'] }] }),
      entry('ZM-OUT-OF-ORDER', { section: [{ headings: ['Endpoints', 'Firewall rules and filters'], words: ['2', 'Rules for the combined create'] }] }),
      entry('ZM-WORDS-AS-HEADING', { section: [{ headings: ['Endpoints', 'Firewall rules and filters', 'Rules for the combined create'] }] }),
      entry('ZM-FENCED', { section: [{ headings: ['Not a heading: fenced'] }] }),
      entry('ZM-SECOND-PLACE', { section: [{ headings: ['Limits'] }, { headings: ['Versioning'] }] }),
      entry('ZM-NO-HEADING', { section: [{ headings: [], words: ['Certificate issuance rate'] }] }),
      entry('ZM-CONTRACT', { profile: 'extended', document: 'docs/nowhere.md' }),
    )).toEqual([
      'section-not-found: ZM-TYPO: section "Endpoint > Firewall rules and filters" does not resolve in zone-management-api.md: "Endpoint" is none of its headings (Endpoints, Limits)',
      'section-not-found: ZM-MISPLACED: section "Limits > Firewall rules and filters" does not resolve in zone-management-api.md: "Firewall rules and filters" is not a heading under "Limits" (it has none)',
      'section-not-found: ZM-NO-RULE-3: section "Endpoints > Firewall rules and filters > Rules for the combined create > 3" does not resolve in zone-management-api.md: "3" is not words of the text of "Firewall rules and filters (deprecated)" after the words before it',
      'section-not-found: ZM-OUT-OF-ORDER: section "Endpoints > Firewall rules and filters > 2 > Rules for the combined create" does not resolve in zone-management-api.md: "Rules for the combined create" is not words of the text of "Firewall rules and filters (deprecated)" after the words before it',
      'section-not-found: ZM-WORDS-AS-HEADING: section "Endpoints > Firewall rules and filters > Rules for the combined create" does not resolve in zone-management-api.md: "Rules for the combined create" is not a heading under "Firewall rules and filters (deprecated)" (it has none)',
      'section-not-found: ZM-FENCED: section "Not a heading: fenced" does not resolve in zone-management-api.md: "Not a heading: fenced" is none of its headings (Endpoints, Limits)',
      'section-not-found: ZM-SECOND-PLACE: section "Versioning" does not resolve in zone-management-api.md: "Versioning" is none of its headings (Endpoints, Limits)',
      'section-not-found: ZM-NO-HEADING: section "Certificate issuance rate" does not resolve in zone-management-api.md: it names no heading',
      'unknown-document: ZM-CONTRACT cites docs/nowhere.md, which is not among the documents (zone-management-api.md, object-storage-interface.md, reference-notes.md)',
    ]);
  });

  it('catches the real catalog drifting: a convention made core, a heading of the document renamed', () => {
    const real = loadSourceDocuments();
    const madeCore = zoneApiCatalog.map((c) => ({ ...c, requirements: c.requirements.map((r) => (r.id === 'ZM-FW-PUT' ? { ...r, profile: 'core' as const } : r)) }));
    expect(checkSources(madeCore, 'zone-management-api.md', real).map((p) => p.kind)).toEqual(['profile-disagrees']);
    const spec = readFileSync(join(ROOT, 'docs/spec/object-storage-interface.md'), 'utf8');
    const renamed = new Map(real).set('object-storage-interface.md', headingTree(spec.replace('### Alarm operations', '### Alarms')));
    const broken = checkSources(storageCatalog, 'object-storage-interface.md', renamed);
    expect(broken.length).toBeGreaterThan(0);
    expect(broken.every((p) => p.kind === 'section-not-found' && p.detail.includes('"Alarm operations" is not a heading under "Endpoints"')), broken.map((p) => p.detail).join('\n')).toBe(true);
  });
});
