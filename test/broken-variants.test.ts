// The suite can fail: run against deliberately broken variants of the reference, the run must fail
// exactly the requirements each misreading breaks — no fewer (the suite catches it) and no more
// (the specs are precise about what they verify). All variants in one run, one target each.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolVariants, wafMigrationVariants, zoneApiVariants } from './broken/zone-api-variants.js';
import { runVariants, type VariantRun } from './helpers/variant-run.js';

const variants = [...zoneApiVariants, ...protocolVariants, ...wafMigrationVariants];

describe('broken variants of the reference zone API are caught', () => {
  let outcome: VariantRun;
  beforeAll(async () => { outcome = await runVariants(variants, []); }, 900_000);
  afterAll(async () => { await outcome?.close(); });

  it('the run fails, with one target per variant', () => {
    expect(outcome.run.code, outcome.run.stderr).toBe(1);
    expect(outcome.report.run.targets).toHaveLength(variants.length);
  });

  for (const variant of variants) {
    it(`${variant.name}: ${variant.misreading}`, () => {
      expect(outcome.failedBy(variant)).toEqual([...variant.expectedFailures].sort());
    });
  }
});
