// The smaller defects of the command line, each reproduced through the real CLI
// (or, where the CLI would need minutes, the unit that decides it), and what was missing: --bail,
// --reporter, run --json.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../reference-impl/zone-api/server.js';
import { findConfigFile } from '../src/cli/config-file.js';
import { githubAnnotations, MAX_ANNOTATIONS } from '../src/cli/reporters.js';
import { withDashedValues } from '../src/cli/usage.js';
import { RUN_OPTIONS } from '../src/cli/run-config.js';
import { BailReporter } from '../src/runner/bail.js';
import { rawExchange } from '../src/spec-kit/raw-http.js';
import { transportCause } from '../src/spec-kit/transport-cause.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';
import { callCli } from './helpers/cli-in-process.js';

const lines = (text: string) => text.trim().split('\n');

describe('usage mistakes that were silent, ambiguous or a hang: one line, exit 2', () => {
  it.each([
    // Node's timers hold 2^31-1 ms: 3000000 s became 1 ms, and every spec timed out at once.
    [['--timeout', '3000000'], 'specgate: --timeout must be at most 2147483 seconds (Node\'s timers go no further), got 3000000'],
    // Before: "Option '--timeout' argument is ambiguous".
    [['--suite', 'zone-api', '--target-image', 'example/x:1', '--target-startup-timeout', '3000000'], 'specgate: --target-startup-timeout must be at most 2147483 seconds (Node\'s timers go no further), got 3000000'],
    [['--timeout', '-5'], 'specgate: --timeout must be a positive number, got "-5"'],
    [['--timeout=-5'], 'specgate: --timeout must be a positive number, got "-5"'],
    [['--max-rps', '-1'], 'specgate: --max-rps must be a positive number, got "-1"'],
    // Before: ran the storage suite and never contacted the URL.
    [['--suite', 'storage', '--target', 'http://127.0.0.1:9/client/v4'], 'specgate: --target applies to the zone-api suite, which --suite storage leaves out; drop --target, or run --suite zone-api (or all)'],
    [['--suite', 'zone-api', '--adapter', 'workerd'], 'specgate: --adapter applies to the storage suite, which --suite zone-api leaves out; drop --adapter, or run --suite storage (or all)'],
    [['--suite', 'zone_api'], 'specgate: --suite must be one of zone-api, storage, all, got "zone_api" (did you mean zone-api?)'],
    [['--area', 'firewal-rules'], expect.stringContaining('specgate: --area: unknown area "firewal-rules" (did you mean firewall-rules?)')],
    [['--bail', '--max-failures', '2'], 'specgate: --bail is --max-failures 1: give one of them'],
    [['--max-failures', '0'], 'specgate: --max-failures must be a positive whole number, got "0"'],
    [['--reporter', 'githib'], 'specgate: --reporter must be one of default, github, json, got "githib" (did you mean github?)'],
    [['--json', '--reporter', 'github'], 'specgate: --json is --reporter json; it cannot go with --reporter github'],
  ])('run %j', async (args, message) => {
    const result = await callCli(['run', ...args]);
    expect(result.code, result.stderr).toBe(2);
    expect(lines(result.stderr)).toEqual([message]);
  });

  it('an adapter that does not exist is refused before a container is started for the run (it was checked only after)', async () => {
    const result = await callCli(['run', '--suite', 'all', '--target-image', 'no-such-image:1', '--adapter', './no-such-adapter.ts']);
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([expect.stringMatching(/^specgate: --adapter \.\/no-such-adapter\.ts: no file at \/.*\/no-such-adapter\.ts$/)]);
  });

  it('a misspelt adapter gets the nearest name', async () => {
    const result = await callCli(['run', '--suite', 'storage', '--adapter', 'refrence']);
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([expect.stringMatching(/^specgate: --adapter: no built-in adapter named "refrence" \(did you mean reference\?\) \(reference, reference-kv/)]);
  });

  it('a dashed word after an option taking a value is its value, unless it is an option itself', () => {
    expect(withDashedValues(['--timeout', '-5', '--seed', '-.5', '--token', '-Xy_9'], RUN_OPTIONS)).toEqual(['--timeout=-5', '--seed=-.5', '--token=-Xy_9']);
    // An option's name, after a boolean, or after `--`: as typed, for the parser to judge.
    expect(withDashedValues(['--grep', '--seed', '--bail', '-1', '--', '--timeout', '-5'], RUN_OPTIONS)).toEqual(['--grep', '--seed', '--bail', '-1', '--', '--timeout', '-5']);
  });

  it('serve takes a token that starts with a dash (a base64url token does one time in 32)', async () => {
    const result = await callCli(['serve', '--port', 'x', '--token', '-Ab3']);
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual(['specgate: --port must be a port number, got "x"']);
  });

  // Node's recursive mkdir loops for ever where the file system refuses directories with ENOENT.
  it.skipIf(!existsSync('/proc/self'))('--report-dir /proc/x is refused at once (it hung with no output)', async () => {
    const result = await callCli(['run', '--suite', 'storage', '--report-dir', '/proc/x']);
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual(['specgate: --report-dir /proc/x: cannot make a directory in /proc (ENOENT); give a directory on a writable file system']);
  }, 600_000);
});

describe('a request that got no answer says why in words, keeping the code', () => {
  /** A plain HTTP server, and a TCP server that closes every connection as soon as a request arrives. */
  async function servers() {
    const http = createHttpServer((_, response) => response.end('{}'));
    const closing = createTcpServer((socket) => socket.once('data', () => socket.destroy()));
    const listen = (server: HttpServer | TcpServer) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
    const ports = { http: await listen(http), closing: await listen(closing) };
    return { ports, close: () => { http.close(); closing.close(); } };
  }

  it('https:// against a plain HTTP server, and a closed connection (the run showed ERR_SSL_WRONG_VERSION_NUMBER, UND_ERR_SOCKET; the preflight, over node:http, EPROTO and ECONNRESET)', async () => {
    const { ports, close } = await servers();
    try {
      const causeOf = async (url: string) => {
        try { await fetch(url); } catch (error) { return transportCause(error, url); }
        throw new Error(`${url} answered`);
      };
      expect(await causeOf(`https://127.0.0.1:${ports.http}/`)).toBe(`the server at 127.0.0.1:${ports.http} speaks plain HTTP: use http:// (ERR_SSL_WRONG_VERSION_NUMBER)`);
      expect(await causeOf(`http://127.0.0.1:${ports.closing}/`)).toBe('the server closed the connection before answering (UND_ERR_SOCKET: other side closed)');
      // Through the CLI: the preflight's line.
      const tls = await runCli(['run', '--suite', 'zone-api', '--target', `https://127.0.0.1:${ports.http}/client/v4`, '--token', 't'.repeat(40)]);
      // The preflight's client is node:http (the spec kit's), which reports the TLS error as EPROTO: the line adds OpenSSL's reason.
      expect([tls.code, lines(tls.stderr)]).toEqual([2, [`specgate: target unreachable: https://127.0.0.1:${ports.http}/client/v4 (the server at 127.0.0.1:${ports.http} speaks plain HTTP: use http:// (EPROTO: wrong version number)); fix: check --target (or target.url in specgate.config.ts) and that the server is running`]]);
      const closed = await runCli(['run', '--suite', 'zone-api', '--target', `http://127.0.0.1:${ports.closing}/client/v4`, '--token', 't'.repeat(40)]);
      expect([closed.code, lines(closed.stderr)]).toEqual([2, [expect.stringContaining('(the server closed the connection before answering (ECONNRESET: socket hang up))')]]);
    } finally {
      close();
    }
  }, 600_000);

  it('a raw exchange (the transport specs) speaks TLS to an https:// URL, and says why there was no answer', async () => {
    const { ports, close } = await servers();
    try {
      const get = (url: string) => rawExchange(new URL(url), [`GET / HTTP/1.1`, `Host: ${new URL(url).host}`], '');
      // Before: plain TCP to an https:// URL (and port 80 when none was given): the plain server answered 200.
      expect(await get(`https://127.0.0.1:${ports.http}/`)).toEqual({ status: undefined, headers: {}, body: '', cause: `the server at 127.0.0.1:${ports.http} speaks plain HTTP: use http:// (ERR_SSL_WRONG_VERSION_NUMBER)` });
      expect((await get(`http://127.0.0.1:${ports.http}/`)).status, 'positive control: http:// gets the answer').toBe(200);
      expect(await get(`http://127.0.0.1:${ports.closing}/`)).toMatchObject({ status: undefined });
    } finally {
      close();
    }
  });

  it.skipIf(spawnSync('openssl', ['version']).status !== 0)('a raw exchange with an https:// server is a TLS handshake (its self-signed certificate refused by name)', async () => {
    const dir = tempDir('tls');
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    expect(made.status).toBe(0);
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_, response) => response.end('{}'));
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
    try {
      const response = await rawExchange(new URL(`https://127.0.0.1:${port}/`), ['GET / HTTP/1.1', `Host: 127.0.0.1:${port}`], '');
      expect(response).toMatchObject({ status: undefined, cause: expect.stringMatching(/^DEPTH_ZERO_SELF_SIGNED_CERT/) });
    } finally {
      server.close();
    }
  });

  it('other causes are their code, system call and message (a refused connection: all three)', async () => {
    // A port a server just let go of: nothing listens there.
    const server = createTcpServer();
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
    await new Promise((resolve) => server.close(resolve));
    const url = `http://127.0.0.1:${port}/`;
    const refused = await fetch(url).then(() => { throw new Error(`${url} answered`); }, (error: unknown) => transportCause(error, url));
    expect(refused).toBe(`ECONNREFUSED (syscall connect): connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('a cause with only a code is that code', () => {
    expect(transportCause(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }), 'http://127.0.0.1:9/')).toBe('ECONNREFUSED');
    // A TLS error against an http:// URL is not this mistake.
    expect(transportCause(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ERR_SSL_WRONG_VERSION_NUMBER' } }), 'http://127.0.0.1:9/')).toBe('ERR_SSL_WRONG_VERSION_NUMBER');
  });
});

describe('the config file from a subdirectory', () => {
  /** project/.git, project/specgate.config.mjs, project/a/b; and a config above the project. */
  function project(config: string): { root: string; sub: string } {
    const outer = tempDir('config-up');
    const root = join(outer, 'project');
    const sub = join(root, 'a', 'b');
    mkdirSync(sub, { recursive: true });
    mkdirSync(join(root, '.git'));
    writeFileSync(join(root, 'specgate.config.mjs'), config);
    writeFileSync(join(outer, 'specgate.config.mjs'), 'export default { gate: "above-the-repository" };\n');
    return { root, sub };
  }

  it('is found in a directory above, and the run says which file it uses (it silently tested the bundled reference)', async () => {
    const { root, sub } = project('export default { gate: "strict" };\n');
    expect(findConfigFile(sub)).toBe(join(root, 'specgate.config.mjs'));
    const refused = await runCli(['run', '--suite', 'storage'], {}, sub);
    expect([refused.code, lines(refused.stderr)]).toEqual([2, [`specgate: ${join(root, 'specgate.config.mjs')}: gate must be one of core, extended`]]);
  });

  it('names the file it found and uses', async () => {
    const { sub } = project('export default { adapter: "no-such-adapter" };\n');
    const result = await runCli(['run', '--suite', 'storage'], {}, sub);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('specgate: config ../../specgate.config.mjs\n');
    expect(result.stderr).toMatch(/no built-in adapter named "no-such-adapter"/);
    // Named by --config, the file is the one the user gave: no line about it.
    const explicit = await runCli(['run', '--suite', 'storage', '--config', '../../specgate.config.mjs'], {}, sub);
    expect([explicit.code, explicit.stdout]).toEqual([2, '']);
  });

  it('the search stops at the repository\'s root (.git): a file above it is not the project\'s', () => {
    const { root, sub } = project('');
    writeFileSync(join(root, 'specgate.config.mjs'), '');
    expect(findConfigFile(sub)).toBe(join(root, 'specgate.config.mjs'));
    const bare = join(root, 'a');
    const inner = join(bare, 'nested-repo');
    mkdirSync(join(inner, '.git'), { recursive: true });
    expect(findConfigFile(inner), 'a repository without a config of its own has none').toBeUndefined();
  });
});

describe('--bail and --max-failures count gated failures only', () => {
  let ids = 0;
  const test = (state: 'passed' | 'failed' | 'skipped', requirements: string[], extended?: string) => ({
    id: `t${ids++}`, fullName: `spec citing ${requirements.join(',')}`, result: () => ({ state }), meta: () => ({ requirements, ...(extended && { extended }) }),
  });
  const profiles = (id: string) => (id.startsWith('EXT-') ? 'extended' as const : 'core' as const);

  function bail(max: number, gate: 'core' | 'extended') {
    const cancelled: string[] = [];
    const reporter = new BailReporter(max, gate, profiles);
    reporter.onInit({ cancelCurrentRun: async (reason: string) => { cancelled.push(reason); } } as never);
    return { reporter, cancelled };
  }

  it('gate core: a failed convention (extended) does not stop the run; the Nth failed core spec does', () => {
    const { reporter, cancelled } = bail(2, 'core');
    for (const t of [test('failed', ['EXT-A']), test('failed', ['CORE-A'], 'relies on a convention'), test('passed', ['CORE-B']), test('failed', ['CORE-C'])]) reporter.onTestCaseResult(t as never);
    expect(cancelled, 'one gated failure of 2').toEqual([]);
    reporter.onTestCaseResult(test('failed', ['CORE-D']) as never);
    expect(cancelled).toEqual(['test-failure']);
    expect(reporter.stoppedAfter).toEqual({ failures: 2, spec: 'spec citing CORE-D' });
    const cutOff = test('skipped', ['CORE-E']);
    reporter.onTestCaseResult(test('failed', ['CORE-E']) as never);
    reporter.onTestCaseResult(cutOff as never);
    expect(cancelled, 'stopped once').toHaveLength(1);
    expect(reporter.notReached(cutOff as never), 'skipped by the stop: not part of the run').toBe(true);
  });

  it('a spec that skipped itself before the stop stays in the run', () => {
    const { reporter } = bail(1, 'core');
    const skippedItself = test('skipped', ['CORE-A']);
    reporter.onTestCaseResult(skippedItself as never);
    reporter.onTestCaseResult(test('failed', ['CORE-B']) as never);
    expect(reporter.notReached(skippedItself as never)).toBe(false);
  });

  it('gate extended: every failure counts', () => {
    const { reporter, cancelled } = bail(1, 'extended');
    reporter.onTestCaseResult(test('failed', ['EXT-A']) as never);
    expect(cancelled).toEqual(['test-failure']);
  });
});

describe('a run against a target refusing the token: --bail, --json, --reporter github', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => { server = await startServer({ testMode: true }); });
  afterAll(async () => { await server?.close(); });

  const against = () => ['run', '--suite', 'zone-api', '--area', 'firewall-rules', '--no-preflight', '--target', server.baseUrl, '--control', server.controlUrl!];
  const wrongToken = { SPECGATE_TOKEN: 'specgate0wrong0token' };

  it('--bail --json: stops early, says so in the report and on stderr, and stdout is the summary JSON alone', async () => {
    const dir = tempDir('bail');
    // One spec at a time per worker: otherwise every spec of the area is in flight when the first fails.
    const run = await runCli([...against(), '--concurrency', '1', '--bail', '--json', '--report-dir', dir], wrongToken);
    expect(run.code, run.stderr).toBe(1);
    const summary = JSON.parse(run.stdout) as { exitCode: number; outcome: string; run: { stoppedEarly?: unknown }; summary: { total: number }; reportDir: string };
    expect(summary).toMatchObject({ exitCode: 1, outcome: 'failed', reportDir: dir, run: { stoppedEarly: { maxFailures: 1, failures: 1 } } });
    const report = readReport(dir);
    expect(report.run.stoppedEarly).toEqual(summary.run.stoppedEarly);
    expect(summary.summary.total).toBe(report.summary.total);
    expect(run.stderr).toMatch(/^specgate: STOPPED EARLY after 1 gated failure \(--max-failures 1\), at .+: the specs not reached are not in this report$/m);
    // The whole area has more specs than a stopped run reached.
    const full = await runCli([...against(), '--concurrency', '1', '--json', '--report-dir', tempDir('no-bail')], wrongToken);
    const unstopped = JSON.parse(full.stdout) as { summary: { total: number }; run: { stoppedEarly?: unknown } };
    expect(unstopped.run.stoppedEarly).toBeUndefined();
    expect(report.summary.total).toBeLessThan(unstopped.summary.total);
    // A spec that ran and failed leaves its convention checks not verified (a record of their own,
    // skipped, that names the failure): which spec fails first depends on timing, so that record
    // may be there. A spec the stop cut off has no record at all.
    const ranAndFailed = new Set(report.tests.filter((t) => t.status === 'failed').map((t) => t.name));
    const cutOff = report.tests.filter((t) => t.status === 'skipped' && !ranAndFailed.has(t.name.replace(/ \[conventions\]$/, '')));
    expect(cutOff, 'the specs the stop cut off are not in the report as skipped').toEqual([]);
  }, 600_000);

  it('--reporter github: an ::error annotation on the spec\'s line for each gated failure, summary.md appended to $GITHUB_STEP_SUMMARY', async () => {
    const dir = tempDir('github');
    const stepSummary = join(tempDir('step-summary'), 'summary.md');
    writeFileSync(stepSummary, '# earlier step\n');
    const run = await runCli([...against().map((a) => (a === 'firewall-rules' ? 'auth' : a)), '--reporter', 'github', '--report-dir', dir], { ...wrongToken, GITHUB_STEP_SUMMARY: stepSummary });
    expect(run.code, run.stderr).toBe(1);
    const report = readReport(dir);
    const gatedFailures = report.tests.filter((t) => t.status === 'failed' && t.profile === 'core');
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(gatedFailures.length).toBeGreaterThan(0);
    expect(annotations).toHaveLength(gatedFailures.length);
    for (const annotation of annotations) {
      expect(annotation).toMatch(/^::error file=suites\/zone-api\/auth\.spec\.ts,line=\d+,title=specgate%3A zone-api > .+::.+%0A.*HTTP 403/);
      const line = Number(/line=(\d+)/.exec(annotation)![1]);
      const title = /title=specgate%3A zone-api > (?:.+ > )?([^,]+?)::/.exec(annotation)![1]!.replace(/%2C/g, ',').replace(/%3A/g, ':');
      expect(readFileSync(join(ROOT, 'suites/zone-api/auth.spec.ts'), 'utf8').split('\n')[line - 1]).toContain(title);
    }
    expect(readFileSync(stepSummary, 'utf8')).toBe(`# earlier step\n${readFileSync(join(dir, 'summary.md'), 'utf8')}\n`);
  }, 600_000);
});

