// The DNS record specs can fail: run the dns-records area against deliberately broken variants of
// the reference; each run must fail exactly the requirements its misreading breaks.

import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { dnsRecordVariants } from './broken/dns-records-variants.js';
import { failedRequirements, readReport, runCli, tempDir } from './helpers/cli.js';

describe('broken variants of the reference DNS records are caught', () => {
  let server: RunningServer | undefined;
  afterEach(async () => { await server?.close(); server = undefined; });

  for (const variant of dnsRecordVariants) {
    it(`${variant.name}: ${variant.misreading}`, async () => {
      server = await startServer({ testMode: true, customize: variant.customize });
      const reportDir = tempDir(variant.name);
      const run = await runCli(['run', '--suite', 'zone-api', '--area', 'dns-records', '--target', server.baseUrl, '--control', server.controlUrl!, '--report-dir', reportDir],
        { SPECGATE_TOKEN: server.credentials.token!, SPECGATE_EMAIL: server.credentials.email!, SPECGATE_KEY: server.credentials.key! });
      expect(run.code, run.stderr).toBe(1);
      expect(failedRequirements(readReport(reportDir))).toEqual([...variant.expectedFailures].sort());
    });
  }
});
