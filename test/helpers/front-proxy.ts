// A TCP proxy standing in front of a target, as a front server does, rewriting the header block of
// each request it forwards: to make a target misbehave below HTTP, where fastify hooks never reach
// (Node's parser declines a request with both Transfer-Encoding and Content-Length before any hook).
// It rewrites what arrives in one piece with its header block, which is how specgate's raw requests
// are written; a header block split across packets passes unchanged.

import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

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
