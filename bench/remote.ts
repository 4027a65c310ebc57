// The zone API suite against a target across a network: the reference server (test mode, in this
// process) behind a TCP proxy that delays every request by each of REMOTE_DELAYS_MS (default 50
// and 100 ms, one row each; lib/delay-proxy.ts), run as a user runs it, `specgate run --suite zone-api --target URL --token T
// --control URL` in a child process. The same run without the proxy, just before, gives each spec's
// result to compare: the row fails if any spec's status differs.
//
// The server records every request it receives (arrival, answer, the spec it belongs to: the spec
// kit's x-specgate-spec header). From those:
// - requests, and mean requests in flight: the sum of each request's time (the delay plus the
//   server's) over the wall time;
// - the floor: the longest chain of requests of any one spec that went out one after another (a
//   request follows another if it reached the server at least half a delay after the other was
//   answered), times the delay. No schedule can beat it without changing what a spec asks.

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { SPEC_HEADER } from '../src/spec-kit/api-client.js';
import { startDelayProxy } from './lib/delay-proxy.js';
import { round, type Result } from './lib/result.js';

const ROOT = join(import.meta.dirname, '..');
const DELAYS_MS = (process.env.REMOTE_DELAYS_MS ?? '50,100').split(',').map(Number);
const GOAL_SECONDS = 15;

interface SeenRequest { spec: string | undefined; method: string; path: string; arrivedAt: number; answeredAt: number }

interface ReportTest { file: string; spec: { describe: string[]; title: string }; status: string }

/** A spec's key across two runs: its file and identity, as data. */
const keyOf = (test: ReportTest): string => JSON.stringify([test.file, test.spec.describe, test.spec.title]);

function findReport(dir: string): { tests: ReportTest[]; summary: Record<string, number> } {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'report.json') return JSON.parse(readFileSync(path, 'utf8'));
    if (statSync(path).isDirectory()) {
      try { return findReport(path); } catch { /* not in this one */ }
    }
  }
  throw new Error(`no report.json under ${dir}`);
}

/** Starts the reference with a recorder of every request it answers. */
async function recordingReference(seen: SeenRequest[]): Promise<RunningServer> {
  return startServer({
    testMode: true,
    customize: ({ app }) => {
      const arrivals = new WeakMap<object, number>();
      app.addHook('onRequest', (request, _reply, done) => { arrivals.set(request, performance.now()); done(); });
      app.addHook('onResponse', (request, _reply, done) => {
        const header = request.headers[SPEC_HEADER];
        seen.push({ spec: typeof header === 'string' ? header : undefined, method: request.method, path: genericPath(request.url), arrivedAt: arrivals.get(request) ?? performance.now(), answeredAt: performance.now() });
        done();
      });
    },
  });
}

/** A request's path with its ids and names left out: what a chain's requests were, in a few words. */
const genericPath = (url: string): string => url.split('?')[0]!.replace(/\/(zones|accounts|dns|route|holds)\/[^/]+/g, '/$1/*').replace(/\/[0-9a-f]{32}\b/g, '/{id}');

