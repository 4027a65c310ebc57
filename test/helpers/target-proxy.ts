// A loopback HTTP server standing in front of (or instead of) a target, to make it behave as real
// services sometimes do: slow to answer, answering HTML, rate limiting. It records every request.

import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest { method: string; url: string; at: number }

/** What to do with one request: `forward` passes it to the upstream; anything else answers it here. */
export type Behaviour = (request: IncomingMessage, response: ServerResponse, seen: SeenRequest[]) => 'forward' | 'handled';

export interface TargetProxy {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startTargetProxy(upstream: string | undefined, behaviour: Behaviour): Promise<TargetProxy> {
  const seen: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', at: Date.now() });
    if (behaviour(request, response, seen) === 'handled') {
      if (!response.writableEnded) hanging.add(response);
      return;
    }
    const target = new URL(request.url ?? '/', upstream);
    const outgoing = forward(target, { method: request.method, headers: { ...request.headers, host: target.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The base path answers (so the target counts as reachable); everything else gets `rest`. */
export const reachableThen = (rest: Behaviour): Behaviour => (request, response, seen) => {
  if (request.url === '/client/v4' || request.url === '/client/v4/') {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"errors":[{"code":7000,"message":"No route"}],"messages":[],"result":null}');
    return 'handled';
  }
  return rest(request, response, seen);
};

/** Most requests started within any one-second window. */
export function peakPerSecond(seen: SeenRequest[]): number {
  const times = seen.map((s) => s.at).sort((a, b) => a - b);
  let peak = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= 1000) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}
