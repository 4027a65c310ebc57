// The preflight: what must hold of a target before any spec runs against it, checked once, so that
// a setup mistake (a wrong token, a URL that is not the control API, a zone that does not exist,
// an adapter that never answers) is one line naming the cause and the fix, instead of every spec
// failing for it. `specgate run` stops at the first failed check (exit 2, before any report is
// written); `specgate doctor` prints every check.
//
// Each cause has its own line: a target that rate limits (a 429 is waited out, as its retry-after
// asks, within --timeout), one that fails (5xx), a wrong path (404), one too slow for --timeout,
// nothing listening, an answer that is not the JSON envelope, credentials refused.
//
// A zone API target: reachable (any HTTP answer); its control API, when it has one, answers a zone
// created through it in its envelope; a zone to work in (that one, or each zone the config file
// provides); each credential scheme given is accepted by an authenticated read of that zone (the
// read the authentication specs make: GET /zones/{id}/filters). A storage adapter: it loads, and
// create() gives, within a bounded wait, an object whose storage answers a read.

import type { StorageAdapter, StorageObject } from '../../contract/storage.js';
import type { ControlZone, Plan } from '../../contract/control.js';
import { loadAdapter, type StorageTargetRef } from '../core/adapter-module.js';
import { UnreachableError, UsageError } from '../core/errors.js';
import type { Credentials, ProvidedZones, StorageConfig } from '../core/run-config.js';
import { answerLine } from '../spec-kit/answer-line.js';
import { retryWait } from '../spec-kit/api-client.js';
import { boundedAdapter, startAdapter, StorageCallTimeout, type AdapterStartupFailure } from '../spec-kit/bounded-storage.js';
import { transportCause } from '../spec-kit/transport-cause.js';
import { authHeaders, schemes, type Auth } from '../spec-kit/target.js';

/** One check and what it found; a failed one says how to fix it. */
export interface Check {
  /** What was checked, for doctor's list: "credentials (API token)". */
  what: string;
  ok: boolean;
  /** What was found: "accepted: GET /zones/…/filters answered HTTP 200". */
  detail: string;
  fix?: string;
}

/** A failed check, as `specgate run` reports it: one line, cause and fix, exit 2. */
export class PreflightError extends UsageError {}

/** What the preflight of a zone API target needs to know of it. */
export interface ZoneTargetPlace {
  /** Base URL, ending in /client/v4. */
  baseUrl: string;
  controlUrl?: string | undefined;
  credentials: Credentials;
  zones?: ProvidedZones | undefined;
  /** How long one request may go unanswered. */
  timeoutMs: number;
  /** The bundled reference, started by the run: its fixes name no flag. */
  bundled?: boolean;
}

export interface ZonePreflight {
  checks: Check[];
  /** Every check passed. */
  ok: boolean;
  /** The time the target's Date header gave, if any. */
  targetDate?: number;
}

/** A failed check as one line: what was found (naming the target), and the fix. */
export const failureLine = (check: Check): string => `${check.detail}${check.fix ? `; fix: ${check.fix}` : ''}`;

/**
 * The checks of a zone API target, in order; a failed check ends the list, since the ones after
 * it depend on it (no zone: no authenticated read).
 */
export async function checkZoneTarget(place: ZoneTargetPlace): Promise<ZonePreflight> {
  const checks: Check[] = [];
  const done = (extra: Partial<ZonePreflight> = {}): ZonePreflight => ({ checks, ok: checks.every((c) => c.ok), ...extra });
  const reach = await reachability(place);
  checks.push(reach.check);
  if (!reach.check.ok) return done();
  const targetDate = reach.date === undefined ? {} : { targetDate: reach.date };
  const zones = await zonesToUse(place, checks);
  if (zones === undefined) return done(targetDate);
  const auths = Object.entries(schemes(place.credentials)) as [keyof ReturnType<typeof schemes>, Auth][];
  if (auths.length === 0) {
    checks.push({ what: 'credentials', ok: false, detail: `no credentials were given for ${place.baseUrl}`, fix: CREDENTIAL_FIX.any });
    return done(targetDate);
  }
  // Each scheme on the first zone; each further zone with the first scheme.
  const [first, ...others] = zones;
  for (const [scheme, auth] of auths) {
    checks.push(await authenticatedRead(place, first!, auth, scheme));
    if (!checks.at(-1)!.ok) return done(targetDate);
  }
  for (const zone of others) {
    checks.push(await authenticatedRead(place, zone, auths[0]![1], auths[0]![0]));
    if (!checks.at(-1)!.ok) return done(targetDate);
  }
  return done(targetDate);
}

