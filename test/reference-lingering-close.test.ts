// The reference answers an early refusal (a body over the limit, bad credentials, a request its
// parser declines) and then reads and discards what is still coming before it closes: a close on
// unread input makes the kernel reset the connection, and a client can lose the answer it was
// sent. Each request here goes in one 2 MB write on a raw socket, the case that lost it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { connect } from 'node:net';
import { readResponse, type RawResponse } from '../src/spec-kit/raw-http.js';

/**
 * The 2 MB in one write, made 8 MiB: more than loopback's socket buffers take at once, so
 * the client is still writing when the answer comes, as it is with 2 MB over a real network.
 */
const BIG_BODY = `[${' '.repeat(8 * 1024 * 1024)}{"expression": "ssl"}]`;
/**
 * A client slow to read, as one is on a loaded machine: it writes the whole request, then reads
 * nothing for READ_DELAY_MS. A server that closed on unread input has reset the connection by
 * then, and the kernel drops the answer it had received (ECONNRESET on read).
 */
const READ_DELAY_MS = 500;
function slowReader(url: URL, head: string[], body: string): Promise<RawResponse & { error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.pause();
    socket.on('connect', () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    setTimeout(() => socket.resume(), READ_DELAY_MS);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (readResponse(Buffer.concat(chunks)).complete) socket.destroy();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => { error = e.code ?? e.message; });
    socket.on('close', () => resolve({ ...readResponse(Buffer.concat(chunks)).response, ...(error !== undefined && { error }) }));
  });
}

/** Each case several times: a reset is a race the client loses only some of the time. */
const ATTEMPTS = 5;

let server: RunningServer;
beforeAll(async () => { server = await startServer({ testMode: true }); });
afterAll(async () => { await server?.close(); });

const filtersPath = () => `${new URL(server.baseUrl).pathname}/zones/${server.defaultZoneId}/filters`;

describe('an early refusal of a big body sent in one write is read whole, its envelope with it', () => {
  it.each([
    ['over the body limit: 413', () => [`Authorization: Bearer ${server.credentials.token}`, `Content-Length: ${Buffer.byteLength(BIG_BODY)}`], BIG_BODY, 413],
    ['bad credentials: 403 before the body is read', () => ['Authorization: Bearer not-the-token', `Content-Length: ${Buffer.byteLength(BIG_BODY)}`], BIG_BODY, 403],
    ['both Transfer-Encoding and Content-Length: 400 from the parser', () => [`Authorization: Bearer ${server.credentials.token}`, `Content-Length: ${Buffer.byteLength(BIG_BODY) + 10}`, 'Transfer-Encoding: chunked'],
      `${Buffer.byteLength(BIG_BODY).toString(16)}\r\n${BIG_BODY}\r\n0\r\n\r\n`, 400],
  ] as const)('%s', async (_what, headers, body, status) => {
    const url = new URL(server.baseUrl);
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      // Every other attempt asks the server to close after its answer: the close that must linger.
      const connection = attempt % 2 === 0 ? ['Connection: close'] : [];
      const response = await slowReader(url, [`POST ${filtersPath()} HTTP/1.1`, `Host: ${url.host}`, 'Content-Type: application/json', ...connection, ...headers()], body);
      expect(response.status, `attempt ${attempt}: ${JSON.stringify(response).slice(0, 300)}`).toBe(status);
      expect(JSON.parse(response.body), `attempt ${attempt}`).toMatchObject({ success: false, result: null });
    }
  }, 600_000);
});

describe('negative control: a server that closes at once on unread input', () => {
  it('loses its answer to the slow reader (the check above can fail)', async () => {
    const { createServer } = await import('node:net');
    const body = JSON.stringify({ success: false, errors: [{ code: 413, message: 'too large' }], messages: [], result: null });
    // Answers as soon as the head is in, then closes with most of the body unread: a reset.
    const abrupt = createServer((socket) => {
      socket.once('data', () => { socket.pause(); socket.write(`HTTP/1.1 413 Payload Too Large\r\nContent-Length: ${body.length}\r\n\r\n${body}`, () => socket.destroy()); });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => abrupt.listen(0, '127.0.0.1', resolve));
    try {
      const url = new URL(`http://127.0.0.1:${(abrupt.address() as { port: number }).port}`);
            const response = await slowReader(url, ['POST /x HTTP/1.1', `Host: ${url.host}`, `Content-Length: ${Buffer.byteLength(BIG_BODY)}`], BIG_BODY);
      expect(response.status, JSON.stringify(response).slice(0, 300)).toBeUndefined();
      expect(response.error).toBe('ECONNRESET');
    } finally {
      await new Promise((resolve) => abrupt.close(resolve));
    }
  });
});
