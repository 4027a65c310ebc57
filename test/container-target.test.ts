// Container targets (--target-image): what a real engine cannot be made to do on a machine without
// a registry or a bridge network (test/container-engine.test.ts runs everything else against a real
// one): publish the container's port, pull an image, run testcontainers' reaper. Only the Docker
// Engine is faked (test/helpers/fake-docker-engine.ts: the HTTP API dockerode talks to); it answers
// that it has a bridge network, so specgate publishes the port.
//
// Each scenario runs in a child process (test/helpers/container-scenario.ts): testcontainers reads
// DOCKER_HOST once per process and caches its client, so each child gets its own engine address,
// a HOME without ~/.testcontainers.properties, and no TESTCONTAINERS_* variables of the developer's.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, readReport, runCli, tempDir } from './helpers/cli.js';
import { FakeDockerEngine, freePort, type ImageBehaviour } from './helpers/fake-docker-engine.js';

const TOKEN = 'container-canary-token-5f2c9a';
// Limits that only catch a hang: each test starts Node child processes that load TypeScript and
// testcontainers, which took up to 30 s (and a CLI run 90 s) at a load average of 24 on 2 cores.
const CHILD_PROCESS_LIMIT_MS = 600_000;
const CLI_RUN_LIMIT_MS = 600_000;
const IMAGE = 'specgate-reference:test';

interface ScenarioResult {
  ok: boolean;
  baseUrl?: string;
  controlUrl?: string;
  answer?: { status: number; success: unknown; wrongTokenStatus: number };
  reachableAfterStop?: boolean;
  reaper?: boolean;
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

  it('with a bridge: pulls the image, creates it with the env and port given, publishes the port, waits on the base URL, runs against it, then stops and removes it', async () => {
    const { result, engine } = await scenario({}, { image: IMAGE, port: 9000, env: { SPECGATE_TOKEN: TOKEN, EXTRA: 'a=b' }, controlPath: '/__control', startupTimeoutMs: 60_000 });

    expect(result.error).toBeUndefined();
    // The image's pull, as the engine saw it.
    expect(engine.callsTo('POST', /^\/images\/create$/).map((call) => call.query)).toEqual([expect.objectContaining({ fromImage: 'specgate-reference', tag: 'test' })]);
    // Image, environment and exposed port as requested.
    const [create] = engine.callsTo('POST', /^\/containers\/create$/);
    const body = create!.body as { Image: string; Env: string[]; ExposedPorts: object; HostConfig: { PortBindings: object } };
    expect(body.Image).toBe(IMAGE);
    expect(body.Env).toEqual(expect.arrayContaining([`SPECGATE_TOKEN=${TOKEN}`, 'EXTRA=a=b', 'SPECGATE_PORT=9000']));
    expect((body as { Labels?: Record<string, string> }).Labels?.['org.specgate.target']).toMatch(/^[0-9a-f-]{36}$/);
    expect((body.HostConfig as { NetworkMode?: string }).NetworkMode).toBeUndefined(); // the engine's default: its bridge
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
  }, CHILD_PROCESS_LIMIT_MS);

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
  }, CHILD_PROCESS_LIMIT_MS);

  it('asks the engine on a connection of its own, so testcontainers\' first call never goes out on an idle connection the engine may have closed', async () => {
    // The flake of a loaded CI machine: the probe's connection, left idle in Node's shared agent
    // while loading testcontainers blocked the process past the engine's idle timeout, was reused
    // for testcontainers' first call and reset: "Could not find a working container runtime strategy".
    const { result, engine } = await scenario({}, { image: IMAGE, env: { SPECGATE_TOKEN: TOKEN }, controlPath: '/__control' }, 'run', {}, [IMAGE]);

    expect(result.error).toBeUndefined();
    const probe = engine.calls[0]!;
    expect(probe).toMatchObject({ method: 'GET', path: '/networks' });
    expect(engine.calls.filter((call) => call.connection === probe.connection), 'calls on the probe\'s connection').toEqual([probe]);
    expect(new Set(engine.calls.map((call) => call.connection)).size, 'testcontainers\' calls came on other connections').toBeGreaterThan(1);
  }, CHILD_PROCESS_LIMIT_MS);

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
  }, CHILD_PROCESS_LIMIT_MS);

  it('turns Ryuk off when its image is neither present nor pullable, and still removes the container itself', async () => {
    const ryuk = 'testcontainers/ryuk:0.14.0';
    const { result, engine } = await scenario({ [ryuk]: 'missing' }, { image: IMAGE, env: { SPECGATE_TOKEN: TOKEN }, controlPath: '/__control' }, 'run', { TESTCONTAINERS_RYUK_DISABLED: '' });

    expect(result.error).toBeUndefined();
    expect(result.reaper).toBe(false);
    // The reaper's image was asked for (present? pullable?), and no reaper container was created.
    expect(engine.callsTo('POST', /^\/images\/create$/).map((call) => call.query.fromImage)).toEqual(['testcontainers/ryuk', 'specgate-reference']);
    expect(engine.callsTo('POST', /^\/containers\/create$/).map((call) => (call.body as { Image: string }).Image)).toEqual([IMAGE]);
    expect(engine.callsTo('DELETE', /^\/containers\/[^/]+$/).map((call) => call.status)).toEqual([204]);
    expect(engine.containers.size).toBe(0);
  }, CHILD_PROCESS_LIMIT_MS);
});

