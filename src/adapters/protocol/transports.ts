// The storage protocol's two transports (docs/storage-protocol.md, "Transports"): HTTP (one POST
// per request to the host's URL, the reply as the answer's body) and JSON lines on stdio (a host
// command specgate starts and stops: one request per line on its stdin, one reply per line on its
// stdout, paired by id, in any order). Every fault of the host is a HostFault naming it.

import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { HostFault, quote, type Transport } from './client.js';
import type { Request } from './messages.js';

import type { HostAddress } from '../../core/adapter-choice.js';

export type { HostAddress };

/** The host as the user names it in --adapter. */
export const describeHost = (address: HostAddress): string =>
  (address.transport === 'http' ? address.url : `stdio:${address.command}`);

const seconds = (ms: number): string => `${ms / 1000} s`;

/**
 * SPECGATE_PROTOCOL_LOG=<file>: every message exchanged with a host, one JSON line each (as sent,
 * or as received when it parsed), appended; the test that checks them against the schema reads it.
 */
const log = (message: unknown): void => {
  const file = process.env.SPECGATE_PROTOCOL_LOG;
  if (file) appendFileSync(file, `${JSON.stringify(message)}\n`);
};

/** The transport for `address`; a command is started here. */
export function connect(address: HostAddress): Transport {
  return address.transport === 'http' ? httpTransport(address.url) : stdioTransport(address.command, address.cwd);
}

type Fetch = (url: string, init: { method: string; body: string; headers: Record<string, string>; signal: AbortSignal }) => Promise<{ status: number; text(): Promise<string> }>;

/** One POST per request; `fetchImpl` lets a runtime reached otherwise (miniflare's dispatchFetch) use it. */
export function httpTransport(url: string, fetchImpl: Fetch = fetch as unknown as Fetch, host = url): Transport {
  return {
    host,
    async send(request: Request, timeoutMs: number) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let text: string;
      let status: number;
      try {
        log(request);
        const response = await fetchImpl(url, { method: 'POST', body: JSON.stringify(request), headers: { 'content-type': 'application/json' }, signal: controller.signal });
        status = response.status;
        text = await response.text();
      } catch (error) {
        if (controller.signal.aborted) throw new HostFault(host, `gave no answer to ${request.op} in ${seconds(timeoutMs)}`);
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new HostFault(host, `could not be reached for ${request.op}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
          'start the host first, or check its URL (docs/storage-protocol.md, "Transports")');
      } finally {
        clearTimeout(timer);
      }
      try {
        const reply: unknown = JSON.parse(text);
        log(reply);
        return reply;
      } catch {
        throw new HostFault(host, `answered ${request.op} with HTTP ${status} and something that is not JSON: ${quote(text)}`);
      }
    },
    async close() {},
  };
}

/** How much of a host's stderr is kept, to quote when it dies. */
const STDERR_KEPT = 2_000;
/** How long a host gets to exit once its stdin is closed, before it is terminated. */
const EXIT_GRACE_MS = 2_000;

/** Starts `command` (through the shell, in its own process group) and speaks JSON lines with it. */
export function stdioTransport(command: string, cwd?: string): Transport {
  const host = `stdio:${command}`;
  const child: ChildProcess = spawn(command, { shell: true, cwd, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
  const pending = new Map<number, { resolve(reply: unknown): void; reject(error: unknown): void }>();
  let broken: HostFault | undefined;
  let stderr = '';
  let closing = false;
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));

  const breakWith = (fault: HostFault): void => {
    broken ??= fault;
    for (const waiting of pending.values()) waiting.reject(broken);
    pending.clear();
  };
  const lastStderr = (): string => {
    const text = stderr.trim().split('\n').slice(-3).join(' | ');
    return text === '' ? '' : `; its stderr ends: ${quote(text)}`;
  };

  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    rest += chunk;
    let end: number;
    while ((end = rest.indexOf('\n')) >= 0) {
      const line = rest.slice(0, end).replace(/\r$/, '');
      rest = rest.slice(end + 1);
      if (line.trim() !== '') onLine(line);
    }
  });
  const onLine = (line: string): void => {
    let reply: unknown;
    try {
      reply = JSON.parse(line);
    } catch {
      breakWith(new HostFault(host, `wrote a line on stdout that is not JSON: ${quote(line)}`, 'a stdio host writes only replies on stdout, one JSON object a line; logs go to stderr'));
      return;
    }
    const id = (reply as { id?: unknown } | null)?.id;
    const waiting = typeof id === 'number' ? pending.get(id) : undefined;
    if (!waiting) {
      breakWith(new HostFault(host, `wrote a reply to no request it was sent: ${quote(line)}`));
      return;
    }
    log(reply);
    pending.delete(id as number);
    waiting.resolve(reply);
  };
  child.once('error', (error) => breakWith(new HostFault(host, `could not be started: ${error.message}`)));
  child.once('close', (code, signal) => {
    if (closing && pending.size === 0) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    breakWith(new HostFault(host, `${how}${pending.size > 0 ? ` with ${pending.size} request(s) unanswered` : ''}${lastStderr()}`));
  });
  child.stdin!.on('error', () => {}); // a host that died: its close event says so

  const terminate = (signal: NodeJS.Signals): void => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
    } catch {
      // already gone
    }
  };

  return {
    host,
    send(request: Request, timeoutMs: number) {
      if (broken) return Promise.reject(broken);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(request.id);
          reject(new HostFault(host, `gave no answer to ${request.op} in ${seconds(timeoutMs)}${lastStderr()}`));
        }, timeoutMs);
        pending.set(request.id, {
          resolve: (reply) => { clearTimeout(timer); resolve(reply); },
          reject: (error) => { clearTimeout(timer); reject(error); },
        });
        log(request);
        child.stdin!.write(`${JSON.stringify(request)}\n`);
      });
    },
    async close() {
      closing = true;
      child.stdin!.end();
      const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), EXIT_GRACE_MS).unref())]);
      if (gone) return;
      terminate('SIGTERM');
      const ended = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), EXIT_GRACE_MS).unref())]);
      if (!ended) terminate('SIGKILL');
    },
  };
}
