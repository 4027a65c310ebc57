// The HTTP client specs use against a zone API target: plain fetch over a real socket, JSON in and
// out, and a log of the exchanges so that a failed spec can show what it sent and what it got,
// with every credential redacted.

import type { CreatingCollection } from '../../requirements/declarations.js';
import { redactor } from '../core/redact.js';
import { DEFAULT_TIMEOUT_MS } from '../core/run-config.js';
import { RequestTimeout, type SpecBudget } from './budget.js';
import { authHeaders, type Auth } from './target.js';
import { httpExchange } from './http-exchange.js';

import { transportCause } from './transport-cause.js';
import { RequestPacer } from './request-pacer.js';

export { RequestPacer } from './request-pacer.js';

export interface Envelope<T = unknown> {
  result: T;
  success: boolean;
  errors: { code: number; message: string; error_chain?: { code: number; message: string }[] }[];
  messages: unknown[];
  result_info?: { page: number; per_page: number; count: number; total_count: number; [k: string]: unknown };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: Envelope<T> | undefined;
}

export interface RequestOptions {
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is (with the given headers): for malformed bodies. */
  raw?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | (string | number)[]>;
  /**
   * Return a 429 as it is instead of waiting out its retry-after: for specs whose subject is the
   * API's own rate limit.
   */
  rateLimitIsTheSubject?: boolean;
}

/**
 * At most this many retries of a 429 whose retry-after is short (at most MAX_RETRY_WAIT_MS). A
 * longer one (an account blocked for minutes) is waited out once and the request sent once more,
 * never again: sending into a block can make it longer.
 */
const MAX_429_RETRIES = 3;
const MAX_RETRY_WAIT_MS = 30_000;

/** What every client of one spec shares: how long to wait, how fast to go, what was created. */
export interface Transport {
  timeoutMs: number;
  limiter: RequestPacer;
  created: CreatedObjects;
  /** Sent with every request, under the request's own (the spec's SPEC_HEADER). */
  headers: Record<string, string>;
  /**
   * Asked before every request (its method, path and query, JSON body): throws to keep it from
   * being sent (a spec-kit guard skips the spec of a request a zone it does not own must not get).
   */
  guard?: RequestGuard;
  /** The spec's budget (spec-kit/budget.ts): the time its requests wait on the target is not counted. */
  budget?: SpecBudget;
  /** Counts every request sent (each attempt): the spec's `requests` in the report. */
  count?: { apiRequest(): void };
}

export type RequestGuard = (method: string, pathAndQuery: string, body: unknown) => void;

/**
 * Every request a spec sends carries this header, with a value the same for all of that spec's
 * requests and unique in the run: a target's logs (and the remote benchmark) can tell which
 * requests belong to one spec.
 */
export const SPEC_HEADER = 'x-specgate-spec';

export function newTransport(options: { timeoutMs?: number; maxRps?: number; cleanup?: readonly CreatingCollection[]; disposableZone?: (zoneId: string) => boolean; headers?: Record<string, string>; guard?: RequestGuard; budget?: SpecBudget; count?: { apiRequest(): void } } = {}): Transport {
  return {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, limiter: new RequestPacer(options.maxRps), created: new CreatedObjects(options.cleanup, options.disposableZone), headers: options.headers ?? {},
    ...(options.guard && { guard: options.guard }),
    ...(options.budget && { budget: options.budget }),
    ...(options.count && { count: options.count }),
  };
}

/**
 * The objects a spec created, found in the answers to its POSTs on the collections its suite
 * declares (requirements/declarations.ts): a result object or array whose items carry an `id`, and the objects
 * each brings with it. The spec's teardown deletes them whether the spec passed or not, so that a
 * run against a shared target leaves behind only what the API refuses to delete and touches nothing
 * it did not create. Objects that something may protect (those of a collection another one's items
 * bring, or refer to: a firewall rule's filter) go after the rest; each wave goes out together.
 */
export class CreatedObjects {
  private readonly paths: string[] = [];
  /**
   * `disposable`: whether a zone (by id) is one the spec created through the control API, a zone
   * of its own that nothing reads after it: what it holds is left with it, not deleted one DELETE
   * each (those were about a third of a zone run's requests). Zones a target provides are cleaned.
   */
  constructor(private readonly collections: readonly CreatingCollection[] = [], private readonly disposable: (zoneId: string) => boolean = () => false) {}

