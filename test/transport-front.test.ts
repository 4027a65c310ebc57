// Broken variants below HTTP: a front server in front of the reference that forwards what the spec
// says to decline. The transport specs must catch it, and only through the requirement it breaks.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { failedRequirements, readReport, runCli, tempDir } from './helpers/cli.js';
import { dropTransferEncodingBesideLength, startChunkingProxy, startFrontProxy, type FrontProxy } from './helpers/front-proxy.js';

describe('a front server that forwards a request carrying both Transfer-Encoding and Content-Length', () => {
  let server: RunningServer;
  let proxy: FrontProxy;
  beforeAll(async () => {
    server = await startServer({ testMode: true });
    proxy = await startFrontProxy(server.baseUrl, dropTransferEncodingBesideLength);
  });
  afterAll(async () => { await proxy?.close(); await server?.close(); });

  it('is caught by ZM-TRANSPORT-TE-CL-DECLINED alone: the GET it forwards is answered (a POST fails anyway, its chunked body is not JSON)', async () => {
    const reportDir = tempDir('front-te-cl');
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'transport', '--report-dir', reportDir,
      '--target', `${proxy.url}/client/v4`, '--control', server.controlUrl!], { SPECGATE_TOKEN: server.credentials.token! });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(failedRequirements(readReport(reportDir))).toEqual(['ZM-TRANSPORT-TE-CL-DECLINED']);
  });
});

describe('a target that answers chunked (a proxy in front of the reference re-frames every answer)', () => {
  let server: RunningServer;
  let proxy: FrontProxy;
  beforeAll(async () => {
    server = await startServer({ testMode: true });
    proxy = await startChunkingProxy(server.baseUrl.replace(/\/client\/v4$/, ''));
  });
  afterAll(async () => { await proxy?.close(); await server?.close(); });

  it('passes every transport spec: raw answers are read chunked (ZM-TRANSPORT-BODY-TOO-LARGE read "a body that is not JSON" before)', async () => {
    const reportDir = tempDir('front-chunked');
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'transport', '--report-dir', reportDir,
      '--target', `${proxy.url}/client/v4`, '--control', server.controlUrl!], { SPECGATE_TOKEN: server.credentials.token! });
    expect(failedRequirements(readReport(reportDir)), run.stdout + run.stderr).toEqual([]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });
});
