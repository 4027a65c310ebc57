// Helpers shared by the custom hostname specs: hostnames of their own, the customer's DNS facts
// (through the control API), the create/read/PATCH calls, and time measured on the target's clock.

import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from '../../../src/spec-kit/api-client.js';
import type { ControlClient, DnsFacts } from '../../../src/spec-kit/control.js';
import { expectArray, expectFailure, expectObject, expectSuccess, isObject } from '../../../src/spec-kit/expect.js';
import type { SpecClock, TestZone } from '../../../src/spec-kit/spec.js';

export interface Ssl { method?: string; type?: string; certificate_authority?: string }

export interface CustomHostname {
  id: string;
  hostname: string;
  ssl: Ssl & { issuer?: string | null };
  status: string;
  verification_errors: string[];
  [field: string]: unknown;
}

export const DEFAULT_SSL: Required<Ssl> = { method: 'txt', type: 'dv', certificate_authority: '' };

const uuid8 = (): string => crypto.randomUUID().slice(0, 8);

/** A customer domain no other spec uses: customer-<uuid8>.example */
export const customerDomain = (): string => `customer-${uuid8()}.example`;

/** A hostname no other spec uses: app-<uuid8>.customer-<uuid8>.example (or under a given domain). */
export const uniqueHostname = (domain = customerDomain()): string => `app-${uuid8()}.${domain}`;

/** The status compared case-insensitively: the spec writes Active, Moved, Blocked; a target may answer lower-case. */
export const statusOf = (hostname: CustomHostname): string => String(hostname.status).toLowerCase();

export function expectStatus(hostname: CustomHostname, status: string, why: string): void {
  expect(statusOf(hostname), `${why}: status should be ${status}; got ${JSON.stringify(hostname)}`).toBe(status.toLowerCase());
}

/** The customer's CNAME points the hostname at the zone (the zone's name), with optional CAA records. */
export function pointAtZone(control: ControlClient, zone: TestZone, hostname: string, caa?: DnsFacts['caa']): Promise<unknown> {
  return control.setDns(hostname, { cname: zone.setup.name, ...(caa && { caa }) });
}

/** The customer's CNAME points the hostname somewhere else (keeping the CAA facts given). */
export function pointElsewhere(control: ControlClient, hostname: string, caa?: DnsFacts['caa']): Promise<unknown> {
  return control.setDns(hostname, { cname: `elsewhere-${uuid8()}.example`, ...(caa && { caa }) });
}

/** A fallback origin with both the setting and its DNS record, so that routing depends on the hostname only. */
export function workingFallbackOrigin(control: ControlClient, zone: TestZone): Promise<unknown> {
  return control.setFallbackOrigin(zone.id, { origin: `fallback.${zone.setup.name}`, dns_record: true });
}

/** Creates a custom hostname. A 429 is returned as is: the certificate issuance limit is what these specs check. */
export function postHostname(api: ApiClient, zone: TestZone, body: unknown): Promise<ApiResponse<CustomHostname>> {
  return api.post<CustomHostname>(zone.path('/custom_hostnames'), { json: body, rateLimitIsTheSubject: true });
}

/**
 * The spec kit's set-up fixture (src/spec-kit/spec.ts): runs a step the document does not show;
 * when the target refuses it, the spec ends "not verified: set-up needs <what> ...", never failed.
 */
export type SetUp = <T>(what: string, step: () => Promise<T>) => Promise<T>;

/** What the helpers below work with: the spec's fixtures. */
export interface HostnameWorld { api: ApiClient; control: ControlClient; zone: TestZone; setUp: SetUp }
/** What creating and reading a record needs: no control API (a run in zones it does not own may do it, where the zone allows 'cert-quota'). */
export type RecordWorld = Omit<HostnameWorld, 'control'>;

/** The set-up steps the document does not show: creating a custom hostname, and reading one. */
export const CREATE_SET_UP = 'a custom hostname created through POST /custom_hostnames (the endpoint and its payload are not shown)';
export const READ_SET_UP = 'a custom hostname read through GET /custom_hostnames/{id} (not shown)';

/**
 * The record's documented fields: ssl (an object), status (a string), verification_errors (an
 * array of strings). Core: the document's table of the custom hostname.
 */
export function expectHostnameRecord(record: CustomHostname, what: string): void {
  const shown = JSON.stringify(record).slice(0, 600);
  expect(isObject(record.ssl), `${what}: the record carries an ssl object: ${shown}`).toBe(true);
  expect(typeof record.status, `${what}: status is a string: ${shown}`).toBe('string');
  expect(Array.isArray(record.verification_errors) && record.verification_errors.every((e) => typeof e === 'string'), `${what}: verification_errors is an array of strings: ${shown}`).toBe(true);
}

