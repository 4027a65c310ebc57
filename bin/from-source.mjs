// specgate run from its TypeScript sources (bin/specgate.mjs in a checkout without dist/, or with
// SPECGATE_FROM_SOURCE=1): tsx compiles them, and specgate's exports (specgate/config,
// specgate/storage, specgate/scenarios) resolve to the .ts sources instead of dist/, so that a
// user's config or adapter beside a checkout imports them as it would from the installed package.
import Module, { register } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const tsx = await import('tsx/esm/api');
tsx.register();
// ES modules: the 'specgate-source' condition of package.json's exports, for every import.
register('./from-source-hooks.mjs', import.meta.url);
// CommonJS (tsx compiles a TypeScript file outside an ESM package to CommonJS) resolves without
// those hooks and their conditions: the same exports, mapped to their sources here.
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const sources = new Map(Object.entries(packageJson.exports)
  .filter(([, target]) => typeof target === 'object' && target['specgate-source'])
  .map(([name, target]) => [`${packageJson.name}${name.slice(1)}`, fileURLToPath(new URL(`../${target['specgate-source']}`, import.meta.url))]));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveToSource(request, ...rest) {
  return sources.get(request) ?? resolveFilename.call(this, request, ...rest);
};

export const { main } = await import('../src/cli/main.ts');
