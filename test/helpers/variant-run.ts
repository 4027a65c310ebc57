// Runs the zone API suite once against many broken variants of the reference at a time: one
// reference server per variant, all given to one `specgate run` as comma-separated targets, each
// reported as its own target. The suite starts once instead of once per variant.

import type { BrokenVariant } from '../broken/zone-api-variants.js';
import { startServer, type RunningServer } from '../../reference-impl/zone-api/server.js';
import type { Report } from '../../src/report/model.js';
import { failedRequirementsOf, readReport, runCli, tempDir, type CliResult } from './cli.js';

// One set of credentials for every server: a run authenticates the same way against all its targets.
const credentials = { token: 'varianttoken0123456789', email: 'variants@example.test', key: 'variantkey0123456789' };

export interface VariantRun {
  run: CliResult;
  report: Report;
  /** The requirements the variant's target failed, sorted. */
  failedBy(variant: BrokenVariant): string[];
  close(): Promise<void>;
}

export async function runVariants(variants: BrokenVariant[], args: string[]): Promise<VariantRun> {
  const servers = new Map<string, RunningServer>();
  for (const variant of variants) servers.set(variant.name, await startServer({ testMode: true, credentials, customize: variant.customize }));
  const all = [...servers.values()];
  const reportDir = tempDir('variants');
  // Gated on both verdicts: a variant may break only a convention, and the run must still fail.
  // --no-preflight: what is asserted is what the specs catch; the preflight (test/preflight.test.ts)
  // would stop the whole run at a variant that breaks the authenticated read it makes.
  const run = await runCli(['run', '--suite', 'zone-api', '--gate', 'extended', '--no-preflight', ...args, '--report-dir', reportDir,
    '--target', all.map((s) => s.baseUrl).join(','), '--control', all.map((s) => s.controlUrl!).join(',')],
  { SPECGATE_TOKEN: credentials.token, SPECGATE_EMAIL: credentials.email, SPECGATE_KEY: credentials.key });
  const report = readReport(reportDir);
  return {
    run,
    report,
    failedBy: (variant) => failedRequirementsOf(report, `zone-api@${servers.get(variant.name)!.baseUrl}`),
    close: async () => { await Promise.all(all.map((s) => s.close())); },
  };
}
