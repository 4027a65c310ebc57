// Bundles worker.ts (with contract/scenarios.ts and wire.ts) into one ES module for workerd.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

let bundled: Promise<string> | undefined;

/** The worker entry next to this module (worker.ts when run from source, worker.js if compiled). */
function workerEntry(): string {
  for (const name of ['./worker.ts', './worker.js']) {
    const path = fileURLToPath(new URL(name, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('specgate workerd adapter: worker entry (worker.ts) not found next to bundle module');
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [workerEntry()],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('specgate workerd adapter: esbuild produced no output');
  return output.text;
}

/** The worker's source as one ES module; built once per process. */
export function workerScript(): Promise<string> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}
