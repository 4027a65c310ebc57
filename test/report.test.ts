// The report model: how test results become requirement statuses and area compliance.

import { describe, expect, it } from 'vitest';
import type { AreaCatalog } from '../src/catalog/types.js';
import { buildReport } from '../src/report/model.js';
import { redact, summaryMarkdown } from '../src/report/write.js';
import type { TestRecord } from '../src/runner/collector.js';
import { EVERYTHING } from '../src/runner/selection.js';

const requirement = (id: string, extra: object = {}) => ({ id, area: 'filters' as const, level: 'must' as const, profile: 'core' as const, section: 's', text: `${id} text`, ...extra });
const catalog: AreaCatalog[] = [
  { area: 'filters', requirements: [requirement('R-PASS'), requirement('R-FAIL'), requirement('R-SKIP'), requirement('R-MIXED'), requirement('R-NONE'), requirement('R-UNSPEC', { unspecified: true, level: 'may' })] },
  { area: 'dns-records', pending: 'issue #7', requirements: [requirement('R-PENDING', { area: 'dns-records' })] },
];
const test = (name: string, requirements: string[], status: TestRecord['status']): TestRecord => ({ name, target: 'zone-api', file: 'f.spec.ts', requirements, status, durationMs: 1 });

const report = buildReport({
  version: '0',
  run: { id: 'r', startedAt: '', finishedAt: '', durationMs: 0, targets: [{ suite: 'zone-api', name: 'reference', control: true }], suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 1 },
  suites: [{ name: 'zone-api', catalog }],
  tests: [
    test('passes', ['R-PASS', 'R-MIXED'], 'passed'),
    test('fails', ['R-FAIL', 'R-MIXED'], 'failed'),
    { ...test('skips', ['R-SKIP'], 'skipped'), skipReason: 'target has no control API' },
  ],
  fileErrors: [],
  checkCoverage: true,
});
const status = (id: string) => report.requirements.find((r) => r.id === id)?.status;

describe('requirement status', () => {
  it('passes only when every citing spec passed; one failure fails it; a skip leaves it unverified', () => {
    expect([status('R-PASS'), status('R-FAIL'), status('R-MIXED'), status('R-SKIP')]).toEqual(['passed', 'failed', 'failed', 'skipped']);
  });
  it('distinguishes not run, pending and unspecified', () => {
    expect([status('R-NONE'), status('R-PENDING'), status('R-UNSPEC')]).toEqual(['not-run', 'pending', 'unspecified']);
    expect(report.requirements.find((r) => r.id === 'R-PENDING')?.pendingReason).toBe('issue #7');
  });
  it('counts compliance over verifiable requirements of covered areas only', () => {
    const filters = report.areas.find((a) => a.area === 'filters')!;
    expect(filters).toMatchObject({ state: 'covered', requirements: 5, passed: 1, failed: 2, skipped: 1, notRun: 1, unspecified: 1, compliance: 20 });
    expect(report.areas.find((a) => a.area === 'dns-records')).toMatchObject({ state: 'pending', compliance: null });
  });
  it('reports the golden check in the report', () => {
    expect(report.coverageProblems.map((p) => p.kind)).toEqual(['requirement-without-spec']);
  });
  it('summarizes specs and requirements', () => {
    expect(report.summary).toMatchObject({ passed: 1, failed: 1, skipped: 1, total: 3 });
    expect(report.summary.requirements).toEqual({ passed: 1, failed: 2, skipped: 1, 'not-run': 1, pending: 1, unspecified: 1 });
  });
});

describe('summary.md', () => {
  it('names failures, skip reasons, pending areas and unspecified statements', () => {
    const text = summaryMarkdown(report);
    expect(text).toContain('### fails');
    expect(text).toContain('- skips: target has no control API');
    expect(text).toContain('| dns-records | zone-api | pending: issue #7 |');
    expect(text).toContain('- R-UNSPEC (filters): R-UNSPEC text');
  });
});

describe('redaction', () => {
  it('replaces every occurrence of every secret', () => {
    expect(redact('a TOKEN b TOKEN c key', ['TOKEN', 'key', ''])).toBe('a [REDACTED] b [REDACTED] c [REDACTED]');
  });
  it('also in the escaped forms a secret takes in JSON, XML and HTML', () => {
    const secret = 'p"a&s<s\\';
    const text = [JSON.stringify({ token: secret }), `<x a="${secret.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"/>`].join(' ');
    expect(redact(text, [secret])).not.toMatch(/p.{0,8}a.{0,8}s.{0,8}s/);
  });
});
