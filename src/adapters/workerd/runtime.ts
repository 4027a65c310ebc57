// Which workerd the adapter runs, through which miniflare, at which compatibility date; and how a
// runtime is started with the options shape the installed miniflare takes.
//
// miniflare (which starts workerd) is the one given (--miniflare PATH: a folder it is installed in,
// or its package folder), else the user's working directory's, else specgate's own. The workerd
// binary is the one given (--workerd PATH), else MINIFLARE_WORKERD_PATH, else the binary of the
// workerd package miniflare depends on; the report names that binary's own version (`workerd
// --version`). The default compatibility date is the newest that binary accepts (capped at today).
// A date given explicitly is tried on the runtime before any spec runs; a refusal is a usage error,
// but only when the runtime refuses that date and starts at its default one: any other failure to
// start is reported whole, as the runtime's or the options', never as the date's.
//
// Options shapes: miniflare 3 and 4 take one worker's options at the top level (`modules`,
// `script`, `compatibilityDate`, `durableObjects`, `handleRuntimeStdio`); miniflare 5 takes
// `workers: [{config}]` and exports `convertV4MiniflareOptions` for the old shape, which is how the
// adapter builds its options there (its runtime output arrives as structured logs instead).

import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';
import { UsageError } from '../../core/errors.js';
import { requireOptionalPart } from '../../core/optional-package.js';

/** The parts of a miniflare module the adapter uses (miniflare 3, 4 and 5 alike). */
export interface MiniflareModule {
  Miniflare: new (options: Record<string, unknown>) => MiniflareInstance;
  supportedCompatibilityDate?: string;
  /** miniflare 5: the options of miniflare 3 and 4 in its own shape. */
  convertV4MiniflareOptions?: (options: Record<string, unknown>) => Record<string, unknown>;
}
export interface MiniflareInstance {
  ready: Promise<unknown>;
  dispatchFetch(url: string, init?: { method?: string; body?: string; headers?: Record<string, string>; signal?: AbortSignal }): Promise<{ status: number; text(): Promise<string> }>;
  getDurableObjectNamespace(binding: string): Promise<unknown>;
  dispose(): Promise<void>;
}

/** Where the miniflare that runs came from (recorded in the report). */
export interface MiniflareSource {
  /** Its entry module, absolute. */
  path: string;
  version: string;
  /** Given (--miniflare or the config file), found from the working directory, or specgate's dependency. */
  resolvedFrom: 'given' | 'working directory' | 'specgate';
}

/** The workerd binary that runs. */
export interface WorkerdBinary {
  path: string;
  /** What `workerd --version` prints after "workerd " (the newest compatibility date it accepts). */
  version: string;
  /** The version of the npm package holding the binary, when it is in one. */
  packageVersion?: string;
  resolvedFrom: 'given' | 'MINIFLARE_WORKERD_PATH' | 'miniflare';
}

/** What the report's target entry says about the runtime. */
export interface WorkerdRuntime {
  name: 'workerd';
  /** The binary's own version (`workerd --version`). */
  version: string;
  binary: { path: string; packageVersion?: string; resolvedFrom: WorkerdBinary['resolvedFrom'] };
  compatibilityDate: string;
  /** The date used when none is given: the newest this binary accepts. */
  defaultCompatibilityDate: string;
  launcher: { name: 'miniflare'; version: string; path: string; resolvedFrom: MiniflareSource['resolvedFrom'] };
}

/** Which miniflare and which workerd binary: paths as the user gave them (absolute or relative to the working directory). */
export interface RuntimeChoice {
  miniflare?: string | undefined;
  workerd?: string | undefined;
}

/** The package.json of the package `name` (or matching it) that holds `entry`, found by walking up. */
function packageJsonOf(entry: string, name: string | RegExp): { name?: string; version?: string } {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (typeof name === 'string' ? json.name === name : name.test(json.name ?? '')) return json;
  }
  return {};
}

const ownMiniflare = (): string => createRequire(import.meta.url).resolve('miniflare');
const majorOf = (version: string): number => Number(/^(\d+)\./.exec(version)?.[1]);

/** The miniflare a run uses: the one given, else the working directory's, else specgate's own. */
export function findMiniflare(given?: string, cwd = process.cwd()): MiniflareSource {
  if (given !== undefined) return givenMiniflare(resolve(cwd, given));
  let path: string;
  try {
    path = createRequire(join(cwd, 'package.json')).resolve('miniflare');
  } catch {
    // Neither the project's nor specgate's: miniflare is an optional peer dependency.
    requireOptionalPart('workerd', '--adapter workerd');
    path = ownMiniflare();
  }
  const source = sourceAt(path, path === ownMiniflare() ? 'specgate' : 'working directory');
  if (majorOf(source.version) < 3) {
    throw new UsageError(`--adapter workerd: the miniflare found from the working directory (${path}) is version ${source.version}; the workerd adapter needs miniflare 3 or later (miniflare 2 does not run workerd); fix: npm install -D miniflare@4, or give one with --miniflare PATH`);
  }
  return source;
}

