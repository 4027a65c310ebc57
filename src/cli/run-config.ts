// `specgate run`'s options: the flags, and how flags and the config file together become one
// RunConfig (core/run-config.ts). Each value is parsed and checked once, into its type; a flag
// given on the command line wins over the file's field, which wins over the default. Every check
// happens here, before anything starts (a container, a target, a report directory).

import { accessSync, constants, existsSync, mkdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { withDashedValues } from './usage.js';
import { DEFAULT_ADAPTERS, isWorkerd, parseAdapterChoices } from '../core/adapter-choice.js';
import { SUITES } from '../catalog/suites.js';
import { parseAsOf } from '../core/dates.js';
import { didYouMean, nearest } from '../core/did-you-mean.js';
import { UsageError } from '../core/errors.js';
import { STORAGE_AREAS, SUITE_NAMES, ZONE_API_AREAS, type SuiteName } from '../../requirements/model.js';
import { DEFAULT_CONCURRENCY, DEFAULT_SEED, MIN_REQUEST_BUDGET, DEFAULT_SPEC_TIMEOUT_MS, DEFAULT_STARTUP_MS, DEFAULT_TIMEOUT_MS, MAX_TIMER_MS, type Credentials, type RunConfig, type TargetPlace } from '../core/run-config.js';
import { globToRegExp, type Gate, type Selection } from '../core/selection.js';
import type { SpecgateConfig } from '../config/define.js';
import { relativeToConfig, type LoadedConfig } from './config-file.js';
import { containerFrom } from './container-flags.js';
import { reporterFrom } from './reporters.js';

export const RUN_OPTIONS = {
  suite: { type: 'string', default: 'all' },
  target: { type: 'string' },
  token: { type: 'string' },
  email: { type: 'string' },
  key: { type: 'string' },
  control: { type: 'string' },
  'real-time': { type: 'boolean', default: false },
  adapter: { type: 'string' },
  'compatibility-date': { type: 'string' },
  miniflare: { type: 'string' },
  workerd: { type: 'string' },
  'report-dir': { type: 'string' },
  grep: { type: 'string' },
  profile: { type: 'string' },
  gate: { type: 'string' },
  area: { type: 'string', multiple: true },
  requirement: { type: 'string', multiple: true },
  level: { type: 'string', multiple: true },
  shard: { type: 'string' },
  baseline: { type: 'string' },
  'update-baseline': { type: 'boolean', default: false },
  seed: { type: 'string' },
  'as-of': { type: 'string' },
  config: { type: 'string' },
  'target-image': { type: 'string' },
  'target-port': { type: 'string' },
  'target-env': { type: 'string', multiple: true },
  'target-network': { type: 'string' },
  'target-startup-timeout': { type: 'string' },
  timeout: { type: 'string' },
  'spec-timeout': { type: 'string' },
  'startup-timeout': { type: 'string' },
  'max-rps': { type: 'string' },
  budget: { type: 'string' },
  'accept-incomplete': { type: 'boolean' },
  'no-preflight': { type: 'boolean', default: false },
  'share-workers': { type: 'boolean', default: false },
  concurrency: { type: 'string' },
  bail: { type: 'boolean', default: false },
  'max-failures': { type: 'string' },
  reporter: { type: 'string' },
  json: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

export type RunFlags = ReturnType<typeof parseRunFlags>;
export const parseRunFlags = (args: string[]) => parseArgs({ args: withDashedValues(args, RUN_OPTIONS), options: RUN_OPTIONS, strict: true, allowPositionals: false }).values;

/**
 * The run's configuration from the flags over the config file, every value parsed and checked:
 * nothing of it is looked at again before the run, and nothing has started yet (a container, a
 * target, a runtime). `credentials` are those given (cli: credentialsFrom); a run against a
 * container uses the ones it hands the container.
 */
export function runConfigFrom(flags: RunFlags, loaded: LoadedConfig | undefined, credentials: Credentials): RunConfig {
  const file = loaded?.config;
  const fromFile = (path: string | undefined) => (path === undefined || !loaded ? path : relativeToConfig(loaded, path));
  const suites = suitesFrom(flags.suite);
  const targets = zoneTargetsFrom(flags, file, credentials, suites);
  checkFlagsServeSuites(flags);
  // Parsed and checked here, before a container starts or a runtime is resolved; only for a run of
  // the storage suite (a config file's adapter may serve other runs than this one).
  const adapters = parseAdapterChoices(suites.includes('storage') ? flags.adapter ?? adapterFromFile(file?.adapter, fromFile) ?? DEFAULT_ADAPTERS : DEFAULT_ADAPTERS);
  const compatibilityDate = flags['compatibility-date'] ?? file?.compatibilityDate;
  // The file's date may serve another adapter than this run's; a flag given for nothing is a mistake.
  if (flags['compatibility-date'] !== undefined && !adapters.some((choice) => choice.kind === 'workerd' && choice.date === undefined)) {
    throw new UsageError('--compatibility-date applies to the workerd adapter (--adapter workerd); workerd@DATE names a date per adapter');
  }
  const miniflare = flags.miniflare ?? fromFile(file?.miniflare);
  const workerd = flags.workerd ?? fromFile(file?.workerd);
  for (const flag of ['miniflare', 'workerd'] as const) {
    if (flags[flag] !== undefined && !adapters.some(isWorkerd)) {
      throw new UsageError(`--${flag} applies to the workerd adapter (--adapter workerd or workerd@DATE)`);
    }
  }
  if (flags.grep !== undefined) checkPattern(flags.grep);
  const baselineFile = flags.baseline ?? fromFile(file?.baseline);
  if (flags['update-baseline'] && baselineFile === undefined) throw new UsageError('--update-baseline needs --baseline FILE');
  const timeoutSeconds = positiveNumber('--timeout', flags.timeout) ?? file?.target?.timeoutSeconds;
  // One timeout bounds a request to a zone API target and a call into a storage adapter alike.
  const timeoutMs = timeoutSeconds === undefined ? DEFAULT_TIMEOUT_MS : timerMs(flags.timeout !== undefined ? '--timeout' : 'target.timeoutSeconds', timeoutSeconds);
  const specTimeoutSeconds = positiveNumber('--spec-timeout', flags['spec-timeout']) ?? file?.target?.specTimeoutSeconds;
  const specTimeoutMs = specTimeoutSeconds === undefined ? DEFAULT_SPEC_TIMEOUT_MS : timerMs(flags['spec-timeout'] !== undefined ? '--spec-timeout' : 'target.specTimeoutSeconds', specTimeoutSeconds);
  const startupSeconds = positiveNumber('--startup-timeout', flags['startup-timeout']);
  const maxRps = positiveNumber('--max-rps', flags['max-rps']) ?? file?.target?.maxRps;
  const requestBudget = requestBudgetFrom(flags.budget);
  const concurrency = positiveInteger('--concurrency', flags.concurrency) ?? file?.target?.concurrency ?? DEFAULT_CONCURRENCY;
  const asOf = flags['as-of'] ?? file?.asOf;
  return {
    suites,
    zoneApi: {
      ...targets,
      realTime: flags['real-time'],
      ...(asOf !== undefined && { asOf: asOfFrom(asOf) }),
      timeoutMs,
      specTimeoutMs,
      ...(maxRps !== undefined && { maxRps }),
      ...(requestBudget !== undefined && { requestBudget }),
      concurrency,
    },
    storage: {
      adapters,
      ...(compatibilityDate !== undefined && { compatibilityDate }),
      ...(miniflare !== undefined && { miniflare: resolve(miniflare) }),
      ...(workerd !== undefined && { workerd: resolve(workerd) }),
      timeoutMs,
      startupMs: startupSeconds === undefined ? DEFAULT_STARTUP_MS : timerMs('--startup-timeout', startupSeconds),
      specTimeoutMs,
      realTime: flags['real-time'],
      ...(flags['share-workers'] && { shareWorkers: true }),
    },
    selection: selectionFrom(flags, file, suites),
    ...(flags.grep !== undefined && { grep: flags.grep }),
    seed: seedFrom(flags.seed),
    gate: gateFrom(flags.gate ?? file?.gate ?? 'core'),
    acceptIncomplete: flags['accept-incomplete'] ?? file?.acceptIncomplete ?? false,
    preflight: !flags['no-preflight'],
    ...(baselineFile !== undefined && { baseline: { file: baselineFile, update: flags['update-baseline'] } }),
    ...(flags['report-dir'] !== undefined && { reportDir: reportDirFrom(flags['report-dir']) }),
    verbose: true,
    ...(reporterFrom(flags) === 'json' && { progressTo: 'stderr' as const }),
    ...maxFailuresFrom(flags),
  };
}

/**
 * The zone API targets of the run: the URLs of --target (or the config file's), or the container
 * of --target-image, with the credentials they take; neither, the bundled reference, which takes
 * none. The URLs are parsed only for a run of the zone API suite: a config file's URL serves other
 * runs too.
 */
function zoneTargetsFrom(flags: RunFlags, file: SpecgateConfig | undefined, given: Credentials, suites: SuiteName[]): Pick<RunConfig['zoneApi'], 'targets' | 'container' | 'credentials' | 'zones'> {
  const container = containerFrom(flags, given);
  const url = flags.target ?? (container ? undefined : file?.target?.url);
  const control = flags.control ?? file?.target?.control;
  if (!url && !container && (control || given.token || given.key)) {
    throw new UsageError('--token, --email, --key and --control apply to a --target URL; the bundled reference makes its own');
  }
  const credentials = container?.credentials ?? given;
  const zones = (url !== undefined || container !== undefined) && file?.target?.zones;
  return {
    targets: url === undefined || !suites.includes('zone-api') ? [] : targetPlacesFrom(url, control, credentials),
    ...(container && { container: { ...container.container, ...(control !== undefined && { controlUrl: controlUrlFrom(control) }) } }),
    credentials,
    ...(zones && { zones }),
  };
}

/**
 * --target URL[,URL…], paired in order with --control URL[,URL…]: each base URL normalized (with or
 * without /client/v4), each control URL without its trailing slash, and the credentials they need.
 */
function targetPlacesFrom(urls: string, controls: string | undefined, credentials: Credentials): TargetPlace[] {
  const targets = listOf([urls]).map(baseUrlFrom);
  const controlUrls = listOf(controls === undefined ? [] : [controls]).map(controlUrlFrom);
  if (controlUrls.length > 0 && controlUrls.length !== targets.length) throw new UsageError(`--control: ${controlUrls.length} URLs for ${targets.length} targets; give one per target, in the same order`);
  if (!credentials.token && !(credentials.email && credentials.key)) {
    throw new UsageError('a target URL needs credentials: --token T, or --email E --key K (or SPECGATE_TOKEN, SPECGATE_EMAIL and SPECGATE_KEY)');
  }
  if (new Set(targets).size !== targets.length) throw new UsageError('--target: the same target twice');
  return targets.map((baseUrl, i) => ({ baseUrl, ...(controlUrls[i] !== undefined && { controlUrl: controlUrls[i] }) }));
}

/** A base URL given with or without the version suffix: https://api.example.test and .../client/v4 alike. */
function baseUrlFrom(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--target is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--target must be an http or https URL: ${url}`);
  if (parsed.search || parsed.hash) throw new UsageError(`--target must be a base URL, without a query or fragment: ${url}`);
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.origin}${path.endsWith('/client/v4') ? path : `${path}/client/v4`}`;
}

const controlUrlFrom = (url: string): string => url.replace(/\/$/, '');

/**
 * --report-dir as a directory specgate can make and write: a path that is (or runs through) a
 * file, or a directory that cannot be written, is refused now, before anything starts, rather
 * than when the report is written.
 */
function reportDirFrom(dir: string): string {
  let existing = resolve(dir);
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  if (!statSync(existing).isDirectory()) {
    const where = existing === resolve(dir) ? '' : ` (${existing} is a file)`;
    throw new UsageError(`--report-dir ${dir} is not a directory${where}; give a directory (it is created if missing)`);
  }
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    throw new UsageError(`--report-dir ${dir}: cannot write in ${existing}`);
  }
  if (existing !== resolve(dir)) probeDirectory(dir, existing);
  return dir;
}

/**
 * Makes (and removes again) the first missing directory of `dir`, under `existing`. A file system
 * that looks writable may still refuse directories (/proc answers ENOENT), and node's recursive
 * mkdir then loops for ever: the run hung without a word instead of saying so.
 */
function probeDirectory(dir: string, existing: string): void {
  const first = join(existing, relative(existing, resolve(dir)).split(sep)[0]!);
  try {
    mkdirSync(first);
    rmdirSync(first);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`--report-dir ${dir}: cannot make a directory in ${existing} (${code}); give a directory on a writable file system`);
  }
}

