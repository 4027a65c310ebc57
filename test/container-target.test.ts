// Container targets (--target-image): the orchestration through testcontainers, with only the
// Docker Engine faked (test/helpers/fake-docker-engine.ts: the HTTP API dockerode talks to), and the
// contract of the reference image (its Dockerfile's command reading credentials from the env).
//
// Each scenario runs in a child process (test/helpers/container-scenario.ts): testcontainers reads
// DOCKER_HOST once per process and caches its client, so each child gets its own engine address,
// a HOME without ~/.testcontainers.properties, and no TESTCONTAINERS_* variables of the developer's.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { containerCredentials, parseTargetEnv, parseTargetImage, parseTargetPort } from '../src/targets/container-target.js';
import { UnreachableError, UsageError } from '../src/targets/zone-target.js';
import { ROOT, readReport, runCli, tempDir } from './helpers/cli.js';
import { FakeDockerEngine, freePort, type ImageBehaviour } from './helpers/fake-docker-engine.js';

const TOKEN = 'container-canary-token-5f2c9a';
const IMAGE = 'specgate-reference:test';

interface ScenarioResult {
  ok: boolean;
  baseUrl?: string;
  controlUrl?: string;
  answer?: { status: number; success: unknown; wrongTokenStatus: number };
  reachableAfterStop?: boolean;
  error?: { name: string; message: string };
}

function runScenario(scenario: object, env: Record<string, string>): Promise<ScenarioResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/helpers/container-scenario.ts'), JSON.stringify(scenario)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'specgate-container-home-')), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as ScenarioResult);
      } catch {
        reject(new Error(`scenario exited ${code} without a result\nstdout: ${stdout}\nstderr: ${stderr}`));
      }
    });
  });
}

