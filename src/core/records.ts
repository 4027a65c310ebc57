// What a run finds, spec by spec, as plain records: built by the runner from vitest's results, read
// by every report writer (report.json keeps them as they are).

import type { Answer } from './answer.js';
import type { DatedChange } from './dates.js';

/**
 * error: the spec's set-up did not happen (the adapter's create() or restart() threw or hung), so
 * it found nothing about what it cites: not a failure of a requirement, as WPT's ERROR is not a
 * FAIL. Its requirements are not verified, and the run is red for it.
 */
export type TestStatus = 'passed' | 'failed' | 'skipped' | 'error';

/**
 * Who a spec is, as data: where it sits in its file and what it verifies the date of. Carried from
 * the spec kit and vitest's task tree to every report writer, so that none of them takes a spec's
 * name apart again.
 */
export interface SpecIdentity {
  /** Its describe blocks, outermost first. */
  describe: string[];
  title: string;
  /** The side of a dated change of the Versioning table it verifies (datedSpec). */
  dated?: DatedChange;
  /** It runs in the group of specs that move the target's clock (run apart from the others). */
  clockGroup?: true;
  /**
   * The record is of the spec's convention checks (spec-kit/assertion-profiles.ts), not of its
   * own assertions: the same spec, its extended half.
   */
  part?: 'conventions';
}

/** A spec's full name in reports: unique in a run that covers several targets. */
export const specName = (target: string, spec: SpecIdentity): string =>
  [target, ...spec.describe, spec.title].join(' > ') + (spec.part === 'conventions' ? ' [conventions]' : '');

/** What vitest's --grep (testNamePattern) matches a spec by: its describe blocks and title joined by spaces. */
export const grepName = (spec: SpecIdentity): string => [...spec.describe, spec.title].join(' ');

export interface TestRecord {
  /** "<target> > <describe> > <title>" (specName): unique in a run that covers several targets. */
  name: string;
  /** The target the spec ran against: "zone-api", "storage:reference-kv", ... */
  target: string;
  spec: SpecIdentity;
  file: string;
  requirements: string[];
  status: TestStatus;
  durationMs: number;
  error?: string;
  skipReason?: string;
  /**
   * The skip follows from what the target declares it lacks (a storage adapter's `supports`): the
   * implementer's statement, accepted. Any other skip leaves the run incomplete (report/model.ts).
   */
  skipDeclared?: true;
  seed?: number;
  exchange?: string;
  /** Why the spec belongs to the extended profile although it cites core requirements (SpecOptions.extended). */
  extendedReason?: string;
  /** A failed spec that checks many requirements: those its failure shows violated (the others are not verified). */
  failedRequirements?: string[];
  /**
   * It failed because something ran out of time (its budget, a request's or a storage call's
   * --timeout): one failure with that cause, which shows nothing of what it cites (not verified).
   */
  timedOut?: true;
  /**
   * What its failure was about, as data, where the spec kit knows (a failed spec only): the
   * target's answer, or a call that hung. report/causes.ts groups failures on it.
   */
  failure?: FailureFacts;
  /**
   * A zone API spec: the requests it sent to the target's API (each attempt, its clean-up
   * included), and its calls to the target's control API, apart.
   */
  requests?: number;
  controlRequests?: number;
  /**
   * A model or property spec sized by the run's request budget (--budget): the API requests it
   * was allowed, and the cases it ran of those drawn (spec-kit/request-budget.ts).
   */
  sized?: { allowance: number; cases: number; drawn: number };
  /**
   * A model or property spec that a request budget sizes, in every run (unbounded too): its share
   * of the budget and the requests it is given at least, so that an estimate can apply any budget.
   */
  budgetShare?: { share: number; floor: number };
}

/**
 * What a failure was about, recorded by the spec kit where it fails (spec-kit/failure-facts.ts)
 * beside the failure's text, which stays as people read it.
 */
export interface FailureFacts {
  /** The target's answer the failure is about (the step's answer, or one the spec's own message quotes). */
  answer?: Answer;
  /**
   * What the spec wanted of that answer, without the step that got it: `HTTP 200, success true;
   * it should fail with the error envelope (…)`. Set where the spec kit writes the failure's first
   * line as `<step>: <finding>`; a success answer is no cause by itself, this is.
   */
  finding?: string;
  /** A call into a storage adapter that did not settle (spec-kit/bounded-storage.ts): the operation and its limit. */
  hung?: HungCall;
  /**
   * The failure is of the spec's set-up, not of what it verifies: a call that makes or restarts
   * the object under test (`adapter.create`, `object.restart`) threw or did not settle. The spec's
   * status is then `error`.
   */
  setUp?: { operation: string };
}