/**
 * A flag for a suite the run leaves out would be silently ignored (`--target` with `--suite
 * storage` ran the adapters and never contacted the URL). The config file's fields serve many
 * runs and are not checked so.
 */
function checkFlagsServeSuites(flags: RunFlags): void {
  const suites = suitesFrom(flags.suite);
  const forSuite: [SuiteName, readonly (keyof RunFlags)[]][] = [
    ['zone-api', ['target', 'target-image', 'control']],
    ['storage', ['adapter', 'compatibility-date']],
  ];
  for (const [suite, names] of forSuite) {
    const given = names.find((name) => flags[name] !== undefined);
    if (given !== undefined && !suites.includes(suite)) {
      throw new UsageError(`--${given} applies to the ${suite} suite, which --suite ${flags.suite} leaves out; drop --${given}, or run --suite ${suite} (or all)`);
    }
  }
}

/** --bail (stop at the first gated failure) or --max-failures N. */
function maxFailuresFrom(flags: RunFlags): { maxFailures?: number } {
  if (flags.bail && flags['max-failures'] !== undefined) throw new UsageError('--bail is --max-failures 1: give one of them');
  const maxFailures = flags.bail ? 1 : positiveInteger('--max-failures', flags['max-failures']);
  return maxFailures === undefined ? {} : { maxFailures };
}

