// The preflight of a zone API target: what must hold of it before any spec runs, checked once, so
// that a setup mistake (a wrong token, a URL that is not the control API, a zone that does not
// exist) is one line naming the cause and the fix, instead of every spec failing for it.
//
// Each cause has its own line: a target that rate limits (a 429 is waited out, as its retry-after
// asks, within --timeout), one that fails (5xx), a wrong path (404), one too slow for --timeout,
// nothing listening, an answer that is not the JSON envelope, credentials refused.
//
// The checks: reachable (any HTTP answer); its control API, when it has one, answers a zone
// created through it in its envelope; a zone to work in (that one, or each zone the config file
// provides); each credential scheme given is accepted by an authenticated read of that zone (the
// read the authentication specs make: GET /zones/{id}/filters). Every request goes out through the
// spec kit's API client (spec-kit/api-client.ts), as the specs' requests do.

import type { ControlZone, Plan } from '../../contract/control.js';
import { UnreachableError } from '../core/errors.js';
import type { Credentials, ProvidedZones } from '../core/run-config.js';
import { answerLine } from '../spec-kit/answer-line.js';
import { requestsOutsideSpecs } from '../spec-kit/request-count.js';
import { ApiClient, ExchangeLog, newTransport, RequestFailed, retryWait, type ApiResponse } from '../spec-kit/api-client.js';
import { RequestTimeout } from '../spec-kit/budget.js';
import { schemes, secretsOf, type Auth } from '../spec-kit/target.js';
import { failureLine, PreflightError, type Check } from './preflight-check.js';

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
    const response = await clientOf(place, place.baseUrl).get('', { rateLimitIsTheSubject: true });
    const date = Date.parse(response.headers.get('date') ?? '');
    return { check: { what, ok: true, detail: `${place.baseUrl} answers (HTTP ${response.status})` }, ...(!Number.isNaN(date) && { date }) };
  } catch (error) {
    const fix = 'check --target (or target.url in specgate.config.ts) and that the server is running';
    if (isTimeout(error)) return { check: { what, ok: false, detail: `target unreachable: ${place.baseUrl} gave no answer within ${seconds(place.timeoutMs)} (--timeout)`, fix: `${SLOW_FIX}; else ${fix}` } };
    return { check: { what, ok: false, detail: `target unreachable: ${place.baseUrl} (${causeOf(error)})`, fix } };
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
    const created = await createZone(place, place.controlUrl);
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

const CONTROL_FIX = 'give --control the target\'s control API (docs/guide-zone-api.md, "The control API"); a `specgate serve` has one, at <its origin>/__control, only when started with --test-mode';

/** POST /zones through the control API: it must answer a zone in its envelope. */
async function createZone(place: ZoneTargetPlace, controlUrl: string): Promise<{ check: Check; zone?: ControlZone }> {
  const what = 'control API';
  const fix = place.bundled ? undefined : CONTROL_FIX;
  let answer: Answer;
  try {
    answer = await ask(clientOf(place, controlUrl), 'POST', '/zones', place.timeoutMs, {});
  } catch (error) {
    const check = 'check --control (or target.control in specgate.config.ts) and that it is the target\'s control API';
    if (isTimeout(error)) return { check: { what, ok: false, detail: `the control API at ${controlUrl} gave no answer to POST /zones within ${seconds(place.timeoutMs)} (--timeout)`, ...(!place.bundled && { fix: `${SLOW_FIX}; else ${check}` }) } };
    return { check: { what, ok: false, detail: `control API unreachable: ${controlUrl} (${causeOf(error)})`, ...(!place.bundled && { fix: check }) } };
  }
  const trouble = targetTrouble(`the control API at ${controlUrl}`, 'POST /zones', answer, place.timeoutMs);
  if (trouble) return { check: { what, ok: false, ...trouble } };
  const result = answer.envelope?.success === true ? answer.envelope.result as Partial<ControlZone> | null : undefined;
  if (result === undefined) {
    return { check: { what, ok: false, detail: `${controlUrl} is not a control API: POST /zones answered ${describe(answer)}`, ...(fix && { fix }) } };
  }
  if (typeof result?.id !== 'string' || result.id === '' || typeof result.name !== 'string' || result.name === '') {
    return { check: { what, ok: false, detail: `the control API at ${controlUrl} answered POST /zones with a result that is not a zone {id, name}: ${excerpt(answer.text)}`, fix: 'the control API must answer as docs/guide-zone-api.md, "The control API", shows' } };
  }
  return { check: { what, ok: true, detail: `${controlUrl} created zone ${result.id}` }, zone: result as ControlZone };
}

/** GET /zones/{id}/filters with one scheme: the read the authentication specs make. */
async function authenticatedRead(place: ZoneTargetPlace, zone: UsableZone, auth: Auth, scheme: 'token' | 'key'): Promise<Check> {
  const what = `credentials (${SCHEME_NAMES[scheme]})`;
  const path = `/zones/${zone.id}/filters`;
  let answer: Answer;
  try {
    answer = await ask(clientOf(place, place.baseUrl, auth), 'GET', path, place.timeoutMs);
  } catch (error) {
    if (isTimeout(error)) return { what, ok: false, detail: `${place.baseUrl} gave no answer to GET ${path} within ${seconds(place.timeoutMs)} (--timeout)`, fix: `${SLOW_FIX}; else check that it is up` };
    return { what, ok: false, detail: `${place.baseUrl} gave no answer to GET ${path} (${causeOf(error)})`, fix: 'check --target and that the server is running' };
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
 * The spec kit's client (spec-kit/api-client.ts) on `baseUrl`, with `auth` if given: each request
 * within --timeout, unpaced (the preflight sends a handful); the credentials redacted from its errors.
 */
function clientOf(place: ZoneTargetPlace, baseUrl: string, auth?: Auth): ApiClient {
  // Counted into the run's requests: the control API's apart from the API's.
  const count = baseUrl === place.controlUrl ? { apiRequest: () => requestsOutsideSpecs.controlRequest() } : requestsOutsideSpecs;
  return new ApiClient(baseUrl, auth, new ExchangeLog(secretsOf(place.credentials)), newTransport({ timeoutMs: place.timeoutMs, count }));
}

/**
 * A request through `client`, honouring a 429 as the specs do: its retry-after (or 1, 2, 4 s) is
 * waited out and the request sent again, as long as the waits stay within `timeoutMs`; then the 429
 * is the answer. (The client's own patience, three retries whatever they take, is not --timeout's.)
 */
async function ask(client: ApiClient, method: string, path: string, timeoutMs: number, json?: unknown): Promise<Answer> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const answer = answerOf(await client.request(method, path, { rateLimitIsTheSubject: true, ...(json !== undefined && { json }) }));
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

/** What the checks read of a response; the envelope only when the body is a JSON object. */
function answerOf(response: ApiResponse): Answer {
  const body: unknown = response.body;
  const envelope = body !== null && typeof body === 'object' && !Array.isArray(body) ? body as Answer['envelope'] : undefined;
  return { status: response.status, contentType: response.headers.get('content-type') ?? 'no content type', text: response.text, envelope, retryAfter: response.headers.get('retry-after') };
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

/** The client's timeout (spec-kit/budget.ts): --timeout ran out before an answer. */
const isTimeout = (error: unknown): boolean => error instanceof RequestTimeout;
const seconds = (ms: number): string => `${ms / 1000} s`;

/**
 * Why a request got no answer, when not for time: its human cause (https:// against plain HTTP, a
 * closed connection), with its code, as the client found it (spec-kit/transport-cause.ts).
 */
const causeOf = (error: unknown): string => RequestFailed.transportCauseOf(error) ?? String((error as Error)?.message ?? error);
