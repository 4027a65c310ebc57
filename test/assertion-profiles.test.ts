// Profiles per assertion (spec-kit/assertion-profiles.ts, core/records.ts conventionRecordOf): a
// set-up step the document does not show is a precondition, a convention check is soft and
// extended, and one spec becomes two records whose verdicts come from the assertions citing them.

import { describe, expect, it } from 'vitest';
import { conventionRecordOf, type ConventionCheck, type TestRecord } from '../src/core/records.js';
import type { AreaCatalog } from '../requirements/model.js';
import { EVERYTHING } from '../src/core/selection.js';
import { buildReport } from '../src/report/model.js';
import { runConventionCheck, runSetUp } from '../src/spec-kit/assertion-profiles.js';
import { SpecTimeout } from '../src/spec-kit/budget.js';
import { checkCoverage } from '../src/catalog/coverage.js';

const catalog: AreaCatalog[] = [{ area: 'custom-hostnames', requirements: [
  { id: 'R-DOC', area: 'custom-hostnames', level: 'must', profile: 'core', section: [{ headings: ['s'] }], text: 'a documented statement' },
  { id: 'R-404', area: 'custom-hostnames', level: 'must', profile: 'extended', section: [{ headings: ['s'] }], text: 'a convention: 404 for an unknown id' },
  { id: 'R-CODE', area: 'custom-hostnames', level: 'must', profile: 'extended', section: [{ headings: ['s'] }], text: 'a convention: error code 1436' },
] }];

const own = (status: TestRecord['status'], extra: Partial<TestRecord> = {}): TestRecord => ({
  name: 'zone-api > hostnames > a spec', target: 'zone-api', spec: { describe: ['hostnames'], title: 'a spec' }, file: 'f.spec.ts',
  requirements: ['R-DOC'], status, durationMs: 5, ...extra,
});
const passed = (ids: string[], label = 'a convention'): ConventionCheck => ({ requirements: ids, label, passed: true });
const failedCheck = (ids: string[], error: string): ConventionCheck => ({ requirements: ids, label: 'the status of an unknown id', passed: false, error });