/** --miniflare PATH: a folder miniflare is installed in (npm install --prefix PATH), or the package's own folder. */
function givenMiniflare(dir: string): MiniflareSource {
  const fix = 'fix: give --miniflare a folder miniflare is installed in (npm install --prefix DIR miniflare@VERSION), or its package folder (…/node_modules/miniflare)';
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--miniflare ${dir}: no such folder; ${fix}`);
  const ownPackage = join(dir, 'package.json');
  const isPackage = existsSync(ownPackage) && (JSON.parse(readFileSync(ownPackage, 'utf8')) as { name?: string }).name === 'miniflare';
  let path: string;
  try {
    path = createRequire(isPackage ? join(dir, '..', 'package.json') : ownPackage).resolve(isPackage ? dir : 'miniflare');
  } catch {
    throw new UsageError(`--miniflare ${dir}: no miniflare installed there; ${fix}`);
  }
  const source = sourceAt(path, 'given');
  if (majorOf(source.version) < 3) {
    throw new UsageError(`--miniflare ${dir}: miniflare ${source.version}; the workerd adapter needs miniflare 3 or later (miniflare 2 does not run workerd)`);
  }
  return source;
}

/** A miniflare given by its entry module's path (as the CLI hands it to the test workers). */
export function sourceAt(path: string, resolvedFrom: MiniflareSource['resolvedFrom']): MiniflareSource {
  return { path, version: packageJsonOf(path, 'miniflare').version ?? 'unknown', resolvedFrom };
}

export async function importMiniflare(path: string): Promise<MiniflareModule> {
  const module = (await import(pathToFileURL(path).href)) as MiniflareModule & { default?: MiniflareModule };
  // A CommonJS module imported from ESM may carry its exports under `default` only.
  return typeof module.Miniflare === 'function' ? module : module.default!;
}

/** The workerd package next to a miniflare (its dependency): binary, version and declared date. */
function workerdPackage(miniflarePath: string): { binary?: string; version?: string; compatibilityDate?: string } {
  try {
    const workerd = createRequire(miniflarePath)('workerd') as { default?: string; version?: string; compatibilityDate?: string };
    return { ...(workerd.default && { binary: workerd.default }), ...(workerd.version && { version: workerd.version }), ...(workerd.compatibilityDate && { compatibilityDate: workerd.compatibilityDate }) };
  } catch {
    return {};
  }
}

/** The binary that runs, and its own version (`workerd --version`, e.g. "workerd 2026-07-30"). */
export function findWorkerdBinary(given: string | undefined, miniflarePath: string, cwd = process.cwd()): WorkerdBinary {
  const fromEnv = process.env.MINIFLARE_WORKERD_PATH;
  const fromPackage = workerdPackage(miniflarePath).binary;
  const [path, resolvedFrom, what] = given !== undefined ? [resolve(cwd, given), 'given' as const, '--workerd']
    : fromEnv ? [resolve(cwd, fromEnv), 'MINIFLARE_WORKERD_PATH' as const, 'MINIFLARE_WORKERD_PATH']
      : [fromPackage, 'miniflare' as const, `the workerd package of miniflare (${miniflarePath})`];
  if (path === undefined) throw new UsageError(`--adapter workerd: ${what} has no workerd binary; fix: reinstall miniflare, or give a binary with --workerd PATH`);
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new UsageError(`${what} ${path}: no executable file there; fix: give the path of a workerd binary (e.g. node_modules/@cloudflare/workerd-linux-64/bin/workerd of the npm package workerd)`);
  }
  let printed: string;
  try {
    printed = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).trim();
  } catch (error) {
    const said = String((error as { stderr?: string }).stderr ?? '').trim() || (error as Error).message;
    throw new UsageError(`${what} ${path}: \`${path} --version\` failed, so it is not a workerd binary that runs here: ${said}`);
  }
  const version = /^workerd\s+(\S+)/.exec(printed)?.[1];
  if (version === undefined) throw new UsageError(`${what} ${path}: \`--version\` printed "${printed}", not "workerd VERSION": not a workerd binary`);
  const packageVersion = packageJsonOf(path, /^(workerd|@cloudflare\/workerd-.*)$/).version;
  return { path, version, ...(packageVersion !== undefined && { packageVersion }), resolvedFrom };
}

