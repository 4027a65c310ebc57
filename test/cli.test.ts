// The command line as a user meets it: help, exit codes, one-line errors, and the main job.

import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestTableOf, readRequestTable, REQUEST_TABLE } from '../src/report/request-table.js';
import { verdictLines } from '../src/cli/output.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';
import { callCli } from './helpers/cli-in-process.js';

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('usage', () => {
  it('--help prints the commands and exit codes and exits 0', async () => {
    const result = await callCli(['--help']);
    expect(result.code).toBe(0);
    for (const text of ['specgate run', 'specgate serve', 'specgate list', 'specgate COMMAND --help', 'specgate --version', 'Exit codes']) expect(result.stdout).toContain(text);
  });

  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [['run', '--no-such-flag'], /run: unknown option --no-such-flag; see specgate run --help/],
    [['run', '--suite', 'dns'], /--suite must be one of zone-api, storage, all/],
    [['run', '--seed', 'abc'], /--seed must be an integer/],
    [['run', '--grep', '('], /--grep is not a valid regular expression/],
    [['run', '--target', 'not a url', '--token', 't'], /--target is not a URL/],
    [['run', '--target', 'http://127.0.0.1:9/client/v4'], /needs credentials/],
    [['run', '--token', 'secret'], /apply to a --target URL/],
    [['serve', '--port', '70000'], /--port must be a port number/],
  ])('%j exits 2 with a one-line reason', async (args, message) => {
    const result = await callCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('an unreachable target exits 2 before any spec runs and writes no report', async () => {
    const reportDir = join(tempDir('unreachable'), 'report');
    const result = await runCli(['run', '--target', `http://127.0.0.1:${await closedPort()}/client/v4`, '--token', 't', '--report-dir', reportDir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^specgate: target unreachable: http:\/\/127\.0\.0\.1:\d+\/client\/v4 \(ECONNREFUSED \(syscall connect\): connect ECONNREFUSED 127\.0\.0\.1:\d+\); fix: check --target \(or target\.url in specgate\.config\.ts\) and that the server is running\n$/);
    expect(existsSync(reportDir)).toBe(false);
  });
});

describe('the main job: the full conformance run against the bundled reference (npm run conformance)', () => {
  it('passes every spec of both suites and writes report.json, junit.xml and summary.md', async () => {
    const reportDir = tempDir('conformance');
    const result = await runCli(['run', '--report-dir', reportDir]);
    expect(result.code, result.stdout.slice(-3000)).toBe(0);
    const report = readReport(reportDir);
    expect(report.summary.failed).toBe(0);
    expect(report.summary.passed).toBe(report.summary.total - report.summary.skipped);
    expect(report.coverageProblems).toEqual([]);
    expect(report.run.targets.map((t) => `${t.suite}:${t.name}`)).toEqual(['zone-api:reference', 'storage:reference-kv', 'storage:reference-sqlite']);
    expect(report.tests.every((t) => t.requirements.length > 0 && t.area !== 'unknown')).toBe(true);
    const statuses = new Set(report.requirements.map((r) => r.status));
    expect([...statuses].sort()).toEqual(['out-of-scope', 'passed', 'unspecified']);
    // Only a local-development runtime (workerd under miniflare) runs the specs of what it does without
    // point-in-time recovery: the reference is none, so they are out of its scope, and that is no
    // drift (coverageProblems above).
    expect(report.requirements.filter((r) => r.status === 'out-of-scope').map((r) => [r.id, r.outOfScopeReason])).toEqual([
      ['ST-PITR-NOT-LOCAL', 'about runtimes without pitr, which adapter reference-sqlite has; pitr: out of the scope of adapter reference-kv'],
      ['ST-PITR-LOCAL-THROWS', 'about runtimes without pitr, which adapter reference-sqlite has; pitr: out of the scope of adapter reference-kv'],
    ]);
    expect(report.areas.filter((a) => a.state !== 'covered').map((a) => a.area), 'every area of both documents has specs').toEqual([]);
    // SQL and PITR belong to the SQLite backend: the key-value backend's run leaves them out, not
    // skipped; also the specs of a runtime lacking PITR (the key-value backend lacks none by design).
    expect(report.tests.filter((t) => t.target === 'storage:reference-kv' && ['sql', 'pitr'].includes(t.area))).toEqual([]);
    const seeded = report.tests.find((t) => t.requirements.includes('ZM-FW-COMBINED-ATOMIC-BATCH'));
    expect(seeded?.seed).toBe(report.run.seed);
    const summary = readFileSync(join(reportDir, 'summary.md'), 'utf8');
    expect(summary).toContain('## Unspecified by the spec');
    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    // junit.xml is written from the report: one testcase per spec of the run, none it left out.
    expect(junit.split('<testcase').length - 1, 'specs junit.xml lists').toBe(report.summary.total);
    expect(junit).toContain('failures="0"');
    // The guide to reports shows these closing lines as the sample of a run: they must be this run's (they were once stale).
    const guide = readFileSync(join(ROOT, 'docs/guide-reports.md'), 'utf8');
    const sample = /The last lines of\n`npm run conformance`[^\n]*\n\n```\n([\s\S]*?)\n```/.exec(guide)?.[1];
    expect(sample?.split('\n'), 'docs/guide-reports.md: the sample verdict lines').toEqual(verdictLines(report));
    // `specgate list` estimates a selection's requests from what each spec sent here.
    expect(requestTableOf(report), `${REQUEST_TABLE} is what this run's specs sent: run \`npm run requests\``).toEqual(readRequestTable(ROOT));
  });
});