/** Only whether the target answers at all (--no-preflight: the specs show what a mistake does). */
export async function checkReachable(place: ZoneTargetPlace): Promise<ZonePreflight> {
  const reach = await reachability(place);
  return { checks: [reach.check], ok: reach.check.ok, ...(reach.date !== undefined && { targetDate: reach.date }) };
}

/** The first failed check of a zone target as the error `specgate run` exits with. */
export function preflightError(preflight: ZonePreflight): Error | undefined {
  const failed = preflight.checks.find((c) => !c.ok);
  if (!failed) return undefined;
  const line = failureLine(failed);
  return failed.what === 'reachable' ? new UnreachableError(line) : new PreflightError(line);
}

// --- the zone API target -------------------------------------------------------------------

const CREDENTIAL_FIX = {
  token: 'give the token the target accepts: --token T, or the environment variable SPECGATE_TOKEN (or the one target.credentials.tokenEnv names in specgate.config.ts)',
  key: 'give the email and key the target accepts: --email E --key K, or SPECGATE_EMAIL and SPECGATE_KEY (or the variables target.credentials.emailEnv and keyEnv name in specgate.config.ts)',
  any: 'a target URL needs credentials: --token T, or --email E --key K (or SPECGATE_TOKEN, SPECGATE_EMAIL, SPECGATE_KEY)',
} as const;

const SCHEME_NAMES = { token: 'API token', key: 'email and API key' } as const;

/** A zone the specs will work in, and where it came from (for the messages). */
interface UsableZone { id: string; from: 'control' | Plan }

async function reachability(place: ZoneTargetPlace): Promise<{ check: Check; date?: number }> {
  const what = 'reachable';
  try {
    // Any answer will do, a 429 or a 500 too: the checks after this one say what it means.
    const response = await fetch(place.baseUrl, { method: 'GET', signal: AbortSignal.timeout(place.timeoutMs) });
    await response.body?.cancel();
    const date = Date.parse(response.headers.get('date') ?? '');
    return { check: { what, ok: true, detail: `${place.baseUrl} answers (HTTP ${response.status})` }, ...(!Number.isNaN(date) && { date }) };
  } catch (error) {
    const fix = 'check --target (or target.url in specgate.config.ts) and that the server is running';
    if (isTimeout(error)) return { check: { what, ok: false, detail: `target unreachable: ${place.baseUrl} gave no answer within ${seconds(place.timeoutMs)} (--timeout)`, fix: `${SLOW_FIX}; else ${fix}` } };
    return { check: { what, ok: false, detail: `target unreachable: ${place.baseUrl} (${causeOf(error, place.baseUrl)})`, fix } };
  }
}

const SLOW_FIX = 'raise --timeout S (target.timeoutSeconds in specgate.config.ts) if the target is this slow';

/**
 * Why an answer is the target's own trouble, not a mistake of the setup, if it is: it still rate
 * limits after its retry-after was waited out within --timeout (429), or it failed (5xx).
 */
function targetTrouble(who: string, request: string, answer: Answer, timeoutMs: number): Pick<Check, 'detail' | 'fix'> | undefined {
  if (answer.status === 429) {
    const asked = answer.retryAfter === null ? 'without a retry-after' : `asking to retry after ${answer.retryAfter}`;
    return {
      detail: `${who} rate limits specgate: ${request} answered ${describe(answer)}, ${asked}, and still did after waiting within --timeout (${seconds(timeoutMs)})`,
      fix: 'run again when the limit has reset, and give --max-rps N to stay under it (raise --timeout S to wait out a longer retry-after)',
    };
  }
  if (answer.status >= 500) {
    return {
      detail: `${who} failed: ${request} answered ${describe(answer)}, a server error`,
      fix: 'the target (or a proxy in front of it) is failing, which no flag of specgate fixes: check that it is up and healthy (its logs), then run again',
    };
  }
  return undefined;
}

