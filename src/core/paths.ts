// Where specgate's own files are: the package root, whatever the working directory, and whether
// this is the compiled package (dist/, JavaScript) or the TypeScript sources (a git checkout).

import { fileURLToPath } from 'node:url';

/**
 * Whether specgate runs compiled: this module is dist/src/core/paths.js in the package, and
 * src/core/paths.ts in a checkout run through tsx (or vitest).
 */
export const COMPILED = import.meta.url.endsWith('.js');

/** The package root: above src/core/ in the sources, above dist/src/core/ when compiled. */
export const PACKAGE_ROOT = fileURLToPath(new URL(COMPILED ? '../../../' : '../../', import.meta.url));

/**
 * A module of specgate's own, named as in the sources (`../adapters/reference.ts`) relative to
 * `from` (the caller's import.meta.url): its compiled .js beside the caller when specgate runs
 * compiled, so that a path handed to a test worker or to esbuild names a file that exists.
 */
export function ownModule(relative: string, from: string): string {
  return fileURLToPath(new URL(COMPILED ? relative.replace(/\.ts$/, '.js') : relative, from));
}