describe('specgate list takes run\'s selection flags and ends with a total', () => {
  it('lists what a run with the same selection runs, and the total', async () => {
    const selection = ['--suite', 'zone-api', '--requirement', 'ZM-AUTH-*', '--profile', 'core'];
    const [listed, text, dir] = [await runCli(['list', ...selection, '--json']), await runCli(['list', ...selection]), tempDir('list-vs-run')];
    expect([listed.code, text.code], listed.stderr + text.stderr).toEqual([0, 0]);
    const names = (JSON.parse(listed.stdout) as { name: string }[]).map((spec) => spec.name).sort();
    const run = await runCli(['run', ...selection, '--report-dir', dir]);
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    const ran = readReport(dir).tests.map((t) => [...t.spec.describe, t.spec.title].join(' > ')).sort();
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(ran);
    expect(lines(text.stdout).at(-1)).toMatch(new RegExp(`^specgate: ${names.length} specs? in 1 file \\(of \\d+ specs in the suites listed\\)$`));
  }, 600_000);

  it('--grep, --area, --level narrow the listing; without a selection the total has no "of"', async () => {
    const grep = await runCli(['list', '--grep', 'bearer token authenticates']);
    expect(lines(grep.stdout)).toEqual([
      'suites/zone-api/auth.spec.ts > a bearer token authenticates; a wrong token does not  [ZM-AUTH-BEARER]',
      // What it sends (test/list-requests.test.ts), then the total.
      expect.stringMatching(/^specgate: requests, as against the bundled reference /),
      expect.stringMatching(/^specgate: 1 spec in 1 file \(of \d+ specs in the suites listed\)$/),
    ]);
    const storage = await runCli(['list', '--suite', 'storage', '--area', 'alarms', '--level', 'must', '--json']);
    const specs = JSON.parse(storage.stdout) as { file: string }[];
    expect(specs.length).toBeGreaterThan(0);
    expect(new Set(specs.map((spec) => spec.file))).toEqual(new Set(['suites/storage/alarm-lifecycle.spec.ts', 'suites/storage/alarms.spec.ts']));
    const all = await runCli(['list', '--suite', 'storage']);
    expect(lines(all.stdout).at(-1)).toMatch(/^specgate: \d+ specs in \d+ files$/);
  }, 600_000);

  it('a bad selection is one line and exit 2, as for run', async () => {
    for (const [args, line] of [
      [['--profile', 'strict'], 'specgate: --profile must be core or extended, got "strict"'],
      [['--grep', '('], 'specgate: --grep is not a valid regular expression: ('],
      [['--area', 'kvv'], expect.stringContaining('unknown area "kvv" (did you mean kv?)')],
    ] as const) {
      const result = await runCli(['list', ...args]);
      expect([result.code, lines(result.stderr)]).toEqual([2, [line]]);
    }
  }, 600_000);
});

