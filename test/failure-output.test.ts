// What `specgate run` prints about its failures (cli/output.ts): grouped by cause, the cause first
// and the specs under it (a few per cause), the causes of gated failures first, bounded.

import { describe, expect, it } from 'vitest';
import { failureLines } from '../src/cli/output.js';
import { answerOf } from '../src/core/answer.js';
import type { AreaCatalog } from '../requirements/model.js';
import type { TestRecord } from '../src/core/records.js';
import { EVERYTHING } from '../src/core/selection.js';
import { buildReport, type Report } from '../src/report/model.js';
import { summaryMarkdown } from '../src/report/summary.js';

const AUTH = 'HTTP 403, errors 10000 "Authentication error"';
const catalog: AreaCatalog[] = [{ area: 'filters', requirements: [
  { id: 'R-CORE', area: 'filters', level: 'must', profile: 'core', section: [{ headings: ['s'] }], text: 't' },
  { id: 'R-EXT', area: 'filters', level: 'must', profile: 'extended', section: [{ headings: ['s'] }], text: 't' },
] }];
const spec = (title: string, error: string | undefined, requirement = 'R-CORE'): TestRecord =>
  ({ name: `zone-api > ${title}`, target: 'zone-api', spec: { describe: [], title }, file: 'f.spec.ts', requirements: [requirement], status: error === undefined ? 'passed' : 'failed', durationMs: 1, ...(error !== undefined && { error }) });

/** A spec that failed on the target's refusal of its token: the spec kit records the answer beside the text. */
const refused = (title: string, error: string, requirement = 'R-CORE'): TestRecord =>
  ({ ...spec(title, error, requirement), failure: { answer: answerOf(403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }] }) } });

