// The preflight names each cause on its own line with its own fix (targets/zone-preflight.ts): a
// target that rate limits (its 429's retry-after is waited out within --timeout, as the specs do), one
// that fails (5xx), a wrong path (404), one too slow for --timeout, nothing listening, an answer
// that is not the JSON envelope. Each against a small loopback server, in front of the reference
// where the rest of the target must work.

import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { checkZoneTarget, failureLine, type ZoneTargetPlace } from '../src/targets/preflight.js';
import { runCli, tempDir } from './helpers/cli.js';
import { startStatelessTarget } from './helpers/stateless-target.js';
import { startTargetProxy, type Behaviour, type TargetProxy } from './helpers/target-proxy.js';

let server: RunningServer;
let proxy: TargetProxy | undefined;
beforeAll(async () => { server = await startServer({ testMode: true }); });
afterAll(async () => { await server.close(); });
afterEach(async () => { await proxy?.close(); proxy = undefined; });

const origin = (url: string): string => new URL(url).origin;

/** The reference behind a proxy that answers what `behaviour` handles, and forwards the rest. */
async function inFront(behaviour: Behaviour): Promise<string> {
  proxy = await startTargetProxy(origin(server.baseUrl), behaviour);
  return `${proxy.url}/client/v4`;
}

const place = (baseUrl: string, extra: Partial<ZoneTargetPlace> = {}): ZoneTargetPlace =>
  ({ baseUrl, controlUrl: server.controlUrl!, credentials: { token: server.credentials.token! }, timeoutMs: 2000, ...extra });

/** The line `specgate run` would stop with, or 'ok' when every check passed. */
async function preflightLine(where: ZoneTargetPlace): Promise<string> {
  const { checks, ok } = await checkZoneTarget(where);
  return ok ? 'ok' : failureLine(checks.find((c) => !c.ok)!);
}

const isFiltersRead = (url: string | undefined): boolean => /\/zones\/[^/]+\/filters$/.test(url ?? '');

describe('a target that rate limits', () => {
  it('a 429 whose retry-after fits in --timeout is waited out and the read sent again: the check passes', async () => {
    let limited = 0;
    const baseUrl = await inFront((request, response) => {
      if (!isFiltersRead(request.url) || limited++ > 0) return 'forward';
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"success":false,"errors":[{"code":10000,"message":"Rate limited"}],"messages":[],"result":null}');
      return 'handled';
    });
    expect(await preflightLine(place(baseUrl))).toBe('ok');
    const reads = proxy!.seen.filter((s) => isFiltersRead(s.url));
    expect(reads).toHaveLength(2);
    expect(reads[1]!.at - reads[0]!.at, 'the retry waited the retry-after out').toBeGreaterThanOrEqual(1000 - 50);
  });

  it('a target still answering 429 after waiting within --timeout: says so, with the retry-after, and the fix is --max-rps, not the URL', async () => {
    const baseUrl = await inFront((request, response) => {
      if (!isFiltersRead(request.url)) return 'forward';
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"success":false,"errors":[{"code":10000,"message":"Rate limited"}],"messages":[],"result":null}');
      return 'handled';
    });
    const line = await preflightLine(place(baseUrl));
    expect(line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4 rate limits specgate: GET \/zones\/[0-9a-f]+\/filters answered HTTP 429, errors 10000 "Rate limited", asking to retry after 1, and still did after waiting within --timeout \(2 s\); fix: run again when the limit has reset, and give --max-rps N to stay under it/);
    expect(line).not.toMatch(/--control|base URL/);
    expect(proxy!.seen.filter((s) => isFiltersRead(s.url)).length, 'it was asked again').toBeGreaterThan(1);
  });
});

describe('a target that fails', () => {
  it('500 for everything: the control API failed, a server error; not "not a control API"', async () => {
    const broken = await startStatelessTarget({ status: 500, contentType: 'application/json', body: '{"success":false,"errors":[{"code":10001,"message":"Internal error"}],"messages":[],"result":null}' });
    try {
      const line = await preflightLine(place(broken.baseUrl, { controlUrl: broken.controlUrl }));
      expect(line).toMatch(/^the control API at http:\/\/127\.0\.0\.1:\d+\/__control failed: POST \/zones answered HTTP 500, errors 10001 "Internal error", a server error; fix: the target \(or a proxy in front of it\) is failing, which no flag of specgate fixes/);
      expect(line).not.toContain('not a control API');
    } finally {
      await broken.close();
    }
  });

  it('a 502 page from a proxy in front of the API: a server error, not a wrong base URL', async () => {
    const baseUrl = await inFront((request, response) => {
      if (!isFiltersRead(request.url)) return 'forward';
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>');
      return 'handled';
    });
    const line = await preflightLine(place(baseUrl));
    expect(line).toMatch(/ failed: GET \/zones\/[0-9a-f]+\/filters answered HTTP 502 text\/html: <html><body>Bad gateway<\/body><\/html>, a server error; fix: the target \(or a proxy in front of it\) is failing/);
    expect(line).not.toContain('base URL');
  });
});