export interface HungCall {
  /** `storage.get`, `adapter.create`, `txn.put`: what was called, without its arguments. */
  operation: string;
  limitMs: number;
  /** Which limit it was: `the run's --timeout`, or the longer one of a worker's first create(). */
  limit: string;
}

/** What one convention check of a spec found (task.meta.conventionChecks, in the order they ran). */
export interface ConventionCheck {
  requirements: string[];
  label: string;
  passed: boolean;
  /** The check's failure, whole. */
  error?: string;
  /** What the check's failure was about, as data (where the spec kit knows). */
  failure?: FailureFacts;
}

/** Why the conventions' record of a spec says nothing of them (its status is skipped). */
const CONVENTIONS_NOT_REACHED = {
  failed: 'not verified: the spec failed before these convention checks ran',
  passed: 'not verified: the spec made no convention check of them (a defect of the spec)',
} as const;

/**
 * The record of a spec's convention checks (extended profile), beside the spec's own record
 * (`own`, its core assertions): failed when a check failed (each failure named, whole), passed when
 * every declared convention was checked and held, else not verified with the reason (the spec was
 * skipped or timed out, or ended before the checks).
 */
export function conventionRecordOf(own: TestRecord, declared: string[], checks: ConventionCheck[]): TestRecord {
  const record: TestRecord = {
    name: specName(own.target, { ...own.spec, part: 'conventions' }),
    target: own.target,
    spec: { ...own.spec, part: 'conventions' },
    file: own.file,
    requirements: declared,
    status: 'passed',
    durationMs: 0,
    // Each check once: a spec may make the same check many times (once per request of a loop).
    extendedReason: `convention checks of the service: ${[...new Set(checks.map((c) => c.label))].join('; ') || declared.join(', ')}`,
  };
  const failed = checks.filter((c) => !c.passed);
  const unchecked = declared.filter((id) => !checks.some((c) => c.requirements.includes(id)));
  if (failed.length > 0) {
    record.status = 'failed';
    record.error = failed.map((c) => `convention "${c.label}" (${c.requirements.join(', ')}): ${c.error ?? 'failed'}`).join('\n');
    record.failedRequirements = [...new Set(failed.flatMap((c) => c.requirements))];
    // Its error begins with the first failed check's: so does what it was about.
    if (failed[0]!.failure !== undefined) record.failure = failed[0]!.failure;
  } else if (own.status === 'skipped' || own.status === 'error' || own.timedOut === true) {
    record.status = 'skipped';
    record.skipReason = own.skipReason ?? (own.status === 'error' ? 'not verified: the spec\'s set-up did not happen' : 'not verified: the spec timed out');
    if (own.skipDeclared) record.skipDeclared = true;
  } else if (unchecked.length > 0) {
    record.status = 'skipped';
    record.skipReason = `${CONVENTIONS_NOT_REACHED[own.status as 'failed' | 'passed']}: ${unchecked.join(', ')}`;
  }
  if (own.exchange !== undefined && record.status === 'failed') record.exchange = own.exchange;
  return record;
}

export interface FileError { file: string; error: string }

/**
 * A spec left out of a target's run because it is about something that target is not, by the
 * spec's own design (a capability the adapter declares out of its scope): not a result, but the
 * report says which requirements are out of scope rather than unverified.
 */
export interface NotApplicableSpec { name: string; target: string; requirements: string[]; reason: string }

/** One target of a run: the zone API target, or a storage adapter. */
export interface RunTarget {
  suite: string;
  name: string;
  baseUrl?: string;
  control?: boolean;
  /** The control API's URL, for a target given by URL that has one (the bundled reference's is its own). */
  controlUrl?: string;
  /**
   * A zone API target: the API requests a core run may send to it (--budget; 1,200 by default for
   * a target given by URL or image), which sized its model and property specs; null: unbounded
   * (the bundled reference's default: every property ran its full case count).
   */
  requestBudget?: number | null;
  /** A storage adapter given by path: the module it was loaded from (absolute; replay commands name it). */
  module?: string;
  /** A storage adapter's declared capabilities. */
  capabilities?: Record<string, boolean>;
  /** What a storage adapter runs on, when specgate knows (the workerd adapter). */
  runtime?: {
    name: string;
    /** The version the runtime itself reports (workerd: `workerd --version`). */
    version: string;
    /** The binary that ran, and the version of the npm package holding it (when it is in one). */
    binary?: { path: string; packageVersion?: string; resolvedFrom: 'given' | 'MINIFLARE_WORKERD_PATH' | 'miniflare' };
    compatibilityDate?: string;
    /** The package that started the runtime (miniflare), and whether it was the user's own. */
    launcher?: { name: string; version: string; path: string; resolvedFrom: 'given' | 'working directory' | 'specgate' };
  };
}
