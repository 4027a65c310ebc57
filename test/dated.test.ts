// Dated specs: the instants either side of a date, --as-of, and what a run does with a target whose
// clock can be set (both sides tested) and one whose clock cannot (its side tested, the other
// reported as not verified).

import { afterEach, describe, expect, it } from 'vitest';
import { instantOn, parseAsOf, sideOf } from '../src/core/dates.js';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { readReport, runCli, tempDir } from './helpers/cli.js';

describe('the instants of a dated change', () => {
  it('stay outside the day of the change in every time zone (UTC+14 to UTC-12)', () => {
    expect(new Date(instantOn({ date: '2024-11-30', side: 'before' })).toISOString()).toBe('2024-11-29T09:59:59.999Z');
    expect(new Date(instantOn({ date: '2024-11-30', side: 'after' })).toISOString()).toBe('2024-12-01T12:00:00.000Z');
  });

  it('place an instant before, after, or on neither side', () => {
    expect(sideOf('2024-11-30', Date.parse('2024-11-29T09:59:59.999Z'))).toBe('before');
    expect(sideOf('2024-11-30', Date.parse('2024-11-29T10:00:00.000Z'))).toBeUndefined();
    expect(sideOf('2024-11-30', Date.parse('2024-12-01T11:59:59.999Z'))).toBeUndefined();
    expect(sideOf('2024-11-30', Date.parse('2024-12-01T12:00:00.000Z'))).toBe('after');
  });

  it('read --as-of as a day (midnight UTC) or an ISO 8601 time, and refuse anything else', () => {
    expect(parseAsOf('2024-03-01')).toBe(Date.parse('2024-03-01T00:00:00Z'));
    expect(parseAsOf('2024-03-01T12:30:00+02:00')).toBe(Date.parse('2024-03-01T10:30:00Z'));
    for (const bad of ['2024-02-30', 'yesterday', '1717000000000', '2024-3-1']) expect(() => parseAsOf(bad), bad).toThrow(RangeError);
  });
});

// The Transfer-Encoding with Content-Length specs are dated (after 2023-07-01): a short area to run.
const TE_CL = ['--suite', 'zone-api', '--area', 'transport', '--requirement', 'ZM-TRANSPORT-TE-CL-*'];

describe('a run --as-of a date', () => {
  let server: RunningServer | undefined;
  afterEach(async () => { await server?.close(); server = undefined; });

  it('refuses a malformed date before running anything', async () => {
    const run = await runCli(['run', ...TE_CL, '--as-of', 'next tuesday']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--as-of must be a date \(YYYY-MM-DD\) or an ISO 8601 time, got "next tuesday"/);
  });

  it('sets a settable clock: the after side of 2023-07-01 is tested from 2023-01-01', async () => {
    const dir = tempDir('as-of-settable');
    const run = await runCli(['run', ...TE_CL, '--as-of', '2023-01-01', '--report-dir', dir]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = readReport(dir);
    expect(report.run).toMatchObject({ asOf: '2023-01-01T00:00:00.000Z', clockSettable: true });
    expect(report.tests.map((t) => [t.name, t.status])).toEqual([
      ['zone-api > a request with both Transfer-Encoding and Content-Length is declined and not processed (after 2023-07-01)', 'passed'],
      ['zone-api > the declined request is answered 400 with the error envelope (after 2023-07-01)', 'passed'],
    ]);
    expect(report.schedule?.find((r) => r.subject === 'Transfer-Encoding with Content-Length')?.status).toBe('passed');
  });

  describe('against a target whose clock cannot be set', () => {
    const startWithoutClock = async () => {
      server = await startServer({
        testMode: true,
        // A control API that sets up zones but has no clock, as a real target's might.
        customize: ({ app }) => app.addHook('onRequest', async (request, reply) => {
          if (request.url.startsWith('/__control/clock')) await reply.status(404).send({ success: false, errors: [{ code: 7000, message: 'no clock' }], messages: [], result: null });
        }),
      });
      const env = { SPECGATE_TOKEN: server.credentials.token! };
      return { args: ['--target', server.baseUrl, '--control', server.controlUrl!], env };
    };

    it('reports the side it is not on as not verified, with the reason', async () => {
      const { args, env } = await startWithoutClock();
      const dir = tempDir('as-of-fixed');
      const run = await runCli(['run', ...TE_CL, ...args, '--as-of', '2023-01-01', '--report-dir', dir], env);
      // Not verified for want of a clock the target does not declare it lacks: incomplete, not passed.
      expect(run.code, run.stdout + run.stderr).toBe(3);
      const report = readReport(dir);
      expect(report.run).toMatchObject({ asOf: '2023-01-01T00:00:00.000Z', clockSettable: false });
      expect(report.tests.map((t) => t.status)).toEqual(['skipped', 'skipped']);
      for (const test of report.tests) {
        expect(test.skipReason).toBe('not verified: the after side of 2023-07-01 needs a target clock that can be set; this target is at 2023-01-01, before it');
      }
      expect(report.schedule?.find((r) => r.subject === 'Transfer-Encoding with Content-Length')?.status).toBe('not verified');
    });

    it('tests the side it is on', async () => {
      const { args, env } = await startWithoutClock();
      const dir = tempDir('as-of-fixed-after');
      const run = await runCli(['run', ...TE_CL, ...args, '--report-dir', dir], env);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const report = readReport(dir);
      expect(report.run.clockSettable).toBe(false);
      expect(report.tests.map((t) => t.status)).toEqual(['passed', 'passed']);
    });
  });
});