describe('no Docker engine', () => {
  it('DOCKER_HOST at a closed port: NoDockerError saying so, before anything else', async () => {
    const port = await freePort();
    const result = await runScenario({ mode: 'run', options: { image: IMAGE } }, { DOCKER_HOST: `tcp://127.0.0.1:${port}` });

    expect(result.error?.name).toBe('NoDockerError');
    expect(result.error?.message).toBe(`no Docker engine reachable (DOCKER_HOST=tcp://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}): --target-image needs one; set DOCKER_HOST or start Docker`);
  }, CHILD_PROCESS_LIMIT_MS);

  it('a user and password in DOCKER_HOST stay out of the message', async () => {
    const port = await freePort();
    const result = await runScenario({ mode: 'run', options: { image: IMAGE } }, { DOCKER_HOST: `tcp://admin:hunter2secret@127.0.0.1:${port}` });

    expect(result.error?.name).toBe('NoDockerError');
    expect(result.error?.message).toContain(`DOCKER_HOST=tcp://127.0.0.1:${port}`);
    expect(result.error?.message).not.toContain('hunter2secret');
  }, CHILD_PROCESS_LIMIT_MS);
});

describe('SPECGATE_PORT: how an image is told its port (the reference image\'s CMD gives none)', () => {
  it('serve listens on SPECGATE_PORT when --port is not given; --port wins; a bad value exits 2', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [join(ROOT, 'bin/specgate.mjs'), 'serve', '--test-mode'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), SPECGATE_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => { out += d; const match = /base URL:\s+(\S+)/.exec(out); if (match) resolve(match[1]!); });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      expect(baseUrl).toBe(`http://127.0.0.1:${port}/client/v4`);
      expect((await fetch(baseUrl)).status).toBeGreaterThanOrEqual(400); // it answers there
    } finally {
      child.kill('SIGTERM');
    }
    const bad = await runCli(['serve'], { SPECGATE_PORT: 'eighty' });
    expect([bad.code, bad.stderr]).toEqual([2, 'specgate: SPECGATE_PORT must be a port number, got "eighty"\n']);
    const flagWins = await runCli(['serve', '--port', '70000'], { SPECGATE_PORT: '8080' });
    expect([flagWins.code, flagWins.stderr]).toEqual([2, 'specgate: --port must be a port number, got "70000"\n']);
  }, CHILD_PROCESS_LIMIT_MS);
});

describe('specgate run --target-image', () => {
  let engine: FakeDockerEngine | undefined;
  afterEach(async () => { await engine?.close(); engine = undefined; });
  const cli = (args: string[], env: Record<string, string>) => runCli(args, { HOME: mkdtempSync(join(tmpdir(), 'specgate-container-home-')), TESTCONTAINERS_RYUK_DISABLED: 'true', ...env });

  it('with a bridge: starts the image, runs the specs against its published port with credentials it gave the container, and stops it', async () => {
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
    expect(run.stderr).toMatch(/^specgate: container fake\d{8} from specgate-reference:test answers at http:\/\/127\.0\.0\.1:\d+\/client\/v4 \(port 8787 published; testcontainers' reaper off: specgate removes it on exit\)$/m);
   }, CLI_RUN_LIMIT_MS);

  it('exits 2 before any spec when no Docker engine answers', async () => {
    const run = await cli(['run', '--suite', 'zone-api', '--target-image', IMAGE], { DOCKER_HOST: `tcp://127.0.0.1:${await freePort()}` });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no Docker engine reachable \(DOCKER_HOST=tcp:\/\/127\.0\.0\.1:\d+: .*\): --target-image needs one; set DOCKER_HOST or start Docker/);
  });
});
