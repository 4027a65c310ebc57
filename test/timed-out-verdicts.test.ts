// What a spec that timed out means for the report (report/model.ts): one failure, with its cause,
// that gates the run as failed (exit 1); the requirements it cites are "not verified: timed out",
// not failed, and not passed because another spec citing them passed. A failure that is not a
// timeout is the control: its requirements are failed.

import { describe, expect, it } from 'vitest';
import { verdictLines } from '../src/cli/output.js';
import type { AreaCatalog } from '../requirements/model.js';
import type { TestRecord } from '../src/core/records.js';
import { EVERYTHING } from '../src/core/selection.js';
import { buildReport, type Report } from '../src/report/model.js';
import { EXIT_CODES } from '../src/runner/run.js';

const ids = ['R-ONLY', 'R-SHARED', 'R-FAILED'] as const;
const catalog: AreaCatalog[] = [{ area: 'filters', requirements: ids.map((id) => ({ id, area: 'filters' as const, level: 'must' as const, profile: 'core' as const, section: [{ headings: ['s'] }], text: 't' })) }];

const spec = (title: string, requirements: string[], outcome: 'passed' | 'failed' | 'timed out'): TestRecord => ({
  name: `zone-api > ${title}`, target: 'zone-api', spec: { describe: [], title }, file: 'f.spec.ts', requirements, durationMs: 1,
  status: outcome === 'passed' ? 'passed' : 'failed',
  ...(outcome !== 'passed' && { error: outcome === 'timed out' ? 'GET http://t/zones/z/filters: no response in 1 s (--timeout; fix: raise --timeout S if the target is this slow)' : 'expected 200, got 500' }),
  ...(outcome === 'timed out' && { timedOut: true as const }),
});

function reportOf(tests: TestRecord[]): Report {
  const run = { id: 'r', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', durationMs: 1000, targets: [], suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 1 };
  return buildReport({ version: '0', run, suites: [{ name: 'zone-api', catalog }], tests, fileErrors: [], checkCoverage: false });
}

const rows = (report: Report) => Object.fromEntries(report.requirements.map((r) => [r.id, { status: r.status, ...(r.notVerifiedReason && { reason: r.notVerifiedReason }) }]));

describe('a spec that timed out', () => {
  const report = reportOf([
    spec('hangs', ['R-ONLY', 'R-SHARED', 'R-FAILED'], 'timed out'),
    spec('passes', ['R-SHARED'], 'passed'),
    spec('fails', ['R-FAILED'], 'failed'),
  ]);

  it('leaves what it cites not verified: timed out, also where another spec passed; a requirement another spec failed stays failed', () => {
    expect(rows(report)).toEqual({
      'R-ONLY': { status: 'skipped', reason: 'timed out' },
      'R-SHARED': { status: 'skipped', reason: 'timed out' },
      'R-FAILED': { status: 'failed' },
    });
  });

  it('is one failure with its cause, and the run gates as failed (exit 1)', () => {
    expect(report.summary).toMatchObject({ failed: 2, passed: 1 });
    expect(report.causes.map((c) => c.label)).toContain('GET http://t/zones/z/filters: no response in 1 s (--timeout; fix: raise --timeout S if the target is this slow)');
    expect(report.verdicts.outcome).toBe('failed');
    expect(EXIT_CODES[report.verdicts.outcome]).toBe(1);
    expect(verdictLines(report)[0]).toContain('requirements 0 of 3 passed, 1 failed, 2 not verified (2 timed out)');
  });

  it('the control: the same spec failing otherwise fails what it cites', () => {
    const failed = reportOf([spec('fails instead', ['R-ONLY', 'R-SHARED'], 'failed'), spec('passes', ['R-SHARED'], 'passed')]);
    expect(rows(failed)).toMatchObject({ 'R-ONLY': { status: 'failed' }, 'R-SHARED': { status: 'failed' } });
  });
});
