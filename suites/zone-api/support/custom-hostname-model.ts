// A model of custom hostnames as the document states them, for the model-based spec: the states a
// hostname goes through (in validation, Active, Moved, deleted 7 days after the move), the
// certificate issuance limit (15 successful POSTs in a minute, then every POST refused for 30 s)
// and the zone's clock. fast-check draws commands; each runs against the target and the model and
// compares what the target answered with what the model predicts.
//
// What the document does not say, the model does not predict: whether an issuance exactly one
// minute old still counts (a create is not drawn at such an instant), what a refusal during the
// penalty does while the minute is still full (not drawn either), and what a PATCH of a hostname
// whose CNAME points elsewhere leads to (PATCHes are drawn only once the CNAME points at the zone).

import fc from 'fast-check';
import { expect } from 'vitest';
import { passesThrough } from '../../../src/spec-kit/assertion-profiles.js';
import { factsOf, withFacts } from '../../../src/spec-kit/failure-facts.js';
import { expectFailure, expectSuccess } from '../../../src/spec-kit/expect.js';
import type { SpecClock } from '../../../src/spec-kit/spec.js';
import {
  DEFAULT_SSL, expectHostnameRecord, listedHostnamesById, patchHostname, pointAtZone, pointElsewhere, postHostname, readHostname, statusOf, uniqueHostname, type HostnameWorld,
} from './custom-hostnames.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 86_400 * SECOND;
const LIMIT = 15;
const PENALTY = 30 * SECOND;
const LIFETIME = 7 * DAY;
const NO_CNAME = /does not CNAME to (this|the) zone/i;

export interface ModelHostname {
  id: string;
  hostname: string;
  status: 'active' | 'pending' | 'moved' | 'deleted';
  movedAt?: number;
  /** Active again through a PATCH after it was Moved. */
  reactivated?: boolean;
}

export interface HostnameModel {
  /** The zone's clock, ms since the epoch. */
  now: number;
  hostnames: ModelHostname[];
  /** When each successful POST was made. */
  issued: number[];
  /** Until when every POST is refused (the penalty), if one started. */
  penaltyUntil: number | undefined;
}

export interface HostnameReal { world: HostnameWorld; clock: SpecClock }

type Command = fc.AsyncCommand<HostnameModel, HostnameReal>;

/**
 * The requirement a failed check shows violated, at the head of its message ("[ID] ..."): the spec
 * reads it back (blamedRequirements) so that a failure is blamed on what it broke, not on every
 * requirement the model covers.
 */
const blame = (id: string, message: string): string => `[${id}] ${message}`;
const RATE = 'ZM-CH-CERT-RATE-15-PER-MIN';
const PENALTY_ID = 'ZM-CH-CERT-RATE-PENALTY-30S';
const DELETED = 'ZM-CH-MOVED-DELETED-AFTER-7D';

/** The requirements a failure's message blames (its first line's "[ID]" tags). */
export function blamedRequirements(error: unknown): string[] {
  const seen = error instanceof Error ? `${error.message}\n${(error.cause as Error | undefined)?.message ?? ''}` : String(error);
  return [...new Set([...seen.matchAll(/\[(ZM-[A-Z0-9-]+)\]/g)].map((m) => m[1]!))];
}

const inWindow = (m: Readonly<HostnameModel>) => m.issued.filter((t) => m.now - t < MINUTE).length;
const inPenalty = (m: Readonly<HostnameModel>) => m.penaltyUntil !== undefined && m.now < m.penaltyUntil;
/** An issuance exactly a minute old: whether it still counts is not said. */
const atMinuteBoundary = (m: Readonly<HostnameModel>) => m.issued.some((t) => m.now - t === MINUTE);
const living = (m: Readonly<HostnameModel>, status?: ModelHostname['status']) =>
  m.hostnames.filter((h) => h.status !== 'deleted' && (status === undefined || h.status === status));