/**
 * The zones specs will work in: one created through the control API, or those the config file
 * provides. Pushes the control API's check, or the zone check when there is neither.
 */
async function zonesToUse(place: ZoneTargetPlace, checks: Check[]): Promise<UsableZone[] | undefined> {
  if (place.controlUrl !== undefined) {
    const created = await createZone(place);
    checks.push(created.check);
    return created.zone && [{ id: created.zone.id, from: 'control' }];
  }
  const provided = Object.entries(place.zones ?? {}).filter(([, zone]) => zone !== undefined).map(([plan, zone]) => ({ id: zone!.id, from: plan as Plan }));
  if (provided.length === 0) {
    checks.push({
      what: 'a zone to work in', ok: false,
      detail: `no zone to run specs in: ${place.baseUrl} is given without a control API to create zones, and specgate.config.ts provides none`,
      fix: 'give the target\'s control API (--control URL, or target.control in specgate.config.ts), or a zone it provides (target.zones.enterprise: {id, name} in specgate.config.ts)',
    });
    return undefined;
  }
  checks.push({ what: 'a zone to work in', ok: true, detail: `provided by specgate.config.ts: ${provided.map((z) => `zones.${z.from} (${z.id})`).join(', ')}` });
  return provided;
}

const CONTROL_FIX = 'give --control the target\'s control API (README, "The control API"); a `specgate serve` has one, at <its origin>/__control, only when started with --test-mode';

/** POST /zones through the control API: it must answer a zone in its envelope. */
async function createZone(place: ZoneTargetPlace): Promise<{ check: Check; zone?: ControlZone }> {
  const what = 'control API';
  const url = `${place.controlUrl}/zones`;
  const fix = place.bundled ? undefined : CONTROL_FIX;
  let answer: Answer;
  try {
    answer = await ask('POST', url, { 'content-type': 'application/json' }, '{}', place.timeoutMs);
  } catch (error) {
    const check = 'check --control (or target.control in specgate.config.ts) and that it is the target\'s control API';
    if (isTimeout(error)) return { check: { what, ok: false, detail: `the control API at ${place.controlUrl} gave no answer to POST /zones within ${seconds(place.timeoutMs)} (--timeout)`, ...(!place.bundled && { fix: `${SLOW_FIX}; else ${check}` }) } };
    return { check: { what, ok: false, detail: `control API unreachable: ${place.controlUrl} (${causeOf(error, place.controlUrl!)})`, ...(!place.bundled && { fix: check }) } };
  }
  const trouble = targetTrouble(`the control API at ${place.controlUrl}`, 'POST /zones', answer, place.timeoutMs);
  if (trouble) return { check: { what, ok: false, ...trouble } };
  const result = answer.envelope?.success === true ? answer.envelope.result as Partial<ControlZone> | null : undefined;
  if (result === undefined) {
    return { check: { what, ok: false, detail: `${place.controlUrl} is not a control API: POST /zones answered ${describe(answer)}`, ...(fix && { fix }) } };
  }
  if (typeof result?.id !== 'string' || result.id === '' || typeof result.name !== 'string' || result.name === '') {
    return { check: { what, ok: false, detail: `the control API at ${place.controlUrl} answered POST /zones with a result that is not a zone {id, name}: ${excerpt(answer.text)}`, fix: 'the control API must answer as the README\'s "The control API" shows' } };
  }
  return { check: { what, ok: true, detail: `${place.controlUrl} created zone ${result.id}` }, zone: result as ControlZone };
}

