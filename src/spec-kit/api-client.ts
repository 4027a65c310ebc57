// The HTTP client specs use against a zone API target: plain fetch over a real socket, JSON in and
// out, and a log of the exchanges so that a failed spec can show what it sent and what it got,
// with every credential redacted.

import { authHeaders, type Auth } from './target.js';

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
}

export const REQUEST_TIMEOUT_MS = 15_000;
const EXCERPT_BYTES = 2048;

/** Keeps the last exchanges of one spec, already redacted. */
export class ExchangeLog {
  private readonly entries: string[] = [];
  constructor(private readonly secrets: string[]) {}

  record(method: string, url: string, requestBody: string | undefined, response: { status: number; text: string } | string): void {
    const lines = [`> ${method} ${url}`];
    if (requestBody !== undefined) lines.push(`> ${excerpt(requestBody)}`);
    lines.push(typeof response === 'string' ? `< ${response}` : `< ${response.status} ${excerpt(response.text)}`);
    this.entries.push(this.redact(lines.join('\n')));
    if (this.entries.length > 3) this.entries.shift();
  }

  render(): string { return this.entries.join('\n\n'); }

  redact(text: string): string {
    return this.secrets.reduce((out, secret) => out.split(secret).join('[REDACTED]'), text);
  }
}

const excerpt = (text: string): string => (text.length > EXCERPT_BYTES ? `${text.slice(0, EXCERPT_BYTES)}… (${text.length} bytes)` : text);

export class ApiClient {
  constructor(private readonly baseUrl: string, private readonly auth: Auth | undefined, private readonly log: ExchangeLog) {}

  /** The same client with other credentials (or none). */
  as(auth: Auth | undefined): ApiClient {
    return new ApiClient(this.baseUrl, auth, this.log);
  }

  /** The same client (credentials, exchange log) rooted at another base URL. */
  at(baseUrl: string): ApiClient {
    return new ApiClient(baseUrl, this.auth, this.log);
  }

  get<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('GET', path, options); }
  post<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('POST', path, options); }
  put<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('PUT', path, options); }
  patch<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('PATCH', path, options); }
  delete<T = unknown>(path: string, options?: RequestOptions) { return this.request<T>('DELETE', path, options); }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = this.baseUrl + path + queryString(options.query);
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.raw;
    const headers: Record<string, string> = {
      ...(this.auth && authHeaders(this.auth)),
      ...(options.json !== undefined && { 'content-type': 'application/json' }),
      ...options.headers,
    };
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no response in ${REQUEST_TIMEOUT_MS / 1000} s` : `request failed: ${(error as Error).message}`;
      this.log.record(method, url, body, reason);
      throw new Error(this.log.redact(`${method} ${url}: ${reason}`));
    }
    const text = await response.text();
    this.log.record(method, url, body, { status: response.status, text });
    return { status: response.status, headers: response.headers, text, body: parseJson(text) as Envelope<T> | undefined };
  }
}

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
