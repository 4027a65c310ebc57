// `specgate check-host ADAPTER`: a protocol host's answer to every message form, checked against
// the protocol's schema, each printed with ok or FAIL (src/adapters/protocol/check.ts). Exit 0
// when every answer is right, 2 otherwise.

import { parseArgs } from 'node:util';
import { hostAddressOf } from '../core/adapter-choice.js';
import { UsageError } from '../core/errors.js';

export async function checkHostCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { timeout: { type: 'string' }, 'startup-timeout': { type: 'string' } } });
  if (positionals.length !== 1) throw new UsageError("check-host takes one host: specgate check-host http://127.0.0.1:8787 or specgate check-host 'stdio:COMMAND'");
  const given = positionals[0]!;
  const host = hostAddressOf(given, process.cwd());
  if (!host) throw new UsageError(`check-host ${given}: a host is http://... or stdio:COMMAND (docs/storage-protocol.md)`);
  const seconds = (flag: 'timeout' | 'startup-timeout', fallback: number): number => {
    const text = values[flag];
    if (text === undefined) return fallback;
    const number = Number(text);
    if (!(number > 0)) throw new UsageError(`--${flag} must be a positive number of seconds, not ${JSON.stringify(text)}`);
    return number * 1000;
  };
  const { checkHost } = await import('../adapters/protocol/check.js');
  const checks = await checkHost(host, { timeoutMs: seconds('timeout', 30_000), startupMs: seconds('startup-timeout', 60_000) });
  process.stdout.write(`${given}\n${checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: ${c.detail}\n`).join('')}`);
  const failed = checks.filter((c) => !c.ok).length;
  process.stdout.write(failed === 0 ? '\nspecgate check-host: every answer is as the protocol\'s schema says\n' : `\nspecgate check-host: ${failed} answer${failed === 1 ? '' : 's'} wrong\n`);
  return failed === 0 ? 0 : 2;
}
