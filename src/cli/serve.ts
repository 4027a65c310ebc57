// `specgate serve`: the reference server in the foreground until SIGINT or SIGTERM.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { withDashedValues } from './usage.js';
import { UsageError } from '../core/errors.js';
import { parseRequestQuota, startReferenceServer, unusableCredentials, type ReferenceServerOptions } from '../targets/bundled.js';
import { credentialsFrom } from './run-config.js';

/** The options of `specgate serve` (its help, help.ts, lists the same). */
export const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  data: { type: 'string' },
  'test-mode': { type: 'boolean', default: false },
  token: { type: 'string' },
  email: { type: 'string' },
  key: { type: 'string' },
  'rate-limit': { type: 'string' },
} satisfies ParseArgsConfig['options'];

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args: withDashedValues(args, SERVE_OPTIONS), options: SERVE_OPTIONS, strict: true, allowPositionals: false });
  // SPECGATE_PORT: how a container image is told its port (the reference image's CMD gives none).
  const portText = values.port ?? process.env.SPECGATE_PORT ?? '8787';
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`${values.port === undefined ? 'SPECGATE_PORT' : '--port'} must be a port number, got "${portText}"`);
  const credentials = credentialsFrom(values);
  const unusable = unusableCredentials(credentials);
  if (unusable) throw new UsageError(`serve: these credentials could never authenticate: ${unusable}`);
  const rateLimit = values['rate-limit'] === undefined ? undefined : parseRequestQuota(values['rate-limit']);
  if (values['rate-limit'] !== undefined && !rateLimit) throw new UsageError(`--rate-limit must be requests/window, such as 1200/300s or 1200/5m; got "${values['rate-limit']}"`);
  await serve({
    port,
    host: values.host,
    testMode: values['test-mode'],
    ...(values.data !== undefined && { dataFile: values.data }),
    ...(Object.keys(credentials).length > 0 && { credentials }),
    ...(rateLimit && { rateLimit }),
  });
  return 0;
}

export async function serve(options: ReferenceServerOptions): Promise<void> {
  const server = await startReferenceServer(options).catch((error: unknown) => { throw listenProblem(error, options) ?? error; });
  const { credentials } = server;
  const lines = [
    `specgate reference zone API listening`,
    `  base URL:    ${server.baseUrl}`,
    `  control URL: ${server.controlUrl ?? '(disabled; start with --test-mode)'}`,
    `  token:       ${credentials.token ?? '(none)'}`,
    `  email / key: ${credentials.email && credentials.key ? `${credentials.email} / ${credentials.key}` : '(none)'}`,
    `  zone:        ${server.defaultZoneId}`,
    `  data:        ${options.dataFile ?? 'in memory'}`,
    ...(options.rateLimit ? [`  rate limit:  ${options.rateLimit.quota} requests per ${options.rateLimit.windowSeconds} s per user (429 with retry-after past it)`] : []),
  ];
  // The signals are heeded before the banner says the server listens: whoever waits for the
  // banner and then stops the server (a script, a test) must not find the signal's default action.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => { void server.close().then(resolve); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  process.stdout.write(`${lines.join('\n')}\n`);
  await stopped;
}

/** Why the server could not listen, as one line with what to do; undefined for anything else. */
function listenProblem(error: unknown, { host, port }: ReferenceServerOptions): UsageError | undefined {
  const where = `${host ?? '127.0.0.1'}:${port}`;
  switch ((error as NodeJS.ErrnoException)?.code) {
    case 'EADDRINUSE': return new UsageError(`serve: port ${port} is in use on ${host ?? '127.0.0.1'} (another specgate serve?); choose another with --port N, or --port 0 for a free one`);
    case 'EACCES': return new UsageError(`serve: not allowed to listen on ${where} (ports below 1024 need privileges); choose another with --port N, or --port 0 for a free one`);
    case 'EADDRNOTAVAIL': case 'ENOTFOUND': return new UsageError(`serve: cannot listen on ${where}: --host ${host} is not an address of this machine`);
    default: return undefined;
  }
}
