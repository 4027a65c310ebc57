// WAF migration: the one-way state machine of "States and transitions > WAF migration" against a
// model. Random sequences of the documented calls (the entry point PUT with each
// waf_migration value and alias, two calls at the same instant, a zone made compatible or not
// through the control API) on Enterprise, Pro and Business zones; after every step what the
// document lets a client see is compared with the model: the check's migration_state (start, or
// not), whether the previous-version API answers, and the status of the two versions (read by the
// reference's field names, a set-up step). The table is taken as complete: a call no row matches
// leaves the state as it was, and nothing leaves migrated.
//
// Every sequence ends by migrating the zone, so each observation is seen to change (the positive
// control of every "nothing changed"). A disagreement blames the requirement of the row the step
// took (task.meta.failedRequirements); the seed replays it (--seed).

import fc from 'fast-check';
import { expect } from 'vitest';
import type { ApiClient } from '../../src/spec-kit/api-client.js';
import type { ControlClient } from '../../src/spec-kit/control.js';
import { expectConfiguration, expectCheck, expectStatus } from './support/waf.js';
import { expectObject } from '../../src/spec-kit/expect.js';
import { checkProperty } from '../../src/spec-kit/property.js';
import { describe, spec, type SpecFixtures, type TestZone } from '../../src/spec-kit/spec.js';

const ENTRYPOINT = '/rulesets/phases/http_request_firewall_managed/entrypoint';

type State = 'start' | 'validation' | 'migrated';
type ModelPlan = 'enterprise' | 'pro' | 'business';
type Step =
  | { call: 'validation'; value: 'validation' | '2' }
  | { call: 'pending'; value: 'pending' | '1' }
  /** The validation and the pending call (Enterprise), or two pending calls, sent at the same instant. */
  | { call: 'together' }
  /** Through the control API: the zone made compatible or not (its core rule set off or on, phase one). */
  | { call: 'compatible'; compatible: boolean };

interface Model { plan: ModelPlan; compatible: boolean; state: State }
interface WafRule { id?: string; version?: string; ref?: string; [field: string]: unknown }
interface WafConfig { name: string; rules: WafRule[] }
interface WafStatus { old_waf: { enabled: boolean }; new_waf: { enabled: boolean }; evaluation_order: string[]; migration_state: string }

/** The document's table: start → validation (Enterprise); start or validation → migrated (compatible); nothing leaves migrated. */
function next(model: Model, step: Step): State {
  if (model.state === 'migrated') return 'migrated';
  if (step.call === 'validation') return model.state === 'start' && model.plan === 'enterprise' ? 'validation' : model.state;
  if (step.call === 'pending' || step.call === 'together') return model.compatible ? 'migrated' : model.state;
  return model.state;
}

/** The requirement of the row a step takes from a state: what a disagreement after it breaks. */
function rowOf(model: Model, step: Step): string[] {
  if (model.state === 'migrated') return ['ZM-WAF-IRREVERSIBLE'];
  if (step.call === 'compatible') return ['ZM-WAF-USER-STARTS'];
  if (step.call === 'validation') return ['ZM-WAF-VALIDATION-ENTERPRISE-ONLY', ...(step.value === '2' ? ['ZM-WAF-ENTRYPOINT-VALIDATION-ALIAS-2'] : [])];
  const alias = step.call === 'pending' && step.value === '1' ? ['ZM-WAF-ENTRYPOINT-PENDING-ALIAS-1'] : [];
  return [model.plan === 'enterprise' ? 'ZM-WAF-PENDING-MIGRATES' : 'ZM-WAF-PRO-BUSINESS-DIRECT', ...alias];
}

/** A step's observation that disagrees with the model, with the requirements it breaks. */
class Disagreement extends Error {
  constructor(readonly requirements: string[], message: string) { super(message); }
}

function agree(requirements: string[], holds: boolean, message: string): void {
  if (!holds) throw new Disagreement(requirements, message);
}

