// Runs the zone API suite once against every blind variant: one hooked reference server per
// variant, all given to one `specgate run` as comma-separated targets (as test/helpers/variant-run.ts
// does for the known broken variants), and reads what each variant's target failed, core apart
// from extended, from report.json.

import { startServer, type RunningServer } from '../../../reference-impl/zone-api/server.js';
import type { Report } from '../../../src/report/model.js';
import { readReport, runCli, tempDir, type CliResult } from '../../helpers/cli.js';
import type { BlindOutcome, BlindVariant } from './variant.js';

// One set of credentials for every server: a run authenticates the same way against all its targets.
const credentials = { token: 'blindtoken0123456789', email: 'blind@example.test', key: 'blindkey0123456789' };

export interface BlindRun {
  run: CliResult;
  report: Report;
  reportDir: string;
  /** What the run found about one variant (by name). */
  outcomeOf(name: string): BlindOutcome;
  /** The requirements of a variant's specs that reached no verdict: skipped, or failed as inconclusive (a premise that did not occur). */
  unverifiedOf(name: string): Set<string>;
  close(): Promise<void>;
}

const sorted = (ids: Iterable<string>): string[] => [...new Set(ids)].sort();

/**
 * A failure the spec itself calls inconclusive: the target's clock moved past the spec's margin
 * (real time, a loaded machine). It says nothing about the variant, so it is not counted.
 */
const inconclusive = (error: string | undefined): boolean => error?.startsWith('inconclusive:') ?? false;

/** A variant is caught when a core spec failed on its target; extendedOnly when only extended specs did. */
export function outcomeFromReport(report: Report, target: string): BlindOutcome {
  const failed = report.tests.filter((t) => t.target === target && t.status === 'failed' && !inconclusive(t.error));
  const idsOf = (profile: 'core' | 'extended') => sorted(failed.filter((t) => t.profile === profile).flatMap((t) => t.failedRequirements ?? t.requirements));
  const core = idsOf('core');
  if (core.length > 0) return { caught: core };
  const extended = idsOf('extended');
  if (extended.length > 0) return { extendedOnly: extended };
  return { missed: true };
}

/** The requirements of a target's specs that reached no verdict: skipped, or an inconclusive failure. */
export function unverifiedFromReport(report: Report, target: string): Set<string> {
  return new Set(report.tests.filter((t) => t.target === target && (t.status === 'skipped' || (t.status === 'failed' && inconclusive(t.error)))).flatMap((t) => t.requirements));
}

/** A run with one target names it "zone-api"; with several, "zone-api@<base URL>". */
function targetName(report: Report, baseUrl: string): string {
  return report.run.targets.filter((t) => t.suite === 'zone-api').length === 1 ? 'zone-api' : `zone-api@${baseUrl}`;
}

export async function runBlindVariants(variants: readonly Pick<BlindVariant, 'name' | 'customize'>[], args: string[] = []): Promise<BlindRun> {
  const servers = new Map<string, RunningServer>();
  for (const variant of variants) servers.set(variant.name, await startServer({ testMode: true, credentials, customize: variant.customize }));
  const all = [...servers.values()];
  const reportDir = tempDir('blind-zone');
  // Gated on both verdicts (so the run fails whenever any variant is seen at all); --no-preflight:
  // a variant that breaks the preflight's authenticated read must not stop the other variants.
  const run = await runCli(['run', '--suite', 'zone-api', '--gate', 'extended', '--no-preflight', ...args, '--report-dir', reportDir,
    '--target', all.map((s) => s.baseUrl).join(','), '--control', all.map((s) => s.controlUrl!).join(',')],
  { SPECGATE_TOKEN: credentials.token, SPECGATE_EMAIL: credentials.email, SPECGATE_KEY: credentials.key });
  const report = readReport(reportDir);
  return {
    run,
    report,
    reportDir,
    outcomeOf: (name) => outcomeFromReport(report, targetName(report, servers.get(name)!.baseUrl)),
    unverifiedOf: (name) => unverifiedFromReport(report, targetName(report, servers.get(name)!.baseUrl)),
    close: async () => { await Promise.all(all.map((s) => s.close())); },
  };
}
