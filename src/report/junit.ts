// junit.xml, for CI systems: written from the report like every other artefact, so that the one
// redactor sees it before it reaches the disk (vitest's own junit reporter is not used).

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
  const suites = [...groups].map(([name, tests]) => testsuite(name, tests));
  const { summary, errors } = report;
  return ['<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="specgate ${xml(report.run.id)}" tests="${summary.total + errors.length}" failures="${summary.failed}" errors="${errors.length}" skipped="${summary.skipped}" time="${seconds(totalMs(report.tests))}">`,
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

function testsuite(name: string, tests: Report['tests']): string {
  const count = (status: string) => tests.filter((t) => t.status === status).length;
  return [
    `    <testsuite name="${xml(name)}" tests="${tests.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" time="${seconds(totalMs(tests))}">`,
    ...tests.map(testcase),
    '    </testsuite>',
  ].join('\n');
}

function testcase(test: Report['tests'][number]): string {
  const open = `        <testcase classname="${xml(test.file)}" name="${xml(test.name)}" time="${seconds(test.durationMs)}"`;
  if (test.status === 'passed') return `${open}/>`;
  const body = test.status === 'failed'
    ? `            <failure message="${xml(firstLine(test.error))}">${xml(test.error ?? '')}</failure>`
    : `            <skipped message="${xml(test.skipReason ?? 'skipped')}"/>`;
  return [`${open}>`, body, '        </testcase>'].join('\n');
}

const totalMs = (tests: Report['tests']): number => tests.reduce((ms, t) => ms + t.durationMs, 0);
const seconds = (ms: number): string => String(ms / 1000);
const firstLine = (text: string | undefined): string => (text ?? 'failed').split('\n')[0] ?? 'failed';
// Characters XML 1.0 cannot carry at all (an escape character in an error message, for one) are dropped.
const xml = (text: string): string => escapeXml(text).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
