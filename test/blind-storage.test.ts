// The blind check of the storage suite: misreadings of the storage document, written
// from the document alone (test/blind/storage/), each run through the CLI as its own adapter, all
// side by side in one run. For each, the outcome recorded in test/blind/storage/index.ts must be
// exactly what the run finds: a caught variant fails exactly its recorded core requirements,
// among them one of the sentence it violates; a missed one fails none of the sentence's (and
// exactly its recorded other ones, usually none). When the suite changes, this test says which
// entries to update. Probes show, without the suite, that each missed variant really is broken.

import { beforeAll, describe, expect, it } from 'vitest';
import { BLIND_VARIANTS, CONTROLS, type BlindVariant } from './blind/storage/index.js';
import { PROBES } from './blind/storage/probes.js';
import { probeObject } from './blind/storage/support.js';
import { failedRequirementsOf, readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';
import type { Report } from '../src/report/model.js';
import type { StorageAdapter } from '../contract/storage.js';
import { catalogedRequirementIds } from '../src/catalog/suites.js';

const SEED = '20261121';
const modulePath = (name: string): string => `./test/blind/storage/${name}.ts`;
const target = (name: string): string => `storage:blind-${name}`;

let run: CliResult;
let report: Report;

/** The core requirements a variant's target failed (the run is core-only), sorted. */
const failedBy = (name: string): string[] => failedRequirementsOf(report, target(name));

describe('the record of blind storage variants', () => {
  const catalogued = catalogedRequirementIds();
  it('names only catalogued requirements, and each caught variant is caught by a requirement of its sentence', () => {
    const unknown = BLIND_VARIANTS.flatMap((v) => [...v.requirements, ...('caught' in v.outcome ? v.outcome.caught : v.outcome.alsoFailed ?? [])]
      .filter((id) => !catalogued.has(id)).map((id) => `${v.name}: ${id}`));
    expect(unknown).toEqual([]);
    const offSentence = BLIND_VARIANTS.filter((v) => 'caught' in v.outcome && !v.outcome.caught.some((id) => v.requirements.includes(id)));
    expect(offSentence.map((v) => v.name)).toEqual([]);
    expect(new Set(BLIND_VARIANTS.map((v) => v.name)).size, 'one entry per variant').toBe(BLIND_VARIANTS.length);
  });
});

// npm test holds this check: about 4.5 CPU-s per variant (mostly the model-based
// specs); the first 77 took 6 to 12 minutes of one worker on 2 cores, the 25 of round 3 with the two
// controls 5 minutes (bench/ci-speed.md).
describe('the blind variants of the storage suite, in one CLI run', () => {
  beforeAll(async () => {
    const reportDir = tempDir('blind-storage');
    const adapters = [...CONTROLS, ...BLIND_VARIANTS.map((variant) => variant.name)].map(modulePath).join(',');
    console.log(`blind storage check: ${BLIND_VARIANTS.length} variants and ${CONTROLS.length} controls in one run, --seed ${SEED}, report in ${reportDir}`);
    // --no-preflight: what is asserted is what the specs catch, not a preflight stopping the run.
    run = await runCli(['run', '--suite', 'storage', '--profile', 'core', '--no-preflight', '--share-workers', '--seed', SEED, '--adapter', adapters, '--report-dir', reportDir]);
    report = readReport(reportDir);
  }, 60 * 60_000);

  it('the run fails on the core gate (the variants fail) and ran every target', () => {
    expect(run.code, run.stderr).toBe(1);
    const ran = new Set(report.tests.map((test) => test.target));
    for (const name of [...CONTROLS, ...BLIND_VARIANTS.map((variant) => variant.name)]) expect(ran, name).toContain(target(name));
  });

  it.each(CONTROLS)('the unbroken control %s passes every core spec it runs', (name) => {
    const tests = report.tests.filter((test) => test.target === target(name));
    expect(tests.length).toBeGreaterThan(0);
    expect(tests.filter((test) => test.status !== 'passed').map((test) => `${test.name}: ${test.status}`)).toEqual([]);
  });

  it.each(BLIND_VARIANTS.filter((variant) => 'caught' in variant.outcome).map((variant): [string, BlindVariant] => [variant.name, variant]))(
    '%s is caught by its recorded requirements, one of the sentence it violates', (_name, variant) => {
      const outcome = variant.outcome as { caught: string[] };
      expect(failedBy(variant.name)).toEqual([...outcome.caught].sort());
      expect(outcome.caught.filter((id) => variant.requirements.includes(id)).length, `none of ${variant.requirements.join(', ')} is among the failures`)
        .toBeGreaterThan(0);
    });

  it.each(BLIND_VARIANTS.filter((variant) => 'missed' in variant.outcome).map((variant): [string, BlindVariant] => [variant.name, variant]))(
    '%s is missed', (_name, variant) => {
      const outcome = variant.outcome as { missed: true; alsoFailed?: string[] };
      const failed = failedBy(variant.name);
      expect(failed.filter((id) => variant.requirements.includes(id))).toEqual([]);
      expect(failed).toEqual([...(outcome.alsoFailed ?? [])].sort());
    });
});

/** The adapter a module exports (a variant's, or a control's). */
async function adapterOf(name: string): Promise<StorageAdapter> {
  return ((await import(`./blind/storage/${name}.ts`)) as { default: StorageAdapter }).default;
}

describe('each missed variant is really broken (a probe, without the suite)', () => {
  const missed = BLIND_VARIANTS.filter((variant) => 'missed' in variant.outcome);

  it('every missed variant has a probe, and every probe a missed variant', () => {
    expect(Object.keys(PROBES).sort()).toEqual(missed.map((variant) => variant.name).sort());
  });

  it.each(missed.map((variant) => variant.name))('%s: the probe sees the misreading on the variant, not on the control', async (name) => {
    const probe = PROBES[name]!;
    const variant = await adapterOf(name);
    const control = await adapterOf(variant.supports.sql ? 'unbroken-sqlite' : 'unbroken-kv');
    for (const [adapter, expected] of [[control, probe.reference], [variant, probe.variant]] as const) {
      const object = probeObject(adapter);
      try {
        expect(await probe.run(object), `${adapter.name}: ${probe.does}`).toEqual(expected);
      } finally {
        await object.object.destroy();
      }
    }
  });
});
