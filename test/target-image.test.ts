// --target-image without a Docker engine: its flags parsed into the run's configuration before
// anything starts (cli/container-flags.ts), and the parts of the container target that need no
// engine, each against real things on loopback: the engine probe and the clean-up program against
// a recording HTTP server standing in for the engine's API, the ports against real sockets.
// test/container-target.test.ts (a fake engine under testcontainers) and
// test/container-engine.test.ts (a real one) cover the start itself.

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { containerCredentials, parseStartupTimeout, parseTargetEnv, parseTargetImage, parseTargetNetwork, parseTargetPort } from '../src/cli/container-flags.js';
import { parseRunFlags, runConfigFrom } from '../src/cli/run-config.js';
import { UnreachableError, UsageError } from '../src/core/errors.js';
import { displayHost, engineWhere, hasBridgeNetwork, NoDockerError, probeEngine, type EngineProbe } from '../src/targets/container-engine.js';
import { cleanupCommand, engineAddress } from '../src/targets/container-exit.js';
import { containerPort, networkOf, prepareHostNetworking } from '../src/targets/container-ports.js';
import { ROOT, runCli } from './helpers/cli.js';

/** An HTTP server standing in for the Docker engine's API: records every call; `answer` decides the rest. */
class RecordingEngine {
  readonly calls: { method: string; url: string }[] = [];
  private server: Server | undefined;
  constructor(private readonly answer: (method: string, url: string) => { status: number; body: string } | 'hang up') {}
  async start(): Promise<number> {
    this.server = createHttpServer((request, response) => {
      this.calls.push({ method: request.method!, url: request.url! });
      const answer = this.answer(request.method!, request.url!);
      if (answer === 'hang up') { request.socket.destroy(); return; }
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }
  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const engines: RecordingEngine[] = [];
afterEach(async () => { await Promise.all(engines.splice(0).map((engine) => engine.close())); });
async function recordingEngine(answer: ConstructorParameters<typeof RecordingEngine>[0]): Promise<{ engine: RecordingEngine; port: number }> {
  const engine = new RecordingEngine(answer);
  engines.push(engine);
  return { engine, port: await engine.start() };
}

/** A HOME without ~/.testcontainers.properties, so that DOCKER_HOST is the engine asked. */
const cleanHome = () => mkdtempSync(join(tmpdir(), 'specgate-image-home-'));

describe('--target-image flag values', () => {
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

  it('--target-port: an integer from 0 (specgate picks) to 65535, default 8787', () => {
    expect(parseTargetPort(undefined)).toBe(8787);
    expect(parseTargetPort('0')).toBe(0);
    expect(parseTargetPort('1')).toBe(1);
    expect(parseTargetPort('65535')).toBe(65535);
    for (const bad of ['65536', '-1', '80.5', 'abc', '', '1e3']) {
      expect(() => parseTargetPort(bad), bad).toThrow(/--target-port must be an integer from 0 to 65535 \(0: a free port\)/);
    }
  });

  it('--target-network: host or bridge, else the engine decides', () => {
    expect(parseTargetNetwork(undefined)).toBeUndefined();
    expect(parseTargetNetwork('host')).toBe('host');
    expect(parseTargetNetwork('bridge')).toBe('bridge');
    for (const bad of ['', 'none', 'HOST', 'default']) expect(() => parseTargetNetwork(bad), bad).toThrow(/--target-network must be host or bridge/);
  });

  it('--target-startup-timeout: positive seconds, default 60', () => {
    expect(parseStartupTimeout(undefined)).toBe(60_000);
    expect(parseStartupTimeout('2')).toBe(2_000);
    expect(parseStartupTimeout('0.5')).toBe(500);
    for (const bad of ['0', '-1', 'abc', '', 'Infinity']) expect(() => parseStartupTimeout(bad), bad).toThrow(/--target-startup-timeout must be a positive number of seconds/);
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


describe('a run against an image: its configuration, checked before anything starts', () => {
  it('the container is typed configuration: image, port, environment with the credentials handed to it, network, startup timeout', () => {
    const config = runConfigFrom(parseRunFlags(['--suite', 'zone-api', '--target-image', 'img:1', '--target-port', '0', '--target-env', 'EXTRA=1', '--target-network', 'host', '--target-startup-timeout', '5']), undefined, { token: 'given-token' });
    expect(config.zoneApi.container).toEqual({ image: 'img:1', port: 0, env: { SPECGATE_TOKEN: 'given-token', EXTRA: '1' }, network: 'host', startupTimeoutMs: 5000 });
    expect(config.zoneApi.credentials).toEqual({ token: 'given-token' });
    expect(config.zoneApi.targets, 'its place is known once it runs').toEqual([]);
    const generated = runConfigFrom(parseRunFlags(['--suite', 'zone-api', '--target-image', 'img:1']), undefined, {});
    expect(generated.zoneApi.container!.env.SPECGATE_TOKEN, 'credentials generated for it are the run\'s').toBe(generated.zoneApi.credentials.token);
    expect(generated.zoneApi.container).toMatchObject({ port: 8787, startupTimeoutMs: 60_000 });
    expect(generated.zoneApi.container!.network).toBeUndefined();
  });

  it('--target URLs are typed places: normalized, paired with --control, checked for credentials', () => {
    const config = runConfigFrom(parseRunFlags(['--suite', 'zone-api', '--target', 'http://a.test,http://b.test/client/v4/', '--control', 'http://a.test/c/,http://b.test/c']), undefined, { token: 't' });
    expect(config.zoneApi.targets).toEqual([{ baseUrl: 'http://a.test/client/v4', controlUrl: 'http://a.test/c' }, { baseUrl: 'http://b.test/client/v4', controlUrl: 'http://b.test/c' }]);
    const refused: [string[], RegExp][] = [
      [['--target', 'http://a.test,http://b.test', '--control', 'http://a.test/c', '--token', 't'], /^--control: 1 URLs for 2 targets; give one per target, in the same order$/],
      [['--target', 'http://a.test,http://a.test/client/v4', '--token', 't'], /^--target: the same target twice$/],
      [['--target', 'ftp://a.test', '--token', 't'], /^--target must be an http or https URL: ftp:\/\/a\.test$/],
      [['--target', 'http://a.test'], /^a target URL needs credentials: --token T/],
    ];
    for (const [args, message] of refused) expect(() => runConfigFrom(parseRunFlags(['--suite', 'zone-api', ...args]), undefined, { ...(args.includes('--token') && { token: 't' }) }), args.join(' ')).toThrow(message);
  });

  it('a config file\'s URL is not checked for a run of the storage suite alone (it serves other runs)', () => {
    const loaded = { file: '/project/specgate.config.ts', config: { target: { url: 'not a url' } } };
    expect(runConfigFrom(parseRunFlags(['--suite', 'storage']), loaded, {}).zoneApi.targets).toEqual([]);
  });

  it('--target-image X --adapter ./missing.ts: refused with exit 2 and one line, the engine never asked', async () => {
    // DOCKER_HOST names a recording engine: starting the container would ask it first (GET /networks).
    const { engine, port } = await recordingEngine(() => 'hang up');
    const env = { DOCKER_HOST: `tcp://127.0.0.1:${port}`, HOME: cleanHome(), TESTCONTAINERS_RYUK_DISABLED: 'true' };
    const refused = await runCli(['run', '--suite', 'all', '--target-image', 'no-such-image:1', '--adapter', './missing.ts'], env);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^specgate: --adapter \.\/missing\.ts: no file at \/.*\/missing\.ts$/)]);
    expect(engine.calls, 'the engine was not asked anything').toEqual([]);
    // The control: the same run with an adapter that exists does ask the engine (which hangs up: no engine, exit 2).
    const started = await runCli(['run', '--suite', 'all', '--target-image', 'no-such-image:1', '--adapter', 'reference'], env);
    expect(started.code, started.stderr).toBe(2);
    expect(started.stderr).toMatch(/^specgate: no Docker engine reachable \(DOCKER_HOST=tcp:\/\/127\.0\.0\.1:\d+: .*\): --target-image needs one; set DOCKER_HOST or start Docker$/m);
    expect(engine.calls).toEqual([{ method: 'GET', url: '/networks' }]);
  }, 600_000);

  it('every flag of the run is checked before the engine is asked: a bad --timeout too', async () => {
    const { engine, port } = await recordingEngine(() => 'hang up');
    const refused = await runCli(['run', '--suite', 'zone-api', '--target-image', 'no-such-image:1', '--timeout', '0'], { DOCKER_HOST: `tcp://127.0.0.1:${port}`, HOME: cleanHome() });
    expect([refused.code, refused.stderr]).toEqual([2, 'specgate: --timeout must be a positive number, got "0"\n']);
    expect(engine.calls).toEqual([]);
  }, 600_000);

  it('refuses --target with --target-image, and --target-env without it', async () => {
    const both = await runCli(['run', '--target-image', 'specgate-reference:test', '--target', 'http://127.0.0.1:1']);
    expect([both.code, both.stderr]).toEqual([2, 'specgate: --target-image and --target are two ways to name the target: give one\n']);
    const stray = await runCli(['run', '--target-env', 'A=1']);
    expect([stray.code, stray.stderr]).toEqual([2, 'specgate: --target-env applies to --target-image\n']);
    const network = await runCli(['run', '--target-network', 'host']);
    expect([network.code, network.stderr]).toEqual([2, 'specgate: --target-network applies to --target-image\n']);
  });
});

describe('the engine probe', () => {
  it('DOCKER_HOST: plain HTTP where specgate can ask, undefined for TLS and ssh, a non-URL refused', () => {
    expect(engineWhere('tcp://127.0.0.1:2375', false)).toEqual({ host: '127.0.0.1', port: 2375 });
    expect(engineWhere('tcp://[::1]', false)).toEqual({ host: '::1', port: 2375 });
    expect(engineWhere('unix:///run/user/1/docker.sock', false)).toEqual({ socketPath: '/run/user/1/docker.sock' });
    expect(engineWhere('tcp://127.0.0.1:2376', true)).toBeUndefined();
    expect(engineWhere('ssh://me@host', false)).toBeUndefined();
    expect(() => engineWhere('not a url', false)).toThrow(NoDockerError);
  });

  it('whether the engine has a bridge network, from GET /networks; undefined when it does not say', () => {
    expect(hasBridgeNetwork({ status: 200, body: '[{"Driver":"host"},{"Driver":"bridge"}]' })).toBe(true);
    expect(hasBridgeNetwork({ status: 200, body: '[{"Driver":"host"},{"Driver":"null"}]' })).toBe(false);
    expect(hasBridgeNetwork({ status: 500, body: '[]' })).toBeUndefined();
    expect(hasBridgeNetwork({ status: 200, body: 'not json' })).toBeUndefined();
    expect(hasBridgeNetwork({ status: 200, body: '{}' })).toBeUndefined();
  });

  it('asks the engine DOCKER_HOST names; one that does not answer is NoDockerError, its password left out', async () => {
    const { engine, port } = await recordingEngine(() => ({ status: 200, body: '[{"Driver":"null"}]' }));
    const probe = await probeEngine({ DOCKER_HOST: `tcp://127.0.0.1:${port}` });
    expect(probe).toEqual({ host: '127.0.0.1', port, local: true, hasBridge: false });
    expect(engine.calls).toEqual([{ method: 'GET', url: '/networks' }]);
    const { port: silent } = await recordingEngine(() => 'hang up');
    const error = await probeEngine({ DOCKER_HOST: `tcp://admin:hunter2secret@127.0.0.1:${silent}` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoDockerError);
    expect(error).toBeInstanceOf(UnreachableError);
    expect((error as Error).message).toMatch(new RegExp(`^no Docker engine reachable \\(DOCKER_HOST=tcp://127\\.0\\.0\\.1:${silent}: .+\\): --target-image needs one; set DOCKER_HOST or start Docker$`));
    expect((error as Error).message).not.toContain('hunter2secret');
    expect(displayHost('tcp://u:p@h:1')).toBe('tcp://h:1');
  });
});

describe('the ports and the networking', () => {
  const local: EngineProbe = { socketPath: '/var/run/docker.sock', local: true, hasBridge: false };
  const remote: EngineProbe = { host: '10.0.0.2', port: 2375, local: false, hasBridge: false };

  it('host networking where the engine has no bridge, unless --target-network says', () => {
    expect(networkOf(undefined, local)).toBe('host');
    expect(networkOf(undefined, { ...local, hasBridge: true })).toBe('bridge');
    expect(networkOf(undefined, undefined), 'an engine specgate cannot ask is taken to have a bridge').toBe('bridge');
    expect(networkOf('bridge', local)).toBe('bridge');
  });

  it('a bridge publishes the requested port (0: the default); an engine without one cannot', async () => {
    expect(await containerPort(9000, 'bridge', { ...local, hasBridge: true })).toBe(9000);
    expect(await containerPort(0, 'bridge', undefined)).toBe(8787);
    await expect(containerPort(9000, 'bridge', local)).rejects.toThrow(/^--target-network bridge: the Docker engine has no bridge network/);
  });

  it('host networking: 0 is a free port of this machine, a port in use is refused, a remote engine needs the port', async () => {
    const free = await containerPort(0, 'host', local);
    expect(free).toBeGreaterThan(0);
    const busy = createTcpServer();
    await new Promise<void>((resolve) => busy.listen(0, '0.0.0.0', resolve));
    const taken = (busy.address() as AddressInfo).port;
    try {
      await expect(containerPort(taken, 'host', local)).rejects.toThrow(new RegExp(`^port ${taken} is in use on this machine`));
    } finally {
      busy.close();
    }
    await expect(containerPort(0, 'host', remote)).rejects.toThrow(/^--target-port 0 picks a free port of this machine, and the engine runs on another/);
    expect(await containerPort(8000, 'host', remote)).toBe(8000);
  });

  it('host networking turns the reaper off and, on a local socket, tells testcontainers the host, unless the user set them', () => {
    const env: NodeJS.ProcessEnv = {};
    prepareHostNetworking(local, env);
    expect(env).toEqual({ TESTCONTAINERS_HOST_OVERRIDE: '127.0.0.1', TESTCONTAINERS_RYUK_DISABLED: 'true' });
    const users: NodeJS.ProcessEnv = { TESTCONTAINERS_HOST_OVERRIDE: 'h', TESTCONTAINERS_RYUK_DISABLED: 'false', DOCKER_HOST: 'tcp://10.0.0.2:2375' };
    prepareHostNetworking(remote, users);
    expect(users).toEqual({ TESTCONTAINERS_HOST_OVERRIDE: 'h', TESTCONTAINERS_RYUK_DISABLED: 'false', DOCKER_HOST: 'tcp://10.0.0.2:2375' });
    const overTcp: NodeJS.ProcessEnv = { DOCKER_HOST: 'tcp://10.0.0.2:2375' };
    prepareHostNetworking(remote, overTcp);
    expect(overTcp.TESTCONTAINERS_HOST_OVERRIDE, 'a TCP engine\'s host is its own').toBeUndefined();
  });
});

describe('the clean-up on exit (container-cleanup.mjs, run as a child process)', () => {
  const LABEL = 'org.specgate.target=3f0c';

  /** Runs the clean-up program as container-exit.ts does at exit (there synchronously, here not: the engine answers from this process). */
  function cleanUp(port: number): Promise<{ code: number | null; stderr: string }> {
    const { command, args, env } = cleanupCommand({ host: '127.0.0.1', port, https: false }, LABEL);
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => { stderr += d; });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
  }

  it('removes every container carrying the label (force, with volumes), and says so', async () => {
    const { engine, port } = await recordingEngine((method, url) => {
      if (method === 'GET') return { status: 200, body: JSON.stringify([{ Id: 'aaaaaaaaaaaa1111' }, { Id: 'bbbbbbbbbbbb2222' }]) };
      return url.startsWith('/containers/bbbb') ? { status: 500, body: '{"message":"device busy"}\n' } : { status: 204, body: '' };
    });
    const result = await cleanUp(port);
    expect(engine.calls).toEqual([
      { method: 'GET', url: `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify({ label: [LABEL] }))}` },
      { method: 'DELETE', url: '/containers/aaaaaaaaaaaa1111?force=1&v=1' },
      { method: 'DELETE', url: '/containers/bbbbbbbbbbbb2222?force=1&v=1' },
    ]);
    expect(result).toEqual({ code: 0, stderr: 'specgate: exiting: container aaaaaaaaaaaa removed\nspecgate: exiting: container bbbbbbbbbbbb not removed: {"message":"device busy"}\n' });
  });

  it('an engine that does not answer: one line saying so, exit 1', async () => {
    const { port } = await recordingEngine(() => 'hang up');
    const result = await cleanUp(port);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^specgate: exiting: could not remove the target container: .+\n$/);
  });

  /** A process with the exit clean-up registered (test/helpers/exit-cleanup-child.ts), ended as `how` says. */
  function exitingProcess(port: number, how: 'exit' | 'signal' | 'released'): Promise<{ code: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/helpers/exit-cleanup-child.ts'), String(port), LABEL, how], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => { stderr += d; });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });
  }

  it('runs when the process exits, and on SIGTERM exits 143 after it; not once released', async () => {
    const { engine, port } = await recordingEngine((method) => (method === 'GET' ? { status: 200, body: '[{"Id":"cccccccccccc3333"}]' } : { status: 204, body: '' }));
    const exited = await exitingProcess(port, 'exit');
    expect(exited).toEqual({ code: 0, stderr: 'specgate: exiting: container cccccccccccc removed\n' });
    const signalled = await exitingProcess(port, 'signal');
    expect(signalled).toEqual({ code: 143, stderr: 'specgate: exiting: container cccccccccccc removed\n' });
    expect(engine.calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
    const released = await exitingProcess(port, 'released');
    expect(released).toEqual({ code: 0, stderr: '' });
    expect(engine.calls, 'a released clean-up asks the engine nothing').toHaveLength(4);
  }, 600_000);

  it('the engine\'s address from dockerode\'s settings: socket, TCP with its TLS material, none over ssh', () => {
    expect(engineAddress({ socketPath: '/var/run/docker.sock', protocol: 'http' })).toEqual({ socketPath: '/var/run/docker.sock', https: false });
    expect(engineAddress({ host: 'h', port: '2376', protocol: 'https', ca: ['A', 'B'], cert: 'C', key: 'K' })).toEqual({ host: 'h', port: 2376, https: true, ca: 'A\nB', cert: 'C', key: 'K' });
    expect(engineAddress({ protocol: 'ssh', host: 'h' })).toBeUndefined();
  });
});
