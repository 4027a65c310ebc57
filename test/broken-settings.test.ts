// The settings specs can fail: run against deliberately broken variants of the reference's DNS,
// zone and account settings (all in one run, one target each, of those three areas only), the run
// must fail exactly the requirements each misreading breaks — no fewer and no more.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsVariants } from './broken/settings-variants.js';
import { runVariants, type VariantRun } from './helpers/variant-run.js';

describe('broken variants of the reference settings are caught', () => {
  let outcome: VariantRun;
  beforeAll(async () => { outcome = await runVariants(settingsVariants, ['--area', 'dns-settings,zone-settings,account-settings']); }, 900_000);
  afterAll(async () => { await outcome?.close(); });

  it('the run fails, with one target per variant', () => {
    expect(outcome.run.code, outcome.run.stderr).toBe(1);
    expect(outcome.report.run.targets).toHaveLength(settingsVariants.length);
  });

  for (const variant of settingsVariants) {
    it(`${variant.name}: ${variant.misreading}`, () => {
      expect(outcome.failedBy(variant)).toEqual([...variant.expectedFailures].sort());
    });
  }
});
