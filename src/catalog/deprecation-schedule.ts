// The deprecation schedule (the Versioning table) as data: fixtures/deprecations.json. Each row
// names its catalog requirements; `checkSchedule` keeps rows, catalog and specs in step, as the
// coverage check does for the catalog and the specs.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../core/paths.js';
import type { AreaCatalog, Requirement } from '../../requirements/model.js';
import { allRequirements, type CitingTest } from './coverage.js';

export type AfterDate = 'stated' | 'not stated' | 'not observable';

export interface ScheduleRow {
  date: string;
  subject: string;
  /** One entry per method; empty when the row names none ("all", "field", "routes", "none exposed"). */
  endpoints: { method: string; path: string; role?: 'deprecated' | 'affected' }[];
  /** What the table's Endpoints cell says when it is not a list of endpoints. */
  endpointsNote?: string;
  change: string;
  afterDate: AfterDate;
  requirements: string[];
}

export const SCHEDULE_FILE = pathToFileURL(join(PACKAGE_ROOT, 'fixtures/deprecations.json'));

export function loadSchedule(file: URL | string = SCHEDULE_FILE): ScheduleRow[] {
  if (file === SCHEDULE_FILE) return (defaultRows ??= read(file));
  return read(file);
}

// The fixture is read once per process: every dated spec file looks its dates up in it.
let defaultRows: ScheduleRow[] | undefined;
const read = (file: URL | string): ScheduleRow[] => (JSON.parse(readFileSync(file, 'utf8')) as { rows: ScheduleRow[] }).rows;

/**
 * The date of the schedule's row about `subject` (its exact text in the table). Dated specs take
 * their dates from here, so that the table as data is the one place a date is written for them.
 */
export function dateOf(subject: string, rows: ScheduleRow[] = loadSchedule()): string {
  const row = rows.find((r) => r.subject === subject);
  if (!row) throw new Error(`no row of the deprecation schedule is about "${subject}"`);
  return row.date;
}

/** The dates of the Versioning table a requirement's section names: places under its heading whose first words are a row's date ("2025-01-15 (paths)"). */
const versioningDates = (requirement: Requirement): string[] => requirement.section
  .filter((place) => place.headings.length === 1 && place.headings[0] === 'Versioning')
  .map((place) => /^\d{4}-\d{2}-\d{2}/.exec(place.words?.[0] ?? '')?.[0])
  .filter((date): date is string => date !== undefined);

/** Every way the schedule, the catalog and the specs can disagree, one message each. */
export function checkSchedule(rows: ScheduleRow[], catalogs: AreaCatalog[], specs: CitingTest[]): string[] {
  const byId = new Map(allRequirements(catalogs).map((r) => [r.id, r]));
  const problems = rows.flatMap((row, index) => [
    ...orderProblems(rows, index),
    ...rowProblems(row, byId, specs),
  ]);
  for (const requirement of byId.values()) {
    for (const date of versioningDates(requirement)) {
      if (!rows.some((row) => row.date === date && row.requirements.includes(requirement.id))) {
        problems.push(`${requirement.id} cites Versioning > ${date}, but no row of that date lists it`);
      }
    }
  }
  return problems;
}

function orderProblems(rows: ScheduleRow[], index: number): string[] {
  const row = rows[index]!;
  const previous = rows[index - 1];
  const problems: string[] = [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(row.date)) problems.push(`row ${index + 1}: "${row.date}" is not a date`);
  if (previous && previous.date < row.date) problems.push(`row ${index + 1} (${row.date}) is out of order: the table runs from the newest date to the oldest`);
  return problems;
}

function rowProblems(row: ScheduleRow, byId: Map<string, Requirement>, specs: CitingTest[]): string[] {
  const label = `${row.date} ${row.subject}`;
  if (row.requirements.length === 0) return [`${label}: lists no requirement`];
  const unknown = row.requirements.filter((id) => !byId.has(id));
  if (unknown.length > 0) return [`${label}: lists ${unknown.join(', ')}, not in the catalog`];
  const verifiable = row.requirements.filter((id) => !byId.get(id)!.unspecified);
  if (row.afterDate !== 'stated') {
    return verifiable.length === row.requirements.length ? [`${label}: after-date behaviour ${row.afterDate}, yet no unspecified requirement records that`] : [];
  }
  if (verifiable.length === 0) return [`${label}: after-date behaviour stated, yet every requirement is unspecified`];
  const datedSpecs = specs.filter((s) => s.requirements.some((id) => verifiable.includes(id)) && s.dated?.date === row.date);
  return datedSpecs.length === 0 ? [`${label}: no dated spec (datedSpec on ${row.date}) verifies it`] : [];
}

export type ScheduleStatus = 'passed' | 'failed' | 'not verified' | 'not run' | 'not stated' | 'not observable';

/** A row's outcome in a run, from its requirements' statuses. */
export function rowStatus(row: ScheduleRow, statusOf: (id: string) => string | undefined): ScheduleStatus {
  if (row.afterDate !== 'stated') return row.afterDate;
  const statuses = row.requirements.map(statusOf).filter((s) => s !== undefined && s !== 'unspecified');
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('skipped')) return 'not verified';
  if (statuses.length === 0 || statuses.some((s) => s !== 'passed')) return 'not run';
  return 'passed';
}
