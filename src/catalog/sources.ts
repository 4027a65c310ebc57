// Where each requirement's statement comes from, checked: every catalog entry names its document,
// its profile follows from that document (the spec document: core; reference-notes or a contract of
// the project: extended), and its section resolves in that document, heading by heading, then by
// the words that find the place under the deepest heading. Part of the golden check: a catalog that
// says a statement is documented when it is a convention, or points at a heading that is not there,
// fails test/golden.test.ts.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';
import { isSpecDocument, profileOfSource, type AreaCatalog, type Requirement, type SpecDocument } from '../../requirements/model.js';
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

/**
 * The deepest heading a place of a section names ("Endpoints > Key-value operations > get": Key-value
 * operations), each part a heading under the one before, from the document's top; and the parts
 * after it (words of its text). heading is null when the first part names no heading.
 */
export function headingOf(document: Heading, place: string): { heading: Heading | null; under: Heading; rest: string[] } {
  const parts = place.split('>').map((part) => part.trim());
  // A document of one title (#) holds its sections under it: they are named from there.
  const titles = document.children.filter((h) => h.level === 1);
  let at = titles.length === 1 ? titles[0]! : document;
  const top = at;
  let index = 0;
  for (; index < parts.length; index++) {
    const next = at.children.find((child) => namesHeading(parts[index]!, child));
    if (!next) break;
    at = next;
  }
  return { heading: index === 0 ? null : at, under: top, rest: parts.slice(index) };
}

/**
 * Why one place of a section ("Endpoints > Key-value operations > get") does not resolve in its
 * document, or null when it does: each part names a heading under the one before, until the
 * parts that are words of the deepest heading's text, found there in their order.
 */
export function unresolvedPlace(document: Heading, place: string): string | null {
  const { heading, under, rest } = headingOf(document, place);
  if (heading === null) return `"${rest[0]}" is none of its headings (${under.children.map((h) => h.title).join(', ') || 'it has none'})`;
  const text = words(heading.text);
  let from = 0;
  for (const part of rest) {
    const found = text.indexOf(words(withoutAside(part)), from);
    if (found === -1) {
      const below = heading.children.length > 0 ? `; the headings under it: ${heading.children.map((h) => h.title).join(', ')}` : '';
      return `"${part}" is neither a heading under "${heading.title}" nor words of its text${from > 0 ? ' after the parts before it' : ''}${below}`;
    }
    from = found + words(withoutAside(part)).length;
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
  for (const place of requirement.section.split(';').map((p) => p.trim())) {
    const why = unresolvedPlace(tree, place);
    if (why !== null) problems.push({ kind: 'section-not-found', detail: `${id}: section "${place}" does not resolve in ${document}: ${why}` });
  }
  return problems;
}

/** Every requirement of one suite's catalogs whose source is missing, disagrees with its profile or does not resolve. */
export function checkSources(catalogs: AreaCatalog[], ownDocument: SpecDocument, documents: SourceDocuments): SourceProblem[] {
  return allRequirements(catalogs).flatMap((requirement) => problemsOf(requirement, ownDocument, documents));
}
