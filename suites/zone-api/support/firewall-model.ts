// The model of firewall rules and filters (the model-based spec of firewall-rules.spec.ts): what a
// zone holds after any sequence of filter creates, combined creates (one at a time or several at
// once near the rule quota), rules by filter id, filter PUTs, deletes and listings.
//
// What the document states is compared as core; what only production's conventions say (the
// payloads of PUT and PATCH, paging's result_info) is a convention check, and a request whose
// payload the document does not show is a set-up step: refused, the spec is not verified.
// Nondeterminism the document allows is resolved by reading the target: which of several
// concurrent creates won the last free places of the quota, and whether a refused create left its
// filter (combined create, rule 3).

import fc from 'fast-check';
import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../../../src/spec-kit/api-client.js';
import { answerLine } from '../../../src/spec-kit/answer-line.js';
import { about, factsOf, failureAbout, withFacts } from '../../../src/spec-kit/failure-facts.js';
import type { TestZone } from '../../../src/spec-kit/spec.js';
import { PUT_FILTER, combinedCreate, listed, uniqueExpression, type Filter, type FirewallRule, type RuleItem } from './firewall.js';

export interface ModelFilter { id: string; expression: string; paused: boolean; protected: boolean }
export interface ModelRule { id: string; filterId: string; action: string }
export interface FirewallModel { quota: number; filters: Map<string, ModelFilter>; rules: Map<string, ModelRule> }

/** A set-up step the document does not show (the spec kit's setUp): refused, the spec is not verified. */
export type SetUp = <T>(what: string, step: () => Promise<T>) => Promise<T>;
/** A soft check of a convention (the spec kit's convention): recorded as extended, never stops the run. */
export type Convention = (requirements: string | string[], label: string, check: () => void | Promise<void>) => unknown;

export interface FirewallReal { api: ApiClient; zone: TestZone; setUp: SetUp; convention: Convention }

/** The model and the target disagree: `requirements` are the documented statements the disagreement breaks. */
export class Disagreement extends Error {
  constructor(message: string, readonly requirements: string[]) { super(message); this.name = 'Disagreement'; }
}

/** Runs the assertions of `check`; a failure becomes a Disagreement blaming `requirements`. */
async function agree(requirements: string[], check: () => void | Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof Disagreement || !(error instanceof Error) || (error as { code?: unknown }).code === 'VITEST_PENDING') throw error;
    throw withFacts(new Disagreement(error.message, requirements), factsOf(error));
  }
}

const ACTIONS = ['block', 'challenge', 'allow'] as const;
const answered = (response: ApiResponse) => answerLine(response.status, response.body);
const succeeded = (response: ApiResponse) => response.body?.success === true;
/** How many items a result holds, or what it is instead of a list: a success whose result is null says so, not a TypeError. */
const resultCount = (response: ApiResponse) => (Array.isArray(response.body?.result) ? (response.body!.result as unknown[]).length : `not a list (${JSON.stringify(response.body?.result)})`);
const pick = <T>(items: T[], n: number): T | undefined => (items.length === 0 ? undefined : items[n % items.length]);

const freePlaces = (m: Readonly<FirewallModel>) => m.quota - m.rules.size;
const unprotectedFilters = (m: Readonly<FirewallModel>) => [...m.filters.values()].filter((f) => !f.protected);
const protectedFilters = (m: Readonly<FirewallModel>) => [...m.filters.values()].filter((f) => f.protected);
const inUse = (m: Readonly<FirewallModel>, filterId: string) => [...m.rules.values()].some((r) => r.filterId === filterId);

