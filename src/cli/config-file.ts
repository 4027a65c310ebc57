// Finding, loading and checking specgate.config.ts, and `specgate init`, which writes a starter.

import { existsSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { withDashedValues } from './usage.js';
import type { SpecgateConfig } from '../config/define.js';
import { importModule } from '../core/adapter-module.js';
import { UsageError } from '../core/errors.js';
import { describeLoadError } from '../core/module-load-error.js';
import { ZONE_ALLOWANCES } from '../../requirements/declarations.js';

export const CONFIG_NAMES = ['specgate.config.ts', 'specgate.config.mts', 'specgate.config.js', 'specgate.config.mjs'];

export interface LoadedConfig {
  file: string;
  config: SpecgateConfig;
  /** Found by the search (not named by --config): the run says which file it uses. */
  searched?: boolean;
}

/**
 * --config FILE, else the first specgate.config.* of the working directory or the nearest
 * directory above it, else none. From a subdirectory of a project the file used to be silently
 * not found, and the run tested the bundled reference instead of the project's target.
 */
export async function loadConfigFile(explicit: string | undefined, cwd = process.cwd()): Promise<LoadedConfig | undefined> {
  const file = explicit === undefined ? findConfigFile(cwd) : resolve(cwd, explicit);
  if (file === undefined) return undefined;
  if (!existsSync(file)) throw new UsageError(`--config: no such file: ${file}`);
  let module: Record<string, unknown>;
  try {
    module = await importModule(file);
  } catch (error) {
    // The cause as for an adapter module: a syntax error's file:line:column and the compiler's message.
    throw new UsageError(`${file} could not be loaded: ${await describeLoadError(error, file)}`);
  }
  const problems = configProblems(module.default);
  if (problems.length > 0) throw new UsageError(`${file}: ${problems.join('; ')}`);
  return { file, config: module.default as SpecgateConfig, ...(explicit === undefined && { searched: true }) };
}

/**
 * The first specgate.config.* in `cwd` or a directory above it, as other tools look for theirs:
 * the search stops at the root of the repository (a directory holding .git) or of the file system.
 */
export function findConfigFile(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const found = CONFIG_NAMES.map((name) => join(dir, name)).find((path) => existsSync(path));
    if (found !== undefined) return found;
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}

/** The line saying which config file a run found and uses (one in a directory above is easily forgotten); nothing for --config FILE. */
export const configLine = (loaded: LoadedConfig, cwd = process.cwd()): string => (loaded.searched ? `specgate: config ${relative(cwd, loaded.file) || loaded.file}\n` : '');

/** A path written in the config file is relative to that file. */
export const relativeToConfig = (loaded: LoadedConfig, path: string): string => (isAbsolute(path) ? path : resolve(dirname(loaded.file), path));

type Check = (value: unknown) => string | undefined;
const isString: Check = (v) => (typeof v === 'string' && v !== '' ? undefined : 'must be a non-empty string');
const isPositive: Check = (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? undefined : 'must be a positive number');
const isEnvName: Check = (v) => (typeof v === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(v) ? undefined : 'must name an environment variable');
const oneOf = (...values: string[]): Check => (v) => (values.includes(v as string) ? undefined : `must be one of ${values.join(', ')}`);
const allowances: Check = (v) => (Array.isArray(v) && v.every((a) => (ZONE_ALLOWANCES as readonly unknown[]).includes(a))
  ? undefined
  : `must be a list of ${ZONE_ALLOWANCES.map((a) => `'${a}'`).join(', ')} (the WAF migration is never allowed in a zone the run does not own)`);
const zone: Check = (v) => objectProblems(v, { id: isString, name: isString, allow: allowances }, ['id', 'name'])[0];

const SHAPE: Record<string, Check> = {
  target: (v) => objectProblems(v, {
    url: isString,
    control: isString,
    credentials: (c) => objectProblems(c, { tokenEnv: isEnvName, emailEnv: isEnvName, keyEnv: isEnvName }, [], 'credentials are named by environment variable (tokenEnv, emailEnv, keyEnv), never written in the file')[0],
    zones: (z) => objectProblems(z, { free: zone, pro: zone, business: zone, enterprise: zone })[0],
    timeoutSeconds: isPositive,
    specTimeoutSeconds: isPositive,
    maxRps: isPositive,
    concurrency: (v) => (Number.isInteger(v) && (v as number) > 0 ? undefined : 'must be a positive whole number'),
  })[0],
  adapter: isString,
  compatibilityDate: (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? undefined : 'must be a date YYYY-MM-DD'),
  miniflare: isString,
  workerd: isString,
  baseline: isString,
  profile: oneOf('core', 'extended'),
  gate: oneOf('core', 'extended'),
  acceptIncomplete: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  asOf: isString,
};

export function configProblems(config: unknown): string[] {
  if (config === undefined) return ['no default export (export default defineConfig({ ... }))'];
  return objectProblems(config, SHAPE);
}

function objectProblems(value: unknown, shape: Record<string, Check>, required: string[] = [], unknownHint?: string): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return ['must be an object'];
  const problems: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    const check = shape[key];
    if (!check) problems.push(`unknown field "${key}"${unknownHint ? ` (${unknownHint})` : ` (known: ${Object.keys(shape).join(', ')})`}`);
    else if (field !== undefined) {
      const problem = check(field);
      if (problem) problems.push(`${key} ${problem}`);
    }
  }
  for (const key of required) if ((value as Record<string, unknown>)[key] === undefined) problems.push(`${key} is required`);
  return problems;
}

