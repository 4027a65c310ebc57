// The preflight: a setup mistake is one line naming the cause and the fix, exit 2, before any spec
// runs and before any report is written; `specgate doctor` shows the same checks one by one. Each
// mistake is made against a real server: the reference in-process, a `specgate serve` child
// started without --test-mode, a loopback server answering HTML, adapters that hang or throw.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { ControlClient } from '../src/spec-kit/control.js';
import { ROOT, readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';
import { startStatelessTarget, type StatelessTarget } from './helpers/stateless-target.js';

let server: RunningServer;
let html: StatelessTarget;
beforeAll(async () => {
  server = await startServer({ testMode: true });
  html = await startStatelessTarget({ status: 502, contentType: 'text/html', body: '<html>\n<body>Bad gateway</body>\n</html>' });
});
afterAll(async () => { await server.close(); await html.close(); });

/** A run of the zone suite whose report directory must stay unwritten; `env` holds the credentials. */
async function runExpectingPreflightFailure(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const reportDir = join(tempDir('preflight'), 'report');
  const run = await runCli(['run', '--suite', 'zone-api', '--report-dir', reportDir, ...args], env);
  expect(run.code, run.stdout + run.stderr).toBe(2);
  expect(existsSync(reportDir), 'no report is written').toBe(false);
  expect(run.stdout, 'no spec ran').toBe('');
  // One line on stderr: the cause and the fix.
  expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  return run;
}

/** A loopback port nothing listens on: one the system gave out, then closed. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A plain-JavaScript config file (no import, so it loads from any directory). */
function writeConfig(config: unknown): string {
  const file = join(tempDir('preflight-config'), 'specgate.config.mjs');
  writeFileSync(file, `export default ${JSON.stringify(config, null, 2)};\n`);
  return file;
}

describe('a zone API target', () => {
  it('a wrong token: one line naming the refused token and where to give the right one', async () => {
    const run = await runExpectingPreflightFailure(['--target', server.baseUrl, '--control', server.controlUrl!, '--token', 'specgate0wrong0token000000000000']);
    expect(run.stderr).toMatch(/^specgate: http:\/\/127\.0\.0\.1:\d+\/client\/v4 refuses the API token: GET \/zones\/[0-9a-f]+\/filters answered HTTP 403, errors 10000 "Authentication error"; fix: give the token the target accepts: --token T, or the environment variable SPECGATE_TOKEN/);
    expect(run.stderr, 'the token itself is never printed').not.toContain('specgate0wrong0token');
  });

  it('a wrong key of a key pair, the token being right: the key pair is named', async () => {
    const run = await runExpectingPreflightFailure(['--target', server.baseUrl, '--control', server.controlUrl!],
      { SPECGATE_TOKEN: server.credentials.token!, SPECGATE_EMAIL: server.credentials.email!, SPECGATE_KEY: '0123456789abcdef0123456789abcdef01234' });
    expect(run.stderr).toMatch(/refuses the email and API key: .*HTTP 403.*; fix: give the email and key the target accepts: --email E --key K, or SPECGATE_EMAIL and SPECGATE_KEY/);
  });

  it('a --control URL that is not the control API: the answer and the hint of --test-mode', async () => {
    const run = await runExpectingPreflightFailure(['--target', server.baseUrl, '--control', `${server.baseUrl.replace('/client/v4', '')}/control`], { SPECGATE_TOKEN: server.credentials.token! });
    expect(run.stderr).toMatch(/^specgate: http:\/\/127\.0\.0\.1:\d+\/control is not a control API: POST \/zones answered HTTP 404, errors 7000 "No route for that URI: POST \/control\/zones"; fix: give --control the target's control API .* a `specgate serve` has one, at <its origin>\/__control, only when started with --test-mode\n$/);
  });

  it('a control API whose POST /zones answers success without a zone: says what it answered', async () => {
    const control = await startStatelessTarget({ status: 200, contentType: 'application/json', body: '{"success":true,"errors":[],"messages":[],"result":null}' });
    try {
      const run = await runExpectingPreflightFailure(['--target', server.baseUrl, '--control', control.controlUrl], { SPECGATE_TOKEN: server.credentials.token! });
      expect(run.stderr).toMatch(/answered POST \/zones with a result that is not a zone \{id, name\}: \{"success":true,"errors":\[\],"messages":\[\],"result":null\}; fix: the control API must answer as docs\/guide-zone-api.md, "The control API", shows/);
    } finally {
      await control.close();
    }
  });

  it('a --control URL nothing listens on', async () => {
    const port = await closedPort();
    const run = await runExpectingPreflightFailure(['--target', server.baseUrl, '--control', `http://127.0.0.1:${port}/__control`], { SPECGATE_TOKEN: server.credentials.token! });
    expect(run.stderr).toMatch(new RegExp(`^specgate: control API unreachable: http://127\\.0\\.0\\.1:${port}/__control \\(ECONNREFUSED \\(syscall connect\\): connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\); fix: check --control`));
  });

  it('a target answering an HTML error page: the status, the type and the first bytes, on one line; a server error, not a wrong URL', async () => {
    const zones = { enterprise: { id: '0123456789abcdef0123456789abcdef', name: 'example.com' } };
    const run = await runExpectingPreflightFailure(['--config', writeConfig({ target: { url: html.baseUrl, zones } })], { SPECGATE_TOKEN: 'sometoken0123' });
    expect(run.stderr).toMatch(/ failed: GET \/zones\/0123456789abcdef0123456789abcdef\/filters answered HTTP 502 text\/html: <html> <body>Bad gateway<\/body> <\/html>, a server error; fix: the target \(or a proxy in front of it\) is failing/);
  });

  it('no control API and no zone: names both ways to give one', async () => {
    const run = await runExpectingPreflightFailure(['--target', server.baseUrl], { SPECGATE_TOKEN: server.credentials.token! });
    expect(run.stderr).toMatch(/^specgate: no zone to run specs in: .* fix: give the target's control API \(--control URL, or target\.control in specgate\.config\.ts\), or a zone it provides \(target\.zones\.enterprise/);
  });

  it('with --no-preflight, no control API and no zone: incomplete, exit 3 (it exited 0 with 4 passed and 205 skipped); accepted, exit 0', async () => {
    const reportDir = tempDir('no-zone-incomplete');
    const run = await runCli(['run', '--suite', 'zone-api', '--no-preflight', '--target', server.baseUrl, '--report-dir', reportDir], { SPECGATE_TOKEN: server.credentials.token! });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    expect(run.stdout).toMatch(/^specgate: INCOMPLETE \(gate: core\)/m);
    const report = readReport(reportDir);
    expect(report.verdicts.outcome).toBe('incomplete');
    expect(report.verdicts.incomplete.specs, 'every core spec skipped for want of a zone').toBe(report.tests.filter((t) => t.profile === 'core' && t.status === 'skipped').length);
    expect(report.verdicts.incomplete.specs).toBeGreaterThan(50);
    const reasons = report.tests.filter((t) => t.status === 'skipped').map((t) => t.skipReason);
    expect(reasons.filter((r) => !r || r === 'skipped'), 'every skip has a real reason').toEqual([]);
    const accepted = await runCli(['run', '--suite', 'zone-api', '--area', 'filters', '--no-preflight', '--accept-incomplete', '--target', server.baseUrl, '--report-dir', tempDir('no-zone-accepted')],
      { SPECGATE_TOKEN: server.credentials.token! });
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    expect(accepted.stdout).toMatch(/^specgate: PASSED \(gate: core, incomplete accepted: \d+ gated specs not verified\)/m);
  });

  it('a provided zone the target does not have: names the config field', async () => {
    const zones = { enterprise: { id: '0123456789abcdef0123456789abcdef', name: 'nowhere.example' } };
    const run = await runExpectingPreflightFailure(['--config', writeConfig({ target: { url: server.baseUrl, zones } })], { SPECGATE_TOKEN: server.credentials.token! });
    expect(run.stderr).toMatch(/does not let these credentials read zone zones\.enterprise \(0123456789abcdef0123456789abcdef\): GET .* answered HTTP 404.*; fix: check target\.zones\.enterprise\.id in specgate\.config\.ts/);
  });
});

/** A `specgate serve` child process, as a user starts it; its base URL and token from its output. */
async function startServe(args: string[]): Promise<{ child: ChildProcess; baseUrl: string; token: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/specgate.mjs'), 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => { out += d; if (/token: +\S+/.test(out)) resolve(); });
    child.on('exit', () => reject(new Error(`serve exited: ${out}`)));
  });
  return { child, baseUrl: /base URL: +(\S+)/.exec(out)![1]!, token: /token: +(\S+)/.exec(out)![1]! };
}

describe('a `specgate serve` started without --test-mode', () => {
  let served: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => { served = await startServe([]); }, 60_000);
  afterAll(() => { served.child.kill('SIGTERM'); });

  it('given as --control: the fix says --test-mode', async () => {
    const control = served.baseUrl.replace('/client/v4', '/__control');
    const run = await runExpectingPreflightFailure(['--target', served.baseUrl, '--control', control], { SPECGATE_TOKEN: served.token });
    expect(run.stderr).toContain(`specgate: ${control} is not a control API: POST /zones answered HTTP 404`);
    expect(run.stderr).toContain('only when started with --test-mode');
  });
});

