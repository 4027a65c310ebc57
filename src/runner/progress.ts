// Progress while specs run. In a terminal: one live line with the counts and where the run is.
// With CI=true or without a TTY: plain lines only, one per finished spec file.

import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

interface Counts { passed: number; failed: number; skipped: number }

export class ProgressReporter implements Reporter {
  private readonly counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  private lastDraw = 0;

  constructor(
    private readonly root: string,
    private readonly out: NodeJS.WriteStream = process.stdout,
    private readonly live = Boolean(process.stdout.isTTY) && !process.env.CI,
  ) {}

  onTestCaseResult(test: TestCase): void {
    if (test.options.mode !== 'run') return;
    const state = test.result().state;
    if (state === 'passed' || state === 'failed' || state === 'skipped') this.counts[state]++;
    if (this.live) this.draw(`${test.project.name} · ${relative(this.root, test.module.moduleId)}`);
  }

  onTestModuleEnd(module: TestModule): void {
    if (this.live) return;
    const tally: Counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (test.options.mode === 'run' && (state === 'passed' || state === 'failed' || state === 'skipped')) tally[state]++;
    }
    if (tally.passed + tally.failed + tally.skipped === 0) return; // a file whose specs were all left out
    const mark = tally.failed > 0 ? 'FAIL' : 'ok  ';
    this.out.write(`${mark} ${module.project.name} ${relative(this.root, module.moduleId)}: ${this.format(tally)}\n`);
  }

  onTestRunEnd(): void {
    if (this.live) this.out.write(`\r\x1b[K${this.format(this.counts)}\n`);
  }

  private draw(where: string): void {
    const now = Date.now();
    if (now - this.lastDraw < 80) return; // a terminal needs no more than a dozen frames a second
    this.lastDraw = now;
    const columns = this.out.columns ?? 100;
    this.out.write(`\r\x1b[K${`${this.format(this.counts)} · ${where}`.slice(0, columns - 1)}`);
  }

  private format({ passed, failed, skipped }: Counts): string {
    return `${passed} passed, ${failed} failed, ${skipped} skipped`;
  }
}
