// The zone API specs can fail: run against deliberately broken variants of the reference, the run
// must fail exactly the requirements each misreading breaks — no fewer (the suite catches it) and
// no more (the specs are precise about what they verify), among the specs of the areas a group's
// variants touch (every spec, for those misreading the protocol). One run per group, all variants
// of the group in it, one target each.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecordVariants } from './broken/dns-records-variants.js';
import { settingsVariants } from './broken/settings-variants.js';
import { protocolVariants, wafMigrationVariants, zoneApiVariants, type BrokenVariant } from './broken/zone-api-variants.js';
import { runVariants, type VariantRun } from './helpers/variant-run.js';
import { requirementCatalog } from '../src/catalog/suites.js';

interface VariantGroup {
  /** What the variants break. */
  subject: string;
  variants: BrokenVariant[];
  /** The run's options besides the targets: the areas whose specs can see these variants (none: all). */
  args: string[];
}

const ALL = [...zoneApiVariants, ...protocolVariants, ...wafMigrationVariants];
/**
 * The variants all of whose expected failures lie in `areas`: each runs against the specs of those
 * areas only (a whole run per target costs minutes of CPU on 2 cores). Those misreading the
 * protocol (errors, authentication, lists, transport), which every area's specs meet, run
 * against every spec.
 */
function within(areas: string[]): BrokenVariant[] {
  const catalog = requirementCatalog();
  return ALL.filter((v) => v.expectedFailures.length > 0 && v.expectedFailures.every((id) => areas.includes(catalog.get(id)?.area ?? '')));
}
const FIREWALL = ['firewall-rules', 'filters', 'transport'];
const HOSTNAMES = ['custom-hostnames'];
const WAF = ['waf-migration'];
const narrowed = [FIREWALL, HOSTNAMES, WAF].flatMap(within);
const everywhere = ALL.filter((v) => !narrowed.includes(v));

const GROUPS: VariantGroup[] = [
  { subject: 'the reference zone API: the protocol, met by every spec', variants: everywhere, args: [] },
  { subject: 'the reference firewall rules and filters', variants: within(FIREWALL), args: ['--area', FIREWALL.join(',')] },
  { subject: 'the reference custom hostnames', variants: within(HOSTNAMES), args: ['--area', HOSTNAMES.join(',')] },
  { subject: 'the reference WAF migration', variants: within(WAF), args: ['--area', WAF.join(',')] },
  { subject: 'the reference settings', variants: settingsVariants, args: ['--area', 'dns-settings,zone-settings,account-settings'] },
  { subject: 'the reference DNS records', variants: dnsRecordVariants, args: ['--area', 'dns-records'] },
];

for (const group of GROUPS) {
  describe(`broken variants of ${group.subject} are caught`, () => {
    let outcome: VariantRun;
    beforeAll(async () => { outcome = await runVariants(group.variants, group.args); }, 900_000);
    afterAll(async () => { await outcome?.close(); });

    it('the run fails, with one target per variant', () => {
      expect(group.variants.length, 'the group has variants').toBeGreaterThan(0);
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
