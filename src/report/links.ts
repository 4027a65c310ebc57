// Where report.html's links lead: each requirement's section in its spec document, and each spec's
// file. Both are files on the machine that wrote the report (file: URLs): the spec documents where
// the README says they are (`../shared/spec/` beside specgate), the spec files in specgate's own
// package. A document that is not there gets no link (its section stays plain text), and the page
// says which it is.

import { existsSync, readFileSync } from 'node:fs';
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
  /** Per suite, its spec document; absent: the section is shown without a link. */
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

/** The links of a report written on this machine: the documents beside specgate, its spec files. */
export function localLinks(documentsDir = join(PACKAGE_ROOT, '..', 'shared', 'spec')): ReportLinks {
  const documents: Record<string, SpecDocument> = {};
  for (const [suite, name] of Object.entries(SPEC_DOCUMENTS)) {
    const file = join(documentsDir, name);
    if (existsSync(file)) documents[suite] = { url: pathToFileURL(file).href, anchors: headingAnchors(readFileSync(file, 'utf8')) };
  }
  const found = Object.keys(documents).length > 0;
  return {
    documents,
    specFiles: pathToFileURL(PACKAGE_ROOT).href,
    note: `Requirement IDs lead to their row of the matrix; sections open the spec document${found ? ` (file on the machine that ran this report: ${documentsDir})` : ` (not found at ${documentsDir}: sections are not linked)`}; spec files open in specgate's package (${PACKAGE_ROOT}).`,
  };
}
