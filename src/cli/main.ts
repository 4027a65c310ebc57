// specgate's command line: `run` the conformance suites, `serve` the reference server.
// Exit codes: 0 all passed, 1 some spec failed (or a spec file did not load, or its test worker died), 2 bad usage or unreachable target.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { relative } from 'node:path';
import { SUITES, SUITE_NAMES, type SuiteName } from '../catalog/suites.js';
import { STORAGE_AREAS, ZONE_API_AREAS } from '../core/requirements.js';
import type { Report, Selection } from '../report/model.js';
import { PACKAGE_ROOT, runConformance } from '../runner/run.js';
import { UnreachableError, UsageError } from '../core/errors.js';
import { listSpecs } from '../runner/list.js';
import { parseAsOf } from '../core/dates.js';
import type { SpecgateConfig } from '../config/define.js';
import { loadConfigFile, relativeToConfig, writeStarterConfig, type LoadedConfig } from './config-file.js';
import { containerCredentials, parseStartupTimeout, parseTargetEnv, parseTargetImage, parseTargetNetwork, parseTargetPort, startContainerTarget, type ContainerTarget } from '../targets/container-target.js';
import type { Credentials } from '../spec-kit/target.js';
import { DIFF_HELP, diffCommand } from './diff.js';
import { MERGE_HELP, mergeCommand } from './merge.js';
import { serve } from './serve.js';
import { unusableCredentials } from '../targets/bundled.js';

export const HELP = `specgate: conformance suite for the zone-management API and the object storage interface

Usage:
  specgate run [options]      run the conformance suites and write a report
  specgate list [options]     list the specs and the requirements each cites (runs nothing)
  specgate serve [options]    start the bundled reference zone API server
  specgate diff OLD NEW       compare two reports: improved, regressed, new, removed specs
  specgate merge DIR...       join the reports of the shards of one run
  specgate init [--force]     write a commented starter specgate.config.ts
  specgate --help             show this help

run options:
  --suite zone-api|storage|all   suites to run (default: all)
  --target URL[,URL...]          base URL of the target, with or without /client/v4; several,
                                 comma-separated, run side by side (one --control URL each)
                                 (default: the bundled reference, started in-process)
  --token T                      API token (or SPECGATE_TOKEN)
  --email E --key K              key pair (or SPECGATE_EMAIL, SPECGATE_KEY)
  --target-image NAME:TAG        start this container image as the target (needs a Docker
                                 engine), run against it, stop it
  --target-port N                the port the image listens on, told to it as SPECGATE_PORT
                                 (default: 8787; 0: a free port of this machine)
  --target-env K=V               environment of the container (repeatable)
  --target-network host|bridge   the container's network (default: host when the engine has
                                 no bridge network, else bridge with the port published)
  --target-startup-timeout S     seconds the image may take to answer (default: 60)
  --control URL                  the target's control API, if it has one
  --real-time                    where specs need time to pass, wait for real (for targets
                                 whose clock cannot be moved; slow)
  --adapter NAME|PATH[,...]      storage adapter(s): reference (both reference backends, the default),
                                 reference-kv, reference-sqlite, workerd, workerd@YYYY-MM-DD
                                 (workerd at that compatibility date), miniflare2, or a module
                                 path (.ts or .js) whose default export is an adapter
  --compatibility-date DATE      workerd's compatibility date for --adapter workerd, YYYY-MM-DD
                                 (default: the newest the installed runtime declares)
  --report-dir DIR               where to write the report (default: reports/<run-id>/)
  --grep PATTERN                 only specs whose name matches PATTERN (a regular expression)
  --profile core|extended        core: only specs of what the spec states; extended: also the
                                 conventions it leaves open (default: extended, everything)
  --gate core|extended           the verdict the exit code gates on: core (default: conformance
                                 to the documents) or extended (production conventions too);
                                 both verdicts are always reported
  --area A[,A...]                only specs of these areas (e.g. firewall-rules,kv)
  --requirement ID[,ID...]       only specs citing these requirements (globs: ZM-FW-*)
  --level must|should|may[,...]  only specs citing requirements of these levels
  --shard I/N                    run shard I of N (for CI matrices; join with specgate merge)
  --baseline FILE                gate on known failures: exit 0 if every failure is listed,
                                 1 on a new failure or a listed one that now passes
  --update-baseline              rewrite --baseline FILE to this run's failures
  --seed N                       seed of the property-based specs (default: 20261121)
  --config FILE                  target configuration (default: ./specgate.config.ts if present;
                                 flags override it)
  --timeout S                    seconds a request may go unanswered before its spec fails (15)
  --max-rps N                    at most N requests per second against the target
  --as-of DATE                   run at this date (YYYY-MM-DD or ISO 8601): the target's clock
                                 is set there when its control API can; otherwise the date the
                                 target is taken to be at (default: the target's own date)

list options:
  --suite zone-api|storage|all   suites to list (default: all)
  --json                         print JSON: [{name, file, requirements}]

serve options:
  --port N                       port to listen on (default: SPECGATE_PORT, else 8787; 0 picks a free one)
  --host H                       address to listen on (default: 127.0.0.1)
  --data FILE                    keep state in this SQLite file (default: in memory)
  --test-mode                    enable the control API (reset, clock, zones)
  --token T | --email E --key K  credentials to accept (generated when not given)

diff:
${DIFF_HELP}
merge:
${MERGE_HELP}
Exit codes: 0 all specs passed, 1 some spec failed (or a spec file did not load, or its test
worker died), 2 bad usage or unreachable target.
`;

