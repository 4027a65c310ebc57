// The blind check of the zone API suite (issue 25): misreadings of the zone document written from
// the document alone (test/blind/zone-api/variants/), run through the CLI in one run with one
// hooked reference per variant. Each variant's measured outcome is recorded in
// test/blind/zone-api/index.ts: the core requirements it fails (caught), only extended ones, or
// missed. The assertions are exact, so this file fails when the suite changes what it catches:
// re-measure (npx tsx test/blind/zone-api/measure.ts) and update the record.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { ROOT } from './helpers/cli.js';
import { BLIND_OUTCOMES } from './blind/zone-api/index.js';
import { outcomeFromReport, runBlindVariants, type BlindRun } from './blind/zone-api/run.js';
import type { BlindOutcome } from './blind/zone-api/variant.js';
import { BLIND_VARIANTS } from './blind/zone-api/variants.js';

const UNHOOKED = { name: 'unhooked reference', customize: () => {} };
const SPEC = join(ROOT, '../shared/spec/zone-management-api.md');
// SPECGATE_BLIND_ONLY=<text>: only the variants whose name contains it (a quicker run; same outcomes).
const ONLY = process.env.SPECGATE_BLIND_ONLY;
const MEASURED = BLIND_VARIANTS.filter((v) => ONLY === undefined || v.name.includes(ONLY));

/**
 * The certificate rate limit specs run on the target's real-time clock: on a loaded machine (96
 * targets in one run) the minute slides under a slow run, and whether such a spec fails depends on
 * timing, against a variant of the limit (a fixed calendar minute, a check-then-create race) as
 * against one that does not touch it (seen in the measured run). Their requirements are therefore
 * left out of the comparison on both sides; every other difference fails. The record keeps what the
 * measured run found for them.
 */
// The same for the Moved lifetime's spec: two variants (7 days from creation, PATCH leaving a Moved
// hostname pending) failed it in the 96-target run and passed it in a 6-target one.
const TIMING_SENSITIVE = /^(ZM-CH-CERT-RATE-|ZM-CH-MOVED-DELETED-AFTER-7D$)/;
function settled(outcome: BlindOutcome): BlindOutcome {
  const keep = (ids: string[]) => ids.filter((id) => !TIMING_SENSITIVE.test(id));
  if ('caught' in outcome) return keep(outcome.caught).length > 0 ? { caught: keep(outcome.caught) } : { missed: true };
  if ('extendedOnly' in outcome) return keep(outcome.extendedOnly).length > 0 ? { extendedOnly: keep(outcome.extendedOnly) } : { missed: true };
  return outcome;
}

describe('the record of blind variants', () => {
  it('has one outcome for every variant, and no other', () => {
    const names = BLIND_VARIANTS.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(BLIND_OUTCOMES).sort()).toEqual([...names].sort());
  });

  it.skipIf(!existsSync(SPEC))('quotes the document: every quoted part of every sentence is in it', () => {
    const document = readFileSync(SPEC, 'utf8');
    // A sentence may quote several places, joined by " / "; "..." stands for a part left out.
    const missing = BLIND_VARIANTS.flatMap((v) => v.sentence.split(' / ').flatMap((part) => part.split('...'))
      .map((piece) => piece.trim()).filter((piece) => piece !== '' && !document.includes(piece)).map((piece) => `${v.name}: ${piece}`));
    expect(missing).toEqual([]);
  });

  it('leaves out only the real-time rate limit requirements', () => {
    expect(settled({ extendedOnly: ['ZM-CH-CERT-RATE-15-PER-MIN', 'ZM-CH-HOLD-BLOCKED'] })).toEqual({ extendedOnly: ['ZM-CH-HOLD-BLOCKED'] });
    expect(settled({ extendedOnly: ['ZM-CH-CERT-RATE-15-PER-MIN'] })).toEqual({ missed: true });
    expect(settled({ caught: ['ZM-FW-PRIORITY-NULL'] })).toEqual({ caught: ['ZM-FW-PRIORITY-NULL'] });
    expect(settled({ missed: true })).toEqual({ missed: true });
  });

  it('tells caught, extended only and missed apart (the classification can fail)', () => {
    const test = (target: string, status: string, profile: string, requirements: string[]) => ({ target, status, profile, requirements });
    const report = {
      tests: [
        test('a', 'failed', 'core', ['ZA-1']), test('a', 'failed', 'extended', ['ZA-9']),
        test('b', 'failed', 'extended', ['ZA-9']), test('b', 'passed', 'core', ['ZA-1']),
        test('c', 'passed', 'core', ['ZA-1']), test('c', 'skipped', 'extended', ['ZA-9']),
      ],
    } as unknown as Report;
    expect(outcomeFromReport(report, 'a')).toEqual({ caught: ['ZA-1'] });
    expect(outcomeFromReport(report, 'b')).toEqual({ extendedOnly: ['ZA-9'] });
    expect(outcomeFromReport(report, 'c')).toEqual({ missed: true });
  });
});

// The run of all 96 targets takes 15 to 50 minutes on 2 cores (every variant meets every zone spec),
// more than npm test can hold: it runs with SPECGATE_BLIND_ZONE=1, or SPECGATE_BLIND_ONLY=<text> for
// a subset. The record's static checks above, and test/blind-zone-api-misses.test.ts (each missed
// variant shown to be a real break), always run.
const RUN_BLIND = process.env.SPECGATE_BLIND_ZONE === '1' || ONLY !== undefined;

describe.skipIf(!RUN_BLIND)('blind variants of the zone API suite, measured in one run', () => {
  let run: BlindRun;
  beforeAll(async () => {
    run = await runBlindVariants([UNHOOKED, ...MEASURED]);
    console.log(`blind variants: one run of ${MEASURED.length + 1} targets, exit ${run.run.code}, seed ${run.report.run.seed}`);
  }, 120 * 60_000);
  afterAll(async () => { await run?.close(); });

  it('the unhooked reference passes every spec', () => {
    expect(run.outcomeOf(UNHOOKED.name)).toEqual({ missed: true });
    // Every spec file loaded and no test worker died: a miss is the suite's, not the run's.
    expect(run.report.errors).toEqual([]);
  });

  it.each(MEASURED.map((v) => [v.name]))('%s', (name) => {
    expect(settled(run.outcomeOf(name))).toEqual(settled(BLIND_OUTCOMES[name]!));
  });
});