const STARTER = `// specgate.config.ts: how specgate reaches your target. Flags given on the command line
// override every field. As written, \`npx specgate run\` runs against the bundled reference (no
// credential needed); uncomment \`target\` to test your own API: npx specgate run --suite zone-api
import { defineConfig } from 'specgate/config';

export default defineConfig({
  // The zone API under test; without it, runs start the bundled reference in-process.
  // target: {
  //   // Base URL of the API under test, with or without /client/v4.
  //   url: 'https://api.example.test/client/v4',
  //   // The environment variables holding the credentials: never the credentials themselves.
  //   // Read only by runs of the zone API suite against this URL (never by --suite storage).
  //   credentials: { tokenEnv: 'SPECGATE_TOKEN' /* or emailEnv: 'SPECGATE_EMAIL', keyEnv: 'SPECGATE_KEY' */ },
  //   // The target's control API (zones, clock), if it offers one (docs/guide-zone-api.md, "The control API").
  //   // control: 'http://127.0.0.1:8787/__control',
  //   // Without a control API: a zone per plan that specs may work in (they clean up after themselves
  //   // and leave it as they found it; allow: ['zone-settings', 'cert-quota', 'undeletable-objects']
  //   // lets them do more there: docs/guide-zone-api.md, "Zones the run does not own").
  //   // zones: { enterprise: { id: '023e105f4ecef8ad9ca31a8372d0c353', name: 'example.test' } },
  //   // Seconds a request may go unanswered before its spec fails.
  //   // timeoutSeconds: 15,
  //   // Seconds of its own time a spec may take; its waits on the target are not counted.
  //   // specTimeoutSeconds: 60,
  //   // Requests per second at most, for a shared service.
  //   // maxRps: 10,
  //   // Zone API specs each of the two test workers runs at once (they mostly wait on the network).
  //   // concurrency: 16,
  // },
  // Storage adapter: reference, reference-kv, reference-sqlite, workerd, workerd@YYYY-MM-DD,
  // miniflare2, or a module path.
  // adapter: './my-adapter.ts',
  // workerd's compatibility date (default: the newest the installed runtime declares).
  // compatibilityDate: '2025-07-18',
  // The miniflare and the workerd binary it runs (default: the working directory's miniflare, its workerd).
  // miniflare: './.cache/miniflare5',
  // workerd: './node_modules/@cloudflare/workerd-linux-64/bin/workerd',
  // Known failures, each with a reason: the run passes when only these fail.
  // baseline: './specgate-baseline.json',
  // Which specs run. core: only what the spec states; extended (default): also the production
  // conventions it leaves open (status codes, error codes, messages), reported beside the verdict.
  // profile: 'core',
  // Which verdict the exit code gates on: core (default), or extended to fail on conventions too.
  // gate: 'extended',
  // Accept a run that could not verify everything (no control API, no zone of a plan): exit 0
  // instead of 3 (incomplete); what went unverified is still listed.
  // acceptIncomplete: true,
});
`;

/** `specgate init`: writes the starter; never over an existing file unless forced. */
export function writeStarterConfig(path: string, force: boolean): string {
  const file = resolve(process.cwd(), path);
  if (existsSync(file) && !force) throw new UsageError(`${file} exists; not overwriting it (use --force)`);
  writeFileSync(file, STARTER);
  return file;
}

/** The options of `specgate init` (its help, help.ts, lists the same). */
export const INIT_OPTIONS = {
  force: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

/** `specgate init [FILE] [--force]` */
export function initCommand(args: string[]): number {
  const { values, positionals } = parseArgs({ args: withDashedValues(args, INIT_OPTIONS), options: INIT_OPTIONS, strict: true, allowPositionals: true });
  if (positionals.length > 1) throw new UsageError('specgate init takes at most one file name');
  const file = writeStarterConfig(positionals[0] ?? 'specgate.config.ts', values.force);
  process.stdout.write(`specgate: wrote ${relative(process.cwd(), file) || file}; npx specgate run runs against the bundled reference; to test your own API, uncomment target and run: npx specgate run --suite zone-api\n`);
  return 0;
}