const stepsFor = (plan: ModelPlan): fc.Arbitrary<Step[]> => {
  const pending = fc.constantFrom('pending', '1').map((value) => ({ call: 'pending', value }) as Step);
  const together = fc.constant({ call: 'together' } as Step);
  const enterprise = fc.oneof(fc.constantFrom('validation', '2').map((value) => ({ call: 'validation', value }) as Step), pending, together);
  const other = fc.oneof(pending, together, fc.boolean().map((compatible) => ({ call: 'compatible', compatible }) as Step));
  return fc.array(plan === 'enterprise' ? enterprise : other, { minLength: 1, maxLength: 5 });
};

const pendingForm = (cfg: WafConfig): WafConfig => ({ name: cfg.name, rules: cfg.rules.map((r) => ({ ...r, id: '', version: '', ref: '' })) });
const validationForm = (cfg: WafConfig): WafConfig => ({ name: cfg.name, rules: cfg.rules.map(({ id: _i, version: _v, ref: _r, ...rest }) => rest) });

/** One zone of the model: its client calls and what a step sends. */
class ZoneUnderTest {
  constructor(private readonly api: ApiClient, private readonly control: ControlClient, readonly zone: TestZone, private readonly cfg: WafConfig, private readonly setUp: SpecFixtures['setUp']) {}

  put(value: string) {
    const body = value === 'validation' || value === '2' ? validationForm(this.cfg) : pendingForm(this.cfg);
    return this.api.put(this.zone.path(ENTRYPOINT), { json: body, query: { waf_migration: value } });
  }

  async send(plan: ModelPlan, step: Step): Promise<boolean[]> {
    if (step.call === 'compatible') {
      await this.control.setWafLegacy(this.zone.id, { core_ruleset_enabled: !step.compatible });
      return [];
    }
    if (step.call !== 'together') return [(await this.put(step.value)).body?.success === true];
    // The pending call is the one whose success the document fixes in every order.
    const [first, second] = await Promise.all([this.put(plan === 'enterprise' ? 'validation' : 'pending'), this.put('pending')]);
    return plan === 'enterprise' ? [second.body?.success === true] : [first.body?.success === true || second.body?.success === true];
  }

  async migrationState(): Promise<string> {
    return expectCheck(await this.api.get<{ compatible: boolean; migration_state: string }>(this.zone.path('/waf_migration/check')), 'GET waf_migration/check').migration_state;
  }

  async previousApiAnswers(): Promise<boolean> {
    return (await this.api.get(this.zone.path('/firewall/waf/packages'))).body?.success === true;
  }

  async status(): Promise<WafStatus> {
    const response = await this.api.get<WafStatus>(this.zone.path('/waf_migration/status'));
    expectObject(response, 'GET waf_migration/status');
    return this.setUp('the status read by the reference\'s field names old_waf.enabled, new_waf.enabled and evaluation_order (the document does not name them)', () => expectStatus(response, 'the migration status'));
  }
}

/** Compares what the zone shows with the model's state; `blame` is the row that led there. */
async function observe(zone: ZoneUnderTest, { plan, state }: Model, blame: string[], history: string): Promise<void> {
  const shown = await zone.migrationState();
  agree(blame, (shown === 'start') === (state === 'start'), `${history}: the check says migration_state ${JSON.stringify(shown)}; the model is in ${state} (only a zone not migrated nor in validation mode is in start)`);
  const previous = await zone.previousApiAnswers();
  agree(['ZM-WAF-PREVIOUS-APIS-STOP'], previous === (state !== 'migrated'), `${history}: GET /firewall/waf/packages ${previous ? 'answers' : 'fails'}; the model is in ${state} (the previous-version APIs stop once, and only once, the zone is migrated)`);
  const s = await zone.status();
  const both = s.old_waf.enabled && s.new_waf.enabled;
  if (state === 'validation') {
    agree(['ZM-WAF-VALIDATION-BOTH-ENABLED'], both, `${history}: in validation mode both versions are enabled; the status is ${JSON.stringify(s)}`);
    agree(['ZM-WAF-VALIDATION-NEW-BEFORE-OLD'], s.evaluation_order[0] === 'new_waf', `${history}: in validation mode the new rules run first; the status is ${JSON.stringify(s)}`);
  } else if (state === 'migrated') {
    agree([plan === 'enterprise' ? 'ZM-WAF-PENDING-DISABLES-PREVIOUS' : 'ZM-WAF-PRO-BUSINESS-DISABLES-PREVIOUS'], !s.old_waf.enabled && s.new_waf.enabled, `${history}: once migrated the previous version is disabled and the new one enabled; the status is ${JSON.stringify(s)}`);
  } else {
    agree(blame, !s.new_waf.enabled, `${history}: a zone in start runs only the previous version; the status is ${JSON.stringify(s)}`);
  }
}