/** Adds what a successful combined create answered: its rules and, for each, the filter made for it (protected). */
async function addCreated(m: FirewallModel, response: ApiResponse<FirewallRule[]>, items: RuleItem[]): Promise<void> {
  const sentFilter = (item: RuleItem) => ('expression' in item.filter ? { expression: item.filter.expression } : { id: item.filter.id });
  await agree(['ZM-FW-COMBINED-CREATE'], () => {
    about(response, () => expect(resultCount(response), `a successful create answers one rule per item (${items.length}): ${answered(response)}`).toBe(items.length));
    response.body!.result.forEach((rule, i) => expect(rule.filter, `rule ${i} of the answer has the filter sent`).toMatchObject(sentFilter(items[i]!)));
  });
  response.body!.result.forEach((rule, i) => {
    const item = items[i]!;
    if ('expression' in item.filter) m.filters.set(rule.filter.id, { id: rule.filter.id, expression: item.filter.expression, paused: false, protected: true });
    m.rules.set(rule.id, { id: rule.id, filterId: rule.filter.id, action: item.action });
  });
}

/**
 * After a refused combined create: each filter it asked for may remain, once (rule 3), and one that
 * remains is a filter of the combined create (rule 4 protects it): the model takes it in.
 */
async function takeInLeftovers(m: FirewallModel, filters: Filter[], expressions: string[]): Promise<void> {
  for (const expression of expressions) {
    const left = filters.filter((f) => f.expression === expression);
    await agree(['ZM-FW-COMBINED-FILTER-MAY-REMAIN'], () => {
      expect(left.length, `the filter of a refused create (${expression}) may remain, but at most once`).toBeLessThanOrEqual(1);
    });
    for (const f of left) m.filters.set(f.id, { id: f.id, expression, paused: f.paused, protected: true });
  }
}

const newItems = (size: number, action: string): RuleItem[] => Array.from({ length: size }, () => ({ filter: { expression: uniqueExpression() }, action }));
const expressionsOf = (items: RuleItem[]) => items.flatMap((i) => ('expression' in i.filter ? [i.filter.expression] : []));

/**
 * The zone as the target lists it against the model: which rules and filters exist (core), each
 * rule's filter being the filter of that id as the filters listing shows it (the shared filter,
 * core), the protected filters unchanged (core), and the conventions: what PUTs changed, paging.
 */
export async function compareWithModel(m: Readonly<FirewallModel>, r: FirewallReal, filtersRead?: Filter[]): Promise<void> {
  const rules = await listed<FirewallRule>(r.api, r.zone, '/firewall/rules');
  const filters = filtersRead ?? await listed<Filter>(r.api, r.zone, '/filters');
  const filterById = new Map(filters.map((f) => [f.id, f]));
  await agree(['ZM-FW-LIST'], () => {
    expect(rules.map((x) => x.id).sort(), 'the rules listed are the rules the model holds').toEqual([...m.rules.keys()].sort());
  });
  await agree(['ZM-FLT-LIST'], () => {
    expect(filters.map((x) => x.id).sort(), 'the filters listed are the filters the model holds').toEqual([...m.filters.keys()].sort());
  });
  await agree(['ZM-FLT-SHARED'], () => {
    for (const rule of rules) {
      const shared = filterById.get(rule.filter.id);
      expect(rule.filter.id, `rule ${rule.id} refers to the filter the model says`).toBe(m.rules.get(rule.id)?.filterId);
      expect({ id: rule.filter.id, expression: rule.filter.expression, paused: rule.filter.paused }, `rule ${rule.id} shows its filter as the filters listing has it now`)
        .toEqual({ id: rule.filter.id, expression: shared?.expression, paused: shared?.paused });
    }
  });
  await agree(['ZM-FW-COMBINED-FILTER-NO-PUT'], () => {
    for (const f of protectedFilters(m)) expect(filterById.get(f.id), `filter ${f.id} of a combined create is as it was made`).toMatchObject({ expression: f.expression, paused: f.paused });
  });
  await r.convention(['ZM-FLT-PUT'], 'the filters a PUT replaced read as the PUT sent them', () => {
    for (const f of unprotectedFilters(m)) expect(filterById.get(f.id), `filter ${f.id}`).toMatchObject({ expression: f.expression, paused: f.paused });
  });
}

