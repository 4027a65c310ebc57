// Where report.html's links lead: each requirement's section in its document, and each spec's
// file. Both are files on the machine that wrote the report (file: URLs): the spec documents and
// the production conventions (reference-notes.md) in specgate's own docs/spec/ (a copy shipped in
// the package, kept equal to the project's ../shared/spec/ by test/spec-docs.test.ts), or in the
// folder SPECGATE_SPEC_DOCS names; the contracts of docs/ and the spec files in specgate's own
// folder. A document that is not there gets no link (its section stays plain text), and the page
// says which it is.
//
// Each requirement names its document as data (its `document`, in the report its `source`): the
// spec document's file name, `reference-notes.md`, or `docs/<name>.md`; the links are keyed so.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deepestHeadingOf, headingTree, type Heading } from '../catalog/sources.js';
import { requirementCatalog } from '../catalog/suites.js';
import { PACKAGE_ROOT } from '../core/paths.js';
import { SPEC_DOCUMENTS, type Section } from '../../requirements/model.js';

/** The spec document of each suite (file names under the documents' folder). */
export { SPEC_DOCUMENTS } from '../../requirements/model.js';

export interface SpecDocument {
  /** Where the document is (a URL the page links to). */
  url: string;
  /** Its headings, in which a section finds the deepest heading it names (catalog/sources.ts, as the golden check does). */
  headings: Heading;
  /** Each heading's anchor: GitHub's slug, numbered from the second heading of the same slug on (#waf-migration-1). */
  anchors: ReadonlyMap<Heading, string>;
}

export interface ReportLinks {
  /** Per document, as requirements name it: each spec document's file name, `reference-notes.md`, `docs/<name>.md`; absent: the section is shown without a link. */
  documents: Readonly<Record<string, SpecDocument>>;
  /** Each requirement's section as the catalog has it (its places, headings apart from words), by ID: what a link finds its heading by. */
  sections: ReadonlyMap<string, Section>;
  /** The URL spec files (a test's `file`, relative to specgate's package) resolve against; null: no link. */
  specFiles: string | null;
  /** One line for the page: where these links lead. */
  note: string;
}

export const NO_LINKS: ReportLinks = { documents: {}, sections: new Map(), specFiles: null, note: 'Links to the spec documents and spec files are not available in this report.' };

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as dashes. */
export const headingAnchor = (heading: string): string =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** A markdown document at a URL, its headings and their anchors. */
export function documentOf(url: string, markdown: string): SpecDocument {
  const headings = headingTree(markdown);
  const anchors = new Map<Heading, string>();
  const seen = new Map<string, number>();
  const visit = (heading: Heading): void => {
    for (const child of heading.children) {
      const slug = headingAnchor(child.title);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.set(child, count === 0 ? slug : `${slug}-${count}`);
      visit(child);
    }
  };
  visit(headings);
  return { url, headings, anchors };
}

/**
 * The URL of a requirement's section: its document, at the deepest heading its first place names
 * (headings Endpoints, WAF migration, Migration mapping rules → #waf-migration-1, the second
 * heading of that name), else at the document's top.
 */
export function sectionUrl(document: SpecDocument, section: Section): string {
  const heading = deepestHeadingOf(document.headings, section[0]?.headings ?? []);
  const anchor = heading === null ? undefined : document.anchors.get(heading);
  return anchor === undefined ? document.url : `${document.url}#${anchor}`;
}

/** The URL of a requirement's section in its document; null when the report has no such document. */
export function sectionLink(links: ReportLinks, document: string, section: Section): string | null {
  const found = links.documents[document];
  return found ? sectionUrl(found, section) : null;
}

const documentAt = (file: string): SpecDocument => documentOf(pathToFileURL(file).href, readFileSync(file, 'utf8'));

/** The copy of the spec documents shipped in the package (package.json "files" has docs/). */
export const SHIPPED_SPEC_DOCS = join(PACKAGE_ROOT, 'docs', 'spec');

/** Where the spec documents are: SPECGATE_SPEC_DOCS, else the package's own copy. */
export const specDocumentsDir = (): string => process.env.SPECGATE_SPEC_DOCS || SHIPPED_SPEC_DOCS;

/** The links of a report written on this machine: the spec documents, specgate's contracts and spec files. */
export function localLinks(documentsDir = specDocumentsDir()): ReportLinks {
  const documents: Record<string, SpecDocument> = {};
  for (const name of Object.values(SPEC_DOCUMENTS)) {
    const file = join(documentsDir, name);
    if (existsSync(file)) documents[name] = documentAt(file);
  }
  const found = Object.keys(documents).length > 0;
  // In the documents' folder (docs/spec/), or beside it (the project's ../shared/ layout).
  const notes = [join(documentsDir, 'reference-notes.md'), join(documentsDir, '..', 'reference-notes.md')].find((file) => existsSync(file));
  if (notes) documents['reference-notes.md'] = documentAt(notes);
  const docs = join(PACKAGE_ROOT, 'docs');
  if (existsSync(docs)) for (const name of readdirSync(docs).filter((f) => f.endsWith('.md'))) documents[`docs/${name}`] = documentAt(join(docs, name));
  return {
    documents,
    sections: new Map([...requirementCatalog()].map(([id, requirement]) => [id, requirement.section])),
    specFiles: pathToFileURL(PACKAGE_ROOT).href,
    note: `Requirement IDs lead to their row of the matrix. Sections (§) open their document, as files on the machine that wrote this report: `
      + `${found ? `the spec documents in ${documentsDir}` : `the spec documents (not found at ${documentsDir}: their sections are not linked)`}, `
      + `the production conventions in reference-notes.md with them, the contracts in specgate's docs/; spec files open in specgate's package (${PACKAGE_ROOT}).`,
  };
}
