// Where each requirement's statement comes from, checked: every catalog entry names its document,
// its profile follows from that document (the spec document: core; reference-notes or a contract of
// the project: extended), and its section resolves in that document, heading by heading, then by
// the words that find the place under the deepest heading. Part of the golden check: a catalog that
// says a statement is documented when it is a convention, or points at a heading that is not there,
// fails test/golden.test.ts.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';
import { isSpecDocument, placeText, profileOfSource, type AreaCatalog, type Requirement, type SectionPlace, type SpecDocument } from '../../requirements/model.js';
import { allRequirements } from './coverage.js';

export interface SourceProblem {
  kind: 'no-document' | 'other-suite-document' | 'profile-disagrees' | 'unknown-document' | 'section-not-found';
  detail: string;
}

/** A heading of a markdown document, with the text under it (its subsections' included). */
export interface Heading {
  title: string;
  level: number;
  children: Heading[];
  /** The text under the heading, to its next heading of the same or a higher level. */
  text: string;
}

/** The headings of a markdown document as a tree under a root of level 0 (fenced code is not read for headings). */
export function headingTree(markdown: string): Heading {
  const lines = markdown.split('\n');
  const root: Heading = { title: '', level: 0, children: [], text: markdown };
  const open: { heading: Heading; from: number }[] = [{ heading: root, from: 0 }];
  const close = (until: number, level: number) => {
    while (open.length > 1 && open[open.length - 1]!.heading.level >= level) {
      const { heading, from } = open.pop()!;
      heading.text = lines.slice(from, until).join('\n');
    }
  };
  let fenced = false;
  lines.forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!match) return;
    const heading: Heading = { title: match[2]!, level: match[1]!.length, children: [], text: '' };
    close(index, heading.level);
    open[open.length - 1]!.heading.children.push(heading);
    open.push({ heading, from: index + 1 });
  });
  close(lines.length, 1);
  return root;
}

const words = (text: string): string => text.replace(/[`*_]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
/** "Firewall rules and filters (deprecated)" is named "Firewall rules and filters" too. */
const withoutAside = (text: string): string => text.replace(/\s*\([^()]*\)$/, '');
const namesHeading = (part: string, heading: Heading): boolean =>
  [words(heading.title), words(withoutAside(heading.title))].includes(words(part));

/** Where a document's sections are named from: its one title (#), when it has one, else its top. */
function topOf(document: Heading): Heading {
  const titles = document.children.filter((h) => h.level === 1);
  return titles.length === 1 ? titles[0]! : document;
}

/** The heading a path of headings names, each under the one before: or where it stops (the heading `under` has no child `missing`). */
export type HeadingFound = { heading: Heading } | { heading: null; under: Heading; missing: string };

/**
 * The deepest heading of a path of headings ("Endpoints", "Key-value operations"), each under the
 * one before, from the document's top.
 */
export function headingOf(document: Heading, headings: readonly string[]): HeadingFound {
  let at = topOf(document);
  for (const name of headings) {
    const next = at.children.find((child) => namesHeading(name, child));
    if (!next) return { heading: null, under: at, missing: name };
    at = next;
  }
  return { heading: at };
}

/** The deepest heading of a path that resolves, each under the one before: null when not even its first does. */
export function deepestHeadingOf(document: Heading, headings: readonly string[]): Heading | null {
  const found = headingOf(document, headings);
  if (found.heading !== null) return found.heading;
  return found.under === topOf(document) ? null : found.under;
}

/** Why a path of headings does not resolve: the name missing, and what is there instead. */
function missingHeading(document: Heading, found: { under: Heading; missing: string }): string {
  const there = found.under.children.map((h) => h.title).join(', ');
  return found.under === topOf(document)
    ? `"${found.missing}" is none of its headings (${there || 'it has none'})`
    : `"${found.missing}" is not a heading under "${found.under.title}" (${there ? `the headings under it: ${there}` : 'it has none'})`;
}

/**
 * Why one place of a section does not resolve in its document, or null when it does: each of its
 * headings is a heading under the one before, and its words are words of the deepest one's text,
 * found there in their order.
 */
export function unresolvedPlace(document: Heading, place: SectionPlace): string | null {
  if (place.headings.length === 0) return 'it names no heading';
  const found = headingOf(document, place.headings);
  if (found.heading === null) return missingHeading(document, found);
  const text = words(found.heading.text);
  let from = 0;
  for (const part of place.words ?? []) {
    const at = text.indexOf(words(withoutAside(part)), from);
    if (at === -1) return `"${part}" is not words of the text of "${found.heading.title}"${from > 0 ? ' after the words before it' : ''}`;
    from = at + words(withoutAside(part)).length;
  }
  return null;
}

/** The documents requirements cite, by name as a catalog entry names them, each as its heading tree. */
export type SourceDocuments = ReadonlyMap<string, Heading>;

/** The spec documents and reference-notes (docs/spec/) and the project's contracts (docs/*.md). */
export function loadSourceDocuments(root = PACKAGE_ROOT): SourceDocuments {
  const documents = new Map<string, Heading>();
  const read = (name: string, file: string) => documents.set(name, headingTree(readFileSync(file, 'utf8')));
  const spec = join(root, 'docs', 'spec');
  if (existsSync(spec)) for (const name of readdirSync(spec).filter((f) => f.endsWith('.md'))) read(name, join(spec, name));
  const docs = join(root, 'docs');
  if (existsSync(docs)) for (const name of readdirSync(docs).filter((f) => f.endsWith('.md'))) read(`docs/${name}`, join(docs, name));
  return documents;
}

function problemsOf(requirement: Requirement, ownDocument: SpecDocument, documents: SourceDocuments): SourceProblem[] {
  const { id, document, profile } = requirement;
  if (document === undefined) {
    return [{ kind: 'no-document', detail: `${id} names no document: give it document: '${ownDocument}' if the spec document states it (core), else 'reference-notes.md' or the contract of docs/ it comes from (extended)` }];
  }
  if (isSpecDocument(document) && document !== ownDocument) {
    return [{ kind: 'other-suite-document', detail: `${id} cites ${document}, the other suite's document: its suite's is ${ownDocument}` }];
  }
  const problems: SourceProblem[] = [];
  const expected = profileOfSource(document);
  if (profile !== expected) {
    problems.push({ kind: 'profile-disagrees', detail: `${id} is ${profile}, but its source ${document} makes it ${expected}: a statement of the spec document is core, a convention (reference-notes.md, a contract of docs/) is extended` });
  }
  const tree = documents.get(document);
  if (!tree) return [...problems, { kind: 'unknown-document', detail: `${id} cites ${document}, which is not among the documents (${[...documents.keys()].join(', ')})` }];
  for (const place of requirement.section) {
    const why = unresolvedPlace(tree, place);
    if (why !== null) problems.push({ kind: 'section-not-found', detail: `${id}: section "${placeText(place)}" does not resolve in ${document}: ${why}` });
  }
  return problems;
}

/** Every requirement of one suite's catalogs whose source is missing, disagrees with its profile or does not resolve. */
export function checkSources(catalogs: AreaCatalog[], ownDocument: SpecDocument, documents: SourceDocuments): SourceProblem[] {
  return allRequirements(catalogs).flatMap((requirement) => problemsOf(requirement, ownDocument, documents));
}