/** POST that must create the hostname: the answer is a record with an id, of the hostname asked for. */
async function postAccepted(api: ApiClient, zone: TestZone, hostname: string, ssl: Ssl): Promise<CustomHostname> {
  const created = expectObject(await postHostname(api, zone, { hostname, ssl }), `creating custom hostname ${hostname}`);
  const shown = JSON.stringify(created).slice(0, 600);
  expect(typeof created.id === 'string' && created.id !== '', `the created custom hostname has an id: ${shown}`).toBe(true);
  expect(created.hostname, `the created custom hostname is the one asked for: ${shown}`).toBe(hostname);
  return created;
}

/** Creates a custom hostname: a set-up step (the POST and its payload are not shown). */
export function createHostname(world: RecordWorld, hostname: string, ssl: Ssl = DEFAULT_SSL): Promise<CustomHostname> {
  return world.setUp(CREATE_SET_UP, () => postAccepted(world.api, world.zone, hostname, ssl));
}

/**
 * A POST the certificate rate limit must accept, once a set-up POST of the same payload was
 * accepted (so a refusal here is the limit's, not the payload's): a core check.
 */
export function createAccepted(world: RecordWorld, hostname: string = uniqueHostname()): Promise<CustomHostname> {
  return postAccepted(world.api, world.zone, hostname, DEFAULT_SSL);
}

/** The specs (by their set-up fixture) whose target has already answered a GET of a custom hostname. */
const readProven = new WeakSet<SetUp>();

/**
 * Reads a custom hostname (fresh state: validation, CA choice and deletions as of now). The first
 * read of a spec is a set-up step (GET is not shown); once the target has answered one, a read
 * that fails is the target's failure (a hostname deleted too early, say), asserted as core. The
 * documented fields are core either way.
 */
export async function readHostname(world: RecordWorld, id: string): Promise<CustomHostname> {
  const read = async () => {
    const found = expectObject(await world.api.get<CustomHostname>(world.zone.path(`/custom_hostnames/${id}`)), `reading custom hostname ${id}`);
    expect(found.id, `GET /custom_hostnames/${id} answers that custom hostname: ${JSON.stringify(found).slice(0, 600)}`).toBe(id);
    return found;
  };
  const record = readProven.has(world.setUp) ? await read() : await world.setUp(READ_SET_UP, read);
  readProven.add(world.setUp);
  expectHostnameRecord(record, `custom hostname ${id}`);
  return record;
}

/** Creates a custom hostname and reads it back. */
export async function createAndRead(world: RecordWorld, hostname: string = uniqueHostname(), ssl: Ssl = DEFAULT_SSL): Promise<CustomHostname> {
  return readHostname(world, (await createHostname(world, hostname, ssl)).id);
}

/**
 * Every custom hostname of the zone by id, walked in pages of 50 (production's largest) until a
 * short page, or undefined when the target does not answer the listing so (it is not shown): a
 * read-back of many hostnames in a few requests instead of one GET each. A record is checked as
 * readHostname checks one.
 */
export async function listedHostnamesById(world: RecordWorld): Promise<Map<string, CustomHostname> | undefined> {
  const byId = new Map<string, CustomHostname>();
  for (let page = 1; page <= 40; page++) {
    const response = await world.api.get<CustomHostname[]>(world.zone.path('/custom_hostnames'), { query: { page, per_page: 50 } });
    const result = response.body?.success === true ? response.body.result : undefined;
    if (!Array.isArray(result)) return undefined;
    for (const record of result) {
      if (record === null || typeof record !== 'object' || typeof record.id !== 'string') return undefined;
      byId.set(record.id, record);
    }
    if (result.length < 50) return byId;
  }
  return undefined;
}

/** The zone's custom hostnames (first page): GET of the collection is not shown either. */
export async function listHostnames(api: ApiClient, zone: TestZone, query?: Record<string, string | number>): Promise<CustomHostname[]> {
  return expectArray(await api.get<CustomHostname[]>(zone.path('/custom_hostnames'), query ? { query } : {}), `listing custom hostnames${query ? `?${new URLSearchParams(query as Record<string, string>)}` : ''}`);
}

export function patchHostname(api: ApiClient, zone: TestZone, id: string, ssl: Ssl = DEFAULT_SSL): Promise<ApiResponse<CustomHostname>> {
  return api.patch<CustomHostname>(zone.path(`/custom_hostnames/${id}`), { json: { ssl } });
}

/** PATCH (the documented endpoint: core) restarts validation; then the hostname as it is afterwards. */
export async function revalidate(world: RecordWorld, id: string, ssl: Ssl = DEFAULT_SSL): Promise<CustomHostname> {
  expectSuccess(await patchHostname(world.api, world.zone, id, ssl), `PATCH of custom hostname ${id}`);
  return readHostname(world, id);
}

