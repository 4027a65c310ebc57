// npm run bench [-- NAME...]: runs the benchmarks (all, or those named: conformance, remote, server,
// storage, inside, list, model, startup), writes its results and prints a table: a full run to
// bench/results.json, a partial one to reports/bench-<time>.json (it must not overwrite the record
// of a full run with a few rows). Ratios compare the
// reference with its baseline measured in the same run, on the same machine. The machine is
// shared and noisy: its load average is recorded with the figures; timings are never asserted
// in unit tests. bench/results.json in the repository is the measurement of record (bench/README.md).

import { cpus, loadavg, platform, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { conformance } from './conformance.js';
import { listLatency } from './list-latency.js';
import { modelRate } from './model-rate.js';
import { remote } from './remote.js';
import { serverThroughput } from './server-throughput.js';
import { startup } from './startup.js';
import { storageInside } from './storage-inside.js';
import { storageOps } from './storage-ops.js';
import { round, type Bench, type Result } from './lib/result.js';

const BENCHES: Record<string, Bench> = {
  conformance,
  remote,
  server: serverThroughput,
  storage: storageOps,
  inside: storageInside,
  list: listLatency,
  model: modelRate,
  startup,
};

const chosen = process.argv.slice(2).filter((arg) => arg !== '--');
for (const name of chosen) if (!(name in BENCHES)) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(BENCHES).join(', ')}`);

const load = () => loadavg().map((value) => round(value));
const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: round(totalmem() / 2 ** 30, 1), node: process.version, platform: `${platform()} ${process.arch}`, loadAverageAtStart: load() };
const date = new Date().toISOString();
const results: Result[] = [];
const started = performance.now();
for (const [name, bench] of Object.entries(BENCHES)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  process.stderr.write(`bench: ${name}...\n`);
  const t = performance.now();
  results.push(...await bench());
  process.stderr.write(`bench: ${name} done in ${round((performance.now() - t) / 1000, 1)} s\n`);
}
const output = { machine: { ...machine, loadAverageAtEnd: load() }, date, durationSeconds: round((performance.now() - started) / 1000, 0), results };
const partial = chosen.length > 0 && Object.keys(BENCHES).some((name) => !chosen.includes(name));
const file = partial ? join('reports', `bench-${date.replace(/[:.]/g, '-')}.json`) : join(import.meta.dirname, 'results.json');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);

const show = (value: number | undefined) => (value === undefined ? '' : value.toLocaleString('en'));
const rows = results.map((r) => [r.name, `${show(r.value)} ${r.unit}`, show(r.baseline), show(r.ratio), r.target ?? '', r.pass ? 'pass' : 'FAIL']);
const header = ['benchmark', 'value', 'baseline', 'ratio', 'target', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`${machine.cpus} CPUs, Node ${machine.node}, ${machine.platform}; load average ${machine.loadAverageAtStart.join(' ')} at start, ${output.machine.loadAverageAtEnd.join(' ')} at end`);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(row));
console.log(`written to ${file}`);
