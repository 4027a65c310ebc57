// The settings specs can fail: run against deliberately broken variants of the reference's DNS,
// zone and account settings, the run (of those three areas only, to keep it short) must fail
// exactly the requirements each misreading breaks — no fewer and no more.

import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { settingsVariants } from './broken/settings-variants.js';
import { failedRequirements, readReport, runCli, tempDir } from './helpers/cli.js';

describe('broken variants of the reference settings are caught', () => {
  let server: RunningServer | undefined;
  afterEach(async () => { await server?.close(); server = undefined; });

  for (const variant of settingsVariants) {
    it(`${variant.name}: ${variant.misreading}`, async () => {
      server = await startServer({ testMode: true, customize: variant.customize });
      const reportDir = tempDir(variant.name);
      const run = await runCli(['run', '--suite', 'zone-api', '--area', 'dns-settings,zone-settings,account-settings',
        '--target', server.baseUrl, '--control', server.controlUrl!, '--report-dir', reportDir],
      { SPECGATE_TOKEN: server.credentials.token!, SPECGATE_EMAIL: server.credentials.email!, SPECGATE_KEY: server.credentials.key! });
      expect(run.code, run.stderr).toBe(1);
      expect(failedRequirements(readReport(reportDir))).toEqual([...variant.expectedFailures].sort());
    });
  }
});
