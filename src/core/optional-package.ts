// The heavy parts only some users need (workerd through miniflare, the Miniflare 2 packages,
// testcontainers) are optional peer dependencies of specgate (package.json, peerDependenciesMeta):
// `npm install specgate` leaves them out, and the user who asks for them installs them. Before
// such a part is imported, this checks that its packages resolve, so that a missing one is one
// line naming what to install (a UsageError: exit 2) instead of a module-not-found stack trace.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { UsageError } from './errors.js';
import { PACKAGE_ROOT } from './paths.js';

/** The optional parts and the packages each needs (each one a peer dependency in package.json). */
export const OPTIONAL_PARTS = {
  workerd: ['miniflare'],
  miniflare2: ['@miniflare/durable-objects', '@miniflare/shared', '@miniflare/storage-memory'],
  container: ['testcontainers'],
} as const;
export type OptionalPart = keyof typeof OPTIONAL_PARTS;

/** Whether `name` resolves from `from` (a directory) as an import in that directory would. */
export function resolvable(name: string, from: string): boolean {
  try {
    createRequire(join(from, 'noop.js')).resolve(name);
    return true;
  } catch (error) {
    // A package whose `exports` has no entry for require() is there all the same.
    return (error as { code?: string }).code !== 'MODULE_NOT_FOUND';
  }
}

/**
 * `name@range` as package.json's peerDependencies declares it (`name` alone if the range is open);
 * for a range of several releases (miniflare 3, 4 or 5), the one specgate itself is locked to.
 */
function installSpec(name: string): string {
  const { peerDependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const range = peerDependencies[name];
  if (range?.includes('||') && devDependencies[name] !== undefined) return `${name}@${devDependencies[name]}`;
  return range === undefined || range.startsWith('>=') ? name : `${name}@${range}`;
}

/**
 * Throws a UsageError naming the packages to install when a package of `part` does not resolve
 * from `from` (by default specgate's own folder: where its import of the package would look).
 */
export function requireOptionalPart(part: OptionalPart, what: string, from: string = PACKAGE_ROOT): void {
  const missing = OPTIONAL_PARTS[part].filter((name) => !resolvable(name, from));
  if (missing.length === 0) return;
  throw new UsageError(`${what} needs ${missing.join(', ')}, not installed (an optional peer dependency of specgate): npm install -D ${missing.map(installSpec).join(' ')}`);
}
