// The CI gate: a baseline file lists known failures, each with a reason, by requirement ID or by
// spec name. A run then passes when its only failures are known; it fails on a new failure, and
// on a stale entry (a listed failure that now passes), so the baseline never silently rots.
//
//   { "knownFailures": [ { "requirement": "ST-LIMIT-KEY-2048", "reason": "..." },
//                        { "spec": "zone-api > envelope > ...", "reason": "..." } ] }

import { redact } from '../core/redact.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import type { BaselineOutcome, Report, ReportTest } from './model.js';

export interface BaselineEntry {
  requirement?: string;
  spec?: string;
  reason: string;
}

export interface BaselineFile {
  about?: string;
  knownFailures: BaselineEntry[];
}

const label = (entry: BaselineEntry): string => (entry.requirement ? `requirement ${entry.requirement}` : `spec "${entry.spec}"`);

export interface ReadBaselineOptions {
  /** --update-baseline: a missing or empty file is an empty baseline, to be filled. */
  mayBeMissing?: boolean;
  /** Every requirement ID of the catalogs: an entry naming another is refused (it could never match). */
  knownRequirements?: ReadonlySet<string>;
}

export function readBaseline(path: string, { mayBeMissing = false, knownRequirements }: ReadBaselineOptions = {}): BaselineFile {
  if (!existsSync(path)) {
    if (mayBeMissing) return { knownFailures: [] };
    throw new UsageError(`--baseline: no file at ${path} (create it with --update-baseline)`);
  }
  const text = readFileSync(path, 'utf8');
  // An empty file (touched to be filled) is an empty baseline for --update-baseline to fill.
  if (text.trim() === '') {
    if (mayBeMissing) return { knownFailures: [] };
    throw new UsageError(`--baseline: ${path} is empty (fill it with --update-baseline)`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--baseline: ${path} is not JSON: ${(error as Error).message}`);
  }
  const entries = (parsed as BaselineFile | null)?.knownFailures;
  if (!Array.isArray(entries)) throw new UsageError(`--baseline: ${path} must be {"knownFailures": [...]}`);
  entries.forEach((entry, i) => {
    const ok = entry !== null && typeof entry === 'object'
      && (typeof entry.requirement === 'string') !== (typeof entry.spec === 'string')
      && typeof entry.reason === 'string' && entry.reason.trim() !== '';
    if (!ok) throw new UsageError(`--baseline: ${path}: knownFailures[${i}] needs exactly one of "requirement" or "spec", and a non-empty "reason"`);
    // An unknown ID (misspelt, or renamed since) would be silently ignored: the gate would count
    // nothing against it and never call it stale.
    if (knownRequirements && entry.requirement !== undefined && !knownRequirements.has(entry.requirement)) {
      throw new UsageError(`--baseline: ${path}: knownFailures[${i}] names requirement ${entry.requirement}, which is in no catalog (see specgate list)`);
    }
  });
  return parsed as BaselineFile;
}

/**
 * The entries that make a failed spec known: its own (by name), or one for every requirement it
 * failed. One known requirement among those it failed does not hide the others: a spec (a model's,
 * most often) that breaks a listed statement and a new one is a new failure.
 */
function knownEntries(test: ReportTest, bySpec: ReadonlyMap<string, BaselineEntry>, byRequirement: ReadonlyMap<string, BaselineEntry>): BaselineEntry[] | undefined {
  const own = bySpec.get(test.name);
  if (own) return [own];
  const entries = (test.failedRequirements ?? test.requirements).map((id) => byRequirement.get(id));
  return entries.length > 0 && entries.every((e) => e !== undefined) ? entries as BaselineEntry[] : undefined;
}

/**
 * Marks known failures in the report and says what the gate decides. Only specs of the gated
 * verdict count (core by default): a failing extended spec is marked known when listed, but never
 * a new failure of a core-gated run, and an entry is stale when the gated specs citing it pass.
 */
export function applyBaseline(report: Report, baseline: BaselineFile, file: string): BaselineOutcome {
  const gated = (test: ReportTest) => report.verdicts.gate === 'extended' || test.profile === 'core';
  const byRequirement = new Map(baseline.knownFailures.filter((e) => e.requirement).map((e) => [e.requirement!, e]));
  const bySpec = new Map(baseline.knownFailures.filter((e) => e.spec).map((e) => [e.spec!, e]));
  const newFailures: string[] = [];
  let known = 0;
  for (const test of report.tests.filter((t) => t.status === 'failed')) {
    const entries = knownEntries(test, bySpec, byRequirement);
    if (entries) test.known = { reason: [...new Set(entries.map((e) => e.reason))].join(' / ') };
    if (!gated(test)) continue;
    if (entries) known++;
    else newFailures.push(test.name);
  }
  const status = new Map(report.requirements.map((r) => [r.id, report.verdicts.gate === 'extended' ? r.status : r.byProfile.core]));
  const specStatus = new Map(report.tests.filter(gated).map((t) => [t.name, t.status]));
  const staleEntries = baseline.knownFailures
    .filter((e) => (e.requirement ? status.get(e.requirement) === 'passed' : specStatus.get(e.spec!) === 'passed'))
    .map(label);
  return { file, known, new: newFailures.length, fixed: staleEntries.length, newFailures, staleEntries };
}

/** The baseline that makes this run pass: every failed requirement, keeping known reasons. */
export function updatedBaseline(report: Report, previous: BaselineFile): BaselineFile {
  const reasons = new Map(previous.knownFailures.filter((e) => e.requirement).map((e) => [e.requirement!, e.reason]));
  const failed = report.requirements.filter((r) => r.status === 'failed');
  const firstError = (id: string) => report.tests.find((t) => t.status === 'failed' && t.requirements.includes(id))?.error?.split('\n')[0] ?? 'failed';
  return {
    ...(previous.about !== undefined && { about: previous.about }),
    knownFailures: failed.map((r) => ({
      requirement: r.id,
      reason: reasons.get(r.id) ?? `added by --update-baseline on ${report.run.startedAt.slice(0, 10)}: ${firstError(r.id)}`,
    })),
  };
}

/** Written through the one redactor, as every artefact: an error's first line may quote a credential. */
export function writeBaseline(path: string, baseline: BaselineFile, secrets: readonly string[]): void {
  writeFileSync(path, redact(`${JSON.stringify(baseline, null, 2)}\n`, secrets));
}

export function gatePasses(outcome: BaselineOutcome): boolean {
  return outcome.new === 0 && outcome.fixed === 0;
}
