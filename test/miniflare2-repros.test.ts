// Each known failure of Miniflare 2 (suites/storage/baselines/miniflare2.json) is backed by a
// standalone reproduction against Miniflare 2 alone (test/repro/miniflare2/*.mjs, no specgate code
// in them). Here each runs and must still show its divergence: the day Miniflare 2 behaves, its
// test fails, and the baseline entry (and the reproduction) must go. Every reproduction is named by
// a baseline entry, and every entry names one that exists.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readBaseline } from '../src/report/baseline.js';
import { ROOT } from './helpers/cli.js';

const DIR = 'test/repro/miniflare2';
const BASELINE = join(ROOT, 'suites/storage/baselines/miniflare2.json');
const REPRODUCTION = /test\/repro\/miniflare2\/[\w-]+\.mjs/g;

const reproductions = readdirSync(join(ROOT, DIR)).filter((name) => name.endsWith('.mjs') && name !== 'harness.mjs').sort();
const entries = readBaseline(BASELINE).knownFailures;

interface Outcome { present: boolean; [detail: string]: unknown }

describe('Miniflare 2 reproductions', () => {
  it('every baseline entry names a reproduction that exists, and every reproduction is named', () => {
    const named = new Set<string>();
    for (const entry of entries) {
      const paths = entry.reason.match(REPRODUCTION) ?? [];
      expect(paths.length, `${entry.requirement ?? entry.spec} names its reproduction`).toBeGreaterThan(0);
      for (const path of paths) named.add(path.slice(DIR.length + 1));
    }
    expect([...named].sort()).toEqual(reproductions);
  });

  for (const name of reproductions) {
    it(`${name}: the divergence is still present`, async () => {
      const module = (await import(pathToFileURL(join(ROOT, DIR, name)).href)) as { reproduce(): Promise<Outcome> };
      const outcome = await module.reproduce();
      expect(outcome.present, `Miniflare 2 no longer shows it (${JSON.stringify(outcome)}): remove its baseline entry and reproduction`).toBe(true);
    });
  }
});
