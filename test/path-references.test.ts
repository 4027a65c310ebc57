// A comment or a document that names a file or folder of this repository names one that exists: a
// file moved or removed leaves no reference behind that sends a reader to nothing (a restructuring found
// three: two citations of a list test that never existed, one of a dates module of the spec kit
// that had moved to core; this check found two more). The comments of the TypeScript and
// JavaScript sources (found by the TypeScript parser, so a string or a template holding `//` is not
// taken for one) and the project's Markdown documents are read whole; what code does with paths
// (test fixtures that make files) is the tests' business, not this check's. Deterministic, no seed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

/** The repository's own top-level folders: a path beginning with one is relative to the root. */
const TOP_FOLDERS = ['src', 'test', 'suites', 'reference-impl', 'scripts', 'bench', 'docs', 'fixtures', 'examples', 'bin', 'mutation'];
/** The layers of src/, which ARCHITECTURE.md and the sources name without `src/` (`core/redact.ts`). */
const SRC_LAYERS = ['contract', 'core', 'catalog', 'spec-kit', 'report', 'adapters', 'targets', 'runner', 'cli', 'config'];

/**
 * A path naming a file (a known folder, then segments, then an extension) or a folder (ending in
 * `/`). Not in the middle of a longer path (`node_modules/specgate/bin/x.mjs`, `dist/src/cli/main.js`
 * are not the repository's); not a pattern (`suites/*\/requirements/`).
 */
const FOLDERS = [...TOP_FOLDERS, ...SRC_LAYERS].join('|');
const PATH = new RegExp(`(?<![\\w./@:-])((?:${FOLDERS})/[\\w./-]*\\.(?:json|ts|mts|mjs|cjs|js|md|css)(?![\\w/])|(?:${FOLDERS})/(?:[\\w.-]+/)*(?![\\w.*<-]))`, 'g');

/** Every comment of a TypeScript or JavaScript source, with the line it starts on. */
export function commentsOf(fileName: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const seen = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => { for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end)); };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.forEachChild(visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()));
  return [...seen].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

/**
 * Whether a named path exists: from the root, or from src/ for a layer's name (from either, so that
 * a layer moved to the root, as happened to the contract, is still found); an ES module's
 * `.js` may name its `.ts`.
 */
function exists(path: string): boolean {
  const bases = SRC_LAYERS.includes(path.split('/')[0]!) ? [ROOT, join(ROOT, 'src')] : [ROOT];
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts')];
  return bases.some((base) => candidates.some((candidate) => existsSync(join(base, candidate))));
}

/** The paths `text` names that do not exist. */
export function danglingPaths(text: string): string[] {
  return [...text.matchAll(PATH)].map((m) => m[1]!).filter((path) => !path.includes('*') && !exists(path));
}

/** The files whose comments are read, and the documents read whole (not the spec documents: copies of ../shared/spec/). */
function filesToRead(): { code: string[]; documents: string[] } {
  // Tracked, and new files not yet added (not the ignored ones: reports, dist/, node_modules).
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  return {
    code: tracked.filter((file) => /\.(ts|mts|mjs|cjs|js)$/.test(file) && !file.startsWith('src/report/assets/')),
    documents: tracked.filter((file) => file.endsWith('.md') && !file.startsWith('docs/spec/')),
  };
}

describe('paths named in comments and documents', () => {
  it('every path a comment or a document names exists', () => {
    const { code, documents } = filesToRead();
    const dangling: string[] = [];
    for (const file of code) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const comment of commentsOf(file, text)) dangling.push(...danglingPaths(comment.text).map((path) => `${file}:${comment.line}: ${path}`));
    }
    for (const file of documents) {
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => dangling.push(...danglingPaths(line).map((path) => `${file}:${i + 1}: ${path}`)));
    }
    expect(code.length, 'sources read').toBeGreaterThan(200);
    expect(documents, 'documents read').toContain('ARCHITECTURE.md');
    expect(dangling).toEqual([]);
  });

  it('the check finds a path that does not exist, in a comment and in a document, and not in code (the check can fail)', () => {
    const source = [
      '// As test/list.test.ts proves (it does not exist), and core/redact.ts (it does).',
      "const fixture = 'src/core/made-up.ts'; // a string is code, not a comment",
      'const url = `http://x/${1}//not a comment src/nowhere.ts`;',
      '/** Cites spec-kit/dates.ts and runner/list.js (the .ts exists). */',
      'export const x = 1;',
    ].join('\n');
    const found = commentsOf('made-up.ts', source).flatMap((comment) => danglingPaths(comment.text).map((path) => `${comment.line}: ${path}`));
    expect(found).toEqual(['1: test/list.test.ts', '4: spec-kit/dates.ts']);
    expect(danglingPaths('See `suites/zone-api/dns-records.spec.ts` and `suites/zone-api/dns-records.dated.spec.ts`.')).toEqual(['suites/zone-api/dns-records.spec.ts']);
    expect(danglingPaths('Folders: `test/broken/`, `test/list/`, `spec-kit/`, `suites/*/requirements/`.')).toEqual(['test/list/']);
  });
});