describe('the zone API guide\'s serve-and-run example', () => {
  // Before: it ended in exit 3 (no key pair given) and never said where $TOKEN came from.
  const guide = readFileSync(join(ROOT, 'docs/guide-zone-api.md'), 'utf8');
  const block = /## The reference server, then the suite against it\n\n```sh\n([\s\S]*?)```/.exec(guide)![1]!.replace(/\\\n\s*/g, ' ');
  const commands = block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));

  it('sets the credentials both sides use, and its run passes (the auth area, both schemes)', async () => {
    const exported = commands.find((line) => line.startsWith('export '))!;
    const env = Object.fromEntries([...exported.matchAll(/(SPECGATE_\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
    expect(Object.keys(env).sort()).toEqual(['SPECGATE_EMAIL', 'SPECGATE_KEY', 'SPECGATE_TOKEN']);
    const serveArgs = commands.find((line) => line.startsWith('npx specgate serve'))!.split(/\s+/).slice(2);
    const runArgs = commands.find((line) => line.startsWith('npx specgate run'))!.split(/\s+/).slice(2);
    expect(serveArgs).toEqual(['serve', '--port', '8787', '--test-mode']);
    const server = spawn(process.execPath, [join(ROOT, 'bin/specgate.mjs'), 'serve', '--port', '0', '--test-mode'], { cwd: ROOT, env: { ...process.env, ...env } });
    try {
      const banner = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (d) => { out += d; if (out.includes('data:')) resolve(out); });
        server.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      const origin = new URL(/base URL:\s+(\S+)/.exec(banner)![1]!).origin;
      expect(banner).toContain(`token:       ${env.SPECGATE_TOKEN}`);
      const args = runArgs.map((arg) => arg.replace('http://127.0.0.1:8787', origin));
      const run = await runCli([...args, '--area', 'auth', '--report-dir', tempDir('guide-example')], env);
      expect(run.code, run.stdout.slice(-2000)).toBe(0);
    } finally {
      server.kill('SIGTERM');
    }
  }, 600_000);
});

describe('--reporter github: annotations GitHub keeps', () => {
  const failed = (i: number, profile: 'core' | 'extended', known = false) => ({
    name: `zone-api > spec ${i}`, status: 'failed', profile, file: 'suites/zone-api/auth.spec.ts', requirements: ['ZM-AUTH-BEARER'],
    spec: { describe: [], title: `spec ${i}` }, error: 'HTTP 403\nsecond line, 100%', ...(known && { known: { reason: 'r' } }),
  });
  const report = (tests: unknown[], gate: 'core' | 'extended' = 'core') => ({ tests, verdicts: { gate } }) as never;

  it('only gated failures not known to a baseline, the whole error escaped', () => {
    const annotations = githubAnnotations(report([failed(1, 'core'), failed(2, 'extended'), failed(3, 'core', true)]), ROOT);
    expect(annotations).toEqual(['::error file=suites/zone-api/auth.spec.ts,title=specgate%3A zone-api > spec 1::zone-api > spec 1 [ZM-AUTH-BEARER]%0AHTTP 403%0Asecond line, 100%25']);
    expect(githubAnnotations(report([failed(2, 'extended')], 'extended'), ROOT), '--gate extended: conventions are gated').toHaveLength(1);
  });

  it(`at most ${MAX_ANNOTATIONS} (GitHub drops the rest), then one notice with the count`, () => {
    const annotations = githubAnnotations(report(Array.from({ length: MAX_ANNOTATIONS + 7 }, (_, i) => failed(i, 'core'))), ROOT);
    expect(annotations).toHaveLength(MAX_ANNOTATIONS + 1);
    expect(annotations.at(-1)).toBe('::notice title=specgate::7 more gated failures, not annotated: see the job summary (summary.md) and report.html');
  });
});
