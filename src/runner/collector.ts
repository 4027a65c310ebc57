// A vitest reporter that turns the run into plain records for the report writers.

import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestRecord {
  /** "<target> > <describe> > <title>": unique in a run that covers several targets. */
  name: string;
  /** The vitest project, i.e. the target: "zone-api", "storage:reference-kv", ... */
  target: string;
  file: string;
  requirements: string[];
  status: TestStatus;
  durationMs: number;
  error?: string;
  skipReason?: string;
  seed?: number;
  exchange?: string;
  /** Why the spec belongs to the extended profile although it cites core requirements (SpecOptions.extended). */
  extendedReason?: string;
  /** A failed spec that checks many requirements: those its failure shows violated (the others are not verified). */
  failedRequirements?: string[];
}

export interface FileError { file: string; error: string }

/**
 * A spec left out of a target's run because it is about something that target is not, by the
 * spec's own design (a capability the adapter declares out of its scope): not a result, but the
 * report says which requirements are out of scope rather than unverified.
 */
export interface NotApplicableSpec { name: string; target: string; requirements: string[]; reason: string }

export class CollectingReporter implements Reporter {
  readonly tests: TestRecord[] = [];
  readonly fileErrors: FileError[] = [];
  readonly notApplicable: NotApplicableSpec[] = [];

  /** `targetOf` names the target a vitest project runs against (several projects may share one). */
  constructor(private readonly root: string, private readonly targetOf: (project: string) => string = (project) => project) {}

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<{ message?: string }>): void {
    for (const module of modules) {
      const file = relative(this.root, module.moduleId);
      for (const error of module.errors()) this.fileErrors.push({ file, error: plain(error.message ?? String(error)) });
      for (const test of module.children.allTests()) {
        // Specs left out by --grep are not part of this run; a spec that skipped itself is.
        if (test.options.mode !== 'run') {
          const reason = test.meta().notApplicable;
          if (reason !== undefined) this.notApplicable.push({ name: test.fullName, target: this.targetOf(test.project.name), requirements: test.meta().requirements ?? [], reason });
          continue;
        }
        this.tests.push(this.record(test, file));
      }
    }
    for (const error of unhandled) this.fileErrors.push({ file: '(unhandled)', error: plain(error.message ?? String(error)) });
  }

  private record(test: TestCase, file: string): TestRecord {
    const result = test.result();
    const meta = test.meta();
    const status: TestStatus = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
    const target = this.targetOf(test.project.name);
    const record: TestRecord = {
      name: `${target} > ${test.fullName}`,
      target,
      file,
      requirements: meta.requirements ?? [],
      status,
      durationMs: Math.round(test.diagnostic()?.duration ?? 0),
    };
    if (result.state === 'failed') record.error = plain(result.errors.map(describeError).join('\n'));
    if (result.state === 'skipped') record.skipReason = plain(result.note ?? 'skipped');
    if (meta.seed !== undefined) record.seed = meta.seed;
    if (meta.exchange) record.exchange = plain(meta.exchange);
    if (meta.extended !== undefined) record.extendedReason = meta.extended;
    if (result.state === 'failed' && meta.failedRequirements) record.failedRequirements = meta.failedRequirements.filter((id) => record.requirements.includes(id));
    return record;
  }
}

/** Text for artefacts: vitest colours its diffs for a terminal; no report may carry escape codes. */
const plain = (text: string): string => stripVTControlCharacters(text);

const MAX_DIFF = 4096;

/** The assertion message, and the expected/received diff vitest computed, when there is one. */
function describeError(error: { message: string; diff?: string }): string {
  if (!error.diff) return error.message;
  const diff = error.diff.length > MAX_DIFF ? `${error.diff.slice(0, MAX_DIFF)}\n… (diff cut)` : error.diff;
  return `${error.message}\n${diff}`;
}
