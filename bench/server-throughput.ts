// Reference server throughput: GET of a list of 25 firewall rules under load (autocannon, many
// connections, fixed duration) against a bare node:http server answering the same body bytes.
// Each server runs in its own child process; autocannon runs here. Target: ratio >= 0.5, no errors.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { round, type Result } from './lib/result.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;

interface Target { child: ChildProcess; port: number; path: string; headers: Record<string, string> }

async function startTarget(args: string[]): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'lib/serve-target.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return { child, ...JSON.parse(line) };
}

async function stop(target: Target): Promise<void> {
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  await exited;
}

interface Load { rps: number; latencyP50: number; latencyP99: number; errors: number; timeouts: number; non2xx: number; requests: number; bytes: number }

async function load(target: Target, duration: number): Promise<Load> {
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${target.path}`,
    headers: target.headers,
    connections: CONNECTIONS,
    duration,
  });
  return {
    rps: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    bytes: result.throughput.total,
  };
}

async function measure(target: Target): Promise<Load> {
  await load(target, WARMUP_S); // JIT warm-up, connection setup
  return load(target, DURATION_S);
}

export async function serverThroughput(): Promise<Result[]> {
  const reference = await startTarget(['reference']);
  let body: Buffer;
  let referenceLoad: Load;
  try {
    const response = await fetch(`http://127.0.0.1:${reference.port}${reference.path}`, { headers: reference.headers });
    body = Buffer.from(await response.arrayBuffer());
    const rules = (JSON.parse(body.toString()) as { result: unknown[] }).result.length;
    if (response.status !== 200 || rules !== 25) throw new Error(`reference answered ${response.status} with ${rules} rules`);
    referenceLoad = await measure(reference);
  } finally {
    await stop(reference);
  }
  const dir = mkdtempSync(join(tmpdir(), 'specgate-bench-'));
  let bareLoad: Load;
  try {
    writeFileSync(join(dir, 'body.json'), body);
    const bare = await startTarget(['bare', join(dir, 'body.json')]);
    try {
      bareLoad = await measure(bare);
    } finally {
      await stop(bare);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ratio = round(referenceLoad.rps / bareLoad.rps);
  const failures = referenceLoad.errors + referenceLoad.timeouts + referenceLoad.non2xx;
  return [{
    name: 'server: GET 25 firewall rules (req/s)',
    value: round(referenceLoad.rps, 0),
    unit: 'req/s',
    baseline: round(bareLoad.rps, 0),
    ratio,
    target: 'ratio >= 0.5, 0 errors/non-2xx',
    pass: ratio >= 0.5 && failures === 0,
    detail: {
      connections: CONNECTIONS, durationSeconds: DURATION_S, bodyBytes: body.length,
      reference: referenceLoad, bare: bareLoad,
    },
  }];
}