const describeStep = (step: Step): string => (step.call === 'compatible' ? `made ${step.compatible ? '' : 'in'}compatible` : step.call === 'together' ? 'two calls at the same instant' : `waf_migration=${step.value}`);

/**
 * `observeStart`: whether to read the new zone before the first step (a new zone of each plan is
 * read once per spec, the first of its plan: every later one starts as that one did, in start, and
 * its first step's observation is compared with the model's start as well).
 */
async function runSequence(zone: ZoneUnderTest, model: Model, steps: Step[], observeStart = true): Promise<void> {
  const done: string[] = [];
  if (observeStart) await observe(zone, model, ['ZM-WAF-MIGRATION-STATE-START'], `a new ${model.plan} zone`);
  for (const step of steps) {
    const blame = rowOf(model, step);
    const to = next(model, step);
    const answers = await zone.send(model.plan, step);
    done.push(describeStep(step));
    const history = `${model.plan} zone after ${done.join(', ')}`;
    // A call the table turns into a transition succeeds; what a refused call answers is not shown.
    if (to !== model.state) agree(blame, answers.every(Boolean), `${history}: the call that takes the zone from ${model.state} to ${to} must answer success`);
    if (step.call === 'compatible') model.compatible = step.compatible;
    model.state = to;
    await observe(zone, model, blame, history);
  }
}

/** The requirements a disagreement can blame (the rows, the observations). */
const MODEL_REQUIREMENTS = [
  'ZM-WAF-MIGRATION-STATE-START', 'ZM-WAF-IRREVERSIBLE', 'ZM-WAF-VALIDATION-ENTERPRISE-ONLY', 'ZM-WAF-VALIDATION-BOTH-ENABLED',
  'ZM-WAF-VALIDATION-NEW-BEFORE-OLD', 'ZM-WAF-PENDING-MIGRATES', 'ZM-WAF-PENDING-DISABLES-PREVIOUS', 'ZM-WAF-PRO-BUSINESS-DIRECT',
  'ZM-WAF-PRO-BUSINESS-DISABLES-PREVIOUS', 'ZM-WAF-USER-STARTS', 'ZM-WAF-PREVIOUS-APIS-STOP',
  'ZM-WAF-ENTRYPOINT-PENDING-ALIAS-1', 'ZM-WAF-ENTRYPOINT-VALIDATION-ALIAS-2',
];

/**
 * The edges, run first (a run's request budget may leave room for little more), in an order that
 * blames the row a misreading breaks first: an Enterprise zone migrated by pending, then sent a
 * validation call (nothing leaves migrated: a reversible migration shows here, the previous APIs
 * answering again); migrated by the alias 1 from start; in validation mode by the alias 2, then
 * migrated from it by 1; a Business zone migrated directly by 1, then two calls at the same
 * instant; a Pro zone made incompatible (its pending call changes nothing), made compatible again
 * and migrated by two calls at the same instant. Every sequence ends by migrating its zone.
 */
