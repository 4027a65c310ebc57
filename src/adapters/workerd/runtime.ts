// Which workerd the adapter runs, and at which compatibility date.
//
// miniflare (which starts workerd) is taken from the user's working directory when it has one, so
// that a project can verify the runtime version it deploys on; otherwise specgate's own. The
// compatibility date is an option; by default the newest the installed runtime declares: miniflare's
// `supportedCompatibilityDate` (the `compatibilityDate` of the workerd package it depends on, which
// is also what `workerd --version` prints, capped at today). A date given explicitly is tried on
// the runtime before any spec runs, and a refusal is a usage error.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Readable } from 'node:stream';
import { UsageError } from '../../core/errors.js';
import { requireOptionalPart } from '../../core/optional-package.js';

/** The parts of a miniflare module the adapter uses (miniflare 3 and 4 alike). */
export interface MiniflareModule {
  Miniflare: new (options: Record<string, unknown>) => MiniflareInstance;
  supportedCompatibilityDate?: string;
}
export interface MiniflareInstance {
  ready: Promise<unknown>;
  dispatchFetch(url: string): Promise<{ status: number; text(): Promise<string> }>;
  getDurableObjectNamespace(binding: string): Promise<unknown>;
  dispose(): Promise<void>;
}

/** Where the miniflare that runs came from (recorded in the report). */
export interface MiniflareSource {
  /** Its entry module, absolute. */
  path: string;
  version: string;
  /** Found from the working directory (the user's own), or specgate's dependency. */
  resolvedFrom: 'working directory' | 'specgate';
}

/** What the report's target entry says about the runtime. */
export interface WorkerdRuntime {
  name: 'workerd';
  version: string;
  compatibilityDate: string;
  /** The date used when none is given: the newest this runtime declares. */
  defaultCompatibilityDate: string;
  launcher: { name: 'miniflare'; version: string; path: string; resolvedFrom: MiniflareSource['resolvedFrom'] };
}

/** The package.json of the package `name` that holds `entry`, found by walking up. */
function packageJsonOf(entry: string, name: string): { version?: string } {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (json.name === name) return json;
  }
  return {};
}

const ownMiniflare = (): string => createRequire(import.meta.url).resolve('miniflare');

/** miniflare as the working directory's project would import it, else specgate's own. */
export function findMiniflare(cwd = process.cwd()): MiniflareSource {
  let path: string;
  try {
    path = createRequire(join(cwd, 'package.json')).resolve('miniflare');
  } catch {
    // Neither the project's nor specgate's: miniflare is an optional peer dependency.
    requireOptionalPart('workerd', '--adapter workerd');
    path = ownMiniflare();
  }
  const source = sourceAt(path);
  if (Number(/^(\d+)\./.exec(source.version)?.[1]) < 3) {
    throw new UsageError(`--adapter workerd: the miniflare found from the working directory (${path}) is version ${source.version}; the workerd adapter needs miniflare 3 or later (miniflare 2 does not run workerd)`);
  }
  return source;
}

/** A miniflare given by its entry module's path (as the CLI hands it to the test workers). */
function sourceAt(path: string): MiniflareSource {
  const version = packageJsonOf(path, 'miniflare').version ?? 'unknown';
  return { path, version, resolvedFrom: path === ownMiniflare() ? 'specgate' : 'working directory' };
}

export async function importMiniflare(path: string): Promise<MiniflareModule> {
  const module = (await import(pathToFileURL(path).href)) as MiniflareModule & { default?: MiniflareModule };
  // A CommonJS module imported from ESM may carry its exports under `default` only.
  return typeof module.Miniflare === 'function' ? module : module.default!;
}

/** The workerd package next to a miniflare (its dependency): version and declared date. */
function workerdPackage(miniflarePath: string): { version: string; compatibilityDate?: string } {
  try {
    const workerd = createRequire(miniflarePath)('workerd') as { version?: string; compatibilityDate?: string };
    return { version: workerd.version ?? 'unknown', ...(workerd.compatibilityDate && { compatibilityDate: workerd.compatibilityDate }) };
  } catch {
    return { version: 'unknown' };
  }
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** YYYY-MM-DD naming a real day, or a usage error saying what is wrong with it. */
export function checkDateFormat(date: string, what: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN];
  const real = match !== null && new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === date;
  if (!real) throw new UsageError(`${what}: the compatibility date must be a date YYYY-MM-DD, got "${date}"`);
  return date;
}

/**
 * Describes the runtime a miniflare runs at the requested date (default: the newest it declares).
 * A requested date is tried first: a date the runtime refuses is a usage error, with its reason.
 */
export async function resolveWorkerdRuntime(
  requestedDate: string | undefined,
  { what = '--compatibility-date', miniflare: miniflarePath }: { what?: string; miniflare?: string } = {},
): Promise<WorkerdRuntime> {
  if (requestedDate !== undefined) checkDateFormat(requestedDate, what);
  const source = miniflarePath === undefined ? findMiniflare() : sourceAt(miniflarePath);
  const miniflare = await importMiniflare(source.path);
  const workerd = workerdPackage(source.path);
  const declared = miniflare.supportedCompatibilityDate ?? workerd.compatibilityDate;
  if (declared === undefined) throw new UsageError(`--adapter workerd: the miniflare at ${source.path} does not say which compatibility date it supports; give one with --compatibility-date`);
  const defaultCompatibilityDate = declared > today() ? today() : declared;
  const compatibilityDate = requestedDate ?? defaultCompatibilityDate;
  const runtime: WorkerdRuntime = {
    name: 'workerd',
    version: workerd.version,
    compatibilityDate,
    defaultCompatibilityDate,
    launcher: { name: 'miniflare', version: source.version, path: source.path, resolvedFrom: source.resolvedFrom },
  };
  if (compatibilityDate !== defaultCompatibilityDate) {
    const refusal = await refusalOf(miniflare, compatibilityDate);
    if (refusal !== undefined) {
      throw new UsageError(`${what}: workerd ${runtime.version} (miniflare ${source.version}) refuses compatibility date ${compatibilityDate}: ${refusal}`);
    }
  }
  return runtime;
}

/** Starts the runtime with an empty worker at `date`: undefined if it runs, else why not (one line). */
async function refusalOf(miniflare: MiniflareModule, date: string): Promise<string | undefined> {
  const stderr: string[] = [];
  let mf: MiniflareInstance | undefined;
  try {
    mf = new miniflare.Miniflare({
      modules: true,
      script: 'export default { fetch() { return new Response("ok"); } };',
      compatibilityDate: date,
      cf: false,
      handleRuntimeStdio(stdout: Readable, err: Readable) {
        stdout.resume();
        err.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
      },
    });
    await mf.ready;
    await (await mf.dispatchFetch('http://specgate.probe/')).text();
    return undefined;
  } catch (error) {
    // workerd says why on stderr ("... requires compatibility date ..., but the newest date
    // supported by this server binary is ..."); miniflare's own checks say it in the error.
    const said = stderr.join('').split('\n').map((line) => line.replace(/^service [^:]*:[^:]*:: /, '').trim()).find(Boolean);
    return said ?? (error as Error).message.split('\n')[0];
  } finally {
    await mf?.dispose().catch(() => {});
  }
}
