// The suite can fail: run against deliberately broken variants of the reference, the run must fail
// exactly the requirements each misreading breaks — no fewer (the suite catches it) and no more
// (the specs are precise about what they verify).

import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { wafMigrationVariants, zoneApiVariants } from './broken/zone-api-variants.js';
import { failedRequirements, readReport, runCli, tempDir } from './helpers/cli.js';

describe('broken variants of the reference zone API are caught', () => {
  let server: RunningServer | undefined;
  afterEach(async () => { await server?.close(); server = undefined; });

  for (const variant of [...zoneApiVariants, ...wafMigrationVariants]) {
    it(`${variant.name}: ${variant.misreading}`, async () => {
      server = await startServer({ testMode: true, customize: variant.customize });
      const reportDir = tempDir(variant.name);
      const run = await runCli(['run', '--suite', 'zone-api', '--target', server.baseUrl, '--control', server.controlUrl!, '--report-dir', reportDir],
        { SPECGATE_TOKEN: server.credentials.token!, SPECGATE_EMAIL: server.credentials.email!, SPECGATE_KEY: server.credentials.key! });
      expect(run.code, run.stderr).toBe(1);
      expect(failedRequirements(readReport(reportDir))).toEqual([...variant.expectedFailures].sort());
    });
  }
});
