// The raw exchange reads an answer whatever its framing: chunked, Content-Length or the close of
// the connection. Each framing is written by hand on a real loopback socket.

import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rawExchange, readResponse } from '../src/spec-kit/raw-http.js';

let server: Server | undefined;
afterEach(async () => { await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))); server = undefined; });

/** A server that answers any request with `pieces`, written one by one, then closes if `close`. */
async function answering(pieces: string[], close: boolean): Promise<URL> {
  server = createServer((socket) => {
    socket.once('data', async () => {
      for (const piece of pieces) await new Promise((resolve) => socket.write(piece, resolve));
      if (close) socket.end();
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

const GET = (url: URL) => rawExchange(url, ['GET / HTTP/1.1', `Host: ${url.host}`], '', 10_000);
const ENVELOPE = '{"success":false,"errors":[{"code":413,"message":"too large"}]}';

describe('rawExchange reads the answer whatever its framing', () => {
  it('chunked, in pieces, with an extension and a trailer, the connection left open', async () => {
    const chunks = ['HTTP/1.1 413 Payload Too Large\r\nTransfer-Encoding: chunked\r\n\r\n', `10;ext=1\r\n${ENVELOPE.slice(0, 16)}\r\n`, `${(ENVELOPE.length - 16).toString(16)}\r\n${ENVELOPE.slice(16)}\r\n`, '0\r\nX-Trailer: 1\r\n\r\n'];
    const response = await GET(await answering(chunks, false));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ success: false });
  });

  it('Content-Length, the connection left open (counted in bytes, not characters)', async () => {
    const body = JSON.stringify({ message: 'é'.repeat(3) });
    const response = await GET(await answering([`HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`, body], false));
    expect(JSON.parse(response.body)).toEqual({ message: 'ééé' });
  });

  it('delimited by the close of the connection', async () => {
    const response = await GET(await answering(['HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n', ENVELOPE.slice(0, 10), ENVELOPE.slice(10)], true));
    expect(response.status).toBe(400);
    expect(response.body).toBe(ENVELOPE);
  });

  it('after an interim 100 Continue', async () => {
    const response = await GET(await answering([`HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: ${ENVELOPE.length}\r\n\r\n${ENVELOPE}`], false));
    expect(response.status).toBe(200);
    expect(response.body).toBe(ENVELOPE);
  });
});

describe('readResponse: a chunked answer is whole only at its last chunk', () => {
  const head = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
  it.each([
    ['the head alone', head, false, ''],
    ['half a chunk', `${head}a\r\n01234`, false, '01234'],
    ['a chunk without the last', `${head}a\r\n0123456789\r\n`, false, '0123456789'],
    ['the last chunk without its blank line', `${head}a\r\n0123456789\r\n0\r\n`, false, '0123456789'],
    ['whole', `${head}a\r\n0123456789\r\n0\r\n\r\n`, true, '0123456789'],
  ])('%s', (_what, bytes, complete, body) => {
    const read = readResponse(Buffer.from(bytes));
    expect(read.complete).toBe(complete);
    expect(read.response.body).toBe(body);
  });

  it('a body with neither length nor chunks is never whole before the close', () => {
    expect(readResponse(Buffer.from('HTTP/1.1 200 OK\r\n\r\n{}')).complete).toBe(false);
  });
});
