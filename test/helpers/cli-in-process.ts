// Calls specgate's CLI in this process: its own `main` with the arguments, its output captured and
// its exit code answered, as `runCli` (cli.ts) answers them for a child process. For what the CLI
// decides from its arguments (parsing, usage errors, help, listing, merging, diffing): a child
// process costs a second or more of start-up each, for nothing the test looks at. Tests spawn the
// real binary (runCli) where the process boundary is the point: signals, exit codes as the shell
// sees them, stdout and stderr as streams, a run's test workers, the packed install.

import { main } from '../../src/cli/main.js';
import type { CliResult } from './cli.js';

/**
 * `env` adds to (or, with undefined, removes from) the environment for the call; the environment
 * is restored after it (a command may set variables of its own: --workerd sets MINIFLARE_WORKERD_PATH).
 * `cwd`, as runCli's: the working directory for the call (where a user's miniflare is found from),
 * restored after it. Calls are one at a time: the process's stdout, stderr and working directory
 * are the CLI's while one runs.
 */
export async function callCli(args: string[], env: Record<string, string | undefined> = {}, cwd?: string): Promise<CliResult> {
  const saved = { ...process.env };
  const savedCwd = process.cwd();
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  let stdout = '';
  let stderr = '';
  const capture = (append: (text: string) => void) => ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof process.stdout.write;
  for (const [name, value] of Object.entries({ CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1', ...env })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  process.stdout.write = capture((text) => { stdout += text; });
  process.stderr.write = capture((text) => { stderr += text; });
  try {
    if (cwd !== undefined) process.chdir(cwd);
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    process.chdir(savedCwd);
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}