describe('a container target against a fake Docker engine', () => {
  let engine: FakeDockerEngine | undefined;
  afterEach(async () => { await engine?.close(); engine = undefined; });

  async function scenario(behaviours: Record<string, ImageBehaviour>, options: object, mode: 'run' | 'run-fails' = 'run', extraEnv: Record<string, string> = {}, localImages: string[] = []) {
    engine = new FakeDockerEngine(behaviours, { localImages });
    await engine.start();
    const result = await runScenario({ mode, token: TOKEN, options }, { DOCKER_HOST: engine.url, TESTCONTAINERS_RYUK_DISABLED: 'true', ...extraEnv });
    return { result, engine };
  }

  it('pulls the image, creates it with the env and port given, waits on the base URL, runs against it, then stops and removes it', async () => {
    const { result, engine } = await scenario({}, { image: IMAGE, port: 9000, env: { SPECGATE_TOKEN: TOKEN, EXTRA: 'a=b' }, controlPath: '/__control', startupTimeoutMs: 10_000 });

    expect(result.error).toBeUndefined();
    // The image's pull, as the engine saw it.
    expect(engine.callsTo('POST', /^\/images\/create$/).map((call) => call.query)).toEqual([expect.objectContaining({ fromImage: 'specgate-reference', tag: 'test' })]);
    // Image, environment and exposed port as requested.
    const [create] = engine.callsTo('POST', /^\/containers\/create$/);
    const body = create!.body as { Image: string; Env: string[]; ExposedPorts: object; HostConfig: { PortBindings: object } };
    expect(body.Image).toBe(IMAGE);
    expect(body.Env).toEqual(expect.arrayContaining([`SPECGATE_TOKEN=${TOKEN}`, 'EXTRA=a=b']));
    expect(body.ExposedPorts).toEqual({ '9000/tcp': {} });
    expect(body.HostConfig.PortBindings).toEqual({ '9000/tcp': [{ HostPort: '0' }] });

    // The base URL is the host port the engine published for 9000, and it reached the server the
    // container ran, with the credentials its environment carried.
    const container = [...engine.calls].find((call) => call.path.endsWith('/start'))!.path.split('/')[2];
    expect(result.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/);
    expect(result.controlUrl).toBe(result.baseUrl!.replace('/client/v4', '/__control'));
    expect(result.answer).toEqual({ status: 200, success: true, wrongTokenStatus: 403 });

    // The wait strategy polled the base URL (no credentials: any answer means up) before the run's
    // first request, and the run came after it.
    const firstPoll = engine.served.findIndex((request) => request.url === '/client/v4' && !request.authenticated);
    const firstRunRequest = engine.served.findIndex((request) => request.authenticated);
    expect(firstPoll).toBeGreaterThanOrEqual(0);
    expect(engine.served[firstPoll]!.status).toBe(401);
    expect(firstRunRequest).toBeGreaterThan(firstPoll);

    // Stopped and removed once the run was over: the server is gone and the engine saw it, once.
    const stop = engine.indexOf('POST', new RegExp(`^/containers/${container}/stop$`));
    const remove = engine.indexOf('DELETE', new RegExp(`^/containers/${container}$`));
    expect(stop).toBeGreaterThan(engine.indexOf('GET', new RegExp(`^/containers/${container}/json$`)));
    expect(remove).toBeGreaterThan(stop);
    expect(engine.callsTo('POST', /\/stop$/)).toHaveLength(1);
    expect(engine.containers.size).toBe(0);
    expect(result.reachableAfterStop).toBe(false);
  }, 30_000);

  it('stops and removes the container when the run fails, and the run\'s error is the one reported', async () => {
    const { result, engine } = await scenario({}, { image: IMAGE, env: { SPECGATE_TOKEN: TOKEN }, controlPath: '/__control' }, 'run-fails', {}, [IMAGE]);

    expect(result.error).toEqual({ name: 'Error', message: 'the run failed' });
    expect(engine.callsTo('POST', /^\/images\/create$/)).toHaveLength(0); // present locally: not pulled
    expect(engine.callsTo('POST', /^\/containers\/create$/)[0]!.body).toMatchObject({ ExposedPorts: { '8787/tcp': {} } }); // the default port
    expect(engine.served.some((request) => request.authenticated && request.status === 200)).toBe(true); // the run did reach it
    expect(engine.callsTo('POST', /\/stop$/).map((call) => call.status)).toEqual([204]);
    expect(engine.callsTo('DELETE', /^\/containers\/[^/]+$/).map((call) => call.status)).toEqual([204]);
    expect(engine.containers.size).toBe(0);
    expect(result.reachableAfterStop).toBe(false);
  }, 30_000);

  it('an image the registry does not have: ContainerStartError naming the image and the engine\'s reason; nothing created', async () => {
    const { result, engine } = await scenario({ 'ghost/image:1.0': 'missing' }, { image: 'ghost/image:1.0' });

    expect(result.error?.name).toBe('ContainerStartError');
    expect(result.error?.message).toMatch(/^container from image ghost\/image:1\.0 did not start: .*pull access denied for ghost\/image/);
    expect(engine.callsTo('POST', /^\/containers\/create$/)).toHaveLength(0);
  }, 30_000);

  it('a container whose start fails is removed, not left created', async () => {
    const { result, engine } = await scenario({ 'busy:1': 'unstartable' }, { image: 'busy:1' });

    expect(result.error?.name).toBe('ContainerStartError');
    expect(result.error?.message).toContain('port is already allocated');
    expect(engine.callsTo('DELETE', /^\/containers\/[^/]+$/).map((call) => call.status)).toEqual([204]);
    expect(engine.containers.size).toBe(0);
  }, 30_000);

  it('a container that exits while being waited for: its last log lines in the error, credentials masked, container removed', async () => {
    const { result, engine } = await scenario({ 'crashing:1': 'crashing' }, { image: 'crashing:1', env: { SPECGATE_TOKEN: TOKEN } });

    expect(result.error?.name).toBe('ContainerStartError');
    expect(result.error?.message).toMatch(/container from image crashing:1 did not start: Container exited/);
    expect(result.error?.message).toContain('last lines of its log:\n  starting server\n  Error: refusing to start: SPECGATE_TOKEN=*** is not accepted');
    expect(result.error?.message).not.toContain(TOKEN);
    expect(engine.callsTo('DELETE', /^\/containers\/[^/]+$/)[0]?.status).toBe(204);
    expect(engine.containers.size).toBe(0);
  }, 30_000);

  it('a container that never answers fails after the startup timeout, and is stopped and removed', async () => {
    const started = Date.now();
    const { result, engine } = await scenario({ 'silent:1': 'silent' }, { image: 'silent:1', startupTimeoutMs: 2_500 });

    expect(result.error?.name).toBe('ContainerStartError');
    expect(result.error?.message).toMatch(/did not start: URL \/client\/v4 not accessible after 2500ms\nlast lines of its log:\n {2}starting server$/);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(engine.callsTo('POST', /\/stop$/).map((call) => call.status)).toEqual([204]);
    expect(engine.callsTo('DELETE', /^\/containers\/[^/]+$/)[0]?.status).toBe(204);
    expect(engine.containers.size).toBe(0);
  }, 30_000);

  it('leaves Ryuk on unless told otherwise: the reaper is started and told the session of the target container', async () => {
    const ryuk = 'testcontainers/ryuk:0.14.0';
    const { result, engine } = await scenario({ [ryuk]: 'ryuk' }, { image: IMAGE, env: { SPECGATE_TOKEN: TOKEN }, controlPath: '/__control' }, 'run', { TESTCONTAINERS_RYUK_DISABLED: '' }, [ryuk]);

    expect(result.error).toBeUndefined();
    const creates = engine.callsTo('POST', /^\/containers\/create$/).map((call) => call.body as { Image: string; Labels: Record<string, string>; HostConfig: { Binds?: string[] } });
    expect(creates.map((create) => create.Image)).toEqual([ryuk, IMAGE]);
    expect(creates[0]!.HostConfig.Binds).toEqual(['/var/run/docker.sock:/var/run/docker.sock:rw']);
    const session = creates[1]!.Labels['org.testcontainers.session-id'];
    expect(session).toBeTruthy();
    expect(engine.reaperLines).toContain(`label=org.testcontainers.session-id=${session}`);
  }, 30_000);
});

