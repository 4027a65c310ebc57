// `npm run requests`: runs the zone API suite against the bundled reference (the default seed) and
// writes what each spec sent to suites/zone-api/requests.json, which `specgate list` estimates a
// selection's requests from. test/cli.test.ts fails when the conformance run sends anything else.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUEST_TABLE, requestTableOf, writeRequestTable } from '../src/report/request-table.js';
import type { Report } from '../src/report/model.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'specgate-requests-'));
try {
  execFileSync(process.execPath, [join(ROOT, 'bin/specgate.mjs'), 'run', '--suite', 'zone-api', '--report-dir', dir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: 'true' } });
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
  const table = requestTableOf(report);
  writeRequestTable(table, ROOT);
  console.log(`requests: wrote ${REQUEST_TABLE}: ${Object.keys(table.specs).length} specs, seed ${table.seed}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
