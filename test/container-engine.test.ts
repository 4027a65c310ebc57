// `specgate run --target-image` against a real Docker engine (scripts/docker-engine.sh: dockerd
// without a bridge network, so containers share this machine's network and every connection stays
// on 127.0.0.1) and real images (scripts/container-images.ts: the reference image from the
// repository's Dockerfile, on the machine's own node; and three images that misbehave).
//
// Without an engine every test here is skipped with the reason, never passed. What a real engine
// here cannot be made to do (publish ports, pull, run testcontainers' reaper) is tested against a
// fake engine in container-target.test.ts.

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { ROOT, readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';
import { referenceZoneRun } from './helpers/shared-runs.js';
import { containerState, engineUnavailable, testImages, watchContainers, type TestImages } from './helpers/docker-engine.js';

const unavailable = await engineUnavailable();
if (unavailable) process.stdout.write(`container-engine.test.ts: skipped, ${unavailable}\n`);

const TOKEN = 'engine-canary-token-7d41be';
const REFERENCE = 'specgate-reference:latest';
/** The line the CLI prints once the container answers. */
const STARTED = /specgate: container ([0-9a-f]{12}) from (\S+) answers at http:\/\/127\.0\.0\.1:(\d+)\/client\/v4 \(host network, port (\d+); testcontainers' reaper off: specgate removes it on exit\)/;

/** The CLI as a child, for tests that act while it runs. */
function startCli(args: string[]) {
  const child = spawn(process.execPath, [join(ROOT, 'bin/specgate.mjs'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', CI: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; stream: 'stdout' | 'stderr'; resolve: (m: RegExpMatchArray) => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = (waiter.stream === 'stdout' ? stdout : stderr).match(waiter.pattern);
      if (match) { waiters.splice(waiters.indexOf(waiter), 1); waiter.resolve(match); }
    }
  };
  child.stdout.on('data', (d) => { stdout += d; check(); });
  child.stderr.on('data', (d) => { stderr += d; check(); });
  const exited = new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return {
    child,
    exited,
    /** Resolves when the stream shows the pattern; rejects if the CLI exits first. */
    waitFor(pattern: RegExp, stream: 'stdout' | 'stderr' = 'stderr'): Promise<RegExpMatchArray> {
      return new Promise((resolve, reject) => {
        waiters.push({ pattern, stream, resolve });
        check();
        void exited.then((result) => reject(new Error(`the CLI exited ${result.code} before ${pattern}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`)));
      });
    },
  };
}

// A limit for a test that hangs: under CI's CPU burners (load 30) the first of these took over its
// 180 s and the signal tests over their 120 s, each waiting for a full zone API run in a container
// (the pair of runs between them, three containers, gets the same).
const LOADED_RUN_MS = 600_000;

const statusBySpec = (report: Report): Record<string, string> => Object.fromEntries(report.tests.map((test) => [test.name, test.status]));
const fullId = (seen: Map<string, Set<string>>, short: string): string => [...seen.keys()].find((id) => id.startsWith(short)) ?? `${short} (never seen by the engine)`;

describe.skipIf(unavailable !== undefined)(`a real Docker engine${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let images: TestImages;
  beforeAll(async () => {
    images = await testImages((line) => process.stdout.write(`container images: ${line}\n`));
  }, 600_000);

  /** Runs the CLI while recording the containers the engine has of the --target-image it names. */
  async function cliWatched(args: string[]): Promise<CliResult & { seen: Map<string, Set<string>> }> {
    const watcher = watchContainers(args[args.indexOf('--target-image') + 1]!);
    try {
      return { ...(await runCli(args, { HOME: process.env.HOME ?? '/root' })), seen: watcher.seen };
    } finally {
      await watcher.stop();
    }
  }

  it('the zone suite against the reference image: every spec gets the result it gets in-process, and the container is removed', async () => {
    const containerDir = tempDir('engine-container');
    // The in-process side is the one run of the zone suite against the bundled reference that other files compare against too.
    const [{ run: inProcess, reportDir: inProcessDir }, container] = await Promise.all([
      referenceZoneRun(),
      cliWatched(['run', '--suite', 'zone-api', '--target-image', REFERENCE, '--target-port', '0', '--report-dir', containerDir]),
    ]);
    expect(inProcess.code, inProcess.stdout + inProcess.stderr).toBe(0);
    expect(container.code, container.stdout + container.stderr).toBe(0);

    // It ran against the container: the report's target is the URL the container answered on.
    const [, shortId, image, port] = STARTED.exec(container.stderr) ?? [];
    expect(image).toBe(REFERENCE);
    const reference = readReport(inProcessDir);
    const viaContainer = readReport(containerDir);
    expect(viaContainer.run.targets[0]).toMatchObject({ suite: 'zone-api', baseUrl: `http://127.0.0.1:${port}/client/v4`, control: true });

    // Same specs, same result for each.
    expect(Object.keys(statusBySpec(viaContainer)).length).toBeGreaterThan(200);
    expect(statusBySpec(viaContainer)).toEqual(statusBySpec(reference));
    expect(viaContainer.summary).toEqual(reference.summary);

    // The engine had the container while the run went on, and has it no more.
    const id = fullId(container.seen, shortId!);
    expect(container.seen.get(id)).toContain('running');
    expect(await containerState(id)).toBe('gone');
  }, LOADED_RUN_MS);

  it('two targets at once under host networking, on a port given and a free one; a port already taken is refused; a run whose specs fail (exit 1) removes its container too', async () => {
    // A port held by another server: refused before any container starts...
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    const refused = await cliWatched(['run', '--suite', 'zone-api', '--target-image', REFERENCE, '--target-port', String(port), '--area', 'envelope']);
    await new Promise((resolve) => holder.close(resolve));
    expect([refused.code, refused.stderr]).toEqual([2, `specgate: port ${port} is in use on this machine, and under host networking the container listens on this machine's ports: give --target-port 0 (a free port, told to the image as SPECGATE_PORT) or another port\n`]);
    expect(refused.seen.size).toBe(0);

    // ...and, once free, served by a container, while another runs on a free port of its own.
    const [passing, failing] = await Promise.all([
      cliWatched(['run', '--suite', 'zone-api', '--target-image', REFERENCE, '--target-port', String(port), '--area', 'envelope', '--report-dir', tempDir('engine-pair')]),
      // The container accepts another token than the run sends: the authentication specs fail (past
      // the preflight, which would stop the run at the refused token with exit 2).
      cliWatched(['run', '--suite', 'zone-api', '--target-image', REFERENCE, '--target-port', '0', '--area', 'auth', '--token', TOKEN, '--target-env', 'SPECGATE_TOKEN=not-the-run-token', '--report-dir', tempDir('engine-fails'), '--no-preflight']),
    ]);
    expect(passing.code, passing.stdout + passing.stderr).toBe(0);
    expect(failing.code, failing.stdout + failing.stderr).toBe(1);
    expect(failing.stdout).toMatch(/specgate: the documents \(core\): \d+ specs passed, [1-9]\d* failed/);
    const [passingStart, failingStart] = [STARTED.exec(passing.stderr)!, STARTED.exec(failing.stderr)!];
    expect(passingStart[3]).toBe(String(port));
    expect(failingStart[3]).not.toBe(String(port));
    for (const [run, start] of [[passing, passingStart], [failing, failingStart]] as const) {
      const id = fullId(run.seen, start[1]!);
      expect(run.seen.get(id)).toContain('running');
      expect(await containerState(id)).toBe('gone');
    }
  }, LOADED_RUN_MS);

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s in the middle of a run: the run ends (%i) and the container is removed before specgate exits', async (signal, code) => {
    const cli = startCli(['run', '--suite', 'zone-api', '--target-image', REFERENCE, '--target-port', '0', '--report-dir', tempDir('engine-signal')]);
    const [, shortId] = await cli.waitFor(STARTED);
    await cli.waitFor(/^ok +zone-api /m, 'stdout'); // the specs are running
    expect(await containerState(shortId!)).toBe('running');

    cli.child.kill(signal);
    const result = await cli.exited;
    expect(result.code, result.stderr).toBe(code);
    expect(result.stderr).toContain(`specgate: exiting: container ${shortId} removed`);
    // Removed before the process ended: no waiting here.
    expect(await containerState(shortId!)).toBe('gone');
  }, LOADED_RUN_MS);

  it('SIGHUP (a closed terminal) while waiting for an image that never answers: the run ends (129) and the container is removed', async () => {
    const watcher = watchContainers(images.neverAnswers);
    const cli = startCli(['run', '--suite', 'zone-api', '--target-image', images.neverAnswers, '--target-port', '0', '--area', 'envelope']);
    let seen: string | undefined;
    while (seen === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = [...watcher.seen].find(([, states]) => states.has('running'))?.[0];
    }
    await watcher.stop();
    cli.child.kill('SIGHUP');
    const result = await cli.exited;
    expect(result.code, result.stderr).toBe(129);
    expect(result.stderr).toContain(`specgate: exiting: container ${seen.slice(0, 12)} removed`);
    expect(await containerState(seen)).toBe('gone');
  }, 600_000);

  // Concurrent: each its own image, so that each watch sees only its own containers.
  describe.concurrent('an image that does not come up: exit 2 before any spec, with the reason and the last lines of its log, credentials masked', () => {
    it('an image the engine does not have and cannot pull', async () => {
      const run = await cliWatched(['run', '--suite', 'zone-api', '--target-image', 'specgate-no-such-image:never', '--token', TOKEN]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^specgate: container from image specgate-no-such-image:never did not start: .*(pull|registry|no such host|not found)/im);
      expect(run.stdout).not.toMatch(/passed/);
      expect(run.seen.size).toBe(0);
    }, 600_000);

    it('an image that exits at once', async () => {
      const run = await cliWatched(['run', '--suite', 'zone-api', '--target-image', images.exitsAtOnce, '--target-port', '0', '--token', TOKEN]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`specgate: container from image ${images.exitsAtOnce} did not start: the container exited (code 3) before answering /client/v4\nlast lines of its log:\n  starting with token [REDACTED]\n  fatal: no database\n`);
      expect(run.stderr).not.toContain(TOKEN);
      const [id] = [...run.seen.keys()];
      expect(run.seen.size).toBe(1);
      expect(await containerState(id!)).toBe('gone');
    }, 600_000);

    it('an image that never answers, within --target-startup-timeout', async () => {
      const run = await cliWatched(['run', '--suite', 'zone-api', '--target-image', images.neverAnswers, '--target-port', '0', '--target-startup-timeout', '2', '--token', TOKEN]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^specgate: container from image ${images.neverAnswers} did not start: no HTTP answer on /client/v4 \\(port \\d+\\) within 2 s\nlast lines of its log:\n  warming up with token \\[REDACTED\\]\n$`));
      expect(run.stderr).not.toContain(TOKEN);
      const [id, states] = [...run.seen][0]!;
      expect(states).toContain('running');
      expect(await containerState(id)).toBe('gone');
    }, 600_000);

    it('an image whose command cannot start', async () => {
      const run = await cliWatched(['run', '--suite', 'zone-api', '--target-image', images.unstartable, '--target-port', '0']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^specgate: container from image ${images.unstartable} did not start: .*/no/such/server.*(no such file|not found)`, 'im'));
      const [id] = [...run.seen.keys()];
      expect(run.seen.size).toBe(1);
      expect(await containerState(id!)).toBe('gone');
    }, 600_000);
  });

  it('--target-network bridge on an engine without a bridge network: exit 2 saying so, before any container', async () => {
    const run = await cliWatched(['run', '--suite', 'zone-api', '--target-image', REFERENCE, '--target-network', 'bridge']);
    expect([run.code, run.stderr]).toEqual([2, 'specgate: --target-network bridge: the Docker engine has no bridge network, so it cannot publish the container\'s port; leave --target-network out (host networking is used on such an engine)\n']);
    expect(run.seen.size).toBe(0);
  }, 600_000);
});
