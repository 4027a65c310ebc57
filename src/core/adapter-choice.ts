// What --adapter (or the config file's `adapter`) names, parsed once into typed choices when the
// run's configuration is made, and checked there: before a container is started or a runtime is
// resolved. Resolving a choice into a reference the workers load (which miniflare and date for
// workerd) is targets/storage-target.ts's.

import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { BUILTIN_ADAPTER_NAMES, WORKERD_AT_DATE, type BuiltinAdapterName } from './adapter-module.js';
import { didYouMean } from './did-you-mean.js';
import { UsageError } from './errors.js';
import { requireOptionalPart } from './optional-package.js';

/** One adapter of a run, as the user named it (`given`). */
export type AdapterChoice =
  | { kind: 'builtin'; name: Exclude<BuiltinAdapterName, 'workerd'>; given: string }
  /** The workerd adapter: at `date` (`workerd@DATE`), else at --compatibility-date or the runtime's newest. */
  | { kind: 'workerd'; date?: string; given: string }
  /** A user's module, by absolute path. */
  | { kind: 'module'; path: string; given: string }
  /** A host of the storage protocol (docs/storage-protocol.md): `http://...` or `stdio:<command>`. */
  | { kind: 'host'; host: HostAddress; given: string };

/** How a protocol host is reached, as plain data (it crosses to the test workers). */
export type HostAddress =
  | { transport: 'http'; url: string }
  | { transport: 'stdio'; command: string; cwd?: string };

/**
 * `http://HOST:PORT[/PATH]` (or https) is a host serving the protocol over HTTP; `stdio:COMMAND`
 * one that speaks JSON lines on stdio, started by specgate with COMMAND through the shell, in `cwd`.
 */
export function hostAddressOf(given: string, cwd: string): HostAddress | undefined {
  if (/^https?:\/\//i.test(given)) {
    try {
      return { transport: 'http', url: new URL(given).href };
    } catch {
      throw new UsageError(`--adapter ${given}: not a URL`);
    }
  }
  const stdio = /^stdio:(.*)$/s.exec(given);
  if (!stdio) return undefined;
  const command = stdio[1]!.trim();
  if (command === '') throw new UsageError("--adapter stdio: needs the host's command, e.g. --adapter 'stdio:node examples/hosts/node-host.mjs'");
  return { transport: 'stdio', command, cwd };
}

/** `reference` (the default) means both reference backends. */
export const DEFAULT_ADAPTERS = 'reference';

/**
 * The adapters of `text`, separated by commas, each checked: a built-in name (with the optional
 * packages it needs installed), `workerd@DATE`, or a file that exists (relative to `cwd`).
 */
export function parseAdapterChoices(text: string, cwd: string = process.cwd()): AdapterChoice[] {
  // A host's command may hold commas: `stdio:` takes the rest of the list.
  const stdio = text.search(/(^|,)\s*stdio:/);
  if (stdio >= 0) {
    const before = text.slice(0, stdio);
    const command = text.slice(stdio).replace(/^,/, '').trim();
    return [...(before.trim() === '' ? [] : parseAdapterChoices(before, cwd)), ...choicesOf(command, cwd)];
  }
  const names = text.split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError('--adapter needs a name or a path');
  return names.flatMap((name) => choicesOf(name, cwd));
}

function choicesOf(given: string, cwd: string): AdapterChoice[] {
  const host = hostAddressOf(given, cwd);
  if (host) return [{ kind: 'host', host, given }];
  if (given === DEFAULT_ADAPTERS) return [{ kind: 'builtin', name: 'reference-kv', given }, { kind: 'builtin', name: 'reference-sqlite', given }];
  if (given === 'workerd') return [{ kind: 'workerd', given }];
  const dated = WORKERD_AT_DATE.exec(given);
  if (dated) return [{ kind: 'workerd', date: dated[1]!, given }];
  if (given === 'miniflare2') requireOptionalPart('miniflare2', '--adapter miniflare2');
  if (isBuiltinName(given)) return [{ kind: 'builtin', name: given, given }];
  const path = isAbsolute(given) ? given : resolve(cwd, given);
  if (existsSync(path)) return [{ kind: 'module', path, given }];
  if (looksLikePath(given)) throw new UsageError(`--adapter ${given}: no file at ${path}`);
  const names = [DEFAULT_ADAPTERS, ...BUILTIN_ADAPTER_NAMES];
  throw new UsageError(`--adapter: no built-in adapter named "${given}"${didYouMean(given, names)} (${names.join(', ')}) and no file at ${path}`);
}

/** A built-in adapter's name (workerd, which takes a date, is chosen above): BUILTIN_ADAPTER_NAMES, no other list. */
const isBuiltinName = (name: string): name is Exclude<BuiltinAdapterName, 'workerd'> =>
  name !== 'workerd' && (BUILTIN_ADAPTER_NAMES as readonly string[]).includes(name);

/** A name with a folder or a module's extension is a path, never a built-in adapter's name. */
const looksLikePath = (name: string): boolean => /[\\/]/.test(name) || /\.[cm]?[jt]sx?$/.test(name);

/** The adapters as the user gave them, for messages: `reference`, `workerd,./my-adapter.ts`. */
export const givenAdapters = (choices: readonly AdapterChoice[]): string => [...new Set(choices.map((c) => c.given))].join(',');

/** Whether the run is of the default adapters alone (the reference's two backends). */
export const onlyDefaultAdapters = (choices: readonly AdapterChoice[]): boolean => choices.every((c) => c.given === DEFAULT_ADAPTERS);

/** Whether a choice runs the workerd adapter. */
export const isWorkerd = (choice: AdapterChoice): boolean => choice.kind === 'workerd';
