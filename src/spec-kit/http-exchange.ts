// One HTTP exchange of the spec client, over node:http's keep-alive pool: node:http (not fetch)
// because it says whether a request went out on a connection reused from the pool
// (`request.reusedSocket`), which fetch does not. That is what makes a retry provably safe.
//
// A server closes a connection it has kept idle (Node's default: after 5 s). A request the client
// writes on such a connection while the close is on its way gets a reset or an end of stream and
// no answer. It is sent again, once, on a new connection, only when all of these hold: the
// connection was reused (it had answered before, so it was idle between two requests), it failed
// with a reset, a broken pipe or the server's close (ECONNRESET, EPIPE, or the stream ended), and
// not one byte of an answer had arrived. A server that read the request and then closed without
// answering would have to close without any answer on a connection it had just kept for the next
// request: the same condition as Node's documented retry (http.ClientRequest.reusedSocket).

import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Set when the request was sent again on a new connection: why that was safe. */
  resent?: string;
}

/** A transport error as Node raises it, kept whole for transport-cause.ts. */
export class ExchangeError extends Error {
  constructor(override readonly cause: NodeJS.ErrnoException, readonly timedOut: boolean) {
    super(timedOut ? 'no answer in time' : cause.message);
    this.name = timedOut ? 'TimeoutError' : 'ExchangeError';
  }
}

const KEEP_ALIVE = { keepAlive: true };
const agents = { 'http:': new HttpAgent(KEEP_ALIVE), 'https:': new HttpsAgent(KEEP_ALIVE) };
/** The failures of a reused connection that its server had closed while it was idle. */
const CLOSED_WHILE_IDLE = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ERR_STREAM_PREMATURE_CLOSE']);

export async function httpExchange(method: string, url: string, body: string | undefined, headers: Record<string, string> | undefined, timeoutMs: number): Promise<HttpAnswer> {
  const first = await attempt(method, url, body, headers, timeoutMs, true);
  if (first.answer) return first.answer;
  const { error, reused, answerStarted } = first;
  if (!(reused && !answerStarted && CLOSED_WHILE_IDLE.has(error.cause.code ?? ''))) throw error;
  const again = await attempt(method, url, body, headers, timeoutMs, false);
  if (!again.answer) throw again.error;
  const resent = `sent again on a new connection: the first attempt went out on a kept-alive connection the server had closed while idle (${error.cause.code}) and no byte of an answer had arrived, so the target never saw it`;
  return { ...again.answer, resent };
}

type Attempt = { answer: HttpAnswer; error?: undefined } | { answer?: undefined; error: ExchangeError; reused: boolean; answerStarted: boolean };

/** One try: on the pool's connections (`pooled`), or on a connection of its own that is closed after the answer. */
function attempt(method: string, url: string, body: string | undefined, headers: Record<string, string> | undefined, timeoutMs: number, pooled: boolean): Promise<Attempt> {
  const target = new URL(url);
  const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
  const send = protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let answerStarted = false;
    let timedOut = false;
    const request = send(target, { method, headers: requestHeaders(method, body, headers), agent: pooled ? agents[protocol] : false });
    const fail = (error: NodeJS.ErrnoException) => { clearTimeout(timer); resolve({ error: new ExchangeError(error, timedOut), reused: request.reusedSocket, answerStarted }); };
    const timer = setTimeout(() => { timedOut = true; request.destroy(Object.assign(new Error(`no answer in ${timeoutMs / 1000} s`), { code: 'TIMEOUT' })); }, timeoutMs);
    request.on('error', fail);
    request.on('response', (response: IncomingMessage) => {
      answerStarted = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ answer: { status: response.statusCode ?? 0, headers: toHeaders(response), text: Buffer.concat(chunks).toString('utf8') } });
      });
    });
    request.end(body);
  });
}

/** What fetch would send besides the caller's headers: the body's length, and Accept. */
function requestHeaders(method: string, body: string | undefined, headers: Record<string, string> = {}): Record<string, string> {
  const lower = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const length = body !== undefined ? Buffer.byteLength(body) : ['POST', 'PUT', 'PATCH'].includes(method) ? 0 : undefined;
  return {
    ...(!lower.has('accept') && { accept: '*/*' }),
    ...(length !== undefined && !lower.has('content-length') && { 'content-length': String(length) }),
    ...headers,
  };
}

function toHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < response.rawHeaders.length; i += 2) headers.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
  return headers;
}