function report(tests: TestRecord[]) {
  const run = { id: 'r', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', durationMs: 1000, targets: [], suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 1 };
  return buildReport({ version: '0', run, suites: [{ name: 'zone-api', catalog }], tests, fileErrors: [], checkCoverage: false });
}
const requirement = (r: ReturnType<typeof report>, id: string) => r.requirements.find((x) => x.id === id)!;

describe('a set-up step the document does not show', () => {
  const skip = (reason: string): never => { throw Object.assign(new Error('skipped'), { code: 'VITEST_PENDING', note: reason }); };

  it('accepted: its value, and the spec goes on', async () => {
    await expect(runSetUp('a custom hostname', async () => 'id-1', skip)).resolves.toBe('id-1');
  });

  it('refused: the spec is skipped, not verified, naming the set-up and the answer whole', async () => {
    const refusal = runSetUp('a custom hostname created through POST (the payload is not shown)', async () => {
      throw new Error('creating a custom hostname: HTTP 400, errors 1400 "bad payload"\nbody: {"success":false}');
    }, skip);
    await expect(refusal).rejects.toMatchObject({
      code: 'VITEST_PENDING',
      note: 'not verified: set-up needs a custom hostname created through POST (the payload is not shown) and the target answered: creating a custom hostname: HTTP 400, errors 1400 "bad payload"\nbody: {"success":false}',
    });
  });

  it('a timeout or a skip inside it is left as it is (a timeout is a failure with its own cause)', async () => {
    const timeout = new SpecTimeout('the spec ran out of time');
    await expect(runSetUp('x', async () => { throw timeout; }, skip)).rejects.toBe(timeout);
    const inner = Object.assign(new Error('skip'), { code: 'VITEST_PENDING', note: 'target has no control API' });
    await expect(runSetUp('x', async () => { throw inner; }, skip)).rejects.toBe(inner);
  });
});

describe('a convention check', () => {
  it('is soft: a failure is recorded whole and the spec goes on; a pass is recorded', async () => {
    const checks: ConventionCheck[] = [];
    await runConventionCheck(checks, ['R-404', 'R-CODE'], 'R-404', 'the status of an unknown id', () => { expect(400, 'status').toBe(404); });
    await runConventionCheck(checks, ['R-404', 'R-CODE'], ['R-CODE'], 'the error code', async () => undefined);
    expect(checks).toEqual([
      { requirements: ['R-404'], label: 'the status of an unknown id', passed: false, error: expect.stringMatching(/^status: expected 400 to be 404/) },
      { requirements: ['R-CODE'], label: 'the error code', passed: true },
    ]);
  });

  it('citing a requirement the spec did not declare is the spec\'s defect, said at once', async () => {
    await expect(runConventionCheck([], ['R-404'], 'R-CODE', 'the error code', () => undefined)).rejects.toThrow('convention check "the error code" cites R-CODE, which the spec does not declare in its options\' conventions');
  });

  it('in a run that reports no conventions (a core run) it is not run, sends nothing, records nothing; an undeclared citation is still the spec\'s defect', async () => {
    const checks: ConventionCheck[] = [];
    let ran = false;
    await runConventionCheck(checks, ['R-404'], 'R-404', 'the status of an unknown id', () => { ran = true; }, false);
    expect({ ran, checks }).toEqual({ ran: false, checks: [] });
    await expect(runConventionCheck([], ['R-404'], 'R-CODE', 'the error code', () => undefined, false)).rejects.toThrow('which the spec does not declare');
  });

  it('a timeout inside it is not a convention\'s failure', async () => {
    const checks: ConventionCheck[] = [];
    await expect(runConventionCheck(checks, ['R-404'], 'R-404', 'x', () => { throw new SpecTimeout('out of time'); })).rejects.toBeInstanceOf(SpecTimeout);
    expect(checks).toEqual([]);
  });
});

describe('one spec, two records', () => {
  it('a failed convention does not fail the documented statement: core passes, the convention fails, extended', () => {
    const conventions = conventionRecordOf(own('passed'), ['R-404', 'R-CODE'], [failedCheck(['R-404'], 'expected 400 to be 404'), passed(['R-CODE'])]);
    expect(conventions).toMatchObject({
      name: 'zone-api > hostnames > a spec [conventions]', spec: { part: 'conventions', title: 'a spec' }, status: 'failed',
      requirements: ['R-404', 'R-CODE'], failedRequirements: ['R-404'],
      error: 'convention "the status of an unknown id" (R-404): expected 400 to be 404',
    });
    const r = report([own('passed'), conventions]);
    expect(r.verdicts.outcome, 'the default gate (core) passes').toBe('passed');
    expect(requirement(r, 'R-DOC').byProfile).toEqual({ core: 'passed' });
    expect(requirement(r, 'R-404').byProfile).toEqual({ extended: 'failed' });
    expect(r.verdicts.extended.specs.failed).toBe(1);
    expect(r.tests.map((t) => t.profile)).toEqual(['core', 'extended']);
  });

  it('names each convention check once in the reason, however often the spec made it', () => {
    const again = { requirements: ['R-404'], label: 'a POST without a hostname fails', passed: true };
    const other = { requirements: ['R-CODE'], label: 'the error code', passed: true };
    expect(conventionRecordOf(own('passed'), ['R-404', 'R-CODE'], [again, other, again, other, again]).extendedReason)
      .toBe('convention checks of the service: a POST without a hostname fails; the error code');
  });

  it('a failed documented statement gates, and the conventions checked before it still speak', () => {
    const spec = own('failed', { error: 'the hostname was not deleted after 7 days' });
    const r = report([spec, conventionRecordOf(spec, ['R-404', 'R-CODE'], [passed(['R-404']), passed(['R-CODE'])])]);
    expect(r.verdicts.outcome).toBe('failed');
    expect(requirement(r, 'R-DOC').byProfile).toEqual({ core: 'failed' });
    expect(requirement(r, 'R-404').byProfile).toEqual({ extended: 'passed' });
  });

  it('conventions the spec ended before are not verified, with the reason; never passed', () => {
    const record = conventionRecordOf(own('failed', { error: 'x' }), ['R-404', 'R-CODE'], [passed(['R-404'])]);
    expect(record).toMatchObject({ status: 'skipped', skipReason: 'not verified: the spec failed before these convention checks ran: R-CODE' });
    const skippedSpec = conventionRecordOf(own('skipped', { skipReason: 'not verified: set-up needs a custom hostname and the target answered: HTTP 400' }), ['R-404'], []);
    expect(skippedSpec).toMatchObject({ status: 'skipped', skipReason: 'not verified: set-up needs a custom hostname and the target answered: HTTP 400' });
  });

  it('a refused set-up leaves the documented requirement not verified and the run incomplete (exit 3), not passed', () => {
    const spec = own('skipped', { skipReason: 'not verified: set-up needs a custom hostname and the target answered: HTTP 400' });
    const r = report([spec, conventionRecordOf(spec, ['R-404'], [])]);
    expect(requirement(r, 'R-DOC').status).toBe('skipped');
    expect(r.verdicts.outcome).toBe('incomplete');
  });

  it('the golden check counts declared conventions as cited', () => {
    const listed = [{ name: 'a spec', requirements: ['R-DOC'], conventions: ['R-404'] }];
    expect(checkCoverage(catalog, listed).map((p) => p.detail)).toEqual(['R-CODE (custom-hostnames) has no spec']);
  });
});