/** A path in the config file's `adapter` is relative to the file; a built-in name is not a path. */
const adapterFromFile = (adapter: string | undefined, fromFile: (path: string | undefined) => string | undefined): string | undefined =>
  (adapter !== undefined && /[./\\]/.test(adapter) ? fromFile(adapter) : adapter);

/**
 * Whether the run reads credentials from the environment: only a zone API target given by URL (or
 * started from an image) needs them; the bundled reference makes its own and the storage suite
 * needs none. So a config file that names a variable (as the starter does once filled in) serves
 * a run against the bundled reference or of the storage suite while the variable is unset.
 */
export function needsCredentials(flags: RunFlags, loaded: LoadedConfig | undefined): boolean {
  const target = flags.target ?? flags['target-image'] ?? loaded?.config.target?.url;
  return target !== undefined && suitesFrom(flags.suite).includes('zone-api');
}

/**
 * Flags first, then the variables the config file names, then SPECGATE_TOKEN, SPECGATE_EMAIL,
 * SPECGATE_KEY. When the run needs none (`required` false), only the flags: a flag given for
 * nothing is refused later, an environment variable set for other runs is not.
 */
export function credentialsFrom(values: { token?: string; email?: string; key?: string }, named: NonNullable<SpecgateConfig['target']>['credentials'] = {}, required = true): Credentials {
  const fromNamed = (name: string | undefined): string | undefined => {
    if (name === undefined) return undefined;
    const value = process.env[name];
    if (value === undefined || value === '') throw new UsageError(`the config file names the environment variable ${name} for a credential, and it is not set`);
    return value;
  };
  const fromEnvironment = (flag: string | undefined, variable: string | undefined, fallback: string): string | undefined =>
    flag ?? (required ? fromNamed(variable) ?? process.env[fallback] : undefined);
  const token = fromEnvironment(values.token, named.tokenEnv, 'SPECGATE_TOKEN');
  const email = fromEnvironment(values.email, named.emailEnv, 'SPECGATE_EMAIL');
  const key = fromEnvironment(values.key, named.keyEnv, 'SPECGATE_KEY');
  if ((email === undefined) !== (key === undefined)) throw new UsageError('the key pair needs both --email and --key');
  return { ...(token && { token }), ...(email && { email }), ...(key && { key }) };
}