/**
 * Paging (a convention), once per sequence, at its end: pages of 5 walk the rules listing once and
 * find the rules the model holds (walked after every command, it was a third of the spec's requests).
 */
export async function comparePagingWithModel(m: Readonly<FirewallModel>, r: FirewallReal): Promise<void> {
  await r.convention(['ZM-FW-PAGINATION'], 'pages of 5 walk the rules listing once', async () => {
    expect(await walkPages(r, '/firewall/rules')).toEqual([...m.rules.keys()].sort());
  });
}

/** Every id of a listing walked in pages of 5 until an empty page (bounded), sorted. */
async function walkPages(r: FirewallReal, collection: '/filters' | '/firewall/rules'): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= 40; page++) {
    const response = await r.api.get<{ id: string }[]>(r.zone.path(collection), { query: { page, per_page: 5 } });
    const result = response.body?.result;
    if (!Array.isArray(result)) throw failureAbout(response, `listing ${collection} page ${page}: ${answered(response)}`);
    if (result.length === 0) return ids.sort();
    ids.push(...result.map((x) => x.id));
  }
  throw new Error(`listing ${collection}: no empty page after 40 pages of 5`);
}

type Command = fc.AsyncCommand<FirewallModel, FirewallReal>;

/**
 * A command that reads the filters listing after its last write (to take in what a refused
 * create left): the comparison that follows it uses that listing rather than reading it again.
 */
interface ListingCommand extends Command { runListing(m: FirewallModel, r: FirewallReal): Promise<Filter[] | undefined> }
const readsFilters = (command: Command): command is ListingCommand => typeof (command as Partial<ListingCommand>).runListing === 'function';

class CreateFilter implements Command {
  constructor(readonly paused: boolean) {}
  check = () => true;
  async run(m: FirewallModel, r: FirewallReal): Promise<void> {
    const expression = uniqueExpression();
    const response = await r.api.post<Filter[]>(r.zone.path('/filters'), { json: [{ expression, paused: this.paused }] });
    await agree(['ZM-FLT-CREATE'], () => {
      about(response, () => expect(succeeded(response) && resultCount(response), `creating a filter through the filters endpoint: ${answered(response)}`).toBe(1));
      expect(response.body!.result[0]!.expression, 'the filter created has the expression sent').toBe(expression);
    });
    const [filter] = response.body!.result;
    m.filters.set(filter!.id, { id: filter!.id, expression, paused: this.paused, protected: false });
  }
  toString = () => `createFilter(paused ${this.paused})`;
}

/** `count` combined creates of `size` items each, sent at once: exactly as many as the quota's free places allow succeed. */
class CombinedCreates implements Command {
  constructor(readonly count: number, readonly size: number, readonly action: string) {}
  check = () => true;
  async run(m: FirewallModel, r: FirewallReal): Promise<void> { await this.runListing(m, r); }
  /** The creates, then (when one was refused) the filters listing that shows what it left, which the comparison reuses. */
  async runListing(m: FirewallModel, r: FirewallReal): Promise<Filter[] | undefined> {
    const requests = Array.from({ length: this.count }, () => newItems(this.size, this.action));
    const winners = Math.min(this.count, Math.floor(Math.max(0, freePlaces(m)) / this.size));
    const responses = await Promise.all(requests.map((items) => combinedCreate(r.api, r.zone, items)));
    const wins = responses.filter(succeeded).length;
    await agree(['ZM-FW-COMBINED-QUOTA'], () => {
      // The message quotes every answer; a failure is about the first, as its first line reads.
      about(responses[0]!, () => expect(wins, `${this.count} combined create(s) of ${this.size} rule(s) sent at once, ${freePlaces(m)} place(s) left in the rule quota of ${m.quota}: `
        + `${winners} may succeed and the others fail; the answers: ${responses.map(answered).join(' | ')}`).toBe(winners));
    });
    // One listing, after every answer, shows what each refused create left (no write comes between).
    const filters = responses.every(succeeded) ? undefined : await listed<Filter>(r.api, r.zone, '/filters');
    for (const [i, response] of responses.entries()) {
      if (succeeded(response)) await addCreated(m, response, requests[i]!);
      else await takeInLeftovers(m, filters!, expressionsOf(requests[i]!));
    }
    return filters;
  }
  toString = () => (this.count === 1 ? `combinedCreate(${this.size} rule(s), ${this.action})` : `concurrentCombinedCreates(${this.count} × ${this.size} rule(s), ${this.action})`);
}