const today = (): string => new Date().toISOString().slice(0, 10);
const isDate = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** YYYY-MM-DD naming a real day, or a usage error saying what is wrong with it. */
export function checkDateFormat(date: string, what: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN];
  const real = match !== null && new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === date;
  if (!real) throw new UsageError(`${what}: the compatibility date must be a date YYYY-MM-DD, got "${date}"`);
  return date;
}

/** The newest date a binary accepts: its version when that is a date, else what its miniflare declares. */
function newestDate(binary: WorkerdBinary, miniflare: MiniflareModule, source: MiniflareSource): string {
  const declared = isDate(binary.version) ? binary.version : miniflare.supportedCompatibilityDate ?? workerdPackage(source.path).compatibilityDate;
  if (declared === undefined) throw new UsageError(`--adapter workerd: neither the workerd binary (${binary.path}, version ${binary.version}) nor miniflare ${source.version} says which compatibility date it supports; give one with --compatibility-date`);
  return declared > today() ? today() : declared;
}

/**
 * Describes the runtime at the requested date (default: the newest its binary accepts). A
 * requested date is tried first: a date the runtime refuses is a usage error, with its reason.
 */
export async function resolveWorkerdRuntime(
  requestedDate: string | undefined,
  { what = '--compatibility-date', ...choice }: { what?: string } & RuntimeChoice = {},
): Promise<WorkerdRuntime> {
  if (requestedDate !== undefined) checkDateFormat(requestedDate, what);
  const source = findMiniflare(choice.miniflare);
  const binary = findWorkerdBinary(choice.workerd, source.path);
  const miniflare = await importMiniflare(source.path);
  const defaultCompatibilityDate = newestDate(binary, miniflare, source);
  const compatibilityDate = requestedDate ?? defaultCompatibilityDate;
  const runtime: WorkerdRuntime = {
    name: 'workerd',
    version: binary.version,
    binary: { path: binary.path, ...(binary.packageVersion !== undefined && { packageVersion: binary.packageVersion }), resolvedFrom: binary.resolvedFrom },
    compatibilityDate,
    defaultCompatibilityDate,
    launcher: { name: 'miniflare', version: source.version, path: source.path, resolvedFrom: source.resolvedFrom },
  };
  if (compatibilityDate !== defaultCompatibilityDate) await checkDate(miniflare, runtime, what);
  return runtime;
}

/**
 * Tries the date on the runtime. If it does not start there, it is tried at its default date: only
 * if it starts there was the date refused; otherwise the failure is the runtime's (or the
 * options'), reported whole.
 */
async function checkDate(miniflare: MiniflareModule, runtime: WorkerdRuntime, what: string): Promise<void> {
  const atDate = await probe(miniflare, runtime, runtime.compatibilityDate);
  if (atDate === undefined) return;
  const atDefault = await probe(miniflare, runtime, runtime.defaultCompatibilityDate);
  if (atDefault !== undefined) throw new UsageError(`--adapter workerd: ${atDefault.message}; fix: ${atDefault.fix}`);
  throw new UsageError(`${what}: workerd ${runtime.version} (miniflare ${runtime.launcher.version}) refuses compatibility date ${runtime.compatibilityDate}: ${atDate.said ?? atDate.detail}`);
}

/** Starts the runtime with an empty worker at `date`: undefined if it runs, else the start error. */
async function probe(miniflare: MiniflareModule, runtime: WorkerdRuntime, date: string): Promise<WorkerdStartError | undefined> {
  let mf: MiniflareInstance | undefined;
  try {
    mf = await startMiniflare(miniflare, runtime, { script: 'export default { fetch() { return new Response("ok"); } };', compatibilityDate: date });
    await (await mf.dispatchFetch('http://specgate.probe/')).text();
    return undefined;
  } catch (error) {
    if (error instanceof WorkerdStartError) return error;
    return new WorkerdStartError((error as Error).message ?? String(error), runtime, undefined);
  } finally {
    await mf?.dispose().catch(() => {});
  }
}

/** What a runtime is started with: one worker, its module, date and Durable Object bindings. */
export interface WorkerSetup {
  script: string;
  compatibilityDate: string;
  durableObjects?: Record<string, { className: string; useSQLite: boolean }>;
}

/** Which runtime to start: the miniflare module's path and the binary (as the report names them). */
type RuntimeIdentity = Pick<WorkerdRuntime, 'version' | 'launcher'> & { binary: { path: string } };

/**
 * workerd's own lines ("Uncaught Error" from an alarm that fails on purpose, or why it refused to
 * start) are kept for a start error, and shown only with SPECGATE_WORKERD_STDIO=1, so they do not
 * mix with specgate's report.
 */
