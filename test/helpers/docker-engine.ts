// The real Docker engine of the container tests (scripts/docker-engine.sh starts one): whether
// there is one, the images they run (built once per test run), and what the engine says about the
// containers specgate starts (every one carries the label org.specgate.target).

import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import { buildFromDockerfileText, buildReferenceImages, type ReferenceImages } from '../../scripts/container-images.js';
import { TARGET_LABEL } from '../../src/targets/container-target.js';

const SOCKET = '/var/run/docker.sock';

/** An answer of the engine's API, on the socket (or DOCKER_HOST, when it is a unix socket). */
function engineCall(method: string, path: string): Promise<{ status: number; body: string }> {
  const dockerHost = process.env.DOCKER_HOST;
  const socketPath = dockerHost?.startsWith('unix://') ? dockerHost.slice('unix://'.length) : SOCKET;
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path, method, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('the engine did not answer in 10 s')));
    req.on('error', reject);
    req.end();
  });
}

/** Why the container tests cannot run here, or undefined when a local engine answers and the docker CLI is there. */
export async function engineUnavailable(): Promise<string | undefined> {
  if (process.env.DOCKER_HOST && !process.env.DOCKER_HOST.startsWith('unix://')) return `DOCKER_HOST=${process.env.DOCKER_HOST} is not a local socket (the tests use host networking on this machine)`;
  try {
    const ping = await engineCall('GET', '/_ping');
    if (ping.status !== 200) return `the engine's /_ping answered ${ping.status}`;
  } catch (error) {
    return `no Docker engine answers (${(error as Error).message}); scripts/docker-engine.sh start starts one`;
  }
  const cli = await promisify(execFile)('docker', ['--version']).then(() => undefined, (error: Error) => `no docker CLI to build the images with (${error.message})`);
  return cli;
}

/** State of a container as the engine reports it ("running", "exited", ...), or "gone". */
export async function containerState(id: string): Promise<string> {
  const answer = await engineCall('GET', `/containers/${id}/json`);
  if (answer.status === 404) return 'gone';
  if (answer.status !== 200) throw new Error(`inspect ${id}: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { State: { Status: string } }).State.Status;
}

/** Every container specgate started (its label), running or not: id and image. */
export async function specgateContainers(): Promise<{ id: string; image: string; state: string }[]> {
  const filters = encodeURIComponent(JSON.stringify({ label: [TARGET_LABEL] }));
  const answer = await engineCall('GET', `/containers/json?all=1&filters=${filters}`);
  return (JSON.parse(answer.body) as { Id: string; Image: string; State: string }[]).map((c) => ({ id: c.Id, image: c.Image, state: c.State }));
}

/**
 * Records the specgate containers of an image (by id, with the states seen) while something runs:
 * the positive control of every "no container is left" check (the same query sees the container
 * while it exists).
 */
export function watchContainers(image: string): { seen: Map<string, Set<string>>; stop: () => Promise<void> } {
  const seen = new Map<string, Set<string>>();
  let active = true;
  const loop = (async () => {
    while (active) {
      for (const container of (await specgateContainers().catch(() => [])).filter((c) => c.image === image)) {
        if (!seen.has(container.id)) seen.set(container.id, new Set());
        seen.get(container.id)!.add(container.state);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  })();
  return { seen, stop: async () => { active = false; await loop; } };
}

export interface TestImages extends ReferenceImages {
  /** Prints a line (with SPECGATE_TOKEN) and exits 3 at once. */
  exitsAtOnce: string;
  /** Prints a line (with SPECGATE_TOKEN) and runs without ever listening. */
  neverAnswers: string;
  /** Its command does not exist: the engine creates it and its start fails. */
  unstartable: string;
}

let images: Promise<TestImages> | undefined;

/** The reference image and the misbehaving ones, built once per test process (each skipped when up to date). */
export function testImages(log: (line: string) => void = () => {}): Promise<TestImages> {
  return (images ??= (async () => {
    const reference = await buildReferenceImages(log);
    const from = reference.base.tag;
    const node = (script: string) => JSON.stringify(['node', '-e', script]);
    const built = {
      exitsAtOnce: ['specgate-test-exits-at-once:latest', `FROM ${from}\nCMD ${node("console.error('starting with token', process.env.SPECGATE_TOKEN); console.error('fatal: no database'); process.exit(3)")}\n`],
      neverAnswers: ['specgate-test-never-answers:latest', `FROM ${from}\nCMD ${node("console.log('warming up with token', process.env.SPECGATE_TOKEN); setInterval(() => {}, 1000)")}\n`],
      unstartable: ['specgate-test-unstartable:latest', `FROM ${from}\nCMD ["/no/such/server"]\n`],
    } as const;
    for (const [tag, dockerfile] of Object.values(built)) await buildFromDockerfileText(tag, dockerfile);
    return { ...reference, exitsAtOnce: built.exitsAtOnce[0], neverAnswers: built.neverAnswers[0], unstartable: built.unstartable[0] };
  })());
}
