// Runs the storage suite once against many broken variants of the reference runtime at a time
// (test/broken/storage/<name>.ts, each an adapter module), side by side in one pool of test
// workers (--share-workers): the suite starts once, not once per variant. Each variant is
// reported as its own target, `storage:<name>`.

import { join } from 'node:path';
import type { Report } from '../../src/report/model.js';
import { readReport, ROOT, runCli, tempDir, type CliResult } from './cli.js';

export interface StorageVariantRun { run: CliResult; report: Report; reportDir: string }

/** `adapters`: variant names in test/broken/storage/, or an adapter as --adapter takes it (`reference`). */
export async function runStorageVariants(label: string, adapters: string[], args: string[] = []): Promise<StorageVariantRun> {
  const reportDir = tempDir(label);
  const modules = adapters.map((name) => (name === 'reference' ? name : join(ROOT, 'test/broken/storage', `${name}.ts`))).join(',');
  // --no-preflight: what is asserted is what the specs catch, not the preflight's read of a fresh object.
  const run = await runCli(['run', '--suite', 'storage', '--no-preflight', '--share-workers', '--adapter', modules, '--report-dir', reportDir, ...args]);
  return { run, report: readReport(reportDir), reportDir };
}