/** GET /zones/{id}/filters with one scheme: the read the authentication specs make. */
async function authenticatedRead(place: ZoneTargetPlace, zone: UsableZone, auth: Auth, scheme: 'token' | 'key'): Promise<Check> {
  const what = `credentials (${SCHEME_NAMES[scheme]})`;
  const path = `/zones/${zone.id}/filters`;
  let answer: Answer;
  try {
    answer = await ask('GET', `${place.baseUrl}${path}`, authHeaders(auth), undefined, place.timeoutMs);
  } catch (error) {
    if (isTimeout(error)) return { what, ok: false, detail: `${place.baseUrl} gave no answer to GET ${path} within ${seconds(place.timeoutMs)} (--timeout)`, fix: `${SLOW_FIX}; else check that it is up` };
    return { what, ok: false, detail: `${place.baseUrl} gave no answer to GET ${path} (${causeOf(error, place.baseUrl)})`, fix: 'check --target and that the server is running' };
  }
  if (answer.envelope?.success === true) return { what, ok: true, detail: `accepted: GET ${path} answered HTTP ${answer.status}` };
  const trouble = targetTrouble(place.baseUrl, `GET ${path}`, answer, place.timeoutMs);
  if (trouble) return { what, ok: false, ...trouble };
  const zoneName = zone.from === 'control' ? `the zone its control API created (${zone.id})` : `zone zones.${zone.from} (${zone.id})`;
  const baseUrlFix = place.bundled ? {} : { fix: 'give --target the API\'s base URL (the one its paths /zones/... hang from, with or without /client/v4)' };
  if (isNoRoute(answer)) {
    return { what, ok: false, detail: `${place.baseUrl} has no such path: GET ${path} answered ${describe(answer)}`, ...baseUrlFix };
  }
  if (answer.envelope === undefined) {
    return { what, ok: false, detail: `${place.baseUrl} answered GET ${path} with ${describe(answer)}, not the JSON envelope`, ...baseUrlFix };
  }
  if (answer.status === 401 || answer.status === 403) {
    return { what, ok: false, detail: `${place.baseUrl} refuses the ${SCHEME_NAMES[scheme]}: GET ${path} answered ${describe(answer)}`, fix: CREDENTIAL_FIX[scheme] };
  }
  const fix = zone.from === 'control'
    ? 'check that --control is the control API of this --target (the zones it creates must be the target\'s)'
    : `check target.zones.${zone.from}.id in specgate.config.ts: a zone the target has, which these credentials may use`;
  return { what, ok: false, detail: `${place.baseUrl} does not let these credentials read ${zoneName}: GET ${path} answered ${describe(answer)}`, fix };
}

interface Answer { status: number; contentType: string; text: string; envelope: { success?: unknown; result?: unknown; errors?: unknown } | undefined; retryAfter: string | null }

/**
 * `send`, honouring a 429 as the specs do: its retry-after (or 1, 2, 4 s) is waited out and the
 * request sent again, as long as the waits stay within `timeoutMs`; then the 429 is the answer.
 */
