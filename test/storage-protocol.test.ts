// The storage protocol (docs/storage-protocol.md): the host kit is one self-contained module; the
// example hosts run the storage suite by their documented commands, and every message they
// exchange is one of the schema's; each fault of a host is one line naming it, a non-zero exit,
// and no hang; check-host names the wrong answer.
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protocolValidators } from '../src/adapters/protocol/check.js';
import { createHost } from '../src/adapters/protocol/host-kit.js';
import { decode, encode, errorFromWire, type WireError } from '../src/adapters/protocol/wire.js';
import type { ObjectStorage } from '../contract/storage.js';
// @ts-expect-error a plain JavaScript module of the build
import { buildHostKit } from '../scripts/host-kit.mjs';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const NODE_HOST = "stdio:npx tsx --conditions specgate-source examples/hosts/node-host.mjs";
/** The Bun example's documented command (docs/storage-protocol.md, the header of bun-host.ts), with `bun` on the PATH. */
const BUN_HOST = 'stdio:bun --conditions specgate-source examples/hosts/bun-host.ts';
// The binary of the devDependency bun: its platform package (node_modules/.bin/bun is a stub while
// bun's postinstall is off), here Linux x64's; elsewhere the Bun test is skipped, saying so.
const BUN_BINARY = 'node_modules/@oven/bun-linux-x64/bin/bun';
const BUN = [join(ROOT, BUN_BINARY)].find(existsSync);
const faulty = (fault: string) => `stdio:node test/hosts/faulty-host.mjs ${fault}`;

/** The one stderr line that names the host. */
const hostLine = (stderr: string): string[] => stderr.split('\n').filter((line) => line.includes('host stdio:'));

