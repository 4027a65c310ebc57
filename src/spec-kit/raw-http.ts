// A raw HTTP/1.1 exchange over a TCP socket, for requests that HTTP clients refuse to send
// (such as one carrying both Transfer-Encoding and Content-Length). The answer is read whatever
// its framing: chunked, Content-Length or delimited by the close of the connection.

import { connect, isIP } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { transportCause } from './transport-cause.js';

export interface RawResponse {
  /** Status code, or undefined when the target closed the connection without an answer. */
  status: number | undefined;
  headers: Record<string, string>;
  /** The body with its framing removed (a chunked body decoded). */
  body: string;
  /** Without an answer: why, when the connection failed (transport-cause.ts: the code kept). */
  cause?: string;
}

/**
 * Sends `head` (request line and headers, without the blank line) and `body`; reads one answer.
 * Over TLS for an https:// URL (port 443 by default): plain TCP would talk HTTP to a TLS port.
 */
export function rawExchange(url: URL, head: string[], body: string, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const port = Number(url.port || (secure ? 443 : 80));
    // SNI takes a host name, never an address.
    const socket = secure ? connectTls({ host: url.hostname, port, ...(isIP(url.hostname) === 0 && { servername: url.hostname }) }) : connect(port, url.hostname);
    const chunks: Buffer[] = [];
    let failure: string | undefined;
    const timer = setTimeout(() => { socket.destroy(); reject(new Error(`no response in ${timeoutMs / 1000} s`)); }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      const { response } = readResponse(Buffer.concat(chunks));
      resolve(response.status === undefined && failure !== undefined ? { ...response, cause: failure } : response);
    };
    socket.on(secure ? 'secureConnect' : 'connect', () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (readResponse(Buffer.concat(chunks)).complete) { socket.destroy(); finish(); }
    });
    // A target may answer and close before it has read the whole request: writing then fails
    // (EPIPE), but its answer can still be read. So an error only ends the exchange at 'close'.
    socket.on('error', (error) => { failure ??= transportCause(error, url.href); });
    socket.on('close', finish);
  });
}

/**
 * The final answer in the bytes read so far, and whether it is whole by its own framing. Interim
 * answers (1xx) are passed over. Without Content-Length or chunked framing, the body ends with
 * the connection (RFC 9112 §6.3), so it is never whole before the close.
 */
export function readResponse(bytes: Buffer): { response: RawResponse; complete: boolean } {
  let start = 0;
  for (;;) {
    const split = bytes.indexOf('\r\n\r\n', start);
    if (bytes.subarray(start, start + 5).toString('latin1') !== 'HTTP/' || split < 0) {
      return { response: { status: undefined, headers: {}, body: bytes.subarray(start).toString('utf8') }, complete: false };
    }
    const { status, headers } = parseHead(bytes.subarray(start, split).toString('latin1'));
    const rest = bytes.subarray(split + 4);
    if (status >= 100 && status < 200) { start = split + 4; continue; }
    if (status === 204 || status === 304) return { response: { status, headers, body: '' }, complete: true };
    if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) {
      const decoded = decodeChunked(rest);
      return { response: { status, headers, body: decoded.body.toString('utf8') }, complete: decoded.complete };
    }
    const length = headers['content-length'] === undefined ? Number.NaN : Number(headers['content-length']);
    if (Number.isFinite(length)) return { response: { status, headers, body: rest.subarray(0, length).toString('utf8') }, complete: rest.length >= length };
    return { response: { status, headers, body: rest.toString('utf8') }, complete: false };
  }
}

function parseHead(text: string): { status: number; headers: Record<string, string> } {
  const [statusLine = '', ...headerLines] = text.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers };
}

/** A chunked body's data so far, and whether its last chunk (size 0) and the trailers' end have arrived. */
function decodeChunked(bytes: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd < 0) return { body: Buffer.concat(parts), complete: false };
    // The size is hexadecimal, maybe followed by extensions (";name=value").
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (!Number.isFinite(size)) return { body: Buffer.concat(parts), complete: false };
    if (size === 0) {
      // Trailers, if any, end with an empty line.
      const trailersEnd = bytes.indexOf('\r\n', lineEnd + 2) === lineEnd + 2 ? lineEnd + 4 : bytes.indexOf('\r\n\r\n', lineEnd + 2);
      return { body: Buffer.concat(parts), complete: trailersEnd >= 0 && trailersEnd <= bytes.length };
    }
    parts.push(bytes.subarray(lineEnd + 2, Math.min(lineEnd + 2 + size, bytes.length)));
    if (lineEnd + 2 + size + 2 > bytes.length) return { body: Buffer.concat(parts), complete: false };
    at = lineEnd + 2 + size + 2;
  }
}
