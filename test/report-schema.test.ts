// report.json is published as a JSON Schema (fixtures/schemas/report.schema.json): a report a run
// writes conforms to it, and the schema is strict enough to catch a broken one.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { schemaProblems } from '../src/spec-kit/schemas.js';
import { runCli, tempDir } from './helpers/cli.js';

let report: Report;

beforeAll(async () => {
  const dir = tempDir('schema');
  const result = await runCli(['run', '--suite', 'all', '--adapter', 'reference-kv', '--report-dir', dir, '--grep', 'envelope|a put value is read back']);
  expect(result.code, result.stderr).toBe(0);
  // Read without the validating helper: this test is about the schema itself.
  report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
});

const broken = (edit: (copy: Report & Record<string, unknown>) => void): unknown => {
  const copy = structuredClone(report) as Report & Record<string, unknown>;
  edit(copy);
  return copy;
};

describe('report.schema.json', () => {
  it('accepts the report a run writes, with both suites and their targets', () => {
    expect(report.tests.length).toBeGreaterThan(0);
    expect(report.run.targets.map((t) => t.suite).sort()).toEqual(['storage', 'zone-api']);
    expect(schemaProblems('report', report)).toEqual([]);
  });

  it('accepts the optional parts: a baseline outcome, a known failure, a shard', () => {
    const gated = broken((r) => {
      r.baseline = { file: 'baseline.json', known: 1, new: 0, fixed: 0, newFailures: [], staleEntries: [] };
      Object.assign(r.tests[0]!, { status: 'failed', error: 'expected 404', known: { reason: 'issue #12' } });
      r.run.selection.shard = { index: 1, total: 2 };
      // A run against a URL: its request budget, and a property spec sized by it.
      Object.assign(r.run.targets.find((t) => t.suite === 'zone-api')!, { requestBudget: 1200 });
      Object.assign(r.tests.find((t) => t.requests !== undefined)!, { sized: { allowance: 48, cases: 2, drawn: 10 } });
    });
    expect(schemaProblems('report', gated)).toEqual([]);
  });

  it('accepts the causes of failures, and refuses a cause without its label or of an unknown kind', () => {
    const withCauses = (cause: Record<string, unknown>) => broken((r) => {
      Object.assign(r.tests[0]!, { status: 'failed', error: 'x: HTTP 403, errors 10000 "Authentication error"; it should succeed' });
      (r as Record<string, unknown>).causes = [cause];
    });
    const cause = { id: 'cause-1', kind: 'answer', label: 'HTTP 403, errors 10000 "Authentication error"', status: 403, codes: [10000], tests: [report.tests[0]!.name], gated: 1 };
    expect(schemaProblems('report', withCauses(cause))).toEqual([]);
    expect(schemaProblems('report', withCauses({ ...cause, kind: 'guess' }))).toContain('/causes/0/kind must be equal to one of the allowed values');
    const { label: _label, ...unlabelled } = cause;
    expect(schemaProblems('report', withCauses(unlabelled))).toContain("/causes/0 must have required property 'label'");
  });

  it('accepts an interrupted run (format 5 on), and refuses an interrupt without its signal or with an unknown one', () => {
    const interrupted = (edit: (i: Record<string, unknown>) => void) => broken((r) => {
      const mark: Record<string, unknown> = { signal: 'SIGINT', at: '2026-11-26T18:00:00.000Z', unfinishedSpecs: 3 };
      edit(mark);
      (r.run as Record<string, unknown>).interrupted = mark;
      r.verdicts.outcome = 'interrupted';
    });
    expect(report.specgate.format).toBe(7);
    expect(schemaProblems('report', interrupted(() => {}))).toEqual([]);
    expect(schemaProblems('report', interrupted((i) => { delete i.signal; }))).toContain("/run/interrupted must have required property 'signal'");
    expect(schemaProblems('report', interrupted((i) => { i.signal = 'SIGKILL'; }))).toContain('/run/interrupted/signal must be equal to one of the allowed values');
    expect(schemaProblems('report', broken((r) => { (r.verdicts as { outcome: string }).outcome = 'aborted'; }))).toContain('/verdicts/outcome must be equal to one of the allowed values');
  });

  it('refuses an area or core verdict without what extended specs found of core requirements no core spec reaches', () => {
    expect(schemaProblems('report', broken((r) => { delete (r.areas[0]!.core as Partial<Report['areas'][number]['core']>).throughConventions; })))
      .toContain("/areas/0/core must have required property 'throughConventions'");
    expect(schemaProblems('report', broken((r) => { delete (r.verdicts.core as Partial<Report['verdicts']['core']>).throughConventions; })))
      .toContain("/verdicts/core must have required property 'throughConventions'");
  });

  it('carries each requirement\'s source (format 7): documented in its spec document or a convention, and refuses one of another kind', () => {
    const byId = new Map(report.requirements.map((r) => [r.id, r]));
    expect(byId.get('ZM-FW-COMBINED-INVALID-RULE')).toMatchObject({ profile: 'core', source: { kind: 'documented', document: 'zone-management-api.md' }, section: 'Endpoints > Firewall rules and filters > Rules for the combined create > 2' });
    expect(byId.get('ZM-FW-PUT')).toMatchObject({ profile: 'extended', source: { kind: 'convention', document: 'reference-notes.md' }, section: 'HTTP API conventions' });
    expect(byId.get('ZM-WAF-EXT-PREVIOUS-API')).toMatchObject({ source: { kind: 'convention', document: 'docs/waf-migration-contract.md' } });
    expect(byId.get('ST-KV-GET-SINGLE')).toMatchObject({ source: { kind: 'documented', document: 'object-storage-interface.md' } });
    expect(report.requirements.filter((r) => r.source.document === undefined).map((r) => r.id)).toEqual([]);
    expect(schemaProblems('report', broken((r) => { (r.requirements[0]!.source as { kind: string }).kind = 'rumour'; }))).toContain('/requirements/0/source/kind must be equal to one of the allowed values');
    expect(schemaProblems('report', broken((r) => { delete (r.requirements[0] as Partial<Report['requirements'][number]>).source; }))).toContain("/requirements/0 must have required property 'source'");
  });

  it('refuses a report without its summary', () => {
    expect(schemaProblems('report', broken((r) => { delete (r as Partial<Report>).summary; }))).toContain("(root) must have required property 'summary'");
  });

  it('refuses a spec status outside the enum', () => {
    const problems = schemaProblems('report', broken((r) => { (r.tests[0] as { status: string }).status = 'flaky'; }));
    expect(problems).toContain('/tests/0/status must be equal to one of the allowed values');
  });

  it('refuses an unknown requirement status, level and area state', () => {
    const problems = schemaProblems('report', broken((r) => {
      (r.requirements[0] as { status: string }).status = 'maybe';
      (r.requirements[0] as { level: string }).level = 'ought';
      (r.areas[0] as { state: string }).state = 'partial';
    }));
    expect(problems).toEqual(expect.arrayContaining([
      '/requirements/0/status must be equal to one of the allowed values',
      '/requirements/0/level must be equal to one of the allowed values',
      '/areas/0/state must be equal to one of the allowed values',
    ]));
  });

  it('refuses an extra field in a closed object, at any depth', () => {
    expect(schemaProblems('report', broken((r) => { r.extra = 1; }))).toContain('(root) must NOT have additional properties');
    expect(schemaProblems('report', broken((r) => { (r.run.selection as unknown as Record<string, unknown>).tags = []; })))
      .toContain('/run/selection must NOT have additional properties');
    expect(schemaProblems('report', broken((r) => { (r.summary.requirements as Record<string, number>).flaky = 0; })))
      .toContain('/summary/requirements must NOT have additional properties');
  });

  it('refuses another report format and a malformed shard', () => {
    expect(schemaProblems('report', broken((r) => { r.specgate.format = 1; }))).toContain('/specgate/format must be equal to constant');
    expect(schemaProblems('report', broken((r) => { r.run.selection.shard = { index: 0, total: 2 }; }))).not.toEqual([]);
  });
});
