// A user's adapter that cannot be loaded is refused before any spec runs, with one line on stderr
// that keeps the cause (a syntax error printed only "Transform failed with 1 error:"):
// where the compiler stopped (file:line:column and its message), what the module threw while it
// was imported, which export is missing and which one is expected, or that there is no file.
// Each module is a real file in a temporary folder, run through the real CLI.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers/cli.js';

/** Writes `source` as `name` in a fresh folder. */
function writeAdapter(name: string, source: string): string {
  const file = join(tempDir('adapter-error'), name);
  writeFileSync(file, source);
  return file;
}

/** Writes `source` as `name` in a fresh folder and runs the storage suite against it. */
async function runAdapter(name: string, source: string) {
  const file = writeAdapter(name, source);
  const run = await runCli(['run', '--suite', 'storage', '--adapter', file, '--report-dir', tempDir('adapter-error-report')]);
  return { ...run, file };
}

/** The run stopped before any spec, with exactly one line on stderr. */
function expectRefused(run: { code: number | null; stdout: string; stderr: string }): string {
  expect(run.code, run.stderr).toBe(2);
  const lines = run.stderr.trim().split('\n');
  expect(lines, 'one line on stderr').toHaveLength(1);
  expect(run.stdout, 'no spec ran').not.toMatch(/passed|failed/);
  return lines[0]!;
}

