// A TCP proxy standing in front of a target, as a front server does, rewriting the header block of
// each request it forwards: to make a target misbehave below HTTP, where fastify hooks never reach
// (Node's parser declines a request with both Transfer-Encoding and Content-Length before any hook).
// It rewrites what arrives in one piece with its header block, which is how specgate's raw requests
// are written; a header block split across packets passes unchanged.

import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';

export interface FrontProxy { url: string; close(): Promise<void> }

/** Starts a proxy to `upstream` (http://host:port) applying `rewrite` to each request head it sees. */
export async function startFrontProxy(upstream: string, rewrite: (head: string) => string): Promise<FrontProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const backend = connect(Number(target.port), target.hostname);
    for (const socket of [client, backend]) { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); socket.on('error', () => {}); }
    client.on('data', (chunk) => {
      const text = chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      backend.write(end < 0 || !/^[A-Z]+ \S+ HTTP\/1\.1\r\n/.test(text) ? chunk : Buffer.from(rewrite(text.slice(0, end)) + text.slice(end), 'latin1'));
    });
    backend.pipe(client);
    client.on('end', () => backend.end());
    backend.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

/** A front server that drops Transfer-Encoding from a request that also carries Content-Length, and forwards it. */
export const dropTransferEncodingBesideLength = (head: string): string =>
  (/\r\ncontent-length:/i.test(head) && /\r\ntransfer-encoding:/i.test(head) ? head.replace(/\r\ntransfer-encoding:[^\r]*/i, '') : head);

/**
 * An HTTP proxy to `upstream` that answers every request with its upstream's answer, its body sent
 * chunked (no Content-Length), in pieces: a target that answers chunked, as many behind a front
 * server do. Requests go on as they came, their bodies streamed.
 */
export async function startChunkingProxy(upstream: string): Promise<FrontProxy> {
  const target = new URL(upstream);
  const server = createHttpServer((request, response) => {
    const forwarded = httpRequest({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
      const headers = { ...answer.headers };
      delete headers['content-length'];
      delete headers['connection'];
      response.writeHead(answer.statusCode ?? 502, { ...headers, 'transfer-encoding': 'chunked' });
      // Each piece its own chunk: the client must join them.
      answer.on('data', (piece: Buffer) => { for (let at = 0; at < piece.length; at += 7) response.write(piece.subarray(at, at + 7)); });
      answer.on('end', () => response.end());
    });
    // An upstream that answers early (413) closes on the rest of the body: that is not this proxy's error.
    forwarded.on('error', () => { if (!response.headersSent) response.writeHead(502).end(); });
    request.pipe(forwarded);
  });
  // What Node's parser declines (both Transfer-Encoding and Content-Length) never reaches the
  // upstream: the proxy answers it as the target would, in the envelope, chunked too.
  server.on('clientError', (_error, socket: Socket) => {
    const envelope = JSON.stringify({ success: false, errors: [{ code: 6003, message: 'Request declined by the front server' }], messages: [], result: null });
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${Buffer.byteLength(envelope).toString(16)}\r\n${envelope}\r\n0\r\n\r\n`);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}
