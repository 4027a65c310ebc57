// Runs specgate's CLI as a user would: a child process of `node bin/specgate.mjs`.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../../src/report/model.js';
import { schemaProblems } from '../../src/spec-kit/schemas.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin/specgate.mjs');

const withoutVitest = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST' && name !== 'NODE_ENV'));

const withoutUndefined = (env: Record<string, string | undefined>): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));

export interface CliResult { code: number | null; stdout: string; stderr: string }

/**
 * For where the process boundary is the point: a run (its test workers), signals, exit codes and
 * output as a shell sees them, `list` (which imports the spec files under its own module hooks).
 * What the CLI decides from its arguments alone is tested in-process (cli-in-process.ts: callCli).
 * `env` adds to (or, with undefined, removes from) the environment of a user's shell. It runs the
 * compiled CLI in dist/, which vitest's global set-up builds from the sources under test when it
 * is missing or stale (compiled-cli.ts); `{ SPECGATE_FROM_SOURCE: '1' }` runs the sources instead.
 */
export function runCli(args: string[], env: Record<string, string | undefined> = {}, cwd = ROOT): Promise<CliResult> {
  return runAsUser(process.execPath, [BIN, ...args], cwd, { SPECGATE_FROM_SOURCE: undefined, ...env });
}

/**
 * A command run as from a user's shell in `cwd` (not with this test worker's environment), its
 * output collected; `env` adds to (or, with undefined, removes from) that environment.
 */
export function runAsUser(command: string, args: string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: withoutUndefined({ ...withoutVitest(process.env), CI: 'true', FORCE_COLOR: '0', NO_COLOR: '1', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), `specgate-${prefix}-`));

/** The report a run wrote, checked against the published schema: every report a test reads is validated. */
export function readReport(dir: string): Report {
  const report: unknown = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
  const problems = schemaProblems('report', report);
  if (problems.length > 0) throw new Error(`${join(dir, 'report.json')} does not match report.schema.json:\n${problems.join('\n')}`);
  return report as Report;
}

/** IDs of the requirements a report marks failed, sorted. */
export const failedRequirements = (report: Report): string[] => report.requirements.filter((r) => r.status === 'failed').map((r) => r.id).sort();

/** IDs of the requirements cited by a target's failed specs, sorted (several targets share a run's report). */
export const failedRequirementsOf = (report: Report, target: string): string[] =>
  [...new Set(report.tests.filter((t) => t.target === target && t.status === 'failed').flatMap((t) => t.failedRequirements ?? t.requirements))].sort();