class RuntimeOutput {
  readonly errors: string[] = [];
  readonly #shown = process.env.SPECGATE_WORKERD_STDIO === '1';

  /** miniflare 3 and 4: the process's streams. */
  handleRuntimeStdio = (stdout: Readable, stderr: Readable): void => {
    if (this.#shown) stdout.pipe(process.stdout);
    else stdout.resume();
    stderr.on('data', (chunk: Buffer) => {
      if (this.#shown) process.stderr.write(chunk);
      this.errors.push(...chunk.toString().split('\n').filter((line) => line.trim() !== ''));
    });
  };

  /** miniflare 5: one structured log line at a time. */
  handleStructuredLogs = ({ level, message }: { level: string; message: string }): void => {
    if (this.#shown) (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${message}\n`);
    if (level === 'error') this.errors.push(message);
  };

  /** What workerd said it refused, without its "service core:user:: " prefix. */
  said(): string | undefined {
    const lines = this.errors.map((line) => line.replace(/^service [^:]*:[^:]*:: /, '').trim()).filter(Boolean);
    return lines.length > 0 ? lines.join('\n') : undefined;
  }
}

/** The options for `new Miniflare()` in the shape this miniflare takes. */
export function miniflareOptions(miniflare: MiniflareModule, setup: WorkerSetup, output: RuntimeOutput): Record<string, unknown> {
  const flat = {
    modules: true,
    script: setup.script,
    compatibilityDate: setup.compatibilityDate,
    ...(setup.durableObjects && { durableObjects: setup.durableObjects }),
    // Without this miniflare downloads the `Request.cf` object from the network.
    cf: false,
  };
  if (typeof miniflare.convertV4MiniflareOptions === 'function') {
    return { ...miniflare.convertV4MiniflareOptions(flat), handleStructuredLogs: output.handleStructuredLogs };
  }
  return { ...flat, handleRuntimeStdio: output.handleRuntimeStdio };
}

/** The runtime did not start: the whole error of miniflare or workerd, and what to change. */
export class WorkerdStartError extends Error {
  override name = 'WorkerdStartError';
  readonly fix: string;
  /** The message of miniflare's error, whole. */
  readonly detail: string;
  constructor(cause: string, runtime: RuntimeIdentity, readonly said: string | undefined) {
    const validation = /^Unexpected options passed to `?new Miniflare\(\)`? constructor/.test(cause);
    const what = validation
      ? `miniflare ${runtime.launcher.version} (${runtime.launcher.path}) refused the options the workerd adapter passes`
      : `workerd ${runtime.version} (${runtime.binary.path}, started by miniflare ${runtime.launcher.version}) did not start`;
    const whole = said !== undefined && !cause.includes(said) ? `${cause}\nworkerd said: ${said}` : cause;
    super(`${what}: ${whole}`);
    this.detail = cause;
    this.fix = validation
      ? 'run a miniflare whose options shape the workerd adapter knows (3, 4 or 5; the baselines are for 4.20260730.0): --miniflare PATH (a folder it is installed in) or npm install -D miniflare@4.20260730.0 in the working directory'
      : 'check that the workerd binary runs on this machine (--workerd PATH or MINIFLARE_WORKERD_PATH names another; SPECGATE_WORKERD_STDIO=1 shows its output)';
  }
}

/**
 * Starts miniflare with the given worker, with the binary named (MINIFLARE_WORKERD_PATH, which
 * miniflare 3 to 5 read when they spawn workerd), and waits until it runs.
 */
export async function startMiniflare(miniflare: MiniflareModule, runtime: RuntimeIdentity, setup: WorkerSetup): Promise<MiniflareInstance> {
  const output = new RuntimeOutput();
  let mf: MiniflareInstance | undefined;
  // Set only while it starts (workerd is spawned before `ready`), so that a later resolution still
  // tells the user's own MINIFLARE_WORKERD_PATH from specgate's. Every workerd adapter of a run
  // shares the one binary, so starts that overlap set the same value.
  const before = process.env.MINIFLARE_WORKERD_PATH;
  process.env.MINIFLARE_WORKERD_PATH = runtime.binary.path;
  try {
    mf = new miniflare.Miniflare(miniflareOptions(miniflare, setup, output));
    await mf.ready;
    return mf;
  } catch (error) {
    await mf?.dispose().catch(() => {});
    throw new WorkerdStartError((error as Error)?.message ?? String(error), runtime, output.said());
  } finally {
    if (before === undefined) delete process.env.MINIFLARE_WORKERD_PATH;
    else process.env.MINIFLARE_WORKERD_PATH = before;
  }
}
