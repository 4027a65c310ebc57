// A hooked reference to poke at by hand: proves that a variant really changes what the reference
// answers (a variant the suite misses must still be a broken server, not a hook that did nothing).

import { startServer, type RunningServer } from '../../../reference-impl/zone-api/server.js';
import type { BlindVariant, Json } from './variant.js';

const credentials = { token: 'probetoken0123456789', email: 'probe@example.test', key: 'probekey0123456789' };

export interface Answer { status: number; body: Json }

export class Probe {
  private constructor(readonly server: RunningServer) {}

  static async start(customize: BlindVariant['customize'] = () => {}): Promise<Probe> {
    return new Probe(await startServer({ testMode: true, credentials, customize }));
  }

  async api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.call(`${this.server.baseUrl}${path}`, method, body, { authorization: `Bearer ${credentials.token}`, ...headers });
  }

  async control(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.call(`${this.server.controlUrl!}${path}`, method, body, {});
  }

  /** A zone of its own (control API), optionally with its clock standing at `now`. */
  async zone(fields: Json = {}): Promise<string> {
    const { body } = await this.control('POST', '/zones', fields);
    return (body.result as Json).id as string;
  }

  close(): Promise<void> { return this.server.close(); }

  private async call(url: string, method: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
    const response = await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : JSON.parse(text) as Json };
  }
}

/**
 * Runs `scenario` against the unhooked reference and against the reference hooked by `customize`;
 * returns both observations. The probes started are added to `opened`, for the caller to close.
 */
export async function referenceAndVariant<T>(customize: BlindVariant['customize'], scenario: (probe: Probe) => Promise<T>, opened: Probe[]): Promise<[reference: T, broken: T]> {
  const reference = await Probe.start();
  const broken = await Probe.start(customize);
  opened.push(reference, broken);
  return [await scenario(reference), await scenario(broken)];
}