/** One CLI run of the zone API suite against `origin`; its wall time and report. */
async function runSuite(origin: string, server: RunningServer, asOf: string): Promise<{ wallMs: number; exitCode: number | null; tests: ReportTest[]; summary: Record<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'specgate-bench-remote-'));
  try {
    const args = ['bin/specgate.mjs', 'run', '--suite', 'zone-api', '--target', `${origin}/client/v4`, '--control', `${origin}/__control`, '--as-of', asOf, '--report-dir', dir];
    const start = performance.now();
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, SPECGATE_TOKEN: server.credentials.token, SPECGATE_EMAIL: server.credentials.email, SPECGATE_KEY: server.credentials.key } });
      child.once('error', reject);
      child.once('exit', resolve);
    });
    const wallMs = performance.now() - start;
    const report = findReport(dir);
    return { wallMs, exitCode, tests: report.tests, summary: report.summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The longest chain of one spec's requests each sent after the one before was answered. */
function longestChain(requests: SeenRequest[], delayMs: number): number {
  const sorted = [...requests].sort((a, b) => a.arrivedAt - b.arrivedAt);
  const chain: number[] = [];
  let longest = 0;
  for (let i = 0; i < sorted.length; i++) {
    let best = 0;
    for (let j = 0; j < i; j++) if (sorted[i]!.arrivedAt >= sorted[j]!.answeredAt + delayMs / 2) best = Math.max(best, chain[j]!);
    chain[i] = best + 1;
    longest = Math.max(longest, chain[i]!);
  }
  return longest;
}

/** Specs whose status differs between two runs (or that one of them lacks). */
function differences(a: ReportTest[], b: ReportTest[]): string[] {
  const statusIn = (tests: ReportTest[]) => new Map(tests.map((t) => [keyOf(t), t.status]));
  const [left, right] = [statusIn(a), statusIn(b)];
  return [...new Set([...left.keys(), ...right.keys()])]
    .filter((key) => left.get(key) !== right.get(key))
    .map((key) => `${key}: ${left.get(key) ?? 'absent'} without the delay, ${right.get(key) ?? 'absent'} with it`);
}

export async function remote(): Promise<Result[]> {
  const seen: SeenRequest[] = [];
  const server = await recordingReference(seen);
  const upstream = new URL(server.baseUrl);
  // Every run at the same date, as a user pins one with --as-of to compare runs.
  const asOf = new Date().toISOString();
  try {
    const direct = await runSuite(upstream.origin, server, asOf);
    const results: Result[] = [];
    for (const delayMs of DELAYS_MS) {
      const proxy = await startDelayProxy({ host: upstream.hostname, port: Number(upstream.port) }, delayMs);
      try {
        seen.length = 0;
        const delayed = await runSuite(proxy.origin, server, asOf);
        results.push(resultOf(delayMs, direct, delayed, seen));
      } finally {
        await proxy.close();
      }
    }
    return results;
  } finally {
    await server.close();
  }
}

type SuiteRun = Awaited<ReturnType<typeof runSuite>>;

function resultOf(delayMs: number, direct: SuiteRun, delayed: SuiteRun, seen: SeenRequest[]): Result {
  const differ = differences(direct.tests, delayed.tests);
  const busyMs = seen.reduce((sum, r) => sum + (r.answeredAt - r.arrivedAt) + delayMs, 0);
  const bySpec = new Map<string, SeenRequest[]>();
  for (const r of seen) if (r.spec !== undefined) bySpec.set(r.spec, [...(bySpec.get(r.spec) ?? []), r]);
  const chains = [...bySpec.values()].map((requests) => longestChain(requests, delayMs));
  const longestSpecs = [...bySpec.values()].map((requests, i) => ({ chain: chains[i]!, requests: requests.length, paths: [...new Set(requests.map((r) => `${r.method} ${r.path}`))].slice(0, 8) }))
    .sort((a, b) => b.chain - a.chain).slice(0, 5);
  const floorMs = Math.max(0, ...chains) * delayMs;
  const wallSeconds = delayed.wallMs / 1000;
  return {
    name: `remote: zone API suite, ${delayMs} ms per request (wall)`,
    value: round(wallSeconds, 1),
    unit: 's',
    baseline: round(floorMs / 1000, 1),
    ratio: round(delayed.wallMs / floorMs, 1),
    target: `<= ${GOAL_SECONDS} s at 50 ms, same per-spec results as without the delay`,
    pass: (delayMs > 50 || wallSeconds <= GOAL_SECONDS) && differ.length === 0 && delayed.exitCode === direct.exitCode,
    detail: {
      delayMs,
      requests: seen.length,
      requestsOfNoSpec: seen.length - [...bySpec.values()].reduce((n, r) => n + r.length, 0),
      meanInFlight: round(busyMs / delayed.wallMs, 2),
      floorSeconds: round(floorMs / 1000, 2),
      longestChain: Math.max(0, ...chains),
      longestSpecs,
      specs: bySpec.size,
      wallWithoutDelaySeconds: round(direct.wallMs / 1000, 1),
      exitCodes: { withoutDelay: direct.exitCode, withDelay: delayed.exitCode },
      summary: delayed.summary,
      differences: differ,
    },
  };
}