describe('no Docker engine', () => {
  it('DOCKER_HOST at a closed port: NoDockerError saying so, before anything else', async () => {
    const port = await freePort();
    const result = await runScenario({ mode: 'run', options: { image: IMAGE } }, { DOCKER_HOST: `tcp://127.0.0.1:${port}` });

    expect(result.error?.name).toBe('NoDockerError');
    expect(result.error?.message).toBe(`no Docker engine reachable (DOCKER_HOST=tcp://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}): --target-image needs one; set DOCKER_HOST or start Docker`);
  }, 30_000);

  it('a user and password in DOCKER_HOST stay out of the message', async () => {
    const port = await freePort();
    const result = await runScenario({ mode: 'run', options: { image: IMAGE } }, { DOCKER_HOST: `tcp://admin:hunter2secret@127.0.0.1:${port}` });

    expect(result.error?.name).toBe('NoDockerError');
    expect(result.error?.message).toContain(`DOCKER_HOST=tcp://127.0.0.1:${port}`);
    expect(result.error?.message).not.toContain('hunter2secret');
  }, 30_000);
});

describe('flag values', () => {
  it('--target-env: KEY=VALUE entries, the value may hold "=" or be empty', () => {
    expect(parseTargetEnv(['A=1', 'B=x=y', 'C=', 'A=2'])).toEqual({ A: '2', B: 'x=y', C: '' });
    expect(parseTargetEnv(undefined)).toEqual({});
  });

  it.each([
    [['NOEQUALS'], /--target-env must be KEY=VALUE, got "NOEQUALS" \(no "="\)/],
    [['=value'], /--target-env must be KEY=VALUE, got an entry with an empty key/],
    [['BAD KEY=1'], /"BAD KEY" is not an environment variable name/],
  ])('--target-env %j is refused with a clear message', (entries, message) => {
    expect(() => parseTargetEnv(entries)).toThrow(message);
    expect(() => parseTargetEnv(entries)).toThrow(UsageError);
  });

  it('--target-port: an integer from 1 to 65535, default 8787', () => {
    expect(parseTargetPort(undefined)).toBe(8787);
    expect(parseTargetPort('1')).toBe(1);
    expect(parseTargetPort('65535')).toBe(65535);
    for (const bad of ['0', '65536', '-1', '80.5', 'abc', '', '1e3']) {
      expect(() => parseTargetPort(bad), bad).toThrow(/--target-port must be an integer from 1 to 65535/);
    }
  });

  it('--target-image: a name, not empty, not a flag', () => {
    expect(parseTargetImage('specgate-reference:latest')).toBe('specgate-reference:latest');
    for (const bad of [undefined, '', ' ', '--target-port', 'a b']) expect(() => parseTargetImage(bad), String(bad)).toThrow(UsageError);
  });

  it('the errors of a container target exit 2 as an unreachable target does', async () => {
    const { NoDockerError, ContainerStartError } = await import('../src/targets/container-target.js');
    expect(new NoDockerError('x')).toBeInstanceOf(UnreachableError);
    expect(new ContainerStartError('i:1', 'y')).toBeInstanceOf(UnreachableError);
  });
});

describe('credentials of a container run', () => {
  it('given credentials are handed to the container as SPECGATE_* variables', () => {
    const { credentials, env } = containerCredentials({ token: 't0ken', email: 'a@b.c', key: 'k3y' }, { OTHER: '1' });
    expect(credentials).toEqual({ token: 't0ken', email: 'a@b.c', key: 'k3y' });
    expect(env).toEqual({ SPECGATE_TOKEN: 't0ken', SPECGATE_EMAIL: 'a@b.c', SPECGATE_KEY: 'k3y', OTHER: '1' });
  });

  it('credentials set only through --target-env become the run\'s; explicit --target-env entries win', () => {
    expect(containerCredentials({}, { SPECGATE_TOKEN: 'from-env' })).toEqual({ credentials: { token: 'from-env' }, env: { SPECGATE_TOKEN: 'from-env' } });
    expect(containerCredentials({ token: 'flag' }, { SPECGATE_TOKEN: 'image-own' }).env.SPECGATE_TOKEN).toBe('image-own');
  });

  it('with none anywhere, fresh ones are generated for both schemes', () => {
    const first = containerCredentials({}, {});
    const second = containerCredentials({}, {});
    expect(first.credentials.token).toMatch(/^[\w-]{30,}$/);
    expect(first.credentials.email && first.credentials.key).toBeTruthy();
    expect(first.env).toEqual({ SPECGATE_TOKEN: first.credentials.token, SPECGATE_EMAIL: first.credentials.email, SPECGATE_KEY: first.credentials.key });
    expect(second.credentials.token).not.toBe(first.credentials.token);
  });
});