  noteCreation(collectionUrl: string, result: unknown): void {
    const [, zoneUrl, path] = /^(.*\/zones\/[^/]+)\/(.+)$/.exec(collectionUrl) ?? [];
    const collection = this.collections.find((c) => c.path === path);
    if (!collection || zoneUrl === undefined) return;
    if (this.disposable(decodeURIComponent(zoneUrl.slice(zoneUrl.lastIndexOf('/') + 1)))) return;
    for (const item of Array.isArray(result) ? result : [result]) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id !== 'string' || id === '') continue;
      // What the item brings goes first: drained newest first, the item is deleted before it.
      for (const brought of collection.brings ?? []) {
        const broughtId = brought.idAt.reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], item);
        if (typeof broughtId === 'string' && broughtId !== '') this.paths.push(`${zoneUrl}/${brought.collection}/${encodeURIComponent(broughtId)}`);
      }
      this.paths.push(`${collectionUrl}/${encodeURIComponent(id)}`);
    }
  }

  /** Newest first; each taken once. */
  drain(): string[] { return this.paths.splice(0).reverse(); }

  /**
   * Each taken once, in waves whose objects are independent of each other: first those of the
   * collections nothing brings, then those that may be protected by them (newest first in each).
   */
  drainInWaves(): string[][] {
    const brought = new Set(this.collections.flatMap((c) => (c.brings ?? []).map((b) => b.collection)));
    const isBrought = (url: string) => brought.has(/\/zones\/[^/]+\/(.+)\/[^/]+$/.exec(url)?.[1] ?? '');
    const all = this.drain();
    return [all.filter((url) => !isBrought(url)), all.filter(isBrought)].filter((wave) => wave.length > 0);
  }
}

const EXCERPT_BYTES = 2048;

/** Keeps the last exchanges of one spec, already redacted. */
export class ExchangeLog {
  private readonly entries: string[] = [];
  readonly redact: (text: string) => string;
  constructor(secrets: readonly string[]) { this.redact = redactor(secrets); }

  /** `note`: what the client did besides sending once (a request sent again, and why that was safe). */
  record(method: string, url: string, requestBody: string | undefined, response: { status: number; text: string } | string, note?: string): void {
    const lines = [`> ${method} ${url}`];
    if (requestBody !== undefined) lines.push(`> ${excerpt(requestBody)}`);
    if (note !== undefined) lines.push(`! ${note}`);
    lines.push(typeof response === 'string' ? `< ${response}` : `< ${response.status} ${excerpt(response.text)}`);
    this.entries.push(this.redact(lines.join('\n')));
    if (this.entries.length > 3) this.entries.shift();
  }

  render(): string { return this.entries.join('\n\n'); }
}

const excerpt = (text: string): string => (text.length > EXCERPT_BYTES ? `${text.slice(0, EXCERPT_BYTES)}… (${text.length} bytes)` : text);

/**
 * A request that got no answer, for a reason other than time: its line (method, URL, cause), and
 * the cause alone as data for a caller that words its own line (the zone preflight). The cause is
 * a private field, not a property: vitest serializes a failed spec's error whole, and a spec's
 * failure stays what it was, the line.
 */
export class RequestFailed extends Error {
  readonly #transportCause: string;

  constructor(line: string, transportCause: string) {
    super(line);
    this.#transportCause = transportCause;
  }

  /** Why the request got no answer, in transport-cause.ts's words, when `error` is a RequestFailed. */
  static transportCauseOf(error: unknown): string | undefined {
    return error instanceof RequestFailed ? error.#transportCause : undefined;
  }
}

