// Clock specs on a target with a clock per zone and on one with a single clock: the
// first runs them alongside everything else, each moving only its own zones' clocks; the second
// still runs them apart, one at a time, on its one clock. Both must give every spec the same result
// (all pass against the reference). The single-clock server refuses every zone clock call (400), so
// a spec that used one there would fail; the positive control counts the zone clock calls the
// other server received.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { SUITES, zoneClockSpecs } from '../src/catalog/suites.js';
import type { Report } from '../src/report/model.js';
import { readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';

const credentials = { token: 'zoneclocktoken0123456789', email: 'clocks@example.test', key: 'clockkey0123456789' };
// The areas of the clock and dated spec files, and one without (firewall rules run alongside them).
const AREAS = 'custom-hostnames,waf-migration,dns-records,zone-settings,dns-settings,account-settings,firewall-rules';

let zoneClocks: RunningServer;
let oneClock: RunningServer;
let run: CliResult;
let report: Report;
/** Control calls that set or move one zone's clock, as the zone clock server received them. */
let zoneClockCalls = 0;

beforeAll(async () => {
  zoneClocks = await startServer({
    testMode: true,
    credentials,
    customize: ({ app }) => {
      app.addHook('preHandler', (request, _reply, done) => {
        const body = request.body as { zones?: unknown; now?: unknown } | undefined;
        if (request.url.startsWith('/__control/clock') && body?.zones !== undefined) zoneClockCalls++;
        if (request.url === '/__control/zones' && request.method === 'POST' && body?.now !== undefined) zoneClockCalls++;
        done();
      });
    },
  });
  oneClock = await startServer({ testMode: true, credentials, zoneClocks: false });
  const dir = tempDir('zone-clocks');
  run = await runCli(['run', '--suite', 'zone-api', '--area', AREAS, '--gate', 'extended', '--report-dir', dir,
    '--target', [zoneClocks.baseUrl, oneClock.baseUrl].join(','), '--control', [zoneClocks.controlUrl!, oneClock.controlUrl!].join(',')],
  { SPECGATE_TOKEN: credentials.token, SPECGATE_EMAIL: credentials.email, SPECGATE_KEY: credentials.key });
  report = readReport(dir);
}, 600_000);
afterAll(async () => { await Promise.all([zoneClocks?.close(), oneClock?.close()]); });

/** Each spec of a target by its identity and file, with its status. */
function resultsOf(server: RunningServer): Map<string, string> {
  const target = `zone-api@${server.baseUrl}`;
  return new Map(report.tests.filter((t) => t.target === target).map((t) => [JSON.stringify([t.file, t.spec.describe, t.spec.title]), t.status]));
}

describe('clock specs with and without zone clocks', () => {
  it('pass on both targets: the same specs, all passed', () => {
    const notPassed = report.tests.filter((t) => t.status !== 'passed').map((t) => `${t.name}: ${t.status} ${t.error ?? t.skipReason ?? ''}`);
    expect(run.code, `${run.stderr.slice(-2000)}\n${notPassed.join('\n')}`).toBe(0);
    const [withZoneClocks, withOne] = [resultsOf(zoneClocks), resultsOf(oneClock)];
    expect(withZoneClocks.size).toBeGreaterThan(100);
    expect([...withOne.keys()].sort()).toEqual([...withZoneClocks.keys()].sort());
    expect(new Set([...withZoneClocks.values(), ...withOne.values()])).toEqual(new Set(['passed']));
  });

  it('used zone clocks only where the target has them (positive control: the zone clock target received such calls)', () => {
    expect(zoneClockCalls).toBeGreaterThan(20);
  });

  it('counts the clock and dated specs in the clock group on both targets', () => {
    const clockFiles = (server: RunningServer) => new Set(report.tests.filter((t) => t.target === `zone-api@${server.baseUrl}` && t.spec.clockGroup).map((t) => t.file));
    for (const server of [zoneClocks, oneClock]) {
      expect([...clockFiles(server)].every((file) => /\.(dated|clock)\.spec\.ts$/.test(file))).toBe(true);
      expect(clockFiles(server).size).toBe(7);
    }
  });
});

describe('the clock group a spec file declares', () => {
  it('is read from the files: the five that declare a clock per zone, not the dated files of accounts and the transport', () => {
    expect(zoneClockSpecs(SUITES['zone-api'])).toEqual([
      'suites/zone-api/custom-hostnames.clock.spec.ts',
      'suites/zone-api/dns-records.dated.spec.ts',
      'suites/zone-api/dns-settings.dated.spec.ts',
      'suites/zone-api/waf-migration.clock.spec.ts',
      'suites/zone-api/zone-settings.dated.spec.ts',
    ]);
  });
});
