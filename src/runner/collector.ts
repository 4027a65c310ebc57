// A vitest reporter that turns the run into plain records for the report writers.

import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { conventionRecordOf, grepName, specName, type FileError, type NotApplicableSpec, type SpecIdentity, type TestRecord } from '../core/records.js';
import { factsOf } from '../spec-kit/failure-facts.js';
import { causeOfDeath, WorkerDeaths, type WorkerDeath } from './worker-deaths.js';

/** How the error of a spec begins when it has no result at the end of the run. */
const DID_NOT_FINISH = 'did not finish: ';

/**
 * What the runner planned for one vitest project: the targets its specs run against, as reports
 * name them (a spec names its own in `meta.target` when there are several), and whether it is the
 * clock group.
 */
export interface ProjectPlan { targets: string[]; clockGroup: boolean }

export class CollectingReporter implements Reporter {
  readonly tests: TestRecord[] = [];
  readonly fileErrors: FileError[] = [];
  readonly notApplicable: NotApplicableSpec[] = [];
  /** Every spec the files declare, by the name --grep matches (grepName), whether the run selected it or not. */
  readonly declared: string[] = [];
  /** The specs of `notApplicable` by the name --grep matches (vitest leaves them out alike whether --grep or their scope did). */
  readonly notApplicableGrepNames: string[] = [];
  /** Test workers that died during the run: the projects must run in `workerDeaths.pool()`. */
  readonly workerDeaths = new WorkerDeaths();
  /** Specs that are not part of the run although vitest lists them: those a --bail stop cut off (bail.ts). */
  leftOut: (test: TestCase) => boolean = () => false;
  /** Whether the run's selection keeps the record of the conventions a spec checks (core/selection.ts selectsConventions). */
  keepsConventions: (conventions: string[]) => boolean = () => true;

  /** Specs of an interrupted run left out of its report: not finished, or cut by the interrupt. */
  unfinished = 0;
  /**
   * Specs that ended after the run was interrupted other than passed: the interrupt may be why (a
   * terminal's Ctrl-C reaches the runtimes they talk to; vitest skips the specs it did not start,
   * "The test run was aborted by the user").
   */
  private readonly cutByInterrupt = new Set<string>();

  /**
   * `projects`: the plan of each vitest project by name (several projects may share one target).
   * `interrupted`: whether the run has been interrupted (runner/interrupt.ts).
   */
  constructor(private readonly root: string, private readonly projects: ReadonlyMap<string, ProjectPlan>, private readonly interrupted: () => boolean = () => false) {}

  onTestCaseResult(test: TestCase): void {
    if (this.interrupted() && test.result().state !== 'passed') this.cutByInterrupt.add(test.id);
  }

  /** In an interrupted run, a spec without a result, or one the interrupt may have cut, did not finish: it is left out, not failed. */
  private cutShort(test: TestCase): boolean {
    if (!this.interrupted()) return false;
    return test.result().state === 'pending' || this.cutByInterrupt.has(test.id);
  }

  private planOf(project: string): ProjectPlan {
    const plan = this.projects.get(project);
    if (!plan) throw new Error(`specgate: vitest ran a project it was not given: ${project}`);
    return plan;
  }

  /** The target a spec ran against: its own, or its project's only one. */
  private targetOf(test: TestCase): string {
    const { targets } = this.planOf(test.project.name);
    return test.meta().target ?? targets[0]!;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<{ message?: string }>): void {
    /** The files each death left with unfinished specs. */
    const unfinished = new Map<WorkerDeath, Set<string>>();
    for (const module of modules) {
      const file = relative(this.root, module.moduleId);
      for (const error of module.errors()) this.fileErrors.push({ file, error: plain(error.message ?? String(error)) });
      const death = this.workerDeaths.of(module.project.name, module.moduleId);
      for (const test of module.children.allTests()) {
        this.declared.push(grepName(identityOf(test, false)));
        if (this.leftOut(test)) continue;
        // Specs left out by --grep are not part of this run; a spec that skipped itself is.
        if (test.options.mode !== 'run') {
          const reason = test.meta().notApplicable;
          if (reason !== undefined) {
            this.notApplicable.push({ name: test.fullName, target: this.targetOf(test), requirements: test.meta().requirements ?? [], reason });
            this.notApplicableGrepNames.push(grepName(identityOf(test, false)));
          }
          continue;
        }
        if (this.cutShort(test)) {
          this.unfinished++;
          continue;
        }
        const record = this.record(test, file, death);
        if (death && record.error?.startsWith(DID_NOT_FINISH)) unfinished.set(death, (unfinished.get(death) ?? new Set()).add(file));
        this.tests.push(record);
        // A spec that checks conventions besides what it asserts: their record, of the extended profile.
        const { conventions, conventionChecks } = test.meta();
        if (conventions !== undefined && conventions.length > 0 && this.keepsConventions(conventions)) this.tests.push(conventionRecordOf(record, conventions, conventionChecks ?? []));
      }
    }
    // Each death is an error of the files it cut short (of all the files it was given, when it
    // cut no spec short: one worker may be given several files at once).
    for (const death of this.workerDeaths.deaths) {
      const files = unfinished.get(death) ?? new Set(death.files.map((file) => relative(this.root, file)));
      for (const file of files) this.fileErrors.push({ file, error: plain(`${this.planOf(death.project).targets.join(', ')}: ${causeOfDeath(death)}`) });
    }
    // vitest's own account of a death ("[vitest-pool]: Worker ... emitted error.") says no more than the entries above.
    const told = (error: { message?: string }) => this.workerDeaths.deaths.length > 0 && /^\[vitest-pool\]: Worker \S+ emitted error/.test(error.message ?? '');
    for (const error of unhandled) if (!told(error)) this.fileErrors.push({ file: '(unhandled)', error: plain(error.message ?? String(error)) });
  }