describe('an adapter that cannot be loaded', () => {
  it('a TypeScript syntax error: the file, line, column and the compiler\'s message', async () => {
    const run = await runAdapter('broken.ts', [
      'import type { StorageAdapter } from "specgate/storage";',
      'const adapter: StorageAdapter = {',
      '  name: "broken",',
      '  async create() { return { storage: ) }; },',
      '};',
      'export default adapter;',
      '',
    ].join('\n'));
    const line = expectRefused(run);
    expect(line).toBe(`specgate: --adapter ${run.file}: cannot compile ${run.file}:4:38: Unexpected ")"`);
    expect(line).not.toMatch(/Transform failed/);
  });

  it('a syntax error of a JavaScript module (Node names no place: it is compiled to find it)', async () => {
    const run = await runAdapter('broken.mjs', 'export default {\n  name: "broken",\n  create() {\n');
    expect(expectRefused(run)).toBe(`specgate: --adapter ${run.file}: cannot compile ${run.file}:4:1: Unexpected end of file`);
  });

  it('a syntax error in a module the adapter imports names that module', async () => {
    const dir = tempDir('adapter-import-error');
    writeFileSync(join(dir, 'helper.ts'), 'export const storage = {\n  get(key: string { return key; },\n};\n');
    const file = join(dir, 'adapter.ts');
    writeFileSync(file, 'import { storage } from "./helper.ts";\nexport default { name: "x", storage };\n');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', file, '--report-dir', tempDir('adapter-error-report')]);
    expect(expectRefused(run)).toBe(`specgate: --adapter ${file}: cannot compile ${join(dir, 'helper.ts')}:2:19: Expected ")" but found "{"`);
  });

  it('a module that throws while it is imported: what it threw', async () => {
    const run = await runAdapter('throws.ts', 'const url = process.env.MY_STORAGE_URL;\nif (!url) throw new Error("MY_STORAGE_URL is not set");\nexport default {};\n');
    expect(expectRefused(run)).toBe(`specgate: --adapter ${run.file}: ${run.file} threw while it was being imported: Error: MY_STORAGE_URL is not set`);
  });

  it('a JavaScript module that throws: what it threw and where', async () => {
    const run = await runAdapter('throws.mjs', 'const url = process.env.MY_STORAGE_URL;\nif (!url) throw new TypeError("MY_STORAGE_URL is not set");\nexport default {};\n');
    expect(expectRefused(run)).toBe(`specgate: --adapter ${run.file}: ${run.file} threw while it was being imported: TypeError: MY_STORAGE_URL is not set (at ${run.file}:2:17)`);
  });

  it('an import that does not resolve: which one', async () => {
    const run = await runAdapter('deps.ts', 'import { client } from "./no-such-client.js";\nexport default client;\n');
    expect(expectRefused(run)).toMatch(new RegExp(`^specgate: --adapter ${run.file}: cannot load ${run.file}: Cannot find module '\\./no-such-client\\.js'`));
  });

  it('no default export: the export expected, and what the module exports instead', async () => {
    const run = await runAdapter('named.ts', [
      'export const adapter = { name: "named", supports: {}, async create() { throw new Error("unused"); } };',
      'export const version = 1;',
      '',
    ].join('\n'));
    expect(expectRefused(run)).toBe(`specgate: --adapter ${run.file}: the module has no default export: the default export must be the adapter object ({ name, supports, create() }); it exports only adapter, version (add \`export default adapter;\`) (see the adapter contract in docs/guide-storage-adapters.md)`);
  });

  it('a default export that makes an adapter instead of being one', async () => {
    const run = await runAdapter('factory.ts', 'export default async function makeAdapter() { return {}; }\n');
    expect(expectRefused(run)).toBe(`specgate: --adapter ${run.file}: the default export is a function: the default export must be the adapter object ({ name, supports, create() }), not a function that makes one (export its result) (see the adapter contract in docs/guide-storage-adapters.md)`);
  });

  it('a default export that is an object but not an adapter: each field that is wrong', async () => {
    const run = await runAdapter('half.ts', 'export default { name: "half", create: 42 };\n');
    expect(expectRefused(run)).toBe(`specgate: --adapter ${run.file}: create() must be a function; supports must be an object of capabilities (see the adapter contract in docs/guide-storage-adapters.md)`);
  });

  it('a path to no file: that there is no file, not a list of built-in names', async () => {
    const dir = tempDir('adapter-missing');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', './my-adapter.ts', '--report-dir', join(dir, 'report')], {}, dir);
    expect(expectRefused(run)).toBe(`specgate: --adapter ./my-adapter.ts: no file at ${join(dir, 'my-adapter.ts')}`);
  });

  // The positive control of every case above: the same folder layout and CLI, a module that loads.
  it('a module that loads runs its specs (the control)', async () => {
    const file = writeAdapter('fine.mjs', [
      'const storageOf = (data) => ({ async get(k) { return data.get(k); }, async put(k, v) { data.set(k, v); }, async delete(k) { return data.delete(k); } });',
      'export default {',
      '  name: "fine", supports: { kv: true, alarms: false, clock: false, faults: false, restart: false, sql: false, pitr: false },',
      '  async create() { return { storage: storageOf(new Map()), run: async () => undefined, restart: async () => {}, destroy: async () => {} }; },',
      '};',
      '',
    ].join('\n'));
    const run = await runCli(['run', '--suite', 'storage', '--adapter', file, '--grep', 'delete\\(key\\) resolves to false', '--report-dir', tempDir('adapter-error-report')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/storage:fine .*1 passed/);
  });
});

describe('a configuration file that cannot be loaded', () => {
  // Before: "FILE could not be loaded: Transform failed with 1 error:", and nothing after the colon.
  it('a syntax error: the file, line, column and the compiler\'s message, exit 2', async () => {
    const file = join(tempDir('config-error'), 'specgate.config.ts');
    writeFileSync(file, "export default {\n  target: { url: 'https://api.example.test' ,\n};\n");
    const run = await runCli(['run', '--suite', 'storage', '--config', file]);
    expect(expectRefused(run)).toBe(`specgate: ${file} could not be loaded: cannot compile ${file}:3:2: Expected "}" but found ";"`);
  });

  it('(the control: the same file, mended, loads and runs)', async () => {
    const file = join(tempDir('config-mended'), 'specgate.config.ts');
    writeFileSync(file, "export default {\n  adapter: 'reference-kv',\n};\n");
    const run = await runCli(['run', '--suite', 'storage', '--config', file, '--requirement', 'ST-KV-DELETE-MISSING-FALSE', '--report-dir', tempDir('config-mended-report')]);
    expect(run.code, run.stderr).toBe(0);
  });
});
