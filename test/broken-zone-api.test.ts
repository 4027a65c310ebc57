// The zone API specs can fail: run against deliberately broken variants of the reference, the run
// must fail exactly the requirements each misreading breaks — no fewer (the suite catches it) and
// no more (the specs are precise about what they verify). One run per group, all variants of the
// group in it, one target each.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecordVariants } from './broken/dns-records-variants.js';
import { settingsVariants } from './broken/settings-variants.js';
import { protocolVariants, wafMigrationVariants, zoneApiVariants, type BrokenVariant } from './broken/zone-api-variants.js';
import { runVariants, type VariantRun } from './helpers/variant-run.js';

interface VariantGroup {
  /** What the variants break. */
  subject: string;
  variants: BrokenVariant[];
  /** The run's options besides the targets: the areas whose specs can see these variants (none: all). */
  args: string[];
}

const GROUPS: VariantGroup[] = [
  { subject: 'the reference zone API', variants: [...zoneApiVariants, ...protocolVariants, ...wafMigrationVariants], args: [] },
  { subject: 'the reference settings', variants: settingsVariants, args: ['--area', 'dns-settings,zone-settings,account-settings'] },
  { subject: 'the reference DNS records', variants: dnsRecordVariants, args: ['--area', 'dns-records'] },
];

for (const group of GROUPS) {
  describe(`broken variants of ${group.subject} are caught`, () => {
    let outcome: VariantRun;
    beforeAll(async () => { outcome = await runVariants(group.variants, group.args); }, 900_000);
    afterAll(async () => { await outcome?.close(); });

    it('the run fails, with one target per variant', () => {
      expect(outcome.run.code, outcome.run.stderr).toBe(1);
      expect(outcome.report.run.targets).toHaveLength(group.variants.length);
    });

    for (const variant of group.variants) {
      it(`${variant.name}: ${variant.misreading}`, () => {
        expect(outcome.failedBy(variant)).toEqual([...variant.expectedFailures].sort());
      });
    }
  });
}
