// --bail / --max-failures N: stop the run once N gated specs have failed. vitest's own `bail`
// counts every failure; a failure of a production convention does not fail a run gated on the
// documents (--gate core), so it must not stop one either. The specs the run never reached are
// reported as not run, and the report says the run stopped early (report.run.stoppedEarly).

import type { Reporter, TestCase, Vitest } from 'vitest/node';
import type { Profile } from '../../requirements/model.js';
import type { Gate } from '../core/selection.js';

export class BailReporter implements Reporter {
  private vitest: Vitest | undefined;
  private gatedFailures = 0;
  /** Specs whose result came before the stop: the others that end skipped were cut off by it. */
  private readonly reportedBeforeStop = new Set<string>();
  /** Set when the run was stopped: after how many gated failures, and the spec that made it stop. */
  stoppedAfter: { failures: number; spec: string } | undefined;

  /**
   * `maxFailures`: gated failures that stop the run. `profileOf`: the profile of a requirement ID
   * (from the catalogs). `gate`: which specs are gated (core: those of the core profile only).
   */
  constructor(
    private readonly maxFailures: number,
    private readonly gate: Gate,
    private readonly profileOf: (id: string) => Profile | undefined,
  ) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestCaseResult(test: TestCase): void {
    if (this.stoppedAfter) return;
    this.reportedBeforeStop.add(test.id);
    if (test.result().state !== 'failed' || !this.isGated(test)) return;
    this.gatedFailures++;
    if (this.gatedFailures < this.maxFailures) return;
    this.stoppedAfter = { failures: this.gatedFailures, spec: test.fullName };
    void this.vitest?.cancelCurrentRun('test-failure');
  }

  /**
   * A spec the stop cut off: vitest reports it skipped ("the test run was aborted"), which would
   * read as a spec that could not verify its requirement; it was never run, so it is left out.
   */
  notReached(test: TestCase): boolean {
    return this.stoppedAfter !== undefined && test.result().state === 'skipped' && !this.reportedBeforeStop.has(test.id);
  }

  /** As the report decides it (report/model.ts profileOf): extended when the spec says so or cites an extended requirement. */
  private isGated(test: TestCase): boolean {
    if (this.gate === 'extended') return true;
    const { extended, requirements = [] } = test.meta();
    return extended === undefined && !requirements.some((id) => this.profileOf(id) === 'extended');
  }
}
