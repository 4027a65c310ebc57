// The spec client's exchange sends a request again only when it is certain the target never saw
// it: it went out on a connection reused from the pool, that connection failed (reset, broken
// pipe, closed) and no byte of an answer had arrived. Raw loopback servers play each case; a
// real Node server with its default keep-alive timeout (5 s) plays the race under CPU load.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ExchangeLog, ApiClient, newTransport, RequestFailed } from '../src/spec-kit/api-client.js';
import { httpExchange } from '../src/spec-kit/http-exchange.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => { await Promise.all(closers.splice(0).map((close) => close())); });

const OK = '{"success":true,"result":{},"errors":[],"messages":[]}';
const answer = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${OK.length}\r\nKeep-Alive: timeout=5\r\n\r\n${OK}`;

/**
 * A raw server that answers the first request of each connection and meets the second with
 * `second` (the socket and the connection's number): the client's second request goes out on the
 * connection reused from its pool.
 */
async function rawServer(second: (socket: Socket, connection: number) => void): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    const connection = ++connections;
    let requests = 0;
    socket.on('error', () => {});
    socket.on('data', () => { requests += 1; if (requests === 1) socket.write(answer); else second(socket, connection); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => { server.close(resolve); server.emit('close'); }));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, connections: () => connections };
}

/** A client with its exchange log, as a spec has them. */
function client(url: string) {
  const log = new ExchangeLog([]);
  return { api: new ApiClient(url, undefined, log, newTransport({ timeoutMs: 15_000 })), log };
}

describe('a request lost on a reused connection that the server closed is sent again, and the log says so', () => {
  it('reset with no byte of an answer: sent again on a new connection, answered; the log names why', async () => {
    // The second request on a connection meets a close, as one written while the server closed it idle.
    const server = await rawServer((socket, connection) => { if (connection === 1) socket.destroy(); else socket.write(answer); });
    const { api, log } = client(server.url);
    expect((await api.get('')).status).toBe(200);
    expect((await api.post('', { json: {} })).status).toBe(200);
    expect(server.connections(), 'the second request went out again on a connection of its own').toBe(2);
    expect(log.render()).toMatch(/! sent again on a new connection: the first attempt went out on a kept-alive connection the server had closed while idle \((ECONNRESET|EPIPE)\)/);
  });
});

describe('never sent again when the target may have seen it (the checks above can fail)', () => {
  it('a first connection that closes on the request: an error naming the cause, one connection', async () => {
    let connections = 0;
    const server = createServer((socket) => { connections += 1; socket.on('error', () => {}); socket.once('data', () => socket.destroy()); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
    const { api, log } = client(url);
    await expect(api.post('', { json: {} })).rejects.toThrow(/POST http:\/\/127\.0\.0\.1:\d+\/x: request failed: the server closed the connection before answering \(ECONNRESET: socket hang up\)/);
    expect(connections).toBe(1);
    expect(log.render()).not.toContain('sent again');
  });

  it('a reused connection that closed after part of an answer: an error, not sent again', async () => {
    const server = await rawServer((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"success":'));
    const { api } = client(server.url);
    expect((await api.get('')).status).toBe(200);
    await expect(api.post('', { json: {} })).rejects.toThrow(/request failed: .*(ECONNRESET|aborted)/);
    expect(server.connections()).toBe(1);
  });
});

describe('a server with Node\'s default keep-alive timeout (5 s), under CPU load', () => {
  /** Busy loops in children, one per core: the load the issue measured (load average 13-16 on 2 cores). */
  function burners(count: number): ChildProcess[] {
    return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }

  it('every request around the idle close is answered (seed-free: the gaps are fixed)', async () => {
    const server: HttpServer = createHttpServer((_request, response) => { response.setHeader('content-type', 'application/json'); response.end(OK); });
    expect(server.keepAliveTimeout).toBe(5_000);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
    const busy = burners(2);
    closers.push(async () => { for (const child of busy) child.kill(); });
    let resent = 0;
    // Each gap ends near the server's close of the idle connection: the race of the issue.
    for (const gapMs of [4_900, 4_980, 5_000, 5_020, 5_100]) {
      await httpExchange('GET', url, undefined, undefined, 30_000);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      const answered = await httpExchange('POST', url, '{}', { 'content-type': 'application/json' }, 30_000);
      expect(answered.status, `after an idle gap of ${gapMs} ms`).toBe(200);
      if (answered.resent) resent += 1;
    }
    console.log(`keep-alive race under load: ${resent} of 5 requests sent again on a new connection`);
  }, 600_000);
});

describe('a transport error names its cause', () => {
  it('nothing listening: code, system call and message', async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
    await new Promise((resolve) => server.close(resolve));
    const { api } = client(`http://127.0.0.1:${port}`);
    await expect(api.get('/x')).rejects.toThrow(`GET http://127.0.0.1:${port}/x: request failed: ECONNREFUSED (syscall connect): connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('the cause is data for a caller that words its own line (the zone preflight), and no property of the error', async () => {
    const server = createServer();
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
    await new Promise((resolve) => server.close(resolve));
    const error: unknown = await client(`http://127.0.0.1:${port}`).api.get('/x').catch((e: unknown) => e);
    expect(RequestFailed.transportCauseOf(error)).toBe(`ECONNREFUSED (syscall connect): connect ECONNREFUSED 127.0.0.1:${port}`);
    // vitest serializes a spec's error with its properties: the cause must not add one to a spec's failure.
    expect(Object.keys(error as object)).toEqual([]);
    // Negative case: an error with the same line that is not the client's carries no cause.
    expect(RequestFailed.transportCauseOf(new Error((error as Error).message))).toBeUndefined();
  });
});
