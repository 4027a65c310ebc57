// Where report.html's links lead: each requirement's section in its document, and each spec's
// file. Both are files on the machine that wrote the report (file: URLs): the spec documents and
// the production conventions (reference-notes.md) in specgate's own docs/spec/ (a copy shipped in
// the package, kept equal to the project's ../shared/spec/ by test/spec-docs.test.ts), or in the
// folder SPECGATE_SPEC_DOCS names; the contracts of docs/ and the spec files in specgate's own
// folder. A document that is not there gets no link (its section stays plain text), and the page
// says which it is.
//
// A section names its document when it is not the suite's own: `reference-notes > Storage runtime
// (workerd)` (the production conventions), `docs/settings-contract.md > ...`.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../core/paths.js';

/** The spec document of each suite (file names under the documents' folder). */
export const SPEC_DOCUMENTS: Readonly<Record<string, string>> = {
  'zone-api': 'zone-management-api.md',
  storage: 'object-storage-interface.md',
};

export interface SpecDocument {
  /** Where the document is (a URL the page links to). */
  url: string;
  /** The anchors of its headings (GitHub's slugs), to link a section to the deepest heading it names. */
  anchors: ReadonlySet<string>;
}

export interface ReportLinks {
  /** Per suite, its spec document; also `reference-notes` and `docs/<name>.md`; absent: the section is shown without a link. */
  documents: Readonly<Record<string, SpecDocument>>;
  /** The URL spec files (a test's `file`, relative to specgate's package) resolve against; null: no link. */
  specFiles: string | null;
  /** One line for the page: where these links lead. */
  note: string;
}

export const NO_LINKS: ReportLinks = { documents: {}, specFiles: null, note: 'Links to the spec documents and spec files are not available in this report.' };

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as dashes. */
export const headingAnchor = (heading: string): string =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** The anchors of a markdown document's headings. */
export function headingAnchors(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => headingAnchor(m[1]!)));
}

/**
 * The URL of a requirement's section: its document, at the deepest heading its section names
 * ("Resources and their fields > Filter; Recommended sequence" → #filter), else at the document's top.
 */
export function sectionUrl(document: SpecDocument, section: string): string {
  const path = section.split(';')[0]!.split('>').map((part) => headingAnchor(part));
  const anchor = [...path].reverse().find((a) => document.anchors.has(a));
  return anchor === undefined ? document.url : `${document.url}#${anchor}`;
}

/**
 * The URL of a requirement's section, in the document it names (reference-notes, a contract of
 * docs/) or else its suite's; null when the report has no such document.
 */
export function sectionLink(links: ReportLinks, suite: string, section: string): string | null {
  const [first = '', ...rest] = section.split(';')[0]!.split('>').map((part) => part.trim());
  const named = links.documents[first.replace(/\s*\(.*\)$/, '')];
  if (named) return sectionUrl(named, rest.join(' > '));
  if (/^(?:reference-notes|docs\/)/.test(first)) return null;
  const own = links.documents[suite];
  return own ? sectionUrl(own, section) : null;
}

const documentAt = (file: string): SpecDocument => ({ url: pathToFileURL(file).href, anchors: headingAnchors(readFileSync(file, 'utf8')) });

/** The copy of the spec documents shipped in the package (package.json "files" has docs/). */
export const SHIPPED_SPEC_DOCS = join(PACKAGE_ROOT, 'docs', 'spec');

/** Where the spec documents are: SPECGATE_SPEC_DOCS, else the package's own copy. */
export const specDocumentsDir = (): string => process.env.SPECGATE_SPEC_DOCS || SHIPPED_SPEC_DOCS;

/** The links of a report written on this machine: the spec documents, specgate's contracts and spec files. */
export function localLinks(documentsDir = specDocumentsDir()): ReportLinks {
  const documents: Record<string, SpecDocument> = {};
  for (const [suite, name] of Object.entries(SPEC_DOCUMENTS)) {
    const file = join(documentsDir, name);
    if (existsSync(file)) documents[suite] = documentAt(file);
  }
  const found = Object.keys(documents).length > 0;
  // In the documents' folder (docs/spec/), or beside it (the project's ../shared/ layout).
  const notes = [join(documentsDir, 'reference-notes.md'), join(documentsDir, '..', 'reference-notes.md')].find((file) => existsSync(file));
  if (notes) documents['reference-notes'] = documentAt(notes);
  const docs = join(PACKAGE_ROOT, 'docs');
  if (existsSync(docs)) for (const name of readdirSync(docs).filter((f) => f.endsWith('.md'))) documents[`docs/${name}`] = documentAt(join(docs, name));
  return {
    documents,
    specFiles: pathToFileURL(PACKAGE_ROOT).href,
    note: `Requirement IDs lead to their row of the matrix. Sections (§) open their document, as files on the machine that wrote this report: `
      + `${found ? `the spec documents in ${documentsDir}` : `the spec documents (not found at ${documentsDir}: their sections are not linked)`}, `
      + `the production conventions in reference-notes.md with them, the contracts in specgate's docs/; spec files open in specgate's package (${PACKAGE_ROOT}).`,
  };
}