/** A custom hostname whose CNAME points at the zone (and CAA facts as given), read back. */
export async function validatedHostname(world: HostnameWorld, options: { hostname?: string; ssl?: Ssl; caa?: DnsFacts['caa'] } = {}): Promise<CustomHostname> {
  const hostname = options.hostname ?? uniqueHostname();
  await pointAtZone(world.control, world.zone, hostname, options.caa);
  return createAndRead(world, hostname, options.ssl ?? DEFAULT_SSL);
}

/** An Active custom hostname. */
export async function activeHostname(world: HostnameWorld, options: { hostname?: string; ssl?: Ssl } = {}): Promise<CustomHostname> {
  const hostname = await validatedHostname(world, options);
  expectStatus(hostname, 'Active', 'a custom hostname whose CNAME points at the zone (no CAA, no hold)');
  return hostname;
}

/** The CA whose certificate a client meets at the hostname (control API), or null while none is issued. */
export async function issuerAt(control: ControlClient, hostname: string): Promise<string | null> {
  return (await control.certificate(hostname)).issuer;
}

// --- time on the target's clock --------------------------------------------------------------

/**
 * How far before a boundary a spec can check "not yet". On a frozen clock that is 1 ms (the clock
 * only moves when advanced); on a clock that ticks by itself (the reference's virtual clock in real
 * mode, or --real-time) requests take time, so the spec keeps a margin and checks afterwards that
 * the check did fall before the boundary (`expectBefore`).
 */
export async function boundarySlack(clock: SpecClock): Promise<number> {
  if (!clock.virtual) return 1_000;
  const first = await clock.now();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return (await clock.now()) === first ? 1 : 1_000;
}

/**
 * Makes the spec's own zones' clocks stand still where they are (a target with zone clocks, whose
 * clocks tick by themselves unless the run froze them with --as-of), or the target's one clock,
 * so that a spec can check both sides of a boundary to the millisecond. False when they cannot be
 * made to stand still.
 */
export async function standStill(clock: SpecClock, control: ControlClient, target: { zoneClocks?: boolean }, specZones: readonly string[]): Promise<boolean> {
  if (!clock.virtual) return false;
  if ((await boundarySlack(clock)) <= 1) return true;
  if (target.zoneClocks === true) {
    if (specZones.length === 0) return false;
    await control.setClock(await clock.now(), specZones);
  } else {
    // One clock for the whole target: this spec runs alone, in the clock group (runner/run.ts
    // zoneProjects), so it may make that clock stand still, as --as-of does for a whole run.
    await control.setClock(await clock.now());
  }
  return (await boundarySlack(clock)) <= 1;
}

/**
 * On a clock that can be moved, moves it to the middle of a calendar minute, so that a minute that
 * starts now spans the start of the next calendar minute: "per minute" is the last 60 seconds, and
 * a limit counted per clock minute (reset at every whole minute) then shows, whatever time the
 * run started at. On the target's real clock nothing moves (where the minute falls is chance).
 */
export async function intoMidMinute(clock: SpecClock): Promise<void> {
  if (!clock.virtual) return;
  const now = await clock.now();
  const mid = Math.floor(now / 60_000) * 60_000 + 30_000;
  await advanceTo(clock, mid >= now ? mid : mid + 60_000);
}

/** Moves the clock forward to `time` (never backwards: the clock is shared by every spec of a run). */
export async function advanceTo(clock: SpecClock, time: number): Promise<void> {
  const now = await clock.now();
  if (time > now) await clock.advance(time - now);
}

/** A "not yet" check is conclusive only if it ran before the boundary: the clock read after it says so. */
export async function expectBefore(clock: SpecClock, boundary: number, what: string): Promise<void> {
  const after = await clock.now();
  expect(after < boundary, `inconclusive: ${what} ran at or after the boundary (clock ${after} ≥ ${boundary}); the target's clock moved more than the margin`).toBe(true);
}

/**
 * How far before a boundary a "not yet" request is sent. On a frozen clock, a second. On a clock
 * that ticks, the time the request takes to reach the target counts too, and a loaded machine
 * makes it seconds (the issue saw load averages of 13-16 on 2 cores): ten seconds.
 */
export const notYetMargin = (slack: number): number => (slack <= 1 ? 1_000 : 10_000);

/**
 * A POST that must be refused because it reached the target before `boundary` on its clock. On a
 * clock that ticks, only the clock read after the answer tells whether it did: before the
 * boundary, the answer is the verdict; at or after it, the answer proves nothing either way, and
 * the spec is not verified (skipped with the reason) instead of failing on the machine's load.
 */
export async function expectRefusedBefore(
  clock: SpecClock, boundary: number, response: ApiResponse, what: string, skip: (note: string) => never,
): Promise<void> {
  const after = await clock.now();
  if (after >= boundary) skip(`not verified: ${what} may have reached the target at or after the boundary (its clock read ${after} after the answer, boundary ${boundary}); the machine was too slow for the margin`);
  expectFailure(response, what);
}