const RUN_OPTIONS = {
  suite: { type: 'string', default: 'all' },
  target: { type: 'string' },
  token: { type: 'string' },
  email: { type: 'string' },
  key: { type: 'string' },
  control: { type: 'string' },
  'real-time': { type: 'boolean', default: false },
  adapter: { type: 'string' },
  'compatibility-date': { type: 'string' },
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
  'max-rps': { type: 'string' },
} satisfies ParseArgsConfig['options'];

const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  data: { type: 'string' },
  'test-mode': { type: 'boolean', default: false },
  token: { type: 'string' },
  email: { type: 'string' },
  key: { type: 'string' },
} satisfies ParseArgsConfig['options'];

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(HELP);
      return command === undefined ? 2 : 0;
    }
    if (command === 'run') return await runCommand(rest);
    if (command === 'serve') return await serveCommand(rest);
    if (command === 'list') return await listCommand(rest);
    if (command === 'diff') return await diffCommand(rest);
    if (command === 'merge') return await mergeCommand(rest);
    if (command === 'init') return initCommand(rest);
    throw new UsageError(`unknown command "${command}" (expected run, list, serve, diff, merge or init; see specgate --help)`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof UnreachableError || isParseArgsError(error)) {
      process.stderr.write(`specgate: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}

const isParseArgsError = (error: unknown): boolean => typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('ERR_PARSE_ARGS');

async function runCommand(args: string[]): Promise<number> {
  const flags = parseRunArgs(args);
  const loaded = await loadConfigFile(flags.config);
  const values = withConfig(flags, loaded);
  // The file's date may serve another adapter than this run's; a flag given for nothing is a mistake.
  if (flags['compatibility-date'] !== undefined && !listOf([values.adapter ?? 'reference']).includes('workerd')) {
    throw new UsageError('--compatibility-date applies to the workerd adapter (--adapter workerd); workerd@DATE names a date per adapter');
  }
  const credentials = credentialsFrom(flags, loaded?.config.target?.credentials);
  if (values['target-image'] === undefined) {
    const containerFlag = CONTAINER_FLAGS.find((flag) => values[flag] !== undefined);
    if (containerFlag) throw new UsageError(`--${containerFlag} applies to --target-image`);
    return runWith(values, credentials, loaded);
  }
  if (values.target !== undefined) throw new UsageError('--target-image and --target are two ways to name the target: give one');
  const { credentials: containerCreds, env } = containerCredentials(credentials, parseTargetEnv(values['target-env']));
  const image = parseTargetImage(values['target-image']);
  const containerOptions = {
    image, port: parseTargetPort(values['target-port']), env, controlPath: '/__control',
    startupTimeoutMs: parseStartupTimeout(values['target-startup-timeout']),
    network: parseTargetNetwork(values['target-network']),
    secrets: [containerCreds.token, containerCreds.key].filter((s): s is string => s !== undefined),
  };
  // Every flag is checked before a container is started for nothing.
  runOptionsFrom({ ...values, target: 'http://container.invalid' }, containerCreds, loaded);
  // The container is started before anything else and stopped whatever happens to the run.
  const container = await startContainerTarget(containerOptions);
  process.stderr.write(`specgate: ${describeContainer(image, container)}\n`);
  try {
    return await runWith({ ...values, target: container.baseUrl, control: values.control ?? container.controlUrl }, containerCreds, loaded);
  } finally {
    await container.stop();
  }
}

const CONTAINER_FLAGS = ['target-port', 'target-env', 'target-network', 'target-startup-timeout'] as const;

function describeContainer(image: string, container: ContainerTarget): string {
  const network = container.network === 'host' ? `host network, port ${container.port}` : `port ${container.port} published`;
  const reaper = container.reaper ? 'testcontainers\' reaper on' : 'testcontainers\' reaper off: specgate removes it on exit';
  return `container ${container.containerId.slice(0, 12)} from ${image} answers at ${container.baseUrl} (${network}; ${reaper})`;
}

/** The runner's options from the flags: every check of a run's flags, before anything starts. */
function runOptionsFrom(values: RunValues, credentials: Credentials, loaded: LoadedConfig | undefined): Parameters<typeof runConformance>[0] {
  const suites = suitesFrom(values.suite);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got "${values.seed}"`);
  if (!values.target && (values.control || credentials.token || credentials.key)) {
    throw new UsageError('--token, --email, --key and --control apply to a --target URL; the bundled reference makes its own');
  }
  if (values.grep !== undefined) checkPattern(values.grep);
  if (values['update-baseline'] && values.baseline === undefined) throw new UsageError('--update-baseline needs --baseline FILE');
  const selection = selectionFrom(values);
  const asOf = values['as-of'] === undefined ? undefined : asOfFrom(values['as-of']);
  if (values.gate !== 'core' && values.gate !== 'extended') throw new UsageError(`--gate must be core or extended, got "${values.gate}"`);
  const timeout = positiveNumber('--timeout', values.timeout);
  const maxRps = positiveNumber('--max-rps', values['max-rps']);
  const zones = loaded?.config.target?.zones;
  return {
    suites,
    ...(values.target !== undefined && { target: values.target }),
    credentials,
    ...(values.control !== undefined && { controlUrl: values.control }),
    ...(values['real-time'] && { realTime: true }),
    ...(values.adapter !== undefined && { adapter: values.adapter }),
    ...(values['compatibility-date'] !== undefined && { compatibilityDate: values['compatibility-date'] }),
    ...(values['report-dir'] !== undefined && { reportDir: values['report-dir'] }),
    ...(values.grep !== undefined && { grep: values.grep }),
    selection,
    ...(values.baseline !== undefined && { baseline: values.baseline, updateBaseline: values['update-baseline'] }),
    gate: values.gate,
    ...(seed !== undefined && { seed }),
    ...(asOf !== undefined && { asOf }),
    ...(timeout !== undefined && { timeoutMs: timeout * 1000 }),
    ...(maxRps !== undefined && { maxRps }),
    ...(zones && values.target !== undefined && { zones }),
  };
}

