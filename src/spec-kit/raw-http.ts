// A raw HTTP/1.1 exchange over a TCP socket, for requests that HTTP clients refuse to send
// (such as one carrying both Transfer-Encoding and Content-Length).

import { connect, isIP } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { transportCause } from './transport-cause.js';

export interface RawResponse {
  /** Status code, or undefined when the target closed the connection without an answer. */
  status: number | undefined;
  headers: Record<string, string>;
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
      const response = parseResponse(Buffer.concat(chunks).toString('utf8'));
      resolve(response.status === undefined && failure !== undefined ? { ...response, cause: failure } : response);
    };
    socket.on(secure ? 'secureConnect' : 'connect', () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const parsed = parseResponse(Buffer.concat(chunks).toString('utf8'));
      const expected = Number(parsed.headers['content-length'] ?? NaN);
      if (Number.isFinite(expected) && Buffer.byteLength(parsed.body) >= expected) { socket.destroy(); finish(); }
    });
    // A target may answer and close before it has read the whole request: writing then fails
    // (EPIPE), but its answer can still be read. So an error only ends the exchange at 'close'.
    socket.on('error', (error) => { failure ??= transportCause(error, url.href); });
    socket.on('close', finish);
  });
}

function parseResponse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/') || split < 0) return { status: undefined, headers: {}, body: text };
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) };
}