describe('the host kit', () => {
  it('is one ES module with no imports and no Node API', async () => {
    const text = (await buildHostKit()) as string;
    expect(text).not.toMatch(/^\s*import[\s{*]/m);
    expect(text).not.toMatch(/\brequire\(|\bnode:|\bprocess\.|\bBuffer\b/);
    // It loads on its own, as a runtime with no package resolution would load it.
    const kit = await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`) as typeof import('../src/adapters/protocol/host-kit.js');
    expect(kit.PROTOCOL_VERSION).toBe(1);
    expect(Object.keys(kit.scenarios).length).toBeGreaterThan(20);
  });

  it('answers a thrown error as data kept whole: any name, the message, the stack, the cause', async () => {
    const cause = new RangeError('the cause');
    const thrown = Object.assign(new Error('outer', { cause }), { name: 'QuotaError' });
    const storage = { get: async () => { throw thrown; } } as unknown as ObjectStorage;
    const host = createHost({ name: 't', supports: { kv: true, alarms: false, clock: false, faults: false, restart: false, sql: false, pitr: false }, create: () => ({ storage }) });
    const { object } = await host.handle({ id: 1, op: 'create' }) as { object: string };
    const reply = JSON.parse(await host.handleText(JSON.stringify({ id: 2, op: 'call', object, method: 'get', args: encode(['k']) }))) as { ok: false; error: WireError };
    expect(protocolValidators().reply(reply)).toBe(true);
    const rebuilt = errorFromWire(reply.error);
    expect([rebuilt.name, rebuilt.message, rebuilt.stack]).toEqual(['QuotaError', 'outer', thrown.stack]);
    expect(rebuilt.cause).toBeInstanceOf(RangeError);
    expect([(rebuilt.cause as Error).message, (rebuilt.cause as Error).stack]).toEqual(['the cause', cause.stack]);
    const valueCause = errorFromWire({ name: 'Error', message: 'm', cause: { value: encode(new Map([[1, NaN]])) } });
    expect(valueCause.cause).toEqual(new Map([[1, NaN]]));
    expect(decode(encode(-0))).toBe(-0);
  });
});

describe('the example hosts', { timeout: 600_000 }, () => {
  it('node-host.mjs: the storage suite passes through it, and every message exchanged is one of the schema\'s', async () => {
    const dir = tempDir('protocol-node');
    const log = join(dir, 'messages.jsonl');
    const result = await runCli(['run', '--suite', 'storage', '--adapter', NODE_HOST, '--report-dir', join(dir, 'report')], { SPECGATE_PROTOCOL_LOG: log });
    expect(result.code, result.stderr).toBe(0);
    const report = readReport(join(dir, 'report'));
    expect(report.tests.filter((t) => t.status === 'passed').length).toBeGreaterThan(100);
    expect(report.tests.filter((t) => t.status === 'failed')).toEqual([]);
    const messages = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const { message } = protocolValidators();
    const wrong = messages.filter((m) => !message(m));
    expect(wrong.slice(0, 3)).toEqual([]);
    const ops = new Set(messages.map((m) => m.op).filter(Boolean));
    expect([...ops].sort()).toEqual(['call', 'clockAdvance', 'clockNow', 'create', 'destroy', 'failNextFlush', 'manifest', 'restart', 'run']);
    expect(messages.some((m) => m.ok === false)).toBe(true); // errors as data crossed too
  });

  it.skipIf(BUN === undefined)('bun-host.ts: the storage suite passes through it on Bun by its documented command, with a report', async () => {
    for (const file of ['docs/storage-protocol.md', 'examples/hosts/bun-host.ts']) expect(readFileSync(join(ROOT, file), 'utf8'), file).toContain(`--adapter '${BUN_HOST}'`);
    const dir = tempDir('protocol-bun');
    const log = join(dir, 'messages.jsonl');
    const PATH = `${dirname(BUN!)}${delimiter}${process.env.PATH ?? ''}`;
    const result = await runCli(['run', '--suite', 'storage', '--adapter', BUN_HOST, '--report-dir', join(dir, 'report')], { SPECGATE_PROTOCOL_LOG: log, PATH });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = readReport(join(dir, 'report'));
    // The objects were Bun's: the host's manifest names its runtime, and every spec ran in it.
    expect(report.run.targets.map((t) => t.runtime)).toEqual([{ name: 'bun-reference-kv', version: expect.stringMatching(/^bun \d+\.\d+\.\d+/) }]);
    expect(report.tests.filter((t) => t.status === 'passed').length).toBeGreaterThan(100);
    expect(report.tests.filter((t) => t.status !== 'passed').map((t) => `${t.status} ${t.name}`)).toEqual([]);
    const messages = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const { message } = protocolValidators();
    expect(messages.filter((m) => !message(m)).slice(0, 3)).toEqual([]);
    expect(messages.filter((m) => m.op === 'run').length).toBeGreaterThan(20); // scenarios ran inside Bun
  });
  if (BUN === undefined) it.skip(`bun-host.ts: skipped, no Bun binary: ${BUN_BINARY} is absent (npm ci installs it, the devDependency bun's package for linux x64)`, () => {});

  it('examples/hosts/bun-host.ts is at most 60 lines', () => {
    expect(readFileSync(join(ROOT, 'examples/hosts/bun-host.ts'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(60);
  });
});

describe('faults of a host', { timeout: 120_000 }, () => {
  const run = (fault: string, ...more: string[]) => runCli(['run', '--suite', 'storage', '--area', 'kv', '--adapter', faulty(fault), '--report-dir', tempDir(`protocol-${fault}`), ...more]);

  it('another protocol version: one line naming the host and the versions, exit 2', async () => {
    const result = await run('version');
    expect(result.code).toBe(2);
    expect(hostLine(result.stderr)).toEqual([expect.stringMatching(/host stdio:node test\/hosts\/faulty-host\.mjs version speaks storage protocol 2; this specgate speaks 1/)]);
  });

  it('garbage: one line quoting what it wrote, exit 2', async () => {
    const result = await run('garbage');
    expect(result.code).toBe(2);
    expect(hostLine(result.stderr)).toEqual([expect.stringMatching(/host stdio:.* garbage wrote a line on stdout that is not JSON: "<html>Bad Gateway<\/html>"/)]);
  });

  it('a hang: bounded by --startup-timeout, one line, exit 2', async () => {
    const started = Date.now();
    const result = await run('hang', '--startup-timeout', '2');
    expect(result.code).toBe(2);
    expect(hostLine(result.stderr)).toEqual([expect.stringMatching(/host stdio:.* hang gave no answer to manifest in 2 s/)]);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('death mid-run: every spec it left is a set-up error with the line naming it, none a failure, and the run is red', async () => {
    const dir = tempDir('protocol-dies');
    const result = await runCli(['run', '--suite', 'storage', '--area', 'kv', '--adapter', faulty('dies'), '--timeout', '5', '--report-dir', dir]);
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.code, output).toBe(1);
    expect(output).toMatch(/! host stdio:node test\/hosts\/faulty-host\.mjs dies exited with code 3 with \S+ request\(s\) unanswered; its stderr ends: "faulty host: giving up"/);
    const report = readReport(dir);
    // Also the specs that caught the call's error (a property inside fast-check, a scenario's event
    // whose error a spec keeps as data) and the scenarios a host's manifest does not name.
    expect(report.tests.filter((t) => t.status === 'failed').map((t) => `${t.name}: ${t.error}`)).toEqual([]);
    expect(report.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([]);
    expect(report.tests.filter((t) => t.status === 'error').length).toBeGreaterThanOrEqual(34);
    expect(report.tests.find((t) => t.file === 'suites/storage/model.spec.ts')?.error).toMatch(/^host stdio:.* dies exited with code 3/);
    expect(output).toMatch(/\d{2} set-up errors \(not verified\)/);
  });
});

describe('specgate check-host', { timeout: 120_000 }, () => {
  it('passes the node example, every form of message', async () => {
    const result = await runCli(['check-host', NODE_HOST]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).not.toContain('FAIL');
    expect(result.stdout).toContain('ok   failNextFlush');
  });

  it('names the answer that is wrong, exit 2', async () => {
    const result = await runCli(['check-host', faulty('badvalue')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/FAIL call put: a reply to call must have value; it answered "\{\\"id\\":3,\\"ok\\":true\}"/);
    expect(result.stdout).toMatch(/ok {3}manifest/);
  });
});