describe('a wrong path', () => {
  it('a --target that is not the API\'s base URL (404, no route): that path is unknown; fix: the base URL, not --control', async () => {
    const line = await preflightLine(place(`${origin(server.baseUrl)}/api/v1`));
    expect(line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1 has no such path: GET \/zones\/[0-9a-f]+\/filters answered HTTP 404, errors 7000 "No route for that URI[^;]*; fix: give --target the API's base URL/);
    expect(line).not.toContain('--control');
  });

  it('a zone the target does not know (404, the identifier): the fix is the --control of this --target (the control)', async () => {
    const other = await startServer({ testMode: true });
    try {
      const line = await preflightLine(place(server.baseUrl, { controlUrl: other.controlUrl! }));
      expect(line).toMatch(/does not let these credentials read the zone its control API created .*answered HTTP 404.*; fix: check that --control is the control API of this --target/);
    } finally {
      await other.close();
    }
  });
});

describe('a slow target, and one not there', () => {
  it('no answer within --timeout to the first request: says --timeout, and how to raise it', async () => {
    proxy = await startTargetProxy(undefined, () => 'handled');
    const line = await preflightLine(place(`${proxy.url}/client/v4`, { timeoutMs: 500 }));
    expect(line).toMatch(/^target unreachable: http:\/\/127\.0\.0\.1:\d+\/client\/v4 gave no answer within 0\.5 s \(--timeout\); fix: raise --timeout S \(target\.timeoutSeconds in specgate\.config\.ts\) if the target is this slow; else check --target/);
  });

  it('no answer within --timeout to the authenticated read alone: names the read and --timeout', async () => {
    const baseUrl = await inFront((request) => (isFiltersRead(request.url) ? 'handled' : 'forward'));
    const line = await preflightLine(place(baseUrl, { timeoutMs: 1000 }));
    expect(line).toMatch(/gave no answer to GET \/zones\/[0-9a-f]+\/filters within 1 s \(--timeout\); fix: raise --timeout S/);
  });

  it('nothing listening: connection refused, check --target (not --timeout)', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const line = await preflightLine(place(`http://127.0.0.1:${port}/client/v4`));
    expect(line).toBe(`target unreachable: http://127.0.0.1:${port}/client/v4 (ECONNREFUSED (syscall connect): connect ECONNREFUSED 127.0.0.1:${port}); fix: check --target (or target.url in specgate.config.ts) and that the server is running`);
  });
});

describe('an answer that is not the envelope', () => {
  it('200 with an HTML page (a login page in front of the API): not the JSON envelope; fix: the base URL', async () => {
    const baseUrl = await inFront((request, response) => {
      if (!isFiltersRead(request.url)) return 'forward';
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
      return 'handled';
    });
    expect(await preflightLine(place(baseUrl))).toMatch(/answered GET \/zones\/[0-9a-f]+\/filters with HTTP 200 text\/html: <html><body>Sign in<\/body><\/html>, not the JSON envelope; fix: give --target the API's base URL/);
  });
});

describe('specgate run', () => {
  it('stops at a target failing with 500, exit 2, one line, no report', async () => {
    const broken = await startStatelessTarget({ status: 500, contentType: 'text/plain', body: 'internal error' });
    try {
      const reportDir = join(tempDir('preflight-causes'), 'report');
      const run = await runCli(['run', '--suite', 'zone-api', '--target', broken.baseUrl, '--control', broken.controlUrl, '--report-dir', reportDir], { SPECGATE_TOKEN: 'sometoken0123' });
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toMatch(/^specgate: the control API at http:\/\/127\.0\.0\.1:\d+\/__control failed: POST \/zones answered HTTP 500 text\/plain: internal error, a server error; fix: /);
      expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(existsSync(reportDir)).toBe(false);
    } finally {
      await broken.close();
    }
  });
});
