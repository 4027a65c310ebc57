// Progress: a live line in a terminal, plain lines with CI=true or without a TTY.

import { describe, expect, it } from 'vitest';
import { ProgressReporter } from '../src/runner/progress.js';
import { runCli, tempDir } from './helpers/cli.js';

class FakeStream {
  text = '';
  columns = 120;
  write(chunk: string): boolean { this.text += chunk; return true; }
}

const fakeTest = (state: 'passed' | 'failed' | 'skipped') => ({
  options: { mode: 'run' },
  result: () => ({ state }),
  project: { name: 'storage:reference-kv' },
  module: { moduleId: '/root/suites/storage/kv.spec.ts' },
});
const fakeModule = (states: ('passed' | 'failed' | 'skipped')[]) => ({
  moduleId: '/root/suites/storage/kv.spec.ts',
  project: { name: 'storage:reference-kv' },
  children: { allTests: () => states.map(fakeTest) },
});

describe('ProgressReporter', () => {
  it('in a terminal: one line redrawn in place, with counts and where the run is', () => {
    const out = new FakeStream();
    const reporter = new ProgressReporter('/root', out as unknown as NodeJS.WriteStream, true);
    reporter.onTestCaseResult(fakeTest('passed') as never);
    reporter.onTestModuleEnd(fakeModule(['passed']) as never);
    reporter.onTestRunEnd();
    expect(out.text).toContain('\r\x1b[K1 passed, 0 failed, 0 skipped · storage:reference-kv · suites/storage/kv.spec.ts');
    expect(out.text.endsWith('\r\x1b[K1 passed, 0 failed, 0 skipped\n')).toBe(true);
  });

  it('in CI: plain lines only, one per spec file', () => {
    const out = new FakeStream();
    const reporter = new ProgressReporter('/root', out as unknown as NodeJS.WriteStream, false);
    reporter.onTestCaseResult(fakeTest('failed') as never);
    reporter.onTestModuleEnd(fakeModule(['passed', 'failed', 'skipped']) as never);
    reporter.onTestRunEnd();
    expect(out.text).toBe('FAIL storage:reference-kv suites/storage/kv.spec.ts: 1 passed, 1 failed, 1 skipped\n');
  });

  it('a real run with CI=true prints plain lines, no cursor movement', async () => {
    const run = await runCli(['run', '--suite', 'zone-api', '--area', 'auth', '--report-dir', tempDir('progress')], { CI: 'true' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ok   zone-api suites/zone-api/auth.spec.ts: 6 passed, 0 failed, 0 skipped');
    expect(run.stdout).not.toContain('\r');
    expect(run.stdout).not.toContain('\x1b[');
  });
});
