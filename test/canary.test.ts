// No credential given to a run may reach any artefact or log. A canary run: credentials with a
// unique marker, against a variant that echoes them back in every response and also fails specs
// (so the report carries failures with their last exchange, the likeliest place for a leak).

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceApp } from '../reference-impl/zone-api/app.js';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { zoneApiVariants } from './broken/zone-api-variants.js';
import { readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';

const marker = `canary${Date.now().toString(36)}`;
const credentials = { token: `${marker}TOKEN${'0'.repeat(20)}`, email: `${marker}@example.test`, key: `${marker}KEY${'1'.repeat(20)}` };

/** Echoes the request's credentials in the messages of every response, as a careless server might. */
function echoCredentials({ app }: ReferenceApp): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    const { messages = [], ...rest } = JSON.parse(payload) as { messages?: unknown[] };
    const seen = [request.headers.authorization, request.headers['x-auth-email'], request.headers['x-auth-key']].filter(Boolean);
    // First in the body, so that it is inside the excerpt a report keeps of a long response.
    return JSON.stringify({ messages: [...messages, `request credentials: ${seen.join(' ')}`], ...rest });
  });
}

describe('a canary credential never reaches an artefact or a log', () => {
  let server: RunningServer;
  let reportDir: string;
  let run: CliResult;

  beforeAll(async () => {
    const failing = zoneApiVariants.find((v) => v.name === 'list-ignores-page')!;
    server = await startServer({ testMode: true, credentials, customize: (reference) => { failing.customize(reference); echoCredentials(reference); } });
    reportDir = tempDir('canary');
    // Credentials on the command line, the most exposed way to give them.
    run = await runCli(['run', '--suite', 'zone-api', '--target', server.baseUrl, '--control', server.controlUrl!,
      '--token', credentials.token, '--email', credentials.email, '--key', credentials.key, '--report-dir', reportDir, '--gate', 'extended']);
  });
  afterAll(async () => { await server.close(); });

  it('the run had something to leak: failures with exchanges that carried the echoed credentials', () => {
    expect(run.code).toBe(1);
    const failed = readReport(reportDir).tests.filter((t) => t.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.some((t) => t.exchange?.includes('request credentials: Bearer [REDACTED]'))).toBe(true);
  });

  it('no report file, stdout or stderr contains the marker', () => {
    const files = readdirSync(reportDir);
    expect(files.sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'summary.md']);
    const texts = [...files.map((f) => [f, readFileSync(join(reportDir, f), 'utf8')] as const), ['stdout', run.stdout] as const, ['stderr', run.stderr] as const];
    for (const [where, text] of texts) expect(text.includes(marker), `${where} contains the canary`).toBe(false);
  });
});

describe('a canary credential named in specgate.config.ts never reaches an artefact or a log', () => {
  let server: RunningServer;
  afterAll(async () => { await server.close(); });

  it('in the report of failures with echoed credentials, nor on stdout or stderr', async () => {
    const failing = zoneApiVariants.find((v) => v.name === 'list-ignores-page')!;
    server = await startServer({ testMode: true, credentials, customize: (reference) => { failing.customize(reference); echoCredentials(reference); } });
    const dir = tempDir('canary-config');
    const config = join(dir, 'specgate.config.mjs');
    writeFileSync(config, `export default ${JSON.stringify({ target: { url: server.baseUrl, control: server.controlUrl, credentials: { tokenEnv: 'CANARY_TOKEN', emailEnv: 'CANARY_EMAIL', keyEnv: 'CANARY_KEY' } } })};`);
    const reportDir = join(dir, 'report');
    // Gated on both verdicts: the variant breaks a convention (paging), and its failures are the point.
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'filters', '--config', config, '--report-dir', reportDir, '--gate', 'extended'],
      { CANARY_TOKEN: credentials.token, CANARY_EMAIL: credentials.email, CANARY_KEY: credentials.key });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const report = readReport(reportDir);
    expect(report.tests.some((t) => t.exchange?.includes('request credentials: Bearer [REDACTED]'))).toBe(true);
    const files = readdirSync(reportDir);
    const texts = [...files.map((f) => [f, readFileSync(join(reportDir, f), 'utf8')] as const), ['stdout', run.stdout] as const, ['stderr', run.stderr] as const];
    for (const [where, text] of texts) expect(text.includes(marker), `${where} contains the canary`).toBe(false);
  });
});