async function ask(method: string, url: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const answer = await send(method, url, headers, body, timeoutMs);
    if (answer.status !== 429) return answer;
    const wait = retryWait(answer.retryAfter, attempt);
    if (Date.now() + wait > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * A 404 that says the path is unknown, not the zone: an answer that is no envelope, or the
 * production service's "No route for that URI" (code 7000; reference-notes).
 */
function isNoRoute(answer: Answer): boolean {
  if (answer.status !== 404) return false;
  const errors = answer.envelope?.errors;
  return answer.envelope === undefined || (Array.isArray(errors) && errors.some((e) => (e as { code?: unknown } | null)?.code === 7000));
}

async function send(method: string, url: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number): Promise<Answer> {
  const response = await fetch(url, { method, headers, ...(body !== undefined && { body }), signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let envelope: Answer['envelope'];
  try {
    const parsed: unknown = JSON.parse(text);
    envelope = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    envelope = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'no content type', text, envelope, retryAfter: response.headers.get('retry-after') };
}

/** `HTTP 403, errors 10000 "Authentication error"` (as the specs say it), or `HTTP 502 text/html: <html>…`, on one line. */
function describe(answer: Answer): string {
  if (answer.envelope === undefined) return `HTTP ${answer.status} ${answer.contentType.split(';')[0]}: ${excerpt(answer.text)}`;
  return answerLine(answer.status, answer.envelope);
}

/** The first bytes of a body, on one line. */
const excerpt = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line === '' ? '(empty body)' : line.length > 120 ? `${line.slice(0, 120)}…` : line;
};

const isTimeout = (error: unknown): boolean => (error as Error).name === 'TimeoutError';
const seconds = (ms: number): string => `${ms / 1000} s`;

/** Why a request got no answer: in time, or its human cause (https:// against plain HTTP, a closed connection), with its code. */
const causeOf = (error: unknown, url: string): string => (isTimeout(error) ? 'no answer in time' : transportCause(error, url));

// --- storage adapters ----------------------------------------------------------------------

export interface AdapterPreflight {
  checks: Check[];
  ok: boolean;
  /** The adapter as loaded, when it loaded. */
  adapter?: StorageAdapter;
}

/**
 * The checks of a storage adapter: it loads and honours the contract's shape, its runtime starts
 * (start(), within --startup-timeout), and create() gives an object whose storage answers get(),
 * each call bounded as the specs bound them (spec-kit/bounded-storage.ts: --timeout; an adapter
 * without start() may start its runtime in its first create(), which gets at least
 * FIRST_CREATE_MS). The object is destroyed and the adapter closed afterwards (the test workers
 * load their own).
 */
export async function checkAdapter(ref: StorageTargetRef, { timeoutMs, startupMs }: Pick<StorageConfig, 'timeoutMs' | 'startupMs'>): Promise<AdapterPreflight> {
  const checks: Check[] = [];
  let adapter: StorageAdapter;
  try {
    adapter = await loadAdapter(ref);
  } catch (error) {
    // The load error names its cause and what is expected (core/module-load-error.ts): no fix to add.
    checks.push({ what: 'loads', ok: false, detail: (error as Error).message });
    return { checks, ok: false };
  }
  checks.push({ what: 'loads', ok: true, detail: `${ref.module}${adapter.name !== ref.name ? ` (named ${adapter.name})` : ''}` });
  const checked = boundedAdapter(adapter, timeoutMs);
  try {
    const started = await runtimeStarts(adapter, startupMs);
    if (started !== undefined) checks.push(started);
    if (started?.ok !== false) checks.push(await objectAnswers(checked, adapter.name));
  } finally {
    await Promise.resolve().then(() => checked.close?.()).catch(() => undefined);
  }
  return { checks, ok: checks.every((c) => c.ok), adapter };
}

/** The first failed check of an adapter as the error `specgate run` exits with. */
export function adapterPreflightError(preflight: AdapterPreflight): Error | undefined {
  const failed = preflight.checks.find((c) => !c.ok);
  return failed && new PreflightError(failureLine(failed));
}

/** The adapter's start(), if it has one, within the start-up limit: the failure whole, with the adapter's fix. */
async function runtimeStarts(adapter: StorageAdapter, startupMs: number): Promise<Check | undefined> {
  if (typeof adapter.start !== 'function') return undefined;
  const what = 'its runtime starts';
  try {
    await startAdapter(adapter, startupMs);
    return { what, ok: true, detail: 'start() resolved' };
  } catch (error) {
    const failure = error as AdapterStartupFailure;
    return { what, ok: false, detail: `--${failure.message}`, fix: failure.fix };
  }
}

/** `adapter` bounded (boundedAdapter): a call that hangs rejects with StorageCallTimeout. */
async function objectAnswers(adapter: StorageAdapter, name: string): Promise<Check> {
  const what = 'a fresh object answers';
  const fix = 'create() must resolve to a fresh object whose storage answers (README, "The contract"); run the adapter\'s own tests';
  let object: StorageObject;
  try {
    object = await adapter.create();
  } catch (error) {
    return { what, ok: false, detail: `--adapter ${name}: create() ${failure(error)}`, fix: fixOf(error) ?? fix };
  }
  try {
    if (object === null || typeof object !== 'object' || object.storage === null || typeof object.storage?.get !== 'function') {
      return { what, ok: false, detail: `--adapter ${name}: create() resolved to something without storage.get()`, fix };
    }
    await object.storage.get('specgate-preflight');
    return { what, ok: true, detail: 'create() gave an object; storage.get() answered' };
  } catch (error) {
    return { what, ok: false, detail: `--adapter ${name}: storage.get('specgate-preflight') on a fresh object ${failure(error)}`, fix };
  } finally {
    await Promise.resolve().then(() => object.destroy?.()).catch(() => undefined);
  }
}

/** The fix an adapter's error names (the workerd adapter's start errors do), if it names one. */
const fixOf = (error: unknown): string | undefined => {
  const fix = (error as { fix?: unknown } | undefined)?.fix;
  return typeof fix === 'string' ? fix : undefined;
};

/** How a bounded call failed: the bound it ran out of, or what it threw (whole: every line). */
const failure = (error: unknown): string =>
  (error instanceof StorageCallTimeout ? `gave no answer in ${error.limitMs / 1000} s` : `threw: ${String((error as Error)?.message ?? error)}`);
