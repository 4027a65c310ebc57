// What each zone API spec sent in a run against the bundled reference (suites/zone-api/requests.json),
// so that `specgate list` can say what a selection would send before anything runs: a production
// account allows 1,200 API requests per 5 minutes, and a user needs to know a run fits before it
// starts. The table is measured (`npm run requests`), not guessed, and test/cli.test.ts fails when the
// conformance run of the reference sends anything else. Against another target the count moves
// with its answers (a property that shrinks, a page size), so it is an estimate.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../core/paths.js';
import { allowanceFor } from '../spec-kit/request-budget.js';
import type { Report } from './model.js';

export const REQUEST_TABLE = 'suites/zone-api/requests.json';

/** Requests of one spec (its core and convention parts together). */
export interface SpecRequests { api: number; control: number }

/** A spec's entry: what it sent unbounded, and, for a spec a budget sizes, its share of one. */
export interface MeasuredSpec extends SpecRequests { budgetShare?: { share: number; floor: number } }

export interface RequestTable {
  /** How the table was measured: the run's seed (property specs send what their cases need). */
  seed: number;
  /** `file > describe > title` of each spec that sent any request. */
  specs: Record<string, MeasuredSpec>;
}

/** The key of a spec: its file and its name without the suite and the part ([conventions]). */
export const specKey = (file: string, describe: string[], title: string): string => [file, ...describe, title].join(' > ');

/** The table a run's report gives: every spec of the zone API suite with what it sent. */
export function requestTableOf(report: Report): RequestTable {
  const specs: Record<string, MeasuredSpec> = {};
  for (const test of report.tests) {
    if (test.requests === undefined && test.controlRequests === undefined) continue;
    const key = specKey(test.file, test.spec.describe, test.spec.title);
    const seen = specs[key] ?? { api: 0, control: 0 };
    const budgetShare = test.budgetShare ?? seen.budgetShare;
    specs[key] = { api: seen.api + (test.requests ?? 0), control: seen.control + (test.controlRequests ?? 0), ...(budgetShare && { budgetShare }) };
  }
  const sorted = Object.fromEntries(Object.entries(specs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { seed: report.run.seed, specs: sorted };
}

export function writeRequestTable(table: RequestTable, root = PACKAGE_ROOT): void {
  writeFileSync(join(root, REQUEST_TABLE), `${JSON.stringify(table, null, 2)}\n`);
}

export function readRequestTable(root = PACKAGE_ROOT): RequestTable | undefined {
  const file = join(root, REQUEST_TABLE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RequestTable) : undefined;
}

/** What a listed spec (`specgate list`: its file and `describe > title` name) sent, if measured. */
export const measuredRequests = (table: RequestTable, spec: { file: string; name: string }): MeasuredSpec | undefined =>
  table.specs[`${spec.file} > ${spec.name}`];

/**
 * What the listed specs sent against the reference; `unmeasured`: zone API specs the table lacks.
 * Under a request `budget`, a spec the budget sizes sends at most its allowance (its first case
 * always runs, so this is the estimate's only approximation besides the target's answers).
 */
export function estimateRequests(table: RequestTable, specs: { file: string; name: string }[], budget?: number): SpecRequests & { unmeasured: number } {
  const estimate = { api: 0, control: 0, unmeasured: 0 };
  for (const spec of specs) {
    if (!spec.file.startsWith('suites/zone-api/')) continue;
    const measured = measuredRequests(table, spec);
    if (measured === undefined) { estimate.unmeasured++; continue; }
    const allowance = measured.budgetShare && allowanceFor(budget, measured.budgetShare.share, measured.budgetShare.floor);
    estimate.api += allowance === undefined ? measured.api : Math.min(measured.api, allowance);
    estimate.control += measured.control;
  }
  return estimate;
}