export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly auth: Auth | undefined,
    private readonly log: ExchangeLog,
    private readonly transport: Transport = newTransport(),
  ) {}

  /** The same client with other credentials (or none). */
  as(auth: Auth | undefined): ApiClient {
    return new ApiClient(this.baseUrl, auth, this.log, this.transport);
  }

  /** The same client (credentials, exchange log) rooted at another base URL. */
  at(baseUrl: string): ApiClient {
    return new ApiClient(baseUrl, this.auth, this.log, this.transport);
  }

  /** Deletes what the spec created through any of its clients, newest first; an object already gone is fine. */
  async deleteCreated(): Promise<void> {
    const headers = { ...this.transport.headers, ...(this.auth && authHeaders(this.auth)) };
    for (const wave of this.transport.created.drainInWaves()) {
      await Promise.all(wave.map(async (url) => {
        const response = await this.sendPatiently('DELETE', url, undefined, headers);
        if (response.status >= 400 && response.status !== 404) this.log.record('DELETE', url, undefined, `cleanup left it behind: HTTP ${response.status}`);
      }));
    }
  }

  get<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('GET', path, options); }
  post<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('POST', path, options); }
  put<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('PUT', path, options); }
  patch<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('PATCH', path, options); }
  delete<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('DELETE', path, options); }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    // A raw body is judged as what it says, when it is JSON (a raw combined create makes its filter too).
    this.transport.guard?.(method, path + queryString(options.query), options.json ?? (options.raw === undefined ? undefined : parseJson(options.raw)));
    const url = this.baseUrl + path + queryString(options.query);
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.raw;
    const headers: Record<string, string> = {
      ...this.transport.headers,
      ...(this.auth && authHeaders(this.auth)),
      ...(options.json !== undefined && { 'content-type': 'application/json' }),
      ...options.headers,
    };
    const response = options.rateLimitIsTheSubject ? await this.send(method, url, body, headers) : await this.sendPatiently(method, url, body, headers);
    const parsed = { ...response, body: parseJson(response.text) as Envelope<T> | undefined };
    if (method === 'POST' && parsed.body?.success === true) this.transport.created.noteCreation(url.split('?')[0]!, parsed.body.result);
    return parsed;
  }

  /**
   * Sends, and while the answer is 429 waits out its retry-after and sends again: a few times
   * after short waits, once after a long one.
   */
  private async sendPatiently(method: string, url: string, body: string | undefined, headers: Record<string, string> | undefined): Promise<Omit<ApiResponse, 'body'>> {
    let response = await this.send(method, url, body, headers);
    for (let retry = 1; response.status === 429 && retry <= MAX_429_RETRIES; retry++) {
      const retryAfter = response.headers.get('retry-after');
      const wait = retryAfterMs(retryAfter, retry);
      const long = wait > MAX_RETRY_WAIT_MS;
      // The retry (and every other request of the worker) waits in the pacer's turn.
      this.transport.limiter.hold(wait, `the target's 429 (retry-after: ${retryAfter ?? 'none'})`);
      response = await this.send(method, url, body, headers);
      if (long) break;
    }
    return response;
  }

  private async send(method: string, url: string, body: string | undefined, headers: Record<string, string> | undefined): Promise<Omit<ApiResponse, 'body'>> {
    const request = this.log.redact(`${method} ${url}`);
    const { limiter } = this.transport;
    await this.waitingOnTarget(`its turn to send ${request} (--max-rps, retry-after, the target's rate limit)`, () => limiter.turn());
    this.transport.count?.apiRequest();
    let response: Omit<ApiResponse, 'body'> | undefined;
    try {
      response = await this.waitingOnTarget(request, () => this.exchange(method, url, body, headers));
    } finally {
      limiter.answered(response?.headers);
    }
    this.transport.budget?.note(`${request} answered HTTP ${response.status}`);
    return response;
  }

  private async exchange(method: string, url: string, body: string | undefined, headers: Record<string, string> | undefined): Promise<Omit<ApiResponse, 'body'>> {
    const { timeoutMs } = this.transport;
    try {
      // A request lost on a connection the server closed while idle is sent again, where provably safe (spec-kit/http-exchange.ts).
      const response = await httpExchange(method, url, body, headers, timeoutMs);
      this.log.record(method, url, body, response, response.resent);
      return { status: response.status, headers: response.headers, text: response.text };
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      // The cause says what happened, with its code, system call and message (spec-kit/transport-cause.ts).
      const cause = timedOut ? undefined : transportCause(error, url);
      const reason = cause === undefined ? `no response in ${timeoutMs / 1000} s` : `request failed: ${cause}`;
      this.log.record(method, url, body, reason);
      const line = this.log.redact(`${method} ${url}: ${reason}`);
      throw cause === undefined ? new RequestTimeout(`${line} (--timeout; fix: raise --timeout S if the target is this slow)`) : new RequestFailed(line, cause);
    }
  }

  /** A wait on the target: not counted against the spec's budget. */
  private waitingOnTarget<T>(what: string, wait: () => Promise<T>): Promise<T> {
    const { budget } = this.transport;
    return budget ? budget.waitingOnTarget(what, wait) : wait();
  }
}

/** How long to wait before retrying a 429: its retry-after (seconds or a date), else 1, 2, 4 s. */
export function retryAfterMs(retryAfter: string | null, attempt: number): number {
  const seconds = Number(retryAfter);
  const fromHeader = retryAfter === null ? Number.NaN : Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
  return Number.isFinite(fromHeader) && fromHeader >= 0 ? fromHeader : 1000 * 2 ** (attempt - 1);
}

/** retryAfterMs, never more than 30 s (the preflight, which waits only within --timeout). */
export const retryWait = (retryAfter: string | null, attempt: number): number => Math.min(retryAfterMs(retryAfter, attempt), MAX_RETRY_WAIT_MS);

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
