// `specgate diff OLD NEW [--json] [--allow-different-targets]`: what changed between two runs.
// Exit 0 when nothing regressed, 1 when some spec regressed, 2 (through UsageError, printed by
// main) for bad usage, a file that is not a readable, valid report, or two runs over different
// targets (unless asked): specs of different targets never match, so nothing could regress.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { withDashedValues } from './usage.js';
import { differentTargets, diffReports, formatDiff } from '../report/diff.js';
import type { Report } from '../report/model.js';
import { schemaProblems } from '../spec-kit/schemas.js';
import { UsageError } from '../core/errors.js';

/** The options of `specgate diff` (its help, help.ts, lists the same). */
export const DIFF_OPTIONS = {
  json: { type: 'boolean', default: false },
  'allow-different-targets': { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

export async function diffCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: withDashedValues(args, DIFF_OPTIONS), options: DIFF_OPTIONS, strict: true, allowPositionals: true });
  if (positionals.length !== 2) throw new UsageError(`diff takes two reports, OLD and NEW (got ${positionals.length}); see specgate diff --help`);
  const [old, next] = positionals.map(loadReport) as [Report, Report];
  const targets = differentTargets(old, next);
  if (targets !== undefined && !values['allow-different-targets']) {
    throw new UsageError(`diff: the reports are runs over different targets (${targets}); their specs cannot be compared (--allow-different-targets to compare anyway)`);
  }
  if (targets !== undefined) process.stderr.write(`specgate: comparing runs over different targets (--allow-different-targets): ${targets}\n`);
  const diff = diffReports(old, next);
  process.stdout.write(values.json ? `${JSON.stringify(diff, null, 2)}\n` : formatDiff(diff));
  return diff.totals.regressed > 0 ? 1 : 0;
}

/** A report.json (or the one in a report directory), checked against the report schema. */
export function loadReport(path: string): Report {
  const file = isDirectory(path) ? join(path, 'report.json') : path;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const problems = schemaProblems('report', report);
  // One line on stderr: the first few problems are enough to see what is wrong.
  if (problems.length > 0) {
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    throw new UsageError(`${file} is not a valid specgate report: ${problems.slice(0, 3).join('; ')}${more}`);
  }
  return report as Report;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // reading it reports the problem
  }
}