async function runWith(values: RunValues, credentials: Credentials, loaded: LoadedConfig | undefined): Promise<number> {
  const options = runOptionsFrom(values, credentials, loaded);
  const { suites } = options;
  const outcome = await runConformance(options);
  const { summary, coverageProblems, baseline } = outcome.report;
  for (const problem of coverageProblems) process.stderr.write(`specgate: catalog and specs out of step: ${problem.detail}\n`);
  printFailures(outcome.report);
  printErrors(outcome.report);
  if (baseline) {
    process.stdout.write(`\nspecgate: baseline ${baseline.file}: ${baseline.known} known, ${baseline.new} new, ${baseline.fixed} fixed\n`);
    for (const name of baseline.newFailures) process.stdout.write(`specgate: new failure: ${name}\n`);
    for (const entry of baseline.staleEntries) process.stdout.write(`specgate: stale baseline entry (now passes; remove it or run --update-baseline): ${entry}\n`);
  } else if (values['update-baseline']) {
    process.stdout.write(`\nspecgate: baseline ${values.baseline} rewritten with ${summary.requirements.failed} known failure(s)\n`);
  }
  const where = relative(process.cwd(), outcome.reportDir) || '.';
  for (const suite of suites.map((name) => SUITES[name]).filter((s) => s.pending)) {
    process.stdout.write(`\nspecgate: suite ${suite.name} not run: ${suite.pending}`);
  }
  process.stdout.write(`\n${verdictLines(outcome.report).join('\n')}\n`
    + `specgate: report in ${where}/ (report.html, summary.md, report.json, junit.xml)\n`);
  return outcome.exitCode;
}

/**
 * The closing lines: the verdict on the documents (core) first, then the production conventions
 * (extended), then what the exit code gates on.
 */
