// Round 5 of the blind storage variants: every r5- variant really changes what an object sees.
// Its probe (test/blind/storage/r5-probes.ts) gives one observation on the unbroken control of
// its backend and another on the variant, without the suite; caught or missed, none is a variant
// that changed nothing. Light: in-process, one fresh object per probe and adapter.

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { R5_PROBES } from './blind/storage/r5-probes.js';
import { probeObject } from './blind/storage/support.js';
import type { StorageAdapter } from '../contract/storage.js';

const r5Variants = readdirSync(new URL('./blind/storage/', import.meta.url))
  .filter((file) => /^r5-.*\.ts$/.test(file) && file !== 'r5-probes.ts').map((file) => file.slice(0, -3)).sort();

async function adapterOf(name: string): Promise<StorageAdapter> {
  return ((await import(`./blind/storage/${name}.ts`)) as { default: StorageAdapter }).default;
}

describe('round 5 of the blind storage variants, each against its control', () => {
  it('every r5 variant has a probe, and every probe a variant', () => {
    expect(Object.keys(R5_PROBES).sort()).toEqual(r5Variants);
  });

  it.each(r5Variants)('%s: the probe sees the misreading on the variant, not on the control', async (name) => {
    const probe = R5_PROBES[name]!;
    const variant = await adapterOf(name);
    expect(variant.name).toBe(`blind-${name}`);
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
