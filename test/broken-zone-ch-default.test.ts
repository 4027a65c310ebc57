// The custom hostname and DNS record specs that were extended because of their set-up now gate:
// against broken variants that violate a documented statement they assert, the
// DEFAULT run (gate core) exits 1 and each variant fails exactly the core requirements listed; a
// variant that refuses the conventional set-up step (the POST's payload) leaves the requirements
// "not verified" with the set-up named, and the run exits 3. One run per group, one target per
// variant (as test/broken-zone-api.test.ts, which runs the same kind of variants under gate extended).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { SUITES } from '../src/catalog/suites.js';
import type { Report } from '../src/report/model.js';
import { readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';
import { CUSTOM_HOSTNAME_VARIANTS } from './blind/zone-api/variants/custom-hostnames.js';
import { customHostnameVariants, setUpRefusedVariants } from './broken/custom-hostnames-variants.js';
import { dnsRecordVariants } from './broken/dns-records-variants.js';
import { zoneApiVariants, type BrokenVariant } from './broken/zone-api-variants.js';

const credentials = { token: 'chdefaulttoken0123456789', email: 'ch-default@example.test', key: 'chdefaultkey0123456789' };

const CORE = new Set(SUITES['zone-api'].catalog.flatMap((area) => area.requirements.filter((r) => r.profile === 'core' && !r.unspecified).map((r) => r.id)));
const coreOnly = (ids: readonly string[]): string[] => ids.filter((id) => CORE.has(id)).sort();

/** A blind misreading (test/blind/zone-api) as a broken variant, with the core requirements it must fail. */
function blind(name: string, expectedFailures: string[]): BrokenVariant {
  const variant = CUSTOM_HOSTNAME_VARIANTS.find((v) => v.name === name);
  if (!variant) throw new Error(`no blind variant named ${name}`);
  return { name, misreading: variant.misreading, customize: variant.customize, expectedFailures };
}

const EXISTING_CH = ['failed-posts-count-toward-rate', 'rate-penalty-20s', 'moved-never-deleted', 'pinned-ca-falls-back', 'wildcard-wins-over-standalone-zone',
  'nothing-routable', 'any-hold-blocks-subdomains', 'cert-rate-per-hour'];

/** What a wildcard shadowed too little by a standalone zone fails (the nested-names spec among them). */
const SHADOWED = ['ZM-CH-1016-CAUSE-WILDCARD-SHADOWED', 'ZM-CH-WILDCARD-SHADOWED-BY-ZONE', 'ZM-CH-WILDCARD-SHADOWED-WITHOUT-RECORD'];

const CUSTOM_HOSTNAMES: BrokenVariant[] = [
  ...customHostnameVariants,
  ...zoneApiVariants.filter((v) => EXISTING_CH.includes(v.name)),
  blind('verification_errors: TXT wording instead of the CNAME message', ['ZM-CH-1016-CAUSE-VALIDATION', 'ZM-CH-VERIFICATION-ERROR-NO-CNAME']),
  blind('caa: issuewild entries ignored', ['ZM-CH-CAA-ERROR-STATUS']),
  blind('wildcard: shadowed only by a standalone zone of exactly that name', SHADOWED),
  blind('wildcard: names nested below a standalone zone not shadowed', SHADOWED),
  blind('rate limit: check-then-create race near the limit', ['ZM-CH-CERT-RATE-15-PER-MIN']),
  blind('rate limit: penalty still on at exactly 30 s', ['ZM-CH-CERT-RATE-PENALTY-30S']),
  blind('moved: 7 days counted from creation', ['ZM-CH-MOVED-DELETED-AFTER-7D']),
  blind('moved: PATCH restarts validation but leaves it pending', ['ZM-CH-MOVED-DELETED-AFTER-7D', 'ZM-CH-MOVED-PATCH-REACTIVATES']),
  blind('fallback origin: the setting alone is enough', ['ZM-CH-1016-CAUSE-FALLBACK-ORIGIN', 'ZM-CH-FALLBACK-ORIGIN-NEEDS-BOTH']),
  blind('hold: blocked hostname reported as pending', ['ZM-CH-HOLD-BLOCKED', 'ZM-CH-HOLD-RELEASE-REQUIRED', 'ZM-CH-STATUS-VALUES']),
];

interface DefaultRun { run: CliResult; report: Report; targetOf(name: string): string; close(): Promise<void> }

async function runDefault(variants: readonly BrokenVariant[], area: string): Promise<DefaultRun> {
  const servers = new Map<string, RunningServer>();
  for (const variant of variants) servers.set(variant.name, await startServer({ testMode: true, credentials, customize: variant.customize }));
  const all = [...servers.values()];
  const reportDir = tempDir('ch-default');
  // The default gate (no --gate): what a user's `specgate run` does.
  const run = await runCli(['run', '--suite', 'zone-api', '--no-preflight', '--area', area, '--report-dir', reportDir,
    '--target', all.map((s) => s.baseUrl).join(','), '--control', all.map((s) => s.controlUrl!).join(',')],
  { SPECGATE_TOKEN: credentials.token, SPECGATE_EMAIL: credentials.email, SPECGATE_KEY: credentials.key });
  const report = readReport(reportDir);
  const single = all.length === 1;
  return {
    run, report,
    targetOf: (name) => (single ? 'zone-api' : `zone-api@${servers.get(name)!.baseUrl}`),
    close: async () => { await Promise.all(all.map((s) => s.close())); },
  };
}

/** The core requirements a target's failed core specs show violated. */
const coreFailuresOf = (report: Report, target: string): string[] =>
  [...new Set(report.tests.filter((t) => t.target === target && t.status === 'failed' && t.profile === 'core' && !inconclusive(t.error))
    .flatMap((t) => t.failedRequirements ?? t.requirements))].sort();

/** A failure the spec calls inconclusive (its clock moved past the margin on a loaded machine) says nothing about the variant. */
const inconclusive = (error: string | undefined): boolean => error?.startsWith('inconclusive:') ?? false;

const GROUPS = [
  { subject: 'custom hostnames', area: 'custom-hostnames', variants: CUSTOM_HOSTNAMES },
  { subject: 'DNS records', area: 'dns-records', variants: dnsRecordVariants.filter((v) => coreOnly(v.expectedFailures).length > 0) },
];

for (const group of GROUPS) {
  describe(`broken variants of the reference ${group.subject} fail the default (core) gate`, () => {
    let outcome: DefaultRun;
    beforeAll(async () => { outcome = await runDefault(group.variants, group.area); }, 1_500_000);
    afterAll(async () => { await outcome?.close(); });

    it('the default run exits 1, with one target per variant', () => {
      expect(outcome.run.code, outcome.run.stderr).toBe(1);
      expect(outcome.report.run.targets).toHaveLength(group.variants.length);
    });

    for (const variant of group.variants) {
      it(`${variant.name}: ${variant.misreading}`, () => {
        expect(coreFailuresOf(outcome.report, outcome.targetOf(variant.name))).toEqual(coreOnly(variant.expectedFailures));
      });
    }
  });
}

for (const variant of setUpRefusedVariants) {
  describe(`${variant.name}: a refused set-up step leaves the ${variant.area} requirements not verified`, () => {
    let outcome: DefaultRun;
    beforeAll(async () => { outcome = await runDefault([variant], variant.area); }, 900_000);
    afterAll(async () => { await outcome?.close(); });

    it('the default run exits 3 (incomplete), not 1: nothing failed', () => {
      expect(outcome.run.code, outcome.run.stderr).toBe(3);
      expect(coreFailuresOf(outcome.report, 'zone-api')).toEqual([]);
    });

    it('every core spec of the area is not verified, naming the set-up and the answer', () => {
      const core = outcome.report.tests.filter((t) => t.area === variant.area && t.profile === 'core');
      expect(core.length).toBeGreaterThan(0);
      for (const test of core) {
        expect(test.status, test.name).toBe('skipped');
        expect(test.skipReason, test.name).toContain(`not verified: set-up needs ${variant.setUp}`);
        expect(test.skipReason, test.name).toContain('custom_metadata is required');
      }
    });

    it('every core requirement of the area is not verified', () => {
      const requirements = outcome.report.requirements.filter((r) => r.area === variant.area && r.profile === 'core' && r.status !== 'unspecified');
      expect(requirements.filter((r) => r.status !== 'skipped').map((r) => `${r.id}: ${r.status}`)).toEqual([]);
    });
  });
}
