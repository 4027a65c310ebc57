// With SPECGATE_CPU_LOG=<file>, each test file appends one line to it when it ends: its wall time
// and the CPU seconds (user + sys) of its worker process and of every child it waited for (the
// CLI runs it started), from /proc/self/stat: the figures of the
// per-file table of bench/ci-speed.md. Without the variable, nothing is measured.

import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const log = process.env.SPECGATE_CPU_LOG;

/** CPU seconds of this process since it started, and of its reaped children (Linux clock ticks: 100 a second). */
function cpuSeconds(): { own: number; children: number } {
  const usage = process.cpuUsage();
  const own = (usage.user + usage.system) / 1e6;
  try {
    // The fields after the command name (which may hold spaces, so split after its closing paren).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return { own, children: (Number(fields[13]) + Number(fields[14])) / 100 };
  } catch {
    return { own, children: 0 };
  }
}

if (log) {
  let startedAt = 0;
  let atStart = { own: 0, children: 0 };
  let file = '';
  beforeAll(() => {
    startedAt = Date.now();
    atStart = cpuSeconds();
    file = relative(process.cwd(), expect.getState().testPath ?? '');
  });
  afterAll(() => {
    const now = cpuSeconds();
    // A worker runs one file (vitest isolates the project's own test files): its start-up counts too.
    const cpuS = now.own + (now.children - atStart.children);
    appendFileSync(log, `${JSON.stringify({ file, wallS: (Date.now() - startedAt) / 1000, cpuS: Math.round(cpuS * 10) / 10 })}\n`);
  });
}
