// Client of a target's control API (see DESIGN.md "The control API"): how a spec sets up the
// world that no public endpoint sets, such as a zone with a given plan, quota and features.

export type Plan = 'free' | 'pro' | 'business' | 'enterprise';

export interface ZoneSetup {
  plan?: Plan;
  name?: string;
  rule_quota?: number;
  features?: string[];
}

export interface ControlZone extends Required<ZoneSetup> { id: string }

export class ControlClient {
  constructor(private readonly url: string) {}

  reset(): Promise<unknown> { return this.call('POST', '/reset'); }
  createZone(setup: ZoneSetup = {}): Promise<ControlZone> { return this.call('POST', '/zones', setup) as Promise<ControlZone>; }
  updateZone(id: string, setup: ZoneSetup): Promise<ControlZone> { return this.call('PATCH', `/zones/${id}`, setup) as Promise<ControlZone>; }
  now(): Promise<{ now: string; epoch_ms: number }> { return this.call('GET', '/clock') as Promise<{ now: string; epoch_ms: number }>; }
  setClock(now: string | number): Promise<unknown> { return this.call('PUT', '/clock', { now }); }
  advanceClock(ms: number): Promise<unknown> { return this.call('POST', '/clock/advance', { ms }); }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(this.url + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let envelope: { success?: boolean; result?: unknown; errors?: { message: string }[] } | undefined;
    try { envelope = JSON.parse(text); } catch { envelope = undefined; }
    if (!response.ok || !envelope?.success) {
      throw new Error(`control API ${method} ${path} failed: ${response.status} ${text.slice(0, 300)}`);
    }
    return envelope.result;
  }
}