class RuleByFilterId implements Command {
  constructor(readonly n: number, readonly action: string) {}
  check = (m: Readonly<FirewallModel>) => m.filters.size > 0;
  async run(m: FirewallModel, r: FirewallReal): Promise<void> {
    const filter = pick([...m.filters.values()], this.n)!;
    const items: RuleItem[] = [{ filter: { id: filter.id }, action: this.action }];
    const response = await combinedCreate(r.api, r.zone, items);
    const withinQuota = freePlaces(m) >= 1;
    await agree([withinQuota ? 'ZM-FW-RULE-BY-FILTER-ID' : 'ZM-FW-COMBINED-QUOTA'], () => {
      about(response, () => expect(succeeded(response), `a rule by the id of filter ${filter.id} with ${freePlaces(m)} place(s) left in the quota ${withinQuota ? 'is created' : 'is refused'}: ${answered(response)}`).toBe(withinQuota));
    });
    if (withinQuota) await addCreated(m, response, items);
  }
  toString = () => `ruleByFilterId(filter #${this.n}, ${this.action})`;
}

/** PUT on a filter: refused and without effect on one a combined create made (rule 4); a set-up step on the others. */
class PutFilter implements Command {
  constructor(readonly n: number, readonly paused: boolean) {}
  check = (m: Readonly<FirewallModel>) => m.filters.size > 0;
  async run(m: FirewallModel, r: FirewallReal): Promise<void> {
    const filter = pick([...m.filters.values()], this.n)!;
    const expression = uniqueExpression();
    const put = () => r.api.put<Filter>(r.zone.path(`/filters/${filter.id}`), { json: { id: filter.id, expression, paused: this.paused } });
    if (filter.protected) {
      const response = await put();
      await agree(['ZM-FW-COMBINED-FILTER-NO-PUT'], () => { about(response, () => expect(succeeded(response), `PUT on filter ${filter.id}, made by a combined create, is refused: ${answered(response)}`).toBe(false)); });
      return;
    }
    await r.setUp(PUT_FILTER, async () => {
      const response = await put();
      if (!succeeded(response)) throw failureAbout(response, answered(response));
      return response;
    });
    m.filters.set(filter.id, { ...filter, expression, paused: this.paused });
  }
  toString = () => `putFilter(filter #${this.n}, paused ${this.paused})`;
}

class DeleteRule implements Command {
  constructor(readonly n: number) {}
  check = (m: Readonly<FirewallModel>) => m.rules.size > 0;
  async run(m: FirewallModel, r: FirewallReal): Promise<void> {
    const rule = pick([...m.rules.values()], this.n)!;
    const response = await r.api.delete(r.zone.path(`/firewall/rules/${rule.id}`));
    await agree(['ZM-FW-DELETE'], () => { about(response, () => expect(succeeded(response), `DELETE of rule ${rule.id}: ${answered(response)}`).toBe(true)); });
    m.rules.delete(rule.id);
  }
  toString = () => `deleteRule(rule #${this.n})`;
}