/** Comma-separated and repeated values alike: --area kv,list --area alarms */
const listOf = (values: string[] | undefined): string[] => (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);

/** The selection flags, which `specgate list` takes too. */
type SelectionFlags = Partial<Pick<RunFlags, 'profile' | 'area' | 'level' | 'requirement' | 'shard'>>;

export function selectionFrom(flags: SelectionFlags, file: SpecgateConfig | undefined, suites: SuiteName[]): Selection {
  const profile = flags.profile ?? file?.profile ?? 'extended';
  if (profile !== 'core' && profile !== 'extended') throw new UsageError(`--profile must be core or extended, got "${profile}"`);
  const areas = listOf(flags.area);
  const known = new Set<string>([...ZONE_API_AREAS, ...STORAGE_AREAS]);
  const unknownArea = areas.find((a) => !known.has(a));
  if (unknownArea) throw new UsageError(`--area: unknown area "${unknownArea}"${didYouMean(unknownArea, [...known])} (areas: ${[...known].join(', ')})`);
  const levels = listOf(flags.level);
  const badLevel = levels.find((l) => !['must', 'should', 'may'].includes(l));
  if (badLevel) throw new UsageError(`--level must be must, should or may, got "${badLevel}"`);
  const requirements = listOf(flags.requirement);
  checkRequirementPatterns(requirements, suites);
  return { profile, areas, requirements, levels, shard: shardFrom(flags.shard) };
}

/**
 * Each --requirement ID or glob must match a requirement of the run's suites: a typo would
 * otherwise select nothing, and a run of nothing must not pass. The nearest IDs (or, for a glob,
 * the nearest prefixes `ZM-FLT-*`) are named.
 */
