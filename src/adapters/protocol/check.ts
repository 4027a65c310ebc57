// `specgate check-host`: a host's answers to one request of every form, each checked against the
// protocol's schema (docs/schema/storage-protocol.schema.json) before any spec runs: the first
// wrong answer of each form is named with where the schema and it part.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { PACKAGE_ROOT } from '../../core/paths.js';
import type { HostAddress } from '../../core/adapter-choice.js';
import { HostFault, quote } from './client.js';
import { PROTOCOL_VERSION, type Request } from './messages.js';
import { connect } from './transports.js';
import { encode } from './wire.js';

export const PROTOCOL_SCHEMA = join(PACKAGE_ROOT, 'docs/schema/storage-protocol.schema.json');

/** Validators of the schema's definitions, by name (request, reply, manifest, value, ...). */
export function protocolValidators(): Record<'message' | 'request' | 'reply' | 'manifest' | 'value' | 'error', ValidateFunction> {
  const schema = JSON.parse(readFileSync(PROTOCOL_SCHEMA, 'utf8')) as { $id: string };
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  ajv.addSchema(schema);
  const of = (name: string) => ajv.getSchema(`${schema.$id}#/$defs/${name}`)!;
  return { message: ajv.getSchema(schema.$id)!, request: of('request'), reply: of('reply'), manifest: of('manifest'), value: of('value'), error: of('error') };
}

export interface HostCheck { what: string; ok: boolean; detail: string }

/** The shape a successful reply to each op has (beyond the schema's `reply`). */
const EXPECTED: Record<Request['op'], 'manifest' | 'object' | 'value' | 'none'> = {
  manifest: 'manifest', create: 'object', call: 'value', run: 'value', clockNow: 'value',
  destroy: 'none', restart: 'none', clockAdvance: 'none', failNextFlush: 'none',
};

/** Sends the host one request of each form (those its manifest supports) and checks each answer. */
export async function checkHost(address: HostAddress, { timeoutMs, startupMs }: { timeoutMs: number; startupMs: number }): Promise<HostCheck[]> {
  const validate = protocolValidators();
  const transport = connect(address);
  const checks: HostCheck[] = [];
  let id = 0;
  const ask = async (what: string, outgoing: Record<string, unknown>, expectOk = true, bound = timeoutMs): Promise<Record<string, unknown> | undefined> => {
    const request = { ...outgoing, id: ++id } as Request;
    let reply: unknown;
    try {
      reply = await transport.send(request, bound);
    } catch (error) {
      checks.push({ what, ok: false, detail: error instanceof HostFault ? error.message : String(error) });
      return undefined;
    }
    const wrong = (detail: string) => {
      checks.push({ what, ok: false, detail: `${detail}; it answered ${quote(JSON.stringify(reply))}` });
      return undefined;
    };
    if (!validate.reply(reply)) {
      const error = validate.reply.errors?.[0];
      return wrong(`the reply is not one of the schema's (${error?.instancePath || '/'} ${error?.message ?? ''})`);
    }
    const r = reply as Record<string, unknown>;
    if (r.id !== request.id) return wrong(`the reply's id is ${JSON.stringify(r.id)}, not ${request.id}`);
    if (r.ok !== expectOk) return wrong(expectOk ? `ok is false: ${JSON.stringify(r.error)}` : 'ok is true: the request should have failed');
    const shape = EXPECTED[request.op];
    if (expectOk && shape !== 'none' && !(shape in r)) return wrong(`a reply to ${request.op} must have ${shape}`);
    if (expectOk && shape === 'none' && Object.keys(r).some((key) => key !== 'id' && key !== 'ok')) return wrong(`a reply to ${request.op} must have nothing but id and ok`);
    checks.push({ what, ok: true, detail: 'answered as the schema says' });
    return r;
  };
  try {
    const first = await ask('manifest', { op: 'manifest', protocol: PROTOCOL_VERSION }, true, startupMs);
    const manifest = first?.manifest as { protocol: number; supports: Record<string, boolean> } | undefined;
    if (!manifest) return checks;
    if (manifest.protocol !== PROTOCOL_VERSION) {
      checks.push({ what: 'protocol version', ok: false, detail: `the host speaks ${manifest.protocol}; this specgate speaks ${PROTOCOL_VERSION}` });
      return checks;
    }
    const made = await ask('create', { op: 'create' });
    const object = made?.object as string | undefined;
    if (object === undefined) return checks;
    const value = new Map<string, unknown>([['at', new Date(0)], ['bytes', new Uint8Array([1, 2])], ['n', -0]]);
    await ask('call put', { op: 'call', object, method: 'put', args: encode(['key', value]) });
    await ask('call get', { op: 'call', object, method: 'get', args: encode(['key']) });
    await ask('call of a method that does not exist (an error as data)', { op: 'call', object, method: 'noSuchMethod', args: encode([]) }, false);
    await ask('run', { op: 'run', object, scenario: 'increment', args: encode({ key: 'counter' }) });
    await ask('run of a scenario that does not exist (an error as data)', { op: 'run', object, scenario: 'noSuchScenario', args: encode({}) }, false);
    if (manifest.supports.restart) await ask('restart', { op: 'restart', object });
    if (manifest.supports.clock) {
      await ask('clockNow', { op: 'clockNow', object });
      await ask('clockAdvance', { op: 'clockAdvance', object, ms: 1 });
    }
    if (manifest.supports.faults) await ask('failNextFlush', { op: 'failNextFlush', object });
    await ask('destroy', { op: 'destroy', object });
    return checks;
  } finally {
    await transport.close();
  }
}
