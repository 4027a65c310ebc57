// junit.xml, for CI systems: written from the report like every other artefact, so that the one
// redactor sees it before it reaches the disk (vitest's own junit reporter is not used).
//
// It keeps the gate's meaning: a <failure> is a failure the gate counts. A failed spec the gate does
// not count (a production convention under the core gate, a failure the baseline knows) is
// <skipped> with a message that says so, its error whole in <system-err>. Every test case carries
// its requirement IDs, each with its source (documented or a convention, document and section),
// profile and area, and whether the gate counts it, as <properties>.

import { escapeXml } from '../core/markup.js';
import type { Report } from './model.js';

/**
 * junit.xml, written from the report (of a run, or of merged shards): one <testsuite> per target
 * and spec file; a spec left out of the run by its selection or --grep is not listed.
 */
export function junitOf(report: Report): string {
  const groups = new Map<string, Report['tests']>();
  for (const test of report.tests) {
    const key = `${test.target} > ${test.file}`;
    groups.set(key, [...(groups.get(key) ?? []), test]);
  }
  const suites = [...groups].map(([name, tests]) => testsuite(report, name, tests));
  const { summary, errors } = report;
  const failures = report.tests.filter((t) => countsForGate(report, t)).length;
  return ['<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="specgate ${xml(report.run.id)}" tests="${summary.total + errors.length}" failures="${failures}" errors="${errors.length + summary.errors}" skipped="${summary.skipped + summary.failed - failures}" time="${seconds(totalMs(report.tests))}">`,
    ...suites, ...(errors.length > 0 ? [errorSuite(errors)] : []), '</testsuites>', ''].join('\n');
}

/** Errors outside specs (a spec file that did not load, a test worker that died), one <error> each. */
function errorSuite(errors: Report['errors']): string {
  return [
    `    <testsuite name="errors outside specs" tests="${errors.length}" failures="0" errors="${errors.length}" skipped="0" time="0">`,
    ...errors.map((error) => [`        <testcase classname="${xml(error.file)}" name="${xml(error.file)}" time="0">`,
      `            <error message="${xml(firstLine(error.error))}">${xml(error.error)}</error>`, '        </testcase>'].join('\n')),
    '    </testsuite>',
  ].join('\n');
}

/** A failure the gate counts: a gated profile (core, or every spec under --gate extended), not known to the baseline. */
export function countsForGate(report: Report, test: Report['tests'][number]): boolean {
  return test.status === 'failed' && (report.verdicts.gate === 'extended' || test.profile === 'core') && test.known === undefined;
}

function testsuite(report: Report, name: string, tests: Report['tests']): string {
  const failures = tests.filter((t) => countsForGate(report, t)).length;
  const errors = tests.filter((t) => t.status === 'error').length;
  const skipped = tests.filter((t) => t.status === 'skipped' || (t.status === 'failed' && !countsForGate(report, t))).length;
  return [
    `    <testsuite name="${xml(name)}" tests="${tests.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(totalMs(tests))}">`,
    ...tests.map((test) => testcase(report, test)),
    '    </testsuite>',
  ].join('\n');
}

// Each test case looks its requirements up: the report's requirements by ID, made once per report.
const byReport = new WeakMap<Report, Map<string, Report['requirements'][number]>>();
function requirementsOf(report: Report): Map<string, Report['requirements'][number]> {
  let byId = byReport.get(report);
  if (!byId) byReport.set(report, (byId = new Map(report.requirements.map((r) => [r.id, r]))));
  return byId;
}

/** "ZM-FW-PUT: convention, reference-notes.md § HTTP API conventions": where a cited requirement's statement comes from. */
function sourceOf(report: Report, id: string): string | undefined {
  const requirement = requirementsOf(report).get(id);
  if (!requirement) return undefined;
  const { kind, document } = requirement.source;
  return `${id}: ${kind}, ${document === undefined ? '' : `${document} `}§ ${requirement.section}`;
}

function properties(report: Report, test: Report['tests'][number]): string[] {
  const sources = test.requirements.map((id) => sourceOf(report, id)).filter((source) => source !== undefined);
  const pairs: [string, string][] = [
    ...test.requirements.map((id): [string, string] => ['requirement', id]),
    ...sources.map((source): [string, string] => ['source', source]),
    ['profile', test.profile],
    ['area', test.area],
    ['status', test.status],
    ['gated', test.status === 'error' ? 'true' : test.status !== 'failed' ? String(report.verdicts.gate === 'extended' || test.profile === 'core') : String(countsForGate(report, test))],
    ...(test.known ? [['known', test.known.reason] as [string, string]] : []),
  ];
  return ['            <properties>', ...pairs.map(([name, value]) => `                <property name="${name}" value="${xml(value)}"/>`), '            </properties>'];
}

function testcase(report: Report, test: Report['tests'][number]): string {
  const open = `        <testcase classname="${xml(test.file)}" name="${xml(test.name)}" time="${seconds(test.durationMs)}">`;
  const body: string[] = [];
  if (test.status === 'failed' && countsForGate(report, test)) body.push(`            <failure message="${xml(firstLine(test.error))}">${xml(test.error ?? '')}</failure>`);
  else if (test.status === 'failed') {
    const why = test.known ? `known to the baseline: ${test.known.reason}` : 'production convention (extended), not gated';
    body.push(`            <skipped message="${xml(`failed, not counted by the gate (${why}): ${firstLine(test.error)}`)}"/>`, `            <system-err>${xml(test.error ?? '')}</system-err>`);
  } else if (test.status === 'skipped') body.push(`            <skipped message="${xml(test.skipReason ?? 'skipped')}"/>`);
  // Its set-up did not happen: an error of the run, as JUnit tells an error from a failed assertion.
  else if (test.status === 'error') body.push(`            <error type="set-up" message="${xml(`set-up error, not verified: ${firstLine(test.error)}`)}">${xml(test.error ?? '')}</error>`);
  return [open, ...properties(report, test), ...body, '        </testcase>'].join('\n');
}

const totalMs = (tests: Report['tests']): number => tests.reduce((ms, t) => ms + t.durationMs, 0);
const seconds = (ms: number): string => String(ms / 1000);
const firstLine = (text: string | undefined): string => (text ?? 'failed').split('\n')[0] ?? 'failed';
// Characters XML 1.0 cannot carry at all (an escape character in an error message, for one) are dropped.
const xml = (text: string): string => escapeXml(text).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