export function verdictLines(report: Report): string[] {
  const { core, extended, gate, outcome } = report.verdicts;
  const { requirements } = report.summary;
  const via = core.onlyThroughConventions > 0 ? `, ${core.onlyThroughConventions} reached only through conventions` : '';
  return [
    `specgate: the documents (core): ${core.specs.passed} specs passed, ${core.specs.failed} failed, ${core.specs.skipped} skipped; `
      + `requirements ${core.requirements.passed} of ${core.inScope} passed, ${core.requirements.failed} failed, ${core.requirements.skipped} not verified${via}`,
    `specgate: production conventions (extended${gate === 'extended' ? ', gated' : ', not gated'}): matches ${extended.matched} of ${extended.of}; `
      + `${extended.specs.passed} specs passed, ${extended.specs.failed} failed, ${extended.specs.skipped} skipped`,
    `specgate: ${outcome === 'passed' ? 'PASSED' : 'FAILED'} (gate: ${gate}${report.baseline ? `, baseline ${report.baseline.file}` : ''}); `
      + `${report.errors.length > 0 ? `${report.errors.length} errors outside specs, ` : ''}`
      + `${requirements['out-of-scope'] > 0 ? `${requirements['out-of-scope']} requirements out of scope, ` : ''}${requirements.pending} pending, ${requirements.unspecified} unspecified by the documents`,
  ];
}

const MAX_LISTED_FAILURES = 20;

function printFailures(report: Report): void {
  // Gated failures first: they decide the exit code.
  const gated = (test: Report['tests'][number]) => report.verdicts.gate === 'extended' || test.profile === 'core';
  const failed = report.tests.filter((t) => t.status === 'failed').sort((a, b) => Number(gated(b)) - Number(gated(a)));
  if (failed.length === 0) return;
  process.stdout.write(`\nspecgate: failed specs${failed.length > MAX_LISTED_FAILURES ? ` (first ${MAX_LISTED_FAILURES} of ${failed.length})` : ''}:\n`);
  for (const test of failed.slice(0, MAX_LISTED_FAILURES)) {
    const notes = [test.known && 'known', !gated(test) && 'production convention, not gated'].filter(Boolean);
    process.stdout.write(`  ${test.name} [${test.requirements.join(', ')}]${notes.length > 0 ? ` (${notes.join('; ')})` : ''}\n    ${(test.error ?? '').split('\n')[0]}\n`);
  }
}

/** Spec files that did not load and test workers that died: each fails the run (exit 1). */
function printErrors(report: Report): void {
  const { errors } = report;
  if (errors.length === 0) return;
  process.stdout.write(`\nspecgate: errors outside specs${errors.length > MAX_LISTED_FAILURES ? ` (first ${MAX_LISTED_FAILURES} of ${errors.length})` : ''}:\n`);
  for (const error of errors.slice(0, MAX_LISTED_FAILURES)) process.stdout.write(`  ${error.file}: ${error.error.split('\n')[0]}\n`);
}

/** Comma-separated and repeated values alike: --area kv,list --area alarms */
const listOf = (values: string[] | undefined): string[] => (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);

function selectionFrom(values: { profile?: string; area?: string[]; requirement?: string[]; level?: string[]; shard?: string }): Selection {
  if (values.profile !== 'core' && values.profile !== 'extended') throw new UsageError(`--profile must be core or extended, got "${values.profile}"`);
  const areas = listOf(values.area);
  const known = new Set<string>([...ZONE_API_AREAS, ...STORAGE_AREAS]);
  const unknownArea = areas.find((a) => !known.has(a));
  if (unknownArea) throw new UsageError(`--area: unknown area "${unknownArea}" (areas: ${[...known].join(', ')})`);
  const levels = listOf(values.level);
  const badLevel = levels.find((l) => !['must', 'should', 'may'].includes(l));
  if (badLevel) throw new UsageError(`--level must be must, should or may, got "${badLevel}"`);
  return { profile: values.profile, areas, requirements: listOf(values.requirement), levels, shard: shardFrom(values.shard) };
}

function shardFrom(value: string | undefined): Selection['shard'] {
  if (value === undefined) return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(total >= 1 && index >= 1 && index <= total)) throw new UsageError(`--shard must be I/N with 1 <= I <= N, got "${value}"`);
  return { index, total };
}

function suitesFrom(value: string): SuiteName[] {
  if (value === 'all') return [...SUITE_NAMES];
  if ((SUITE_NAMES as readonly string[]).includes(value)) return [value as SuiteName];
  throw new UsageError(`--suite must be one of ${[...SUITE_NAMES, 'all'].join(', ')}, got "${value}"`);
}

