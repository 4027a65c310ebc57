// A vitest reporter that turns the run into plain records for the report writers.

import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { relative } from 'node:path';

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
}

export interface FileError { file: string; error: string }

export class CollectingReporter implements Reporter {
  readonly tests: TestRecord[] = [];
  readonly fileErrors: FileError[] = [];
  /**
   * Every spec of the run's files with the requirements it cites, run or left out: on an unfiltered
   * run a spec is left out only because it does not apply to the target (a local-development
   * runtime's spec on the reference), which is no drift between catalog and specs.
   */
  readonly citing: { name: string; requirements: string[] }[] = [];

  /** `targetOf` names the target a vitest project runs against (several projects may share one). */
  constructor(private readonly root: string, private readonly targetOf: (project: string) => string = (project) => project) {}

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<{ message?: string }>): void {
    for (const module of modules) {
      const file = relative(this.root, module.moduleId);
      for (const error of module.errors()) this.fileErrors.push({ file, error: error.message ?? String(error) });
      for (const test of module.children.allTests()) {
        this.citing.push({ name: test.fullName, requirements: test.meta().requirements ?? [] });
        // Specs left out by --grep are not part of this run; a spec that skipped itself is.
        if (test.options.mode !== 'run') continue;
        this.tests.push(this.record(test, file));
      }
    }
    for (const error of unhandled) this.fileErrors.push({ file: '(unhandled)', error: error.message ?? String(error) });
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
    if (result.state === 'failed') record.error = result.errors.map(describeError).join('\n');
    if (result.state === 'skipped') record.skipReason = result.note ?? 'skipped';
    if (meta.seed !== undefined) record.seed = meta.seed;
    if (meta.exchange) record.exchange = meta.exchange;
    return record;
  }
}

const MAX_DIFF = 4096;

/** The assertion message, and the expected/received diff vitest computed, when there is one. */
function describeError(error: { message: string; diff?: string }): string {
  if (!error.diff) return error.message;
  const diff = error.diff.length > MAX_DIFF ? `${error.diff.slice(0, MAX_DIFF)}\n… (diff cut)` : error.diff;
  return `${error.message}\n${diff}`;
}