  private record(test: TestCase, file: string, death: WorkerDeath | undefined): TestRecord {
    const result = test.result();
    const meta = test.meta();
    const { clockGroup } = this.planOf(test.project.name);
    const target = this.targetOf(test);
    const spec = identityOf(test, clockGroup);
    const record: TestRecord = {
      name: specName(target, spec),
      target,
      spec,
      file,
      requirements: meta.requirements ?? [],
      status: result.state === 'passed' ? 'passed' : result.state === 'skipped' ? 'skipped' : 'failed',
      durationMs: Math.round(test.diagnostic()?.duration ?? 0),
    };
    if (result.state === 'failed') {
      // vitest may record one error twice (a fixture's clean-up that threw): each once.
      record.error = plain([...new Set(result.errors.map(describeError))].join('\n'));
      // What the failure was about, as the spec kit put it on the error (its text begins with the first error's).
      const facts = factsOf(result.errors[0]);
      if (facts !== undefined) record.failure = facts;
      // Its set-up did not happen (the object was not made or not restarted): an error, not a failure.
      if (facts?.setUp !== undefined) record.status = 'error';
    }
    if (result.state === 'skipped') {
      // vitest keeps no note when the spec kit's skip was caught and turned into another error on
      // its way out (src/spec-kit/property.ts rethrows it whole): say so rather than "skipped".
      record.skipReason = plain(result.note ?? 'skipped without a reason: the skip was caught on its way out of the spec (a defect of the spec or of specgate)');
      if (meta.skipDeclared === true) record.skipDeclared = true;
    }
    // A spec without a result when the run ends never finished: its worker died, or the run was
    // cut short. A failure with the cause, never a skip.
    if (result.state === 'pending') {
      record.error = plain(death
        ? `${DID_NOT_FINISH}${causeOfDeath(death)} while running ${file}`
        : `${DID_NOT_FINISH}the run ended before this spec did (see the errors outside specs)`);
    }
    if (meta.seed !== undefined) record.seed = meta.seed;
    if (meta.exchange) record.exchange = plain(meta.exchange);
    if (meta.extended !== undefined) record.extendedReason = meta.extended;
    if (meta.requests !== undefined || meta.controlRequests !== undefined) {
      record.requests = meta.requests ?? 0;
      record.controlRequests = meta.controlRequests ?? 0;
    }
    if (meta.sized) record.sized = meta.sized;
    if (meta.budgetShare) record.budgetShare = meta.budgetShare;
    if (record.status === 'failed' && meta.timedOut === true) record.timedOut = true;
    if (record.status === 'failed' && meta.failedRequirements) record.failedRequirements = meta.failedRequirements.filter((id) => record.requirements.includes(id));
    return record;
  }
}

/** A spec's identity, from vitest's task tree (its describe blocks) and the spec kit's metadata. */
function identityOf(test: TestCase, clockGroup: boolean): SpecIdentity {
  const describe: string[] = [];
  for (let parent = test.parent; parent.type === 'suite'; parent = parent.parent) describe.unshift(parent.name);
  const { dated } = test.meta();
  return { describe, title: test.name, ...(dated && { dated }), ...(clockGroup && { clockGroup: true as const }) };
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
