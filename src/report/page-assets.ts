// The stylesheet and script report.html inlines (report/html.ts), kept as real files so that they
// are read, edited and linted as CSS and JavaScript: src/report/assets/report-page.css and .js.
// They are read from the package's src/, which the package ships ("files" in package.json) and a
// checkout has, so the compiled package (dist/) and the sources read the same two files; the build
// (tsconfig.build.json) copies no asset. Each file is inlined exactly as it is: a comment in it
// would reach every page, so what they are for is said here.
//
// report-page.js filters the failures and the requirement matrix, and opens what a link leads to;
// it touches nothing but the page's own elements.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';

/** Where the assets are, relative to the package root (the same in a checkout and in the package). */
export const ASSETS_DIR = 'src/report/assets';

export interface PageAssets {
  style: string;
  script: string;
}

let loaded: PageAssets | undefined;

/** The two assets, read once per process (a run writes one page; `merge` and `diff` one each). */
export function pageAssets(): PageAssets {
  loaded ??= {
    style: readFileSync(join(PACKAGE_ROOT, ASSETS_DIR, 'report-page.css'), 'utf8'),
    script: readFileSync(join(PACKAGE_ROOT, ASSETS_DIR, 'report-page.js'), 'utf8'),
  };
  return loaded;
}
