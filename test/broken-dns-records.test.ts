// The DNS record specs can fail: the dns-records area, run against deliberately broken variants
// of the reference (all in one run, one target each), must fail exactly the requirements each
// misreading breaks.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecordVariants } from './broken/dns-records-variants.js';
import { runVariants, type VariantRun } from './helpers/variant-run.js';

describe('broken variants of the reference DNS records are caught', () => {
  let outcome: VariantRun;
  beforeAll(async () => { outcome = await runVariants(dnsRecordVariants, ['--area', 'dns-records']); }, 900_000);
  afterAll(async () => { await outcome?.close(); });

  it('the run fails, with one target per variant', () => {
    expect(outcome.run.code, outcome.run.stderr).toBe(1);
    expect(outcome.report.run.targets).toHaveLength(dnsRecordVariants.length);
  });

  for (const variant of dnsRecordVariants) {
    it(`${variant.name}: ${variant.misreading}`, () => {
      expect(outcome.failedBy(variant)).toEqual([...variant.expectedFailures].sort());
    });
  }
});
