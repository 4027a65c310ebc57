// Raw HTTP exchanges of the transport specs: requests fetch will not send as they are.

import type { ApiClient } from '../../../src/spec-kit/api-client.js';
import { rawExchange } from '../../../src/spec-kit/raw-http.js';
import type { TestZone } from '../../../src/spec-kit/spec.js';
import { listed } from './firewall.js';
import { authHeaders, defaultAuth } from '../../../src/spec-kit/target.js';

export type RawTarget = { baseUrl: string; credentials: Parameters<typeof defaultAuth>[0] };

/**
 * POSTs to the zone's filters over a raw socket. Used where fetch cannot: a request with both
 * Transfer-Encoding and Content-Length, and a huge body that the target may answer (and close the
 * connection on) before it has read it all — fetch then reports a reset instead of the answer.
 */
export function rawPostFilters(target: RawTarget, zonePath: string, headers: string[], body: string) {
  const url = new URL(`${target.baseUrl}${zonePath}/filters`);
  const auth = Object.entries(authHeaders(defaultAuth(target.credentials))).map(([k, v]) => `${k}: ${v}`);
  // No "Connection: close": a target that answers early would then close on unread input, and
  // the reset that follows can destroy its answer before it is read.
  return rawExchange(url, [`POST ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, ...auth, 'Content-Type: application/json', ...headers], body);
}

/** GET of the zone's filters over a raw socket, with extra headers and a body (an empty chunked one, say). */
export function rawGetFilters(target: RawTarget, zonePath: string, headers: string[], body = '') {
  const url = new URL(`${target.baseUrl}${zonePath}/filters`);
  const auth = Object.entries(authHeaders(defaultAuth(target.credentials))).map(([k, v]) => `${k}: ${v}`);
  return rawExchange(url, [`GET ${url.pathname} HTTP/1.1`, `Host: ${url.host}`, ...auth, ...headers], body);
}

export function postWithBothLengths(target: RawTarget, zonePath: string, expression: string) {
  const body = JSON.stringify([{ expression }]);
  const chunked = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  return rawPostFilters(target, zonePath, [`Content-Length: ${Buffer.byteLength(chunked)}`, 'Transfer-Encoding: chunked'], chunked);
}

/** The same POST as postWithBothLengths, with Content-Length alone: the positive control of the declined request. */
export function postWithContentLength(target: RawTarget, zonePath: string, expression: string) {
  const body = JSON.stringify([{ expression }]);
  return rawPostFilters(target, zonePath, [`Content-Length: ${Buffer.byteLength(body)}`], body);
}

/**
 * Runs `body`, then deletes the zone's filters with these expressions, also when it failed: a raw
 * POST goes round the spec's client, which deletes only what it saw created (a zone the target
 * provides must be left as it was found).
 */
export async function deletingFiltersAfter(api: ApiClient, zone: TestZone, expressions: string[], body: () => Promise<void>): Promise<void> {
  const deleteThem = async () => {
    const filters = await listed<{ id: string; expression: string }>(api, zone, '/filters');
    for (const filter of filters.filter((f) => expressions.includes(f.expression))) await api.delete(zone.path(`/filters/${filter.id}`));
  };
  try {
    await body();
  } catch (error) {
    // The spec's own failure is the one to show, not a listing that fails again on the way out.
    await deleteThem().catch(() => {});
    throw error;
  }
  await deleteThem();
}
