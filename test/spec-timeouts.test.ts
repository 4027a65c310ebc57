// Spec time limits on real runs (spec-kit/budget.ts): a conforming target that is paced by
// --max-rps passes, however long the pacing makes a spec (its budget counts only its own time); a
// target that hangs a request fails that spec naming the request and --timeout, as one failure
// whose requirements are "not verified: timed out", not failed. Against the reference, in front of
// which a loopback proxy hangs what it is told to.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { readReport, runCli, tempDir } from './helpers/cli.js';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { startTargetProxy, type TargetProxy } from './helpers/target-proxy.js';

let server: RunningServer;
let proxy: TargetProxy | undefined;
beforeEach(async () => { server = await startServer({ testMode: true }); });
afterEach(async () => { await proxy?.close(); proxy = undefined; await server.close(); });

/** A run of the zone suite against `baseUrl` (the reference's control API), its report read. */
async function runAgainst(baseUrl: string, extra: string[]) {
  const reportDir = tempDir('spec-timeouts');
  const run = await runCli(['run', '--suite', 'zone-api', '--target', baseUrl, '--control', server.controlUrl!, '--report-dir', reportDir, ...extra], { SPECGATE_TOKEN: server.credentials.token! });
  return { run, report: readReport(reportDir), reportDir };
}

/** Passes `request` on to the reference, and its answer back. */
function forwardTo(upstream: string, request: IncomingMessage, response: ServerResponse): void {
  const target = new URL(request.url ?? '/', upstream);
  const outgoing = httpRequest(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  outgoing.on('error', () => response.destroy());
  request.pipe(outgoing);
}

describe('a spec\'s budget', () => {
  it('a target paced by --max-rps 2 passes, though its specs take far longer than their budget (--spec-timeout 2)', async () => {
    // The two specs of a filter created (not the firewall model, which cites ZM-FLT-CREATE too and at 2 requests a second takes minutes).
    const { run, report } = await runAgainst(server.baseUrl, ['--requirement', 'ZM-FLT-CREATE', '--grep', ' a filter created ', '--max-rps', '2', '--spec-timeout', '2']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(report.tests.length).toBe(2);
    for (const test of report.tests) expect(test.status, `${test.name}: ${test.error ?? ''}`).toBe('passed');
    // The proof that the pacing was not counted: at one request a second per worker, a spec of
    // several requests takes seconds, more than the budget, and still passed.
    expect(Math.max(...report.tests.map((t) => t.durationMs))).toBeGreaterThan(2 * 2000);
  });

  it('a target slow to answer (2.5 s a request) that also rate limits once (429, retry-after 3) passes with --spec-timeout 2', async () => {
    let limited = false;
    proxy = await startTargetProxy(new URL(server.baseUrl).origin, (request, response) => {
      if (!/\/filters/.test(request.url ?? '')) return 'forward';
      if (!limited && request.method === 'POST') {
        limited = true;
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' }).end('{"success":false,"errors":[{"code":10000,"message":"Rate limited"}],"messages":[],"result":null}');
        return 'handled';
      }
      setTimeout(() => forwardTo(server.baseUrl, request, response), 2500);
      return 'handled';
    });
    const { run, report } = await runAgainst(`${proxy.url}/client/v4`, ['--requirement', 'ZM-FLT-SHAPE', '--spec-timeout', '2']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(report.tests.map((t) => t.status)).toEqual(['passed']);
    expect(limited, 'the 429 was answered').toBe(true);
    // 2.5 s for each of its requests and 3 s of retry-after, by the clock: more than its budget.
    expect(report.tests[0]!.durationMs).toBeGreaterThan(2000);
  });

  it('a request the target never answers fails its spec naming the request and --timeout; the requirements are not verified: timed out', async () => {
    // Reading a filter by its id hangs; everything else reaches the reference.
    proxy = await startTargetProxy(new URL(server.baseUrl).origin, (request) => (request.method === 'GET' && /\/filters\/[^/?]+/.test(request.url ?? '') ? 'handled' : 'forward'));
    const { run, report, reportDir } = await runAgainst(`${proxy.url}/client/v4`, ['--requirement', 'ZM-FLT-SHAPE', '--timeout', '1']);
    expect(run.code, 'a timeout is a failure of the spec: the run fails').toBe(1);
    const [test, ...others] = report.tests;
    expect(others).toEqual([]);
    expect(test!.status).toBe('failed');
    expect(test!.timedOut).toBe(true);
    expect(test!.error).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/client\/v4\/zones\/[0-9a-f]+\/filters\/[0-9a-f]+: no response in 1 s \(--timeout; fix: raise --timeout S if the target is this slow\)/);
    for (const id of test!.requirements) {
      const requirement = report.requirements.find((r) => r.id === id)!;
      expect({ id, status: requirement.status, reason: requirement.notVerifiedReason }).toEqual({ id, status: 'skipped', reason: 'timed out' });
    }
    expect(report.verdicts.outcome).toBe('failed');
    expect(report.verdicts.core.requirements.failed, 'no requirement is failed by a timeout').toBe(0);
    expect(run.stdout).toContain('no response in 1 s (--timeout; fix: raise --timeout S');
    expect(run.stdout).toMatch(/requirements 0 of \d+ passed, 0 failed, 2 not verified \(2 timed out\)/);
    expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain('>skipped: timed out</span>');
  });
});