function reportOf(tests: TestRecord[]): Report {
  const run = { id: 'r', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', durationMs: 1000, targets: [], suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 1 };
  return buildReport({ version: '0', run, suites: [{ name: 'zone-api', catalog }], tests, fileErrors: [], checkCoverage: false });
}

describe('failureLines', () => {
  it('a wrong token: the cause on the first failure line, a few specs under it, and how many more', () => {
    const tests = [
      ...Array.from({ length: 150 }, (_, i) => refused(`convention ${i}`, `step ${i}: ${AUTH}; it should answer HTTP 404`, 'R-EXT')),
      ...Array.from({ length: 46 }, (_, i) => refused(`core ${i}`, `creating filters: ${AUTH}; it should succeed with the envelope (success true, errors empty)\nbody: {}`)),
      spec('passes', undefined),
    ];
    const lines = failureLines(reportOf(tests));
    expect(lines[0]).toBe('specgate: 196 failed specs, 1 cause:');
    expect(lines[1]).toBe(`  ✗ ${AUTH} — 196 specs (46 gated, 150 production conventions not gated)`);
    // The gated specs first, each with its first line; then how many more.
    expect(lines.slice(2, 4)).toEqual([
      '      zone-api > core 0 [R-CORE]',
      `        creating filters: ${AUTH}; it should succeed with the envelope (success true, errors empty)`,
    ]);
    expect(lines.filter((l) => l.startsWith('      zone-api > '))).toHaveLength(3);
    expect(lines.at(-1)).toBe('      … and 193 more specs with this cause (all in report.html and summary.md)');
  });

  it('one line per spec under a message (the message is the cause); at most 10 causes, 20 specs, then a count of the rest', () => {
    const tests = Array.from({ length: 25 }, (_, i) => spec(`spec ${i}`, `finding number ${'abcdefghijklmnopqrstuvwxyz'[i]}: expected 1 to be 2`));
    const lines = failureLines(reportOf(tests));
    expect(lines[0]).toBe('specgate: 25 failed specs, 25 causes:');
    expect(lines.slice(1, 3)).toEqual(['  ✗ finding number a: expected 1 to be 2', '      zone-api > spec 0 [R-CORE]']);
    expect(lines.filter((l) => l.startsWith('  ✗'))).toHaveLength(10);
    expect(lines.at(-1)).toBe('  … and 15 more causes (15 specs): all in report.html and summary.md');
  });

  it('stops at 20 specs in all', () => {
    const tests = Array.from({ length: 30 }, (_, i) => [spec(`a${i}`, `finding ${'abcdefghijklmnopqrstuvwxyz0'[i % 9]}`), spec(`b${i}`, `finding ${'abcdefghijklmnopqrstuvwxyz0'[i % 9]}`)]).flat();
    const lines = failureLines(reportOf(tests));
    expect(lines[0]).toBe('specgate: 60 failed specs, 9 causes:');
    expect(lines.filter((l) => l.startsWith('      zone-api > '))).toHaveLength(20);
    expect(lines.filter((l) => l.startsWith('  ✗'))).toHaveLength(7);
    expect(lines.at(-1)).toBe('  … and 2 more causes (12 specs): all in report.html and summary.md');
  });

  it('marks known failures and production conventions under a cause that mixes them', () => {
    const report = reportOf([refused('a', `a: ${AUTH}; x`), refused('b', `b: ${AUTH}; x`, 'R-EXT')]);
    report.tests[0]!.known = { reason: 'issue #1' };
    const lines = failureLines(report);
    expect(lines).toContain('      zone-api > a [R-CORE] (known)');
    expect(lines).toContain('      zone-api > b [R-EXT] (production convention, not gated)');
  });

  it('says nothing when nothing failed', () => {
    expect(failureLines(reportOf([spec('passes', undefined)]))).toEqual([]);
  });
});

describe('summary.md, failures', () => {
  const failuresOf = (report: Report) => summaryMarkdown(report).split('\n## ').find((part) => part.startsWith('Failures'))!;

  it('one section per cause: the cause as its heading, the first spec in full, the others listed', () => {
    const tests = [
      refused('core 0', `creating filters: ${AUTH}; it should succeed\nbody: {"success":false}`),
      { ...refused('core 1', `GET /x: ${AUTH}; it should answer HTTP 404`), exchange: 'GET /x\n< 403' },
      refused('convention', `y: ${AUTH}; x`, 'R-EXT'),
      spec('other', 'expected 1 to be 2'),
    ];
    const report = reportOf(tests);
    report.tests[1]!.known = { reason: 'issue #9' };
    expect(failuresOf(report)).toBe([
      'Failures (4 specs, 2 causes)',
      '',
      'Grouped by cause: what the target answered (HTTP status and error codes) or the failure\'s message; the causes of the most gated failures first. Every failure in full: report.html, report.json.',
      '',
      `### 1. ${AUTH}`,
      '',
      '3 specs (2 gated, 1 production convention not gated).',
      '',
      '#### zone-api > core 0',
      '',
      'Requirements: R-CORE',
      '',
      '```',
      `creating filters: ${AUTH}; it should succeed\nbody: {"success":false}`,
      '```',
      '',
      "Replay: `npx specgate run --suite zone-api --grep '^core 0$' --seed 1`",
      '',
      'The other specs with this cause:',
      '',
      `- zone-api > core 1: R-CORE (known failure: issue #9) — GET /x: ${AUTH}; it should answer HTTP 404`,
      `- zone-api > convention: R-EXT (production convention) — y: ${AUTH}; x`,
      '',
      '### 2. expected 1 to be 2',
      '',
      '#### zone-api > other',
      '',
      'Requirements: R-CORE',
      '',
      '```',
      'expected 1 to be 2',
      '```',
      '',
      "Replay: `npx specgate run --suite zone-api --grep '^other$' --seed 1`",
      '',
      '',
    ].join('\n'));
  });

  it('lists at most 50 specs under a cause, and says how many more', () => {
    const tests = Array.from({ length: 60 }, (_, i) => refused(`s${i}`, `step ${i}: ${AUTH}; x`));
    const part = failuresOf(reportOf(tests));
    expect(part.match(/^- zone-api > /gm)).toHaveLength(50);
    expect(part).toContain('- … and 9 more: report.html, report.json');
  });
});
