// Progress while specs run. In a terminal: one live line, redrawn every second from the moment the
// run starts (so never blank while workers start or a spec hangs), with how far the run is (specs
// done, and once known the total and a percentage), the counts, the time elapsed and an estimate
// of the time left, and where the run is; a spec that fails is named above the line the moment it
// fails. With CI=true or without a TTY: plain lines only, one per finished spec file, and a
// heartbeat line whenever nothing was printed for HEARTBEAT_MS, naming the files running (a slow
// target left CI logs silent for minutes).
//
// The total is known file by file: vitest collects a spec file only when a worker starts it. An
// estimate from the files collected so far swung (382 → 494, 352 → 182) and pulled the
// percentage backwards, so the line shows "N done" until every file is collected, then the exact
// total; the percentage never goes back, and no time left is guessed before enough is done.

import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';

interface Counts { passed: number; failed: number; skipped: number }

/** How often the live line is redrawn when nothing happens (the elapsed time still moves). */
const TICK_MS = 1000;
/** In CI, the longest silence: a heartbeat line after this long without a line. */
export const HEARTBEAT_MS = 30_000;
/** How often CI mode checks whether a heartbeat is due. */
const HEARTBEAT_CHECK_MS = 5_000;
/** No time left is shown before this share of the specs is done (nor before MIN_DONE_FOR_ESTIMATE specs). */
const MIN_SHARE_FOR_ESTIMATE = 0.05;
const MIN_DONE_FOR_ESTIMATE = 10;

export class ProgressReporter implements Reporter {
  private readonly counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  private lastDraw = 0;
  private readonly started: number;
  private files = 0;
  private filesDone = 0;
  /** Specs to run in each collected file. */
  private readonly collected = new Map<string, number>();
  private where = 'starting the test workers';
  private ticker: NodeJS.Timeout | undefined;
  /** The highest percentage shown: it never goes back. */
  private shownPercent = 0;
  /** Files running now (CI heartbeat names them), by project and module. */
  private readonly running = new Map<string, string>();
  private lastLine: number;

  constructor(
    private readonly root: string,
    private readonly out: NodeJS.WriteStream = process.stdout,
    private readonly live = Boolean(process.stdout.isTTY) && !process.env.CI,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
    this.lastLine = this.started;
  }

  /** Shows the line at once and keeps its clock moving until the run ends; in CI, starts the heartbeat. */
  start(): void {
    if (!this.live) {
      this.ticker = setInterval(() => this.heartbeat(), HEARTBEAT_CHECK_MS);
      this.ticker.unref();
      return;
    }
    this.draw(true);
    this.ticker = setInterval(() => this.draw(true), TICK_MS);
    this.ticker.unref();
  }

  /** In CI: a line naming what runs, when nothing was printed for HEARTBEAT_MS. */
  heartbeat(): void {
    if (this.live || this.now() - this.lastLine < HEARTBEAT_MS) return;
    const files = [...this.running.values()];
    const what = files.length === 0 ? this.where : `running ${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}`;
    this.print(`...  ${clock(this.now() - this.started)} · ${this.doneCount()} specs done (${this.format(this.counts)}) · ${what}\n`);
  }

  onTestModuleStart(module: TestModule): void {
    this.running.set(`${module.project.name}\0${module.moduleId}`, `${module.project.name} ${relative(this.root, module.moduleId)}`);
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
    this.running.delete(`${module.project.name}\0${module.moduleId}`);
    this.filesDone++;
    if (this.live) return;
    const tally: Counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (test.options.mode === 'run' && (state === 'passed' || state === 'failed' || state === 'skipped')) tally[state]++;
    }
    if (tally.passed + tally.failed + tally.skipped === 0) return; // a file whose specs were all left out
    const mark = tally.failed > 0 ? 'FAIL' : 'ok  ';
    this.print(`${mark} ${module.project.name} ${relative(this.root, module.moduleId)}: ${this.format(tally)}\n`);
  }

  /** A plain line (CI mode), noting when, for the heartbeat. */
  private print(line: string): void {
    this.lastLine = this.now();
    this.out.write(line);
  }

  private doneCount(): number {
    return this.counts.passed + this.counts.failed + this.counts.skipped;
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

  /**
   * The live line: `[ 37%] 152 of 409 specs · 150 passed, 2 failed, 0 skipped · 0:12, about 0:20 left · where`,
   * or `152 specs done · ...` while the total is not known.
   */
  line(): string {
    const done = this.doneCount();
    const elapsed = this.now() - this.started;
    const total = this.total();
    const parts: string[] = [];
    if (total !== undefined) {
      this.shownPercent = Math.max(this.shownPercent, Math.floor((Math.min(done, total) / Math.max(total, 1)) * 100));
      parts.push(`[${String(this.shownPercent).padStart(3)}%] ${done} of ${Math.max(total, done)} specs`);
    } else if (this.files > 0) parts.push(`${done} specs done, ${this.filesDone} of ${this.files} files`);
    parts.push(this.format(this.counts));
    parts.push(`${clock(elapsed)}${this.timeLeft(done, total, elapsed)}`);
    parts.push(this.where);
    return parts.join(' · ');
  }

  /** `, about 1:23 left` once the total is known and enough is done for the pace to mean something. */
  private timeLeft(done: number, total: number | undefined, elapsed: number): string {
    if (total === undefined || done >= total || done < Math.max(MIN_DONE_FOR_ESTIMATE, total * MIN_SHARE_FOR_ESTIMATE)) return '';
    return `, about ${clock((elapsed / done) * (total - done))} left`;
  }

  /** The specs of the run, once every file is collected (vitest collects a file when it starts it). */
  private total(): number | undefined {
    if (this.files === 0 || this.collected.size < this.files) return undefined;
    return [...this.collected.values()].reduce((a, b) => a + b, 0);
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
