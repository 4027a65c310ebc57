// An exception is shown whole in the failure, beside the expectation it broke: when rollback()
// itself throws, "txn.rollback() returns nothing" must say what it threw (name, message, its cause,
// the head of its stack), not only "expected false to be true".

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { besideThrown, thrownText } from '../src/spec-kit/thrown.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

describe('exceptions shown whole', () => {
  it('names the exception, each cause and the first frames of its stack', () => {
    const text = thrownText(new RangeError('outer', { cause: new TypeError('inner', { cause: 'a string' }) }));
    expect(text.split('\n').filter((line) => !line.startsWith('    at '))).toEqual(['RangeError: outer', 'caused by: TypeError: inner', 'caused by: string: a string']);
    expect(text).toMatch(/\n {4}at .*exceptions-shown\.test\.ts/);
    expect(besideThrown('it returns nothing', { ok: true })).toBe('it returns nothing');
  });

  it('a spec whose call inside the object threw shows the exception beside its expectation', async () => {
    const reportDir = tempDir('exceptions-shown');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', join(ROOT, 'test/broken/storage/txn-rollback-throws.ts'), '--area', 'transactions',
      '--grep', 'rollback\\(\\) returns nothing and discards', '--report-dir', reportDir]);
    expect(run.code, run.stdout).toBe(1);
    const spec = readReport(reportDir).tests.find((t) => t.requirements.includes('ST-TXN-ROLLBACK'));
    expect(spec?.status).toBe('failed');
    expect(spec?.error).toMatch(/^txn\.rollback\(\) returns nothing; it threw:\nError: rollback\(\) not implemented\n {4}at .*\n(?: {4}at .*\n)*caused by: TypeError: txn\.rollback is not a function in this runtime\n/);
  }, 600_000);
});
