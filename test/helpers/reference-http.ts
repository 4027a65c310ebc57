// JSON requests to a reference server in the same process, for the reference's own unit tests
// (behaviour the spec leaves open), authenticated with the server's bearer token.

import type { RunningServer } from '../../reference-impl/zone-api/server.js';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { success: boolean; result: any; errors: { code: number; message: string; error_chain?: { code: number; message?: string }[] }[]; messages: { code: number; message: string }[] };
}

/** A `call(method, path, body?, base?)` against whichever server `current()` returns at the time. */
export function referenceCaller(current: () => RunningServer) {
  return async function call(method: string, path: string, body?: unknown, base = current().baseUrl): Promise<Answer> {
    const response = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${current().credentials.token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() as Answer['body'] };
  };
}