function checkRequirementPatterns(patterns: string[], suites: SuiteName[]): void {
  const ids = suites.flatMap((suite) => SUITES[suite].catalog.flatMap((area) => area.requirements.map((r) => r.id)));
  for (const pattern of patterns) {
    const matcher = globToRegExp(pattern);
    if (ids.some((id) => matcher.test(id))) continue;
    const elsewhere = SUITE_NAMES.filter((suite) => !suites.includes(suite) && SUITES[suite].catalog.some((area) => area.requirements.some((r) => matcher.test(r.id))));
    if (elsewhere.length > 0) throw new UsageError(`--requirement ${pattern} is a requirement of the ${elsewhere.join(' and ')} suite, which this run leaves out (--suite ${elsewhere[0]}, or --suite all)`);
    const candidates = pattern.includes('*') ? [...new Set(ids.flatMap(prefixGlobs))] : ids;
    const near = nearest(pattern, candidates);
    const hint = near.length > 0 ? `did you mean ${near.slice(0, 5).join(' or ')}?` : '`specgate list` shows the requirement IDs of each spec';
    throw new UsageError(`--requirement ${pattern} matches no requirement of the ${suites.join(' or ')} catalog (${hint})`);
  }
}

/** `ZM-FLT-CREATE` → `ZM-*`, `ZM-FLT-*`: the globs a requirement's ID falls under. */
const prefixGlobs = (id: string): string[] => id.split('-').slice(0, -1).map((_, i, parts) => `${parts.slice(0, i + 1).join('-')}-*`);

function shardFrom(value: string | undefined): Selection['shard'] {
  if (value === undefined) return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(total >= 1 && index >= 1 && index <= total)) throw new UsageError(`--shard must be I/N with 1 <= I <= N, got "${value}"`);
  return { index, total };
}

export function suitesFrom(value: string): SuiteName[] {
  if (value === 'all') return [...SUITE_NAMES];
  if ((SUITE_NAMES as readonly string[]).includes(value)) return [value as SuiteName];
  const names = [...SUITE_NAMES, 'all'];
  throw new UsageError(`--suite must be one of ${names.join(', ')}, got "${value}"${didYouMean(value, names)}`);
}

function seedFrom(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SEED;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got "${text}"`);
  return seed;
}

function gateFrom(value: string): Gate {
  if (value !== 'core' && value !== 'extended') throw new UsageError(`--gate must be core or extended, got "${value}"`);
  return value;
}

export function checkPattern(pattern: string): void {
  try {
    new RegExp(pattern);
  } catch {
    throw new UsageError(`--grep is not a valid regular expression: ${pattern}`);
  }
}

function positiveNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(Number.isFinite(value) && value > 0)) throw new UsageError(`${flag} must be a positive number, got "${text}"`);
  return value;
}

/**
 * Seconds as the milliseconds of a timer. Node's timers hold at most 2^31-1 ms (about 24.8 days):
 * a longer delay silently becomes 1 ms, so every spec would time out at once.
 */
function timerMs(what: string, seconds: number): number {
  const ms = Math.round(seconds * 1000);
  if (ms > MAX_TIMER_MS) throw new UsageError(`${what} must be at most ${Math.floor(MAX_TIMER_MS / 1000)} seconds (Node's timers go no further), got ${seconds}`);
  return Math.max(ms, 1);
}

function positiveInteger(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(Number.isInteger(value) && value > 0)) throw new UsageError(`${flag} must be a positive whole number, got "${text}"`);
  return value;
}

/**
 * --budget N: the API requests a core run of the zone suite may send, which sizes its model and
 * property specs (spec-kit/request-budget.ts); `unbounded` sizes them by their full case counts.
 * Not given: the target's default (1,200 for a target given by URL or image, unbounded for the
 * bundled reference: targets/zone-target.ts).
 */
export function requestBudgetFrom(text: string | undefined): number | 'unbounded' | undefined {
  if (text === undefined) return undefined;
  if (text.trim().toLowerCase() === 'unbounded') return 'unbounded';
  const value = Number(text);
  if (!(text.trim() !== '' && Number.isInteger(value) && value >= MIN_REQUEST_BUDGET)) {
    throw new UsageError(`--budget must be a whole number of API requests, at least ${MIN_REQUEST_BUDGET}, or "unbounded"; got "${text}": give e.g. --budget 1200 (production's 5-minute quota)`);
  }
  return value;
}

function asOfFrom(text: string): number {
  try {
    return parseAsOf(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
