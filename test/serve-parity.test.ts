// `specgate run --target` against `specgate serve` in another process passes the same specs as the
// in-process run against the bundled reference: nothing in the suite depends on sharing a process
// with the target.

import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, readReport, runCli, tempDir } from './helpers/cli.js';
import { referenceZoneRun } from './helpers/shared-runs.js';

interface Served { child: ChildProcess; baseUrl: string; controlUrl: string }

/** Starts `specgate serve` and reads its base and control URLs from what it prints. */
function serve(credentials: { token: string; email: string; key: string }): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/specgate.mjs'), 'serve', '--port', '0', '--test-mode', '--token', credentials.token, '--email', credentials.email, '--key', credentials.key], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const base = /base URL:\s+(\S+)/.exec(out)?.[1];
      const control = /control URL:\s+(\S+)/.exec(out)?.[1];
      if (base && control) resolve({ child, baseUrl: base, controlUrl: control });
    });
    child.on('exit', (code) => reject(new Error(`specgate serve exited ${code}: ${out}`)));
  });
}

describe('a run against `specgate serve` in another process', () => {
  let served: Served | undefined;
  afterAll(() => { served?.child.kill('SIGTERM'); });

  it('passes the same specs as the in-process run', async () => {
    const credentials = { token: `parity-token-${process.pid}`, email: 'parity@example.test', key: `paritykey${process.pid}` };
    served = await serve(credentials);
    const remoteDir = tempDir('parity-remote');
    // The token as a flag, the email and key from the environment: both ways a user gives them.
    const [remote, { run: local, reportDir: localDir }] = await Promise.all([
      runCli(['run', '--suite', 'zone-api', '--target', served.baseUrl, '--control', served.controlUrl, '--token', credentials.token, '--report-dir', remoteDir], { SPECGATE_EMAIL: credentials.email, SPECGATE_KEY: credentials.key }),
      // The one run of the zone suite against the bundled reference that other files compare against too.
      referenceZoneRun(),
    ]);
    expect(local.code, local.stdout).toBe(0);
    expect(remote.code, remote.stdout).toBe(0);
    const outcome = (dir: string) => readReport(dir).tests.map((t) => `${t.status} ${t.name}`).sort();
    const remoteOutcome = outcome(remoteDir);
    expect(remoteOutcome.length).toBeGreaterThan(150);
    expect(remoteOutcome).toEqual(outcome(localDir));
    expect(readReport(remoteDir).summary, 'every spec passed over the socket').toMatchObject({ failed: 0, skipped: 0 });
  });
});

describe('specgate serve', () => {
  it('refuses credentials its server could never accept, instead of starting and refusing every request', async () => {
    const run = await runCli(['serve', '--port', '0', '--email', 'ops@example.test', '--key', 'not-a-key!']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('specgate: serve: these credentials could never authenticate: the API key may hold only letters and digits\n');
  });
});
