// A TCP proxy that stands for a network between specgate and a target: every byte a client sends
// reaches the target `delayMs` later, in order (the answer comes back at once, so a request and its
// answer take one delay more than on loopback: a round trip). TCP, not HTTP, so that what specgate
// sends reaches the target byte for byte, also the requests an HTTP proxy's parser would refuse
// (both Transfer-Encoding and Content-Length), and every spec's result can be the same as without it.

import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface DelayProxy {
  /** http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

export async function startDelayProxy(upstream: { host: string; port: number }, delayMs: number): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const backend = connect(upstream.port, upstream.host);
    for (const socket of [client, backend]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => { client.destroy(); backend.destroy(); });
    }
    // Timers of one duration fire in the order they were set: the bytes keep their order.
    client.on('data', (chunk) => { setTimeout(() => backend.write(chunk), delayMs); });
    client.on('end', () => { setTimeout(() => backend.end(), delayMs); });
    backend.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
