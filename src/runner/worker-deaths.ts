// Test workers that die. vitest's forks pool reports a worker that exits while running a spec file
// only as "Worker exited unexpectedly", without the signal or what the process wrote before it
// died, and leaves that file's specs without a result. This pool is vitest's forks pool that also
// records, for each death, the spec files the worker was running, its exit code or signal, and
// its stderr (where Node writes a native assertion, a fatal error and the native stack), so that
// the collector can fail those specs with the cause.

import type { ChildProcess } from 'node:child_process';
import { ForksPoolWorker, type PoolOptions, type PoolRunnerInitializer, type WorkerRequest } from 'vitest/node';

export interface WorkerDeath {
  /** The vitest project (target) the worker ran. */
  project: string;
  /** Absolute paths of the spec files it was running when it died. */
  files: string[];
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What it wrote to stderr since it started those files (the end of it). */
  stderr: string;
}

const POOL_NAME = 'specgate-forks';
/** Preloaded in each worker: it ignores SIGINT, so that Ctrl-C interrupts the run, not the workers (runner/interrupt.ts). */
const WORKER_SIGNALS = new URL('./worker-signals.mjs', import.meta.url).href;
/** Enough for a native assertion and its stack; a worker that writes more keeps the end. */
const MAX_STDERR = 64 * 1024;

export class WorkerDeaths {
  readonly deaths: WorkerDeath[] = [];

  /** The pool every project of a run uses (`pool` of a vitest project). */
  pool(): PoolRunnerInitializer {
    return { name: POOL_NAME, createPoolWorker: (options) => new WatchedForksWorker(options, this.deaths) };
  }

  /** The death of the worker that was running `file` for `project`, if it died. */
  of(project: string, file: string): WorkerDeath | undefined {
    return this.deaths.find((death) => death.project === project && death.files.includes(file));
  }
}

class WatchedForksWorker extends ForksPoolWorker {
  override readonly name = POOL_NAME;
  private readonly project: string;
  private files: string[] = [];
  // Not `stderr`: ForksPoolWorker's own field of that name is the stream it pipes the child's stderr to.
  private stderrTail = '';
  private death: WorkerDeath | undefined;
  private stopping = false;

  constructor(options: PoolOptions, private readonly deaths: WorkerDeath[]) {
    super(options);
    this.project = options.project.name;
    this.execArgv = [...this.execArgv, '--import', WORKER_SIGNALS];
  }

  override send(message: WorkerRequest): void {
    if (message.type === 'run' || message.type === 'collect') {
      this.files = message.context.files.map((file) => file.filepath);
      this.stderrTail = '';
    }
    super.send(message);
  }

  override async start(): Promise<void> {
    await super.start();
    // ForksPoolWorker keeps its child process private; its stderr and exit status are the only
    // account of a native crash.
    const child = (this as unknown as { _fork?: ChildProcess })._fork;
    child?.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-MAX_STDERR);
      // A dying process's last words may arrive after its exit event.
      if (this.death) this.death.stderr = this.stderrTail;
    });
    child?.once('exit', (code, signal) => {
      // vitest ending the worker: it exits on its own once told to stop, or vitest kills it
      // (SIGTERM, SIGKILL when it lingers). On a loaded machine vitest may begin stopping the
      // workers before this exit of one that died by itself is seen: that is still a death.
      if (this.stopping && (child.killed || code === 0)) return;
      this.death = { project: this.project, files: this.files, code, signal, stderr: this.stderrTail };
      this.deaths.push(this.death);
    });
  }

  override async stop(): Promise<void> {
    this.stopping = true;
    await super.stop();
  }
}

/**
 * The cause of a death in one line: the signal or exit code, and the first line of the native
 * report Node wrote (an assertion with where it failed, a fatal error), or else the native
 * stack's first frame.
 */
export function causeOfDeath(death: WorkerDeath): string {
  const how = death.signal ? `killed by ${death.signal}` : `exited with code ${death.code}`;
  const native = nativeReport(death.stderr);
  return native ? `the test worker was ${how}: ${native}` : `the test worker was ${how}`;
}

function nativeReport(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((line) => line.trim()).filter(Boolean);
  // Node's CHECK/assert: "#  node[pid]: <function> at <file>:<line>" then "#  Assertion failed: <condition>".
  const failed = lines.find((line) => /^#\s*(Assertion failed|Check failed)\b/.test(line));
  const addon = addonFrame(lines);
  if (failed) {
    const where = lines.find((line) => /^#\s*\S+\[\d+\]: /.test(line))?.replace(/^#\s*\S+\[\d+\]: /, '');
    return `${failed.replace(/^#\s*/, '')}${where ? ` in ${where}` : ''}${addon ? `, called from ${addon}` : ''}`;
  }
  // V8 and Node fatal errors: "FATAL ERROR: ...", "# Fatal error in ..., line N".
  const fatal = lines.find((line) => /^(#\s*)?(FATAL ERROR|Fatal error|Fatal JavaScript)/.test(line));
  if (fatal) return `${fatal.replace(/^#\s*/, '')}${addon ? `, called from ${addon}` : ''}`;
  const stack = lines.indexOf('----- Native stack trace -----');
  if (stack >= 0 && lines[stack + 1]) return `native stack: ${lines[stack + 1]}`;
  return undefined;
}

/**
 * The first frame of the native stack in a native module rather than in node itself (the addon
 * that crashed): "Statement::~Statement() (better_sqlite3.node)". Frames read
 * " 4: 0x7f8f3c2aea9c Statement::~Statement() [/path/better_sqlite3.node]".
 */
function addonFrame(lines: string[]): string | undefined {
  for (const line of lines) {
    const frame = /^\d+: 0x[0-9a-f]+ +(.*?) *\[([^\]]+)\]$/.exec(line);
    if (!frame) continue;
    const module = frame[2]!.split('/').pop()!;
    if (module.endsWith('.node')) return `${frame[1] || '?'} (${module})`;
  }
  return undefined;
}
