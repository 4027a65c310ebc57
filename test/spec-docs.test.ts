// The spec documents the requirements cite ship in the package (docs/spec/), so that report.html's
// § links open wherever specgate is installed (they led to ../shared/spec/, which is not
// in the package). The copy must not drift from the project's documents: where ../shared/ is beside
// specgate (a checkout of the project), each shipped document equals its original byte for byte.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUITES } from '../src/catalog/suites.js';
import { PACKAGE_ROOT } from '../src/core/paths.js';
import { sectionText } from '../requirements/model.js';
import { localLinks, sectionLink, SHIPPED_SPEC_DOCS, SPEC_DOCUMENTS } from '../src/report/links.js';
import { tempDir } from './helpers/cli.js';

const SHARED = join(PACKAGE_ROOT, '..', 'shared');
/** Each shipped document and the project's original it copies. */
const ORIGINALS: [string, string][] = [
  ...Object.values(SPEC_DOCUMENTS).map((name): [string, string] => [name, join(SHARED, 'spec', name)]),
  ['reference-notes.md', join(SHARED, 'reference-notes.md')],
];

/** The shipped documents of `dir` that differ from their originals (or are missing), each in one line with its fix. */
function drift(dir: string, originals: [string, string][]): string[] {
  return originals.flatMap(([name, original]) => {
    const copy = join(dir, name);
    if (!existsSync(copy)) return [`${name} is missing from ${dir}: cp ${original} ${dir}/`];
    return readFileSync(copy).equals(readFileSync(original)) ? [] : [`${name} differs from ${original}: cp ${original} ${dir}/`];
  });
}

describe('the spec documents shipped in the package', () => {
  it('are in docs/spec/, which package.json ships', () => {
    for (const [name] of ORIGINALS) expect(existsSync(join(SHIPPED_SPEC_DOCS, name)), name).toBe(true);
    const files = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
    expect(files.some((entry) => entry === 'docs' || entry === 'docs/spec')).toBe(true);
  });

  it.runIf(existsSync(join(SHARED, 'spec')))('equal the project\'s documents in ../shared/ (a drift fails here)', () => {
    expect(drift(SHIPPED_SPEC_DOCS, ORIGINALS)).toEqual([]);
  });

  it('a copy that drifted, or is missing, is named with its fix (the check above can fail)', () => {
    const dir = join(tempDir('spec-drift'), 'spec');
    mkdirSync(dir);
    const original = join(dir, '..', 'original.md');
    writeFileSync(original, '# Spec\n## Errors\n');
    writeFileSync(join(dir, 'a.md'), '# Spec\n## Errors\n');
    writeFileSync(join(dir, 'b.md'), '# Spec\n## Errors, edited\n');
    expect(drift(dir, [['a.md', original], ['b.md', original], ['c.md', original]])).toEqual([
      `b.md differs from ${original}: cp ${original} ${dir}/`,
      `c.md is missing from ${dir}: cp ${original} ${dir}/`,
    ]);
  });

  it('by default, every requirement\'s section links to a heading of its document in the package', () => {
    const previous = process.env.SPECGATE_SPEC_DOCS;
    delete process.env.SPECGATE_SPEC_DOCS;
    try {
      const links = localLinks();
      const unlinked: string[] = [];
      for (const { catalog } of Object.values(SUITES)) {
        for (const requirement of catalog.flatMap((c) => c.requirements)) {
          const url = requirement.document === undefined ? null : sectionLink(links, requirement.document, requirement.section);
          // At a heading: every section resolves to one (the golden check).
          if (url === null || !url.startsWith(`file://${PACKAGE_ROOT}`) || !url.includes('#')) unlinked.push(`${requirement.id}: ${sectionText(requirement.section)} → ${url}`);
        }
      }
      expect(unlinked).toEqual([]);
      expect(sectionLink(links, 'object-storage-interface.md', [{ headings: ['Errors'] }])).toMatch(/\/docs\/spec\/object-storage-interface\.md#errors$/);
      expect(links.note).toContain(SHIPPED_SPEC_DOCS);
    } finally {
      if (previous !== undefined) process.env.SPECGATE_SPEC_DOCS = previous;
    }
  });
});