/** DELETE on a filter no rule uses: refused on one a combined create made (rule 4), taken on the others. */
class DeleteFilter implements Command {
  constructor(readonly n: number) {}
  private candidates = (m: Readonly<FirewallModel>) => [...m.filters.values()].filter((f) => !inUse(m, f.id));
  check = (m: Readonly<FirewallModel>) => this.candidates(m).length > 0;
  async run(m: FirewallModel, r: FirewallReal): Promise<void> {
    const filter = pick(this.candidates(m), this.n)!;
    const response = await r.api.delete(r.zone.path(`/filters/${filter.id}`));
    await agree([filter.protected ? 'ZM-FW-COMBINED-FILTER-NO-DELETE' : 'ZM-FLT-DELETE'], () => {
      about(response, () => expect(succeeded(response), `DELETE of filter ${filter.id}, ${filter.protected ? 'made by a combined create, is refused' : 'unused, is taken'}: ${answered(response)}`).toBe(!filter.protected));
    });
    if (!filter.protected) m.filters.delete(filter.id);
  }
  toString = () => `deleteFilter(unused filter #${this.n})`;
}

/** Each command, then the zone compared with the model. */
class Compared implements Command {
  constructor(private readonly command: Command) {}
  check = (m: Readonly<FirewallModel>) => this.command.check(m) as boolean;
  async run(m: FirewallModel, r: FirewallReal): Promise<void> {
    const filters = readsFilters(this.command) ? await this.command.runListing(m, r) : (await this.command.run(m, r), undefined);
    await compareWithModel(m, r, filters);
  }
  toString = () => String(this.command);
}

const action = fc.constantFrom(...ACTIONS);
const index = fc.nat({ max: 20 });

/** Sequences of commands: concurrent creates drawn often, so that the quota (3 to 5 rules) is met under concurrency. */
const commandArbitraries: fc.Arbitrary<Command>[] = [
  fc.boolean().map((paused) => new Compared(new CreateFilter(paused))),
  fc.tuple(fc.integer({ min: 1, max: 2 }), action).map(([size, a]) => new Compared(new CombinedCreates(1, size, a))),
  fc.tuple(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 2 }), action).map(([count, size, a]) => new Compared(new CombinedCreates(count, size, a))),
  fc.tuple(index, action).map(([n, a]) => new Compared(new RuleByFilterId(n, a))),
  fc.tuple(index, fc.boolean()).map(([n, paused]) => new Compared(new PutFilter(n, paused))),
  index.map((n) => new Compared(new DeleteRule(n))),
  index.map((n) => new Compared(new DeleteFilter(n))),
];

export const firewallCommands = fc.commands(commandArbitraries, { maxCommands: 10 });

/**
 * The edges, run before any random sequence (a run's request budget may leave room for little
 * more), each with its quota: a filter created and replaced by PUT; a rule made with its filter, a
 * second rule on that filter by its id (shared); both rules deleted one after the other (their
 * filter stays, listed); that filter then refused a DELETE and a PUT, the first one deleted; the
 * actions other than block. Then the quota: two places taken by a batch of two, a second batch of
 * two refused whole for the one place left, three concurrent creates for it (one wins, what the
 * others leave may remain), a rule by filter id on the full quota refused.
 */
export function firewallEdges(): [number, Command[]][] {
  const compared = (...commands: Command[]) => commands.map((c) => new Compared(c));
  return [
    [3, compared(new CreateFilter(false), new PutFilter(0, true), new CombinedCreates(1, 1, 'challenge'), new RuleByFilterId(1, 'allow'),
      new DeleteRule(0), new DeleteRule(0), new DeleteFilter(1), new PutFilter(1, true), new DeleteFilter(0))],
    [3, compared(new CombinedCreates(1, 2, 'block'), new CombinedCreates(1, 2, 'block'), new CombinedCreates(3, 1, 'block'), new RuleByFilterId(0, 'block'))],
  ];
}

/** The rule quota of a run's zone: small, so that sequences reach it. */
export const ruleQuota = fc.integer({ min: 3, max: 5 });

/** Runs a sequence against a fresh zone with `quota`, the model starting empty. */
export async function runModel(sequence: Iterable<Command>, quota: number, real: () => Promise<FirewallReal>): Promise<void> {
  const model: FirewallModel = { quota, filters: new Map(), rules: new Map() };
  const target = await real();
  await fc.asyncModelRun(async () => ({ model, real: target }), sequence);
  await comparePagingWithModel(model, target);
}