describe('the reference image\'s command', () => {
  let child: ReturnType<typeof spawn> | undefined;
  afterEach(() => { child?.kill('SIGTERM'); child = undefined; });

  it('the Dockerfile\'s CMD serves the API and the control API with the credentials of its environment', async () => {
    // The image cannot be built here (no Docker engine); its command is run as the container
    // would, on a loopback port instead of 0.0.0.0:8787.
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd.slice(0, 3)).toEqual(['node', 'bin/specgate.mjs', 'serve']);
    expect(cmd).toEqual(expect.arrayContaining(['--host', '0.0.0.0', '--port', '8787']));
    const port = await freePort();
    const args = cmd.slice(1).map((arg, i, all) => (all[i - 1] === '--host' ? '127.0.0.1' : all[i - 1] === '--port' ? String(port) : arg));
    child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), SPECGATE_TOKEN: TOKEN, SPECGATE_EMAIL: 'ops@example.test', SPECGATE_KEY: '0123456789abcdef0123456789abcdef01234' }, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (d) => { out += d; if (out.includes('data:')) resolve(); });
      child!.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });

    const origin = `http://127.0.0.1:${port}`;
    const zone = await (await fetch(`${origin}/__control/zones`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json() as { result: { id: string } };
    const url = `${origin}/client/v4/zones/${zone.result.id}/dns_records`;
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await fetch(url, { headers: { 'x-auth-email': 'ops@example.test', 'x-auth-key': '0123456789abcdef0123456789abcdef01234' } })).status).toBe(200);
    expect((await fetch(url, { headers: { authorization: 'Bearer generated-or-other' } })).status).toBe(403);
  }, 30_000);
});

describe('specgate run --target-image', () => {
  let engine: FakeDockerEngine | undefined;
  afterEach(async () => { await engine?.close(); engine = undefined; });
  const cli = (args: string[], env: Record<string, string>) => runCli(args, { HOME: mkdtempSync(join(tmpdir(), 'specgate-container-home-')), TESTCONTAINERS_RYUK_DISABLED: 'true', ...env });

  it('starts the image, runs the specs against it with credentials it gave the container, and stops it', async () => {
    engine = new FakeDockerEngine({});
    await engine.start();
    const reportDir = tempDir('target-image');
    const run = await cli(['run', '--suite', 'zone-api', '--target-image', IMAGE, '--target-env', 'EXTRA=1', '--area', 'envelope', '--report-dir', reportDir], { DOCKER_HOST: engine.url });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = readReport(reportDir);
    expect(report.summary.passed).toBeGreaterThan(3);
    expect(report.run.targets[0]).toMatchObject({ suite: 'zone-api', control: true });
    const env = (engine.callsTo('POST', /^\/containers\/create$/)[0]!.body as { Env: string[] }).Env;
    expect(env).toEqual(expect.arrayContaining(['EXTRA=1', expect.stringMatching(/^SPECGATE_TOKEN=.+/)]));
    expect(engine.callsTo('POST', /\/stop$/)).toHaveLength(1);
  });

  it('exits 2 before any spec when no Docker engine answers', async () => {
    const run = await cli(['run', '--suite', 'zone-api', '--target-image', IMAGE], { DOCKER_HOST: `tcp://127.0.0.1:${await freePort()}` });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no Docker engine reachable \(DOCKER_HOST=tcp:\/\/127\.0\.0\.1:\d+: .*\): --target-image needs one; set DOCKER_HOST or start Docker/);
  });

  it('refuses --target with --target-image, and --target-env without it', async () => {
    const both = await runCli(['run', '--target-image', IMAGE, '--target', 'http://127.0.0.1:1']);
    expect([both.code, both.stderr]).toEqual([2, 'specgate: --target-image and --target are two ways to name the target: give one\n']);
    const stray = await runCli(['run', '--target-env', 'A=1']);
    expect([stray.code, stray.stderr]).toEqual([2, 'specgate: --target-port and --target-env apply to --target-image\n']);
  });
});
