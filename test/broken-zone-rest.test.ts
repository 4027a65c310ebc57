// For the WAF migration and the settings areas: the specs that were extended
// because of their set-up now gate. Run with the DEFAULT gate (core), each broken variant of
// test/broken/zone-rest-variants.ts must fail exactly the core requirements it lists (so that the
// variant alone makes the run exit 1), and the variant refusing the conventional set-up step (POST
// /accounts) must leave the run incomplete (exit 3) with the account requirements not verified and
// the set-up named. One run per group, one reference server per variant.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import type { Report } from '../src/report/model.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, type CliResult } from './helpers/cli.js';
import { setUpRefusedVariant, settingsSpecVariants, wafSpecVariants } from './broken/zone-rest-variants.js';
import type { BrokenVariant } from './broken/zone-api-variants.js';

const credentials = { token: 'zonerest0123456789abcd', email: 'zone-rest@example.test', key: 'zonerestkey0123456789' };

interface DefaultRun { run: CliResult; report: Report; servers: Map<string, RunningServer> }

/** One default-gate run (no --gate: core) of the areas against one reference per variant. */
async function runDefault(variants: BrokenVariant[], args: string[]): Promise<DefaultRun> {
  const servers = new Map<string, RunningServer>();
  for (const variant of variants) servers.set(variant.name, await startServer({ testMode: true, credentials, customize: variant.customize }));
  const all = [...servers.values()];
  const reportDir = tempDir('zone-rest-variants');
  const run = await runCli(['run', '--suite', 'zone-api', '--no-preflight', ...args, '--report-dir', reportDir,
    '--target', all.map((s) => s.baseUrl).join(','), '--control', all.map((s) => s.controlUrl!).join(',')],
  { SPECGATE_TOKEN: credentials.token, SPECGATE_EMAIL: credentials.email, SPECGATE_KEY: credentials.key });
  return { run, report: readReportJson(reportDir), servers };
}

/**
 * The report as written. Not helpers/cli.ts readReport: report.schema.json does not know yet the
 * conventions' part of a spec's identity (spec.part, core/records.ts), which these runs produce.
 */
const readReportJson = (dir: string): Report => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;

const targetOf = (outcome: DefaultRun, variant: BrokenVariant) => `zone-api@${outcome.servers.get(variant.name)!.baseUrl}`;

/** The requirements the core records (not a spec's conventions, not extended specs) of a target failed. */
function coreFailuresOf(outcome: DefaultRun, variant: BrokenVariant): string[] {
  const failed = outcome.report.tests.filter((t) => t.target === targetOf(outcome, variant) && t.status === 'failed' && t.profile === 'core');
  return [...new Set(failed.flatMap((t) => t.failedRequirements ?? t.requirements))].sort();
}

const GROUPS = [
  { subject: 'the WAF migration', variants: wafSpecVariants, areas: ['--area', 'waf-migration'] },
  { subject: 'the DNS, zone and account settings', variants: settingsSpecVariants, areas: ['--area', 'dns-settings,zone-settings,account-settings'] },
];

for (const group of GROUPS) {
  describe(`with the default gate, broken variants of ${group.subject} are caught by core specs`, () => {
    let outcome: DefaultRun;
    beforeAll(async () => { outcome = await runDefault(group.variants, group.areas); }, 1_800_000);
    afterAll(async () => { await Promise.all([...(outcome?.servers.values() ?? [])].map((s) => s.close())); });

    it('the default run fails, with one target per variant', () => {
      expect(outcome.run.code, outcome.run.stderr).toBe(1);
      expect(outcome.report.run.targets).toHaveLength(group.variants.length);
    });

    for (const variant of group.variants) {
      it(`${variant.name}: ${variant.misreading}`, () => {
        expect(variant.expectedFailures.length, 'a variant must fail some core requirement: else it would not make a default run exit 1').toBeGreaterThan(0);
        expect(coreFailuresOf(outcome, variant)).toEqual([...variant.expectedFailures].sort());
      });
    }
  });
}

describe('with the default gate, a target refusing the conventional set-up step leaves its requirements not verified', () => {
  let outcome: DefaultRun;
  beforeAll(async () => { outcome = await runDefault([setUpRefusedVariant], ['--area', 'account-settings,dns-settings']); }, 1_800_000);
  afterAll(async () => { await Promise.all([...(outcome?.servers.values() ?? [])].map((s) => s.close())); });

  it('the run is incomplete (exit 3), no spec failed', () => {
    expect(outcome.run.code, outcome.run.stderr).toBe(3);
    expect(outcome.report.tests.filter((t) => t.status === 'failed').map((t) => t.name)).toEqual([]);
  });

  it('the account requirements the converted specs verify are not verified, the set-up and the answer named', () => {
    const byId = new Map(outcome.report.requirements.map((r) => [r.id, r]));
    for (const id of ['ZM-ACCT-NS-FIELDS-BEFORE-2025-03-14', 'ZM-ACCT-AFFECTED-ENDPOINTS', 'ZM-ACCT-NS-FIELDS-REPLACED-2025-03-14', 'ZM-DNSSET-NS-TYPE-VALUES', 'ZM-DNSSET-NS-TYPE-ENUM']) {
      expect(byId.get(id)?.status, `${id} is not verified`).toBe('skipped');
    }
    const skipped = outcome.report.tests.filter((t) => t.status === 'skipped' && t.profile === 'core' && t.requirements.includes('ZM-ACCT-AFFECTED-ENDPOINTS'));
    expect(skipped.length).toBeGreaterThan(0);
    for (const test of skipped) {
      expect(test.skipReason).toContain('not verified: set-up needs an account created through POST /accounts');
      expect(test.skipReason).toContain('HTTP 400');
      expect(test.skipReason).toContain('unknown field name (expected account_name)');
    }
  });
});