/** `count` POSTs sent together, for hostnames whose CNAME points at the zone or nowhere. */
class CreateCommand implements Command {
  constructor(readonly count: number, readonly atZone: boolean) {}
  check(m: Readonly<HostnameModel>): boolean {
    return !atMinuteBoundary(m) && !(inPenalty(m) && inWindow(m) >= LIMIT);
  }
  async run(m: HostnameModel, r: HostnameReal): Promise<void> {
    const names = Array.from({ length: this.count }, () => uniqueHostname());
    if (this.atZone) await Promise.all(names.map((name) => pointAtZone(r.world.control, r.world.zone, name)));
    const answers = await Promise.all(names.map((hostname) => postHostname(r.world.api, r.world.zone, { hostname, ssl: DEFAULT_SSL })));
    const room = inPenalty(m) ? 0 : LIMIT - inWindow(m);
    const accepted = answers.flatMap((answer, i) => (answer.body?.success === true ? [{ answer, hostname: names[i]! }] : []));
    const why = inPenalty(m) ? `in the penalty until ${m.penaltyUntil}` : `${inWindow(m)} certificates in the last minute`;
    const rule = inPenalty(m) ? PENALTY_ID : RATE;
    expect(accepted.length, blame(rule, `${this}: at ${m.now}, ${why}: ${Math.min(room, this.count)} of ${this.count} POSTs accepted; answers ${answers.map((a) => a.status).join(' ')}`))
      .toBe(Math.min(room, this.count));
    for (const answer of answers) if (answer.body?.success !== true) expectFailure(answer, blame(rule, `${this}: a POST over the limit`));
    if (this.count > room && !inPenalty(m)) m.penaltyUntil = m.now + PENALTY;
    for (const { answer, hostname } of accepted) {
      const id = (answer.body!.result as { id?: unknown } | null)?.id;
      expect(typeof id, `${this}: the created hostname ${hostname} has an id`).toBe('string');
      m.hostnames.push({ id: id as string, hostname, status: this.atZone ? 'active' : 'pending' });
      m.issued.push(m.now);
    }
  }
  toString(): string { return `create(${this.count}, ${this.atZone ? 'CNAME at the zone' : 'no CNAME'})`; }
}

/** The customer points an Active hostname's CNAME elsewhere: it becomes Moved, now. */
class MoveAwayCommand implements Command {
  constructor(readonly pick: number) {}
  check(m: Readonly<HostnameModel>): boolean { return living(m, 'active').length > 0; }
  async run(m: HostnameModel, r: HostnameReal): Promise<void> {
    const active = living(m, 'active');
    const hostname = active[this.pick % active.length]!;
    await pointElsewhere(r.world.control, hostname.hostname);
    Object.assign(hostname, { status: 'moved', movedAt: m.now });
  }
  toString(): string { return `moveAway(#${this.pick})`; }
}

/** The CNAME of a hostname in validation or Moved points at the zone, then a PATCH restarts validation: Active. */
class PointBackAndPatchCommand implements Command {
  constructor(readonly pick: number) {}
  check(m: Readonly<HostnameModel>): boolean { return this.candidates(m).length > 0; }
  private candidates(m: Readonly<HostnameModel>) { return m.hostnames.filter((h) => h.status === 'moved' || h.status === 'pending'); }
  async run(m: HostnameModel, r: HostnameReal): Promise<void> {
    const candidates = this.candidates(m);
    const hostname = candidates[this.pick % candidates.length]!;
    await pointAtZone(r.world.control, r.world.zone, hostname.hostname);
    expectSuccess(await patchHostname(r.world.api, r.world.zone, hostname.id), blame('ZM-CH-MOVED-PATCH-REACTIVATES', `${this}: PATCH of ${hostname.hostname} (${hostname.status})`));
    Object.assign(hostname, { status: 'active', movedAt: undefined, reactivated: hostname.status === 'moved' });
  }
  toString(): string { return `pointBackAndPatch(#${this.pick})`; }
}

/** Time passes on the zone's clock; Moved hostnames whose 7 days have elapsed are deleted. */
class AdvanceCommand implements Command {
  constructor(readonly ms: number) {}
  check(): boolean { return true; }
  async run(m: HostnameModel, r: HostnameReal): Promise<void> {
    await r.clock.advance(this.ms);
    m.now += this.ms;
    for (const h of living(m, 'moved')) if (m.now - h.movedAt! >= LIFETIME) h.status = 'deleted';
  }
  toString(): string { return `advance(${this.ms} ms)`; }
}