type RunValues = ReturnType<typeof parseRunArgs>;
const parseRunArgs = (args: string[]) => parseArgs({ args, options: RUN_OPTIONS, strict: true, allowPositionals: false }).values;

/** The config file's fields under the flags: a flag given on the command line wins. */
function withConfig(flags: RunValues, loaded: LoadedConfig | undefined): RunValues {
  const config = loaded?.config;
  const target = config?.target;
  const path = (value: string | undefined) => (value === undefined || !loaded ? value : relativeToConfig(loaded, value));
  const adapter = config?.adapter && /[./\\]/.test(config.adapter) ? path(config.adapter) : config?.adapter;
  return {
    ...flags,
    target: flags.target ?? target?.url,
    control: flags.control ?? target?.control,
    adapter: flags.adapter ?? adapter,
    'compatibility-date': flags['compatibility-date'] ?? config?.compatibilityDate,
    baseline: flags.baseline ?? path(config?.baseline),
    profile: flags.profile ?? config?.profile ?? 'extended',
    gate: flags.gate ?? config?.gate ?? 'core',
    'as-of': flags['as-of'] ?? config?.asOf,
    timeout: flags.timeout ?? target?.timeoutSeconds?.toString(),
    'max-rps': flags['max-rps'] ?? target?.maxRps?.toString(),
  };
}

/** Flags first, then the variables the config file names, then SPECGATE_TOKEN, SPECGATE_EMAIL, SPECGATE_KEY. */
function credentialsFrom(values: { token?: string; email?: string; key?: string }, named: NonNullable<SpecgateConfig['target']>['credentials'] = {}) {
  const fromNamed = (name: string | undefined): string | undefined => {
    if (name === undefined) return undefined;
    const value = process.env[name];
    if (value === undefined || value === '') throw new UsageError(`the config file names the environment variable ${name} for a credential, and it is not set`);
    return value;
  };
  const token = values.token ?? fromNamed(named.tokenEnv) ?? process.env.SPECGATE_TOKEN;
  const email = values.email ?? fromNamed(named.emailEnv) ?? process.env.SPECGATE_EMAIL;
  const key = values.key ?? fromNamed(named.keyEnv) ?? process.env.SPECGATE_KEY;
  if ((email === undefined) !== (key === undefined)) throw new UsageError('the key pair needs both --email and --key');
  return { ...(token && { token }), ...(email && { email }), ...(key && { key }) };
}

function checkPattern(pattern: string): void {
  try {
    new RegExp(pattern);
  } catch {
    throw new UsageError(`--grep is not a valid regular expression: ${pattern}`);
  }
}

async function listCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { suite: { type: 'string', default: 'all' }, json: { type: 'boolean', default: false } }, strict: true, allowPositionals: false });
  const specs = await listSpecs(suitesFrom(values.suite));
  if (values.json) process.stdout.write(`${JSON.stringify(specs, null, 2)}\n`);
  else for (const spec of specs) process.stdout.write(`${spec.file} > ${spec.name}  [${spec.requirements.join(', ')}]\n`);
  return 0;
}

async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: SERVE_OPTIONS, strict: true, allowPositionals: false });
  // SPECGATE_PORT: how a container image is told its port (the reference image's CMD gives none).
  const portText = values.port ?? process.env.SPECGATE_PORT ?? '8787';
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`${values.port === undefined ? 'SPECGATE_PORT' : '--port'} must be a port number, got "${portText}"`);
  const credentials = credentialsFrom(values);
  const unusable = unusableCredentials(credentials);
  if (unusable) throw new UsageError(`serve: these credentials could never authenticate: ${unusable}`);
  await serve({
    port,
    host: values.host,
    testMode: values['test-mode'],
    ...(values.data !== undefined && { dataFile: values.data }),
    ...(Object.keys(credentials).length > 0 && { credentials }),
  });
  return 0;
}

function positiveNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(Number.isFinite(value) && value > 0)) throw new UsageError(`${flag} must be a positive number, got "${text}"`);
  return value;
}

function initCommand(args: string[]): number {
  const { values, positionals } = parseArgs({ args, options: { force: { type: 'boolean', default: false } }, strict: true, allowPositionals: true });
  if (positionals.length > 1) throw new UsageError('specgate init takes at most one file name');
  const file = writeStarterConfig(positionals[0] ?? 'specgate.config.ts', values.force);
  process.stdout.write(`specgate: wrote ${relative(process.cwd(), file) || file}; fill in the target, then: npx specgate run --suite zone-api\n`);
  return 0;
}

function asOfFrom(text: string): number {
  try {
    return parseAsOf(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