describe('a `specgate serve --test-mode` after a run against it', () => {
  let served: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => { served = await startServe(['--test-mode']); }, 60_000);
  afterAll(() => { served.child.kill('SIGTERM'); });

  it('runs on real time again (it stayed frozen where the run left it)', async () => {
    const controlUrl = served.baseUrl.replace('/client/v4', '/__control');
    const control = new ControlClient(controlUrl);
    expect(await control.now(), 'found running').toMatchObject({ frozen: false });
    const reportDir = tempDir('serve-clock');
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'auth', '--as-of', '2026-01-01', '--report-dir', reportDir,
      '--target', served.baseUrl, '--control', controlUrl], { SPECGATE_TOKEN: served.token });
    expect([0, 3], run.stdout + run.stderr).toContain(run.code);
    // Positive control: the run did set (and so froze) the served clock.
    expect(readReport(reportDir).run).toMatchObject({ asOf: '2026-01-01T00:00:00.000Z', clockSettable: true });
    const after = await control.now();
    expect(after.frozen, 'back on real time').toBe(false);
    expect(after.epoch_ms, 'real time, not the run\'s 2026-01-01').toBeGreaterThan(Date.parse('2026-01-02'));
  });
});

describe('a storage adapter', () => {
  /** A plain-JavaScript adapter whose create() and storage behave as `body` says. */
  function adapterFile(name: string, create: string): string {
    const file = join(tempDir('preflight-adapter'), `${name}.mjs`);
    writeFileSync(file, `export default {
  name: '${name}',
  supports: { kv: true, alarms: false, clock: false, faults: false, restart: false, sql: false, pitr: false },
  create: ${create},
};\n`);
    return file;
  }

  it('whose storage never answers: exit 2 within the --timeout, naming the call', async () => {
    const file = adapterFile('never-answers', `async () => ({ storage: { get: () => new Promise(() => {}) }, destroy: async () => {} })`);
    const started = Date.now();
    const reportDir = join(tempDir('preflight'), 'report');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', file, '--timeout', '1', '--report-dir', reportDir]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(existsSync(reportDir)).toBe(false);
    expect(run.stderr).toMatch(/^specgate: --adapter never-answers: storage\.get\('specgate-preflight'\) on a fresh object gave no answer in 1 s; fix: create\(\) must resolve to a fresh object whose storage answers/);
    expect(Date.now() - started, 'bounded by --timeout, not by the 60 s a spec may take').toBeLessThan(30_000);
  });

  it('whose object lacks what the contract\'s StorageObject has (run, restart): exit 2 naming them, not failing specs', async () => {
    const file = adapterFile('no-run', `async () => ({ storage: { get: async () => undefined }, destroy: async () => {} })`);
    const run = await runCli(['run', '--suite', 'storage', '--adapter', file, '--area', 'kv']);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^specgate: --adapter no-run: create\(\) resolved to an object without run\(name, args\), restart\(\); fix: the object is the contract's StorageObject/);
  });

  it('whose create() throws: its message', async () => {
    const file = adapterFile('create-throws', `async () => { throw new Error('the database is locked'); }`);
    const run = await runCli(['run', '--suite', 'storage', '--adapter', file]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^specgate: --adapter create-throws: create\(\) threw: the database is locked; fix: /);
  });
});