const EDGES: [{ plan: ModelPlan; steps: Step[] }][] = [
  [{ plan: 'enterprise', steps: [{ call: 'pending', value: 'pending' }, { call: 'validation', value: 'validation' }] }],
  [{ plan: 'enterprise', steps: [{ call: 'pending', value: '1' }] }],
  [{ plan: 'enterprise', steps: [{ call: 'validation', value: '2' }, { call: 'pending', value: '1' }] }],
  [{ plan: 'business', steps: [{ call: 'pending', value: '1' }, { call: 'together' }] }],
  [{ plan: 'pro', steps: [{ call: 'compatible', compatible: false }, { call: 'pending', value: 'pending' }, { call: 'compatible', compatible: true }, { call: 'together' }] }],
];

describe('WAF migration, the state machine against a model', () => {
  spec(MODEL_REQUIREMENTS, 'random sequences of migration calls, alone and two at the same instant, move each plan\'s zone as the document\'s table does (property)', async ({ api, control, newZone, target, task, setUp, requests }) => {
    task.meta.seed = target.seed;
    // Its share of the run's request budget (spec-kit/request-budget.ts), at least what its edges take.
    const allowance = requests(0.075);
    const sequences = fc.constantFrom<ModelPlan>('enterprise', 'pro', 'business').chain((plan) => stepsFor(plan).map((steps) => ({ plan, steps })));
    const startObserved = new Set<ModelPlan>();
    try {
      await checkProperty(fc.asyncProperty(sequences, allowance.cases(async ({ plan, steps }: { plan: ModelPlan; steps: Step[] }) => {
        const zone = await newZone({ plan });
        const cfg = expectConfiguration(await api.get<WafConfig>(zone.path('/waf_migration/config')), 'GET waf_migration/config');
        const subject = new ZoneUnderTest(api, control, zone, cfg, setUp);
        const model: Model = { plan, compatible: true, state: 'start' };
        // Every sequence ends migrated: the positive control that each observation does change.
        const closing: Step[] = plan === 'enterprise' ? [{ call: 'pending', value: 'pending' }] : [{ call: 'compatible', compatible: true }, { call: 'pending', value: 'pending' }];
        await runSequence(subject, model, [...steps, ...closing], !startObserved.has(plan));
        startObserved.add(plan);
      })), { seed: target.seed, numRuns: 12, examples: EDGES });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof Disagreement) task.meta.failedRequirements = cause.requirements;
      throw error;
    }
  }, { timeout: 120_000 });
});

describe('WAF migration, a refused call leaves the state', () => {
  // "compatible false means the zone is ineligible" (procedure step 1, before the optional
  // validation of step 3): an Enterprise zone the check calls incompatible does not enter validation
  // mode, nor migrate; the refused calls leave it in start, running only the previous version. Made
  // compatible, the same validation call enters validation mode (the positive control).
  spec(['ZM-WAF-PROC-1-CHECK'], 'an ineligible Enterprise zone stays in start after the validation call (both aliases) and the pending call; made eligible, the same validation call enters validation mode', async ({ api, control, newZone, setUp }) => {
    const zone = await newZone({ plan: 'enterprise' });
    const cfg = expectConfiguration(await api.get<WafConfig>(zone.path('/waf_migration/config')), 'GET waf_migration/config');
    const subject = new ZoneUnderTest(api, control, zone, cfg, setUp);
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: true });
    const check = expectCheck(await api.get<{ compatible: boolean; migration_state: string }>(zone.path('/waf_migration/check')), 'GET waf_migration/check');
    expect(check.compatible, 'the core rule set enabled makes the zone incompatible in phase one').toBe(false);
    for (const value of ['validation', '2', 'pending']) {
      await subject.put(value);
      expect(await subject.migrationState(), `after the PUT with waf_migration=${value} on an ineligible zone, the check says start`).toBe('start');
      const status = await subject.status();
      expect(status.new_waf.enabled, `after the PUT with waf_migration=${value} on an ineligible zone, the new version does not run: ${JSON.stringify(status)}`).toBe(false);
    }
    await control.setWafLegacy(zone.id, { core_ruleset_enabled: false });
    expect((await subject.put('validation')).body?.success, 'positive control: the validation call on the zone made eligible succeeds').toBe(true);
    expect(await subject.migrationState(), 'positive control: the zone made eligible is no longer in start').not.toBe('start');
  });
});