class ReadAllCommand implements Command {
  check(): boolean { return true; }
  async run(m: HostnameModel, r: HostnameReal): Promise<void> { await expectAsModelled(m, r); }
  toString(): string { return 'readAll'; }
}

/** Every hostname of the model read back: its status and reasons, or (deleted) no record. */
export async function expectAsModelled(m: Readonly<HostnameModel>, r: HostnameReal): Promise<void> {
  // The living ones read back through the listing (a few requests, not one GET each); one it does
  // not show, or a target without the listing, is read by its id as before: a hostname gone too
  // early fails that read. The deleted ones are read by id; the positive control of their failed
  // reads is a living one read by the same GET first.
  const listed = living(m).length > 1 ? await listedHostnamesById(r.world) : undefined;
  for (const h of living(m)) {
    const at = `at ${m.now}, ${h.hostname}${h.movedAt === undefined ? '' : ` (moved at ${h.movedAt})`}`;
    const rule = h.status === 'moved' ? DELETED : h.reactivated ? 'ZM-CH-MOVED-PATCH-REACTIVATES' : 'ZM-CH-VERIFICATION-ERRORS';
    const blamed = (error: Error) => {
      throw passesThrough(error) ? error : withFacts(new Error(blame(rule, `${at} must still exist: ${error.message}`), { cause: error }), factsOf(error));
    };
    // A listed record is checked as a read one is, and a failure blamed the same way.
    const fromListing = listed?.get(h.id);
    if (fromListing) await Promise.resolve().then(() => expectHostnameRecord(fromListing, `custom hostname ${h.id}`)).catch(blamed);
    const record = fromListing ?? await readHostname(r.world, h.id).catch(blamed);
    const expected = h.status === 'moved' ? 'ZM-CH-DNS-CHANGE-MOVED' : rule;
    expect(statusOf(record), blame(expected, `${at}: status ${h.status === 'pending' ? 'not active (in validation)' : h.status}: ${JSON.stringify(record)}`))
      .toSatisfy((status: string) => (h.status === 'pending' ? status !== 'active' && status !== 'moved' : status === h.status));
    if (h.status === 'pending') expect(record.verification_errors.some((e) => NO_CNAME.test(e)), blame('ZM-CH-VERIFICATION-ERROR-NO-CNAME', `${at}: verification_errors says it does not CNAME to the zone: ${JSON.stringify(record)}`)).toBe(true);
    if (h.status === 'active') expect(record.verification_errors, blame('ZM-CH-VERIFICATION-ERRORS', `${at}: Active, no reason remains`)).toEqual([]);
  }
  const deleted = m.hostnames.filter((x) => x.status === 'deleted');
  const control = living(m)[0];
  if (listed && deleted.length > 0 && control) {
    await readHostname(r.world, control.id).catch((error: Error) => {
      throw passesThrough(error) ? error : withFacts(new Error(blame(control.status === 'moved' ? DELETED : 'ZM-CH-VERIFICATION-ERRORS', `at ${m.now}, ${control.hostname} is listed but its GET fails: ${error.message}`), { cause: error }), factsOf(error));
    });
  }
  for (const h of deleted) {
    expectFailure(await r.world.api.get(r.world.zone.path(`/custom_hostnames/${h.id}`)), blame(DELETED, `at ${m.now}, ${h.hostname} moved at ${h.movedAt} (7 days elapsed) is deleted: reading it must fail`));
  }
}

/** Instants that land on the document's boundaries (30 s, 7 days) and either side of them. */
const ADVANCES = [1, 1_000, 29_999, 30 * SECOND, 45 * SECOND, 61 * SECOND, DAY, 3 * DAY, LIFETIME - 1, LIFETIME];

export const HostnameModelCommands: fc.Arbitrary<Command>[] = [
  fc.tuple(fc.constantFrom(1, 4, 16, 20), fc.boolean()).map(([count, atZone]) => new CreateCommand(count, atZone)),
  fc.nat(20).map((pick) => new MoveAwayCommand(pick)),
  fc.nat(20).map((pick) => new PointBackAndPatchCommand(pick)),
  fc.constantFrom(...ADVANCES).map((ms) => new AdvanceCommand(ms)),
  fc.constant(new ReadAllCommand()),
];