describe('specgate doctor', () => {
  it('lists every check as ok, exit 0, for a target set up right (and the storage adapters)', async () => {
    const run = await runCli(['doctor', '--target', server.baseUrl, '--control', server.controlUrl!, '--adapter', 'reference-kv'],
      { SPECGATE_TOKEN: server.credentials.token!, SPECGATE_EMAIL: server.credentials.email!, SPECGATE_KEY: server.credentials.key! });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    for (const check of ['reachable', 'control API', 'credentials (API token)', 'credentials (email and API key)', 'loads', 'a fresh object answers']) {
      expect(run.stdout).toMatch(new RegExp(`^ {2}ok {3}${check.replace(/[()]/g, '\\$&')}: `, 'm'));
    }
    expect(run.stdout).not.toContain('FAIL');
    expect(run.stdout).toMatch(/specgate doctor: every check passed/);
  });

  it('says FAIL and the fix for a wrong token, exit 2, without running or writing anything', async () => {
    const run = await runCli(['doctor', '--suite', 'zone-api', '--target', server.baseUrl, '--control', server.controlUrl!, '--token', 'specgate0wrong0token000000000000']);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stdout).toMatch(/^ {2}ok {3}control API: /m);
    expect(run.stdout).toMatch(/^ {2}FAIL credentials \(API token\): http:\/\/127\.0\.0\.1:\d+\/client\/v4 refuses the API token: .*HTTP 403.*\n {7}fix: give the token the target accepts/m);
  });

  it('checks the bundled reference and the reference adapters by default', async () => {
    const run = await runCli(['doctor']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^zone-api: the bundled reference$/m);
    expect(run.stdout).toMatch(/^storage: adapter reference-kv$/m);
    expect(run.stdout).toMatch(/^storage: adapter reference-sqlite$/m);
  });
});

describe('every skip carries its reason', () => {
  it('a spec skipped inside a property (its zone cannot be had) says why, not "skipped"', async () => {
    // Only a pro zone is provided: the property's enterprise zone is skipped for, inside fast-check.
    const zone = await new ControlClient(server.controlUrl!).createZone({ plan: 'pro' });
    const reportDir = tempDir('property-skip');
    const config = writeConfig({ target: { url: server.baseUrl, zones: { pro: { id: zone.id, name: zone.name } } } });
    const run = await runCli(['run', '--suite', 'zone-api', '--config', config, '--requirement', 'ZM-FW-COMBINED-ATOMIC-BATCH', '--report-dir', reportDir, '--accept-incomplete'],
      { SPECGATE_TOKEN: server.credentials.token! });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const [test] = readReport(reportDir).tests;
    expect(test).toMatchObject({ status: 'skipped', skipReason: 'target has no control API and provides no enterprise zone (set zones.enterprise in specgate.config.ts)' });
  });
});
