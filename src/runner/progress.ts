// Progress while specs run. In a terminal: one live line, redrawn every second from the moment the
// run starts (so never blank while workers start or a spec hangs), with how far the run is (specs
// done of the total, a percentage), the counts, the time elapsed and an estimate of the time left,
// and where the run is; a spec that fails is named above the line the moment it fails.
// With CI=true or without a TTY: plain lines only, one per finished spec file.
//
// The total is known file by file: vitest collects a spec file only when a worker starts it. Until
// every file is collected, the specs of the files not yet collected are estimated at the mean of
// those collected, and the total is shown as `~N`.

import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';

interface Counts { passed: number; failed: number; skipped: number }

/** How often the live line is redrawn when nothing happens (the elapsed time still moves). */
const TICK_MS = 1000;

export class ProgressReporter implements Reporter {
  private readonly counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  private lastDraw = 0;
  private readonly started: number;
  private files = 0;
  /** Specs to run in each collected file. */
  private readonly collected = new Map<string, number>();
  private where = 'starting the test workers';
  private ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly root: string,
    private readonly out: NodeJS.WriteStream = process.stdout,
    private readonly live = Boolean(process.stdout.isTTY) && !process.env.CI,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  /** Shows the line at once and keeps its clock moving until the run ends. */
  start(): void {
    if (!this.live) return;
    this.draw(true);
    this.ticker = setInterval(() => this.draw(true), TICK_MS);
    this.ticker.unref();
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.files = specifications.length;
    if (this.live) this.draw(true);
  }

  onTestModuleCollected(module: TestModule): void {
    let specs = 0;
    for (const test of module.children.allTests()) if (test.options.mode === 'run') specs++;
    this.collected.set(`${module.project.name}\0${module.moduleId}`, specs);
  }

  onTestCaseResult(test: TestCase): void {
    if (test.options.mode !== 'run') return;
    const state = test.result().state;
    if (state === 'passed' || state === 'failed' || state === 'skipped') this.counts[state]++;
    if (!this.live) return;
    this.where = `${test.project.name} · ${relative(this.root, test.module.moduleId)}`;
    // Named the moment it fails, above the live line, which is then drawn again under it.
    if (state === 'failed') this.out.write(`\r\x1b[KFAIL ${test.project.name} › ${test.fullName}\n`);
    this.draw(state === 'failed');
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

  /** Stops the clock of the live line (the run ended, or never started). */
  stop(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  onTestRunEnd(): void {
    this.stop();
    if (this.live) this.out.write(`\r\x1b[K${this.format(this.counts)} · ${clock(this.now() - this.started)}\n`);
  }

  /** The live line: `[ 37%] 152 of ~409 specs · 150 passed, 2 failed, 0 skipped · 0:12, about 0:20 left · where`. */
  line(): string {
    const done = this.counts.passed + this.counts.failed + this.counts.skipped;
    const elapsed = this.now() - this.started;
    const { total, exact } = this.total();
    const parts: string[] = [];
    if (total > 0) {
      const ratio = Math.min(done / total, exact ? 1 : 0.99);
      parts.push(`[${String(Math.floor(ratio * 100)).padStart(3)}%] ${done} of ${exact ? '' : '~'}${Math.max(total, done)} specs`);
    }
    parts.push(this.format(this.counts));
    const left = total > done && done > 0 ? `, about ${clock((elapsed / done) * (total - done))} left` : '';
    parts.push(`${clock(elapsed)}${left}`);
    parts.push(this.where);
    return parts.join(' · ');
  }

  /** Specs of the collected files, and the mean of those for each file not collected yet. */
  private total(): { total: number; exact: boolean } {
    const known = [...this.collected.values()].reduce((a, b) => a + b, 0);
    const pending = Math.max(this.files - this.collected.size, 0);
    if (pending === 0) return { total: known, exact: this.files > 0 };
    if (this.collected.size === 0) return { total: 0, exact: false };
    return { total: Math.round(known + (known / this.collected.size) * pending), exact: false };
  }

  private draw(force: boolean): void {
    const now = this.now();
    if (!force && now - this.lastDraw < 80) return; // a terminal needs no more than a dozen frames a second
    this.lastDraw = now;
    const columns = this.out.columns ?? 100;
    this.out.write(`\r\x1b[K${this.line().slice(0, columns - 1)}`);
  }

  private format({ passed, failed, skipped }: Counts): string {
    return `${passed} passed, ${failed} failed, ${skipped} skipped`;
  }
}

/** `0:07`, `12:34`, `1:02:03`. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
