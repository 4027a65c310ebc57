// A target that implements nothing: a loopback HTTP server answering every request with one canned
// answer, whatever the method, path or body. A spec that passes against it verifies no behaviour,
// only that answers have a shape; the stateless-target test keeps the list of those exact.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CannedAnswer { status: number; contentType: string; body: string }

export interface StatelessTarget {
  /** Base URL of the API: <origin>/client/v4. */
  baseUrl: string;
  /** Its "control API": the same server under /__control. */
  controlUrl: string;
  close(): Promise<void>;
}

/** 200 with the success envelope carrying `result`. */
export const cannedSuccess = (result: unknown): CannedAnswer => ({
  status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ result, success: true, errors: [], messages: [] }),
});

/**
 * Starts a server giving `api` to every request, and `control` (by default the same answer) to
 * every request under /__control.
 */
export async function startStatelessTarget(api: CannedAnswer, control: CannedAnswer = api): Promise<StatelessTarget> {
  const server = createServer((request, response) => {
    const answer = request.url?.startsWith('/__control') ? control : api;
    // Read the whole request first: a client whose request is answered unread may see a reset.
    request.resume();
    request.on('end', () => response.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': Buffer.byteLength(answer.body) }).end(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/client/v4`,
    controlUrl: `${origin}/__control`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
