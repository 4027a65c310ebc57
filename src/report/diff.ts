// What changed between two reports (`specgate diff OLD NEW`): per area, which specs improved,
// regressed, appeared or disappeared, and which requirements changed status. Specs are matched
// by name, which starts with the target ("zone-api > ...", "storage:reference-kv > ..."), so the
// same spec on two adapters is two specs. A name is not always unique in a run (the same
// describe and title in two spec files): such specs are matched by name and file.

import type { TestStatus } from '../core/records.js';
import type { Report, ReportTest, RequirementStatus } from './model.js';

export interface SpecChange { name: string; file: string; from: TestStatus; to: TestStatus }
export interface SpecPresence { name: string; file: string; status: TestStatus }
export interface RequirementChange { id: string; from: RequirementStatus; to: RequirementStatus }

export interface AreaDiff {
  area: string;
  /** failed or skipped → passed. */
  improved: SpecChange[];
  /** passed or skipped → failed: what makes `specgate diff` exit 1. */
  regressed: SpecChange[];
  /** Any other change of status (passed → skipped, failed → skipped): verification lost or gained, no verdict. */
  changed: SpecChange[];
  /** In NEW only, with their status there (a new failing spec is not counted as a regression). */
  added: SpecPresence[];
  /** In OLD only, with their status there. */
  removed: SpecPresence[];
  /** Requirements in both reports whose status differs. */
  requirements: RequirementChange[];
}

export interface ReportDiff {
  old: { id: string; startedAt: string };
  next: { id: string; startedAt: string };
  /** Only areas where something changed, in the order of NEW's areas (then OLD's). */
  areas: AreaDiff[];
  totals: { improved: number; regressed: number; changed: number; added: number; removed: number; requirements: number };
}

export function diffReports(old: Report, next: Report): ReportDiff {
  const areas = areaOrder(old, next)
    .map((area) => diffArea(area, old, next))
    .filter(hasChanges);
  const total = (pick: (a: AreaDiff) => unknown[]) => areas.reduce((n, a) => n + pick(a).length, 0);
  return {
    old: { id: old.run.id, startedAt: old.run.startedAt },
    next: { id: next.run.id, startedAt: next.run.startedAt },
    areas,
    totals: {
      improved: total((a) => a.improved),
      regressed: total((a) => a.regressed),
      changed: total((a) => a.changed),
      added: total((a) => a.added),
      removed: total((a) => a.removed),
      requirements: total((a) => a.requirements),
    },
  };
}

/** Every area either report mentions (in its area table, its specs or its requirements), NEW's first. */
function areaOrder(old: Report, next: Report): string[] {
  const mentioned = (r: Report) => [...r.areas.map((a) => a.area), ...r.tests.map((t) => t.area), ...r.requirements.map((q) => q.area)];
  return [...new Set([...mentioned(next), ...mentioned(old)])];
}

function diffArea(area: string, old: Report, next: Report): AreaDiff {
  const key = specKey(old, next);
  const nextTests = new Map(next.tests.map((t) => [key(t), t]));
  const oldTests = new Map(old.tests.map((t) => [key(t), t]));
  // A spec whose area moved between the reports is counted under its area in NEW.
  const inArea = (t: ReportTest) => (nextTests.get(key(t)) ?? t).area === area;
  const diff: AreaDiff = { area, improved: [], regressed: [], changed: [], added: [], removed: [], requirements: [] };
  for (const test of next.tests.filter(inArea)) {
    const before = oldTests.get(key(test));
    if (!before) diff.added.push({ name: test.name, file: test.file, status: test.status });
    else if (before.status !== test.status) diff[verdict(before.status, test.status)].push({ name: test.name, file: test.file, from: before.status, to: test.status });
  }
  for (const test of old.tests.filter(inArea)) {
    if (!nextTests.has(key(test))) diff.removed.push({ name: test.name, file: test.file, status: test.status });
  }
  diff.requirements = requirementChanges(area, old, next);
  return diff;
}

/** By name; by name and file for a name that appears more than once in either report. */
function specKey(old: Report, next: Report): (t: ReportTest) => string {
  const ambiguous = new Set([old, next].flatMap((r) => r.tests.map((t) => t.name).filter((name, i, all) => all.indexOf(name) !== i)));
  return (t) => (ambiguous.has(t.name) ? `${t.name}\u0000${t.file}` : t.name);
}

function verdict(_from: TestStatus, to: TestStatus): 'improved' | 'regressed' | 'changed' {
  if (to === 'passed') return 'improved';
  if (to === 'failed') return 'regressed';
  return 'changed';
}

function requirementChanges(area: string, old: Report, next: Report): RequirementChange[] {
  const before = new Map(old.requirements.map((r) => [r.id, r.status]));
  return next.requirements
    .filter((r) => r.area === area && before.has(r.id) && before.get(r.id) !== r.status)
    .map((r) => ({ id: r.id, from: before.get(r.id)!, to: r.status }));
}

const hasChanges = (a: AreaDiff): boolean =>
  [a.improved, a.regressed, a.changed, a.added, a.removed, a.requirements].some((list) => list.length > 0);

/** Plain text: a headline of totals, then one section per changed area, counts first, then names. */
export function formatDiff(diff: ReportDiff): string {
  const t = diff.totals;
  const lines = [
    `specgate diff: ${diff.old.id} (${diff.old.startedAt}) → ${diff.next.id} (${diff.next.startedAt})`,
    `specs: ${t.regressed} regressed, ${t.improved} improved, ${t.changed} otherwise changed, ${t.added} new, ${t.removed} removed; `
      + `requirements: ${t.requirements} changed status`,
  ];
  if (diff.areas.length === 0) lines.push('', 'no changes');
  for (const area of diff.areas) lines.push('', ...formatArea(area));
  return `${lines.join('\n')}\n`;
}

function formatArea(a: AreaDiff): string[] {
  const counts = `${a.regressed.length} regressed, ${a.improved.length} improved, ${a.changed.length} otherwise changed, `
    + `${a.added.length} new, ${a.removed.length} removed, ${a.requirements.length} requirements changed`;
  const change = (c: SpecChange) => `${c.name} (${c.from} → ${c.to})`;
  const presence = (p: SpecPresence) => `${p.name} (${p.status})`;
  return [
    `## ${a.area}: ${counts}`,
    ...section('regressed', a.regressed.map(change)),
    ...section('improved', a.improved.map(change)),
    ...section('otherwise changed', a.changed.map(change)),
    ...section('new', a.added.map(presence)),
    ...section('removed', a.removed.map(presence)),
    ...section('requirements', a.requirements.map((r) => `${r.id}: ${r.from} → ${r.to}`)),
  ];
}

const section = (title: string, items: string[]): string[] =>
  items.length === 0 ? [] : [`  ${title}:`, ...items.map((item) => `    ${item}`)];

/** The targets a run ran on ("zone-api:reference", "storage:reference-kv"), sorted. */
export const targetsOf = (report: Report): string[] => report.run.targets.map((t) => `${t.suite}:${t.name}`).sort();

/**
 * Why two reports are not runs over the same targets (another adapter, another base URL, another
 * suite), or undefined when they are: between such runs every spec shows as removed and added,
 * and nothing regresses, so the diff would pass whatever changed.
 */
export function differentTargets(old: Report, next: Report): string | undefined {
  const [before, after] = [targetsOf(old), targetsOf(next)];
  if (before.join('\n') === after.join('\n')) return undefined;
  return `OLD ran on ${before.join(', ') || 'no target'}, NEW on ${after.join(', ') || 'no target'}`;
}
