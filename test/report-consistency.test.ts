// "The report contradicts itself", on hand-made reports: a failed run's banner
// said "incomplete (exit 3)"; the Target line left out the control URL; the Profile column wrapped
// "extended"; junit.xml counted failures the gate does not count as failures and carried no
// requirement IDs.

import { describe, expect, it } from 'vitest';
import type { AreaCatalog } from '../requirements/model.js';
import type { TestRecord } from '../src/core/records.js';
import { EVERYTHING, type Gate } from '../src/core/selection.js';
import { renderHtml } from '../src/report/html.js';
import { junitOf } from '../src/report/junit.js';
import { buildReport, type Report } from '../src/report/model.js';
import { summaryMarkdown } from '../src/report/summary.js';
import { requestLines } from '../src/cli/output.js';

const requirement = (id: string, extra: object = {}) => ({ id, area: 'filters' as const, level: 'must' as const, profile: 'core' as const, document: 'zone-management-api.md' as const, section: [{ headings: ['s'] }], text: `${id} text`, ...extra });
const catalog: AreaCatalog[] = [{ area: 'filters', requirements: [requirement('R-CORE'), requirement('R-SKIP'), requirement('R-EXT', { profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['HTTP API conventions'] }] }), requirement('R-KNOWN')] }];
const spec = (title: string, requirements: string[], status: TestRecord['status'], extra: Partial<TestRecord> = {}): TestRecord =>
  ({ name: `zone-api > filters > ${title}`, target: 'zone-api', spec: { describe: ['filters'], title }, file: 'f.spec.ts', requirements, status, durationMs: 1, ...extra });

function report(tests: TestRecord[], gate: Gate = 'core'): Report {
  return buildReport({
    version: '0.0.0',
    run: {
      id: 'run-1', startedAt: '2026-01-02T03:04:05.678Z', finishedAt: '2026-01-02T03:04:06.678Z', durationMs: 1000,
      targets: [{ suite: 'zone-api', name: 'staging', baseUrl: 'https://api.example.test/client/v4', control: true, controlUrl: 'https://api.example.test/__control' }],
      suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 7,
    },
    suites: [{ name: 'zone-api', catalog }],
    tests, fileErrors: [], checkCoverage: false, gate,
  });
}

const unverified = spec('needs a clock', ['R-SKIP'], 'skipped', { skipReason: 'target has no clock control' });

describe('the banner of gated specs left unverified', () => {
  it('on a failed run, says the outcome is failed (exit 1), not incomplete (exit 3)', () => {
    const failed = report([spec('fails', ['R-CORE'], 'failed', { error: 'expected 404, got 200' }), unverified]);
    expect(failed.verdicts.outcome).toBe('failed');
    for (const text of [renderHtml(failed), summaryMarkdown(failed)]) {
      expect(text).not.toContain('exit 3');
      expect(text).toContain('the outcome is failed all the same (exit 1)');
    }
  });

  it('on a run where nothing failed, says incomplete (exit 3), as before', () => {
    const incomplete = report([spec('passes', ['R-CORE'], 'passed'), unverified]);
    expect(incomplete.verdicts.outcome).toBe('incomplete');
    expect(renderHtml(incomplete)).toContain('so the outcome is incomplete, not passed (exit 3; --accept-incomplete accepts it)');
  });
});

describe('the target', () => {
  const passed = report([spec('passes', ['R-CORE'], 'passed')]);

  it('names its control API by URL, in report.html and summary.md', () => {
    expect(renderHtml(passed)).toContain('staging at https://api.example.test/client/v4, control API at https://api.example.test/__control');
    expect(summaryMarkdown(passed)).toContain('- Target (zone-api): staging (https://api.example.test/client/v4), control API at https://api.example.test/__control');
  });

  it('keeps level, profile and status of the matrix on one line', () => {
    const page = renderHtml(passed);
    expect(page).toContain('.matrix td.word{overflow-wrap:normal;white-space:nowrap}');
    expect(page).toMatch(/<td class="word">must<\/td><td class="word">extended<\/td><td class="word"><span class="badge s-not-run">/);
  });
});

