// The specs whose premise is that events really ran together (the input gate's increments, the
// single-threaded spans, the transactions across awaits) check that they did: each event logs in the object when it started, read,
// wrote and ended. Against a runtime that delivers events one after another they are not verified
// (never passed), against one without an input gate they fail, and on the reference they pass.
// One narrowed run of the three requirements' files, every adapter side by side: a few seconds.

import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { runStorageVariants } from './helpers/storage-variant-run.js';
import { failedRequirementsOf, type CliResult } from './helpers/cli.js';

const PREMISE_SPECS = /^(input gate > 50 concurrent|the input gate across awaits|execution > the synchronous code|a transaction holds other events off while its closure awaits > concurrent transactions whose closures await 10 )/;
const premiseSpecs = (report: Report, target: string) => report.tests.filter((t) => t.target === target && PREMISE_SPECS.test(t.name.slice(target.length + 3)));

describe('specs whose premise is events interleaving', () => {
  let report: Report;
  let run: CliResult;
  beforeAll(async () => {
    ({ run, report } = await runStorageVariants('broken-storage-interleaving', ['reference', 'cons-events-apart', 'cons-gate-missing', 'txn-in-flight-not-held'],
      ['--requirement', 'ST-CONS-INPUT-GATE,ST-CONS-SINGLE-THREADED,ST-TXN-ISOLATED']));
  }, 300_000);

  it('the run fails (the gate-less runtime)', () => {
    expect(run.code, run.stderr).toBe(1);
  });

  it('the reference passes each of them: its events interleaved', () => {
    for (const target of ['storage:reference-kv', 'storage:reference-sqlite']) {
      const specs = premiseSpecs(report, target);
      expect(specs.length, target).toBe(5);
      expect(specs.map((t) => t.status), target).toEqual(Array(5).fill('passed'));
    }
  });

  it('cons-events-apart (events delivered one after another): each is not verified, the premise named, none passed', () => {
    const specs = premiseSpecs(report, 'storage:cons-events-apart');
    expect(specs.length).toBe(5);
    for (const spec of specs) {
      expect(spec.status, spec.name).toBe('skipped');
      expect(spec.skipReason, spec.name).toMatch(/^not verified: the premise did not occur: .* did not interleave/);
    }
  });

  it('cons-gate-missing (no input gate): the increments fail ST-CONS-INPUT-GATE', () => {
    const specs = premiseSpecs(report, 'storage:cons-gate-missing').filter((t) => t.requirements.includes('ST-CONS-INPUT-GATE'));
    expect(specs.map((t) => t.status)).toEqual(['failed', 'failed', 'failed']);
    expect(failedRequirementsOf(report, 'storage:cons-gate-missing')).toContain('ST-CONS-INPUT-GATE');
  });

  it('txn-in-flight-not-held (a transaction holds off new events only): the transactions across awaits fail ST-TXN-ISOLATED', () => {
    const specs = premiseSpecs(report, 'storage:txn-in-flight-not-held').filter((t) => t.name.includes('a transaction holds other events off'));
    expect(specs.map((t) => t.status)).toEqual(['failed']);
    expect(failedRequirementsOf(report, 'storage:txn-in-flight-not-held')).toContain('ST-TXN-ISOLATED');
  });
});