describe('junit.xml keeps the gate\'s meaning', () => {
  const tests = [
    spec('core fails', ['R-CORE'], 'failed', { error: 'expected 404, got 200\nsecond line' }),
    spec('convention fails', ['R-EXT'], 'failed', { error: 'expected "Not found", got "not found"' }),
    spec('known fails', ['R-KNOWN'], 'failed', { error: 'expected 1 to be 2' }),
  ];
  function withBaseline(gate: Gate): Report {
    const r = report(tests, gate);
    r.tests.find((t) => t.name.endsWith('known fails'))!.known = { reason: 'issue #9' };
    return { ...r, baseline: { file: 'baseline.json', known: 1, new: 1, fixed: 0, newFailures: [], staleEntries: [] } };
  }
  const caseOf = (junit: string, title: string) => junit.split('<testcase ').find((c) => c.includes(`&gt; ${title}"`)) ?? '';

  it('a failure the gate counts is a <failure>; one it does not (a convention, a known failure) is <skipped> saying why, its error whole', () => {
    const junit = junitOf(withBaseline('core'));
    expect(junit).toMatch(/<testsuites name="specgate run-1" tests="3" failures="1" errors="0" skipped="2"/);
    expect(caseOf(junit, 'core fails')).toContain('<failure message="expected 404, got 200">expected 404, got 200\nsecond line</failure>');
    const convention = caseOf(junit, 'convention fails');
    expect(convention).not.toContain('<failure');
    expect(convention).toContain('<skipped message="failed, not counted by the gate (production convention (extended), not gated): expected &quot;Not found&quot;, got &quot;not found&quot;"/>');
    expect(convention).toContain('<system-err>expected &quot;Not found&quot;, got &quot;not found&quot;</system-err>');
    expect(caseOf(junit, 'known fails')).toContain('<skipped message="failed, not counted by the gate (known to the baseline: issue #9): expected 1 to be 2"/>');
  });

  it('under --gate extended, a failed convention is a <failure>', () => {
    const junit = junitOf(withBaseline('extended'));
    expect(caseOf(junit, 'convention fails')).toContain('<failure message=');
    expect(junit).toMatch(/failures="2" errors="0" skipped="1"/);
  });

  it('every test case carries its requirement IDs and their sources, profile, area, status and whether the gate counts it', () => {
    const junit = junitOf(withBaseline('core'));
    expect(caseOf(junit, 'convention fails')).toContain([
      '<properties>',
      '<property name="requirement" value="R-EXT"/>',
      '<property name="source" value="R-EXT: convention, reference-notes.md § HTTP API conventions"/>',
      '<property name="profile" value="extended"/>',
      '<property name="area" value="filters"/>',
      '<property name="status" value="failed"/>',
      '<property name="gated" value="false"/>',
      '</properties>',
    ].join('\n                ').replace('\n                </properties>', '\n            </properties>'));
    expect(caseOf(junit, 'core fails')).toContain('<property name="gated" value="true"/>');
    expect(caseOf(junit, 'core fails')).toContain('<property name="source" value="R-CORE: documented, zone-management-api.md § s"/>');
    expect(caseOf(junit, 'known fails')).toContain('<property name="known" value="issue #9"/>');
  });
});

describe('the requests a run sent', () => {
  it('are said alike on the terminal, in summary.md and in report.html, API requests first, with the areas that sent most', () => {
    const sent = report([
      spec('one', ['R-CORE'], 'passed', { requests: 40, controlRequests: 3 }),
      spec('two', ['R-KNOWN'], 'passed', { requests: 2, controlRequests: 0 }),
    ]);
    const line = '42 to the API and 3 to the control API (45 in all); most by area: filters 42';
    expect(requestLines(sent)).toEqual([`specgate: requests: ${line}`]);
    expect(summaryMarkdown(sent)).toContain(`- Requests: ${line}\n`);
    expect(renderHtml(sent)).toContain(`<dt>Requests</dt><dd>${line}</dd>`);
  });

  it('are not said for a run whose specs count none (the storage suite sends no request)', () => {
    const none = report([spec('one', ['R-CORE'], 'passed')]);
    expect(requestLines(none)).toEqual([]);
    expect(summaryMarkdown(none)).not.toContain('Requests');
    expect(renderHtml(none)).not.toContain('<dt>Requests</dt>');
  });
});
