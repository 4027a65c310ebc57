// Starts the reference server on a TCP port and reports where it listens.

import { randomBytes } from 'node:crypto';
import type { Credentials } from './auth.js';
import { API_PREFIX, CONTROL_PREFIX, buildApp, type AppOptions, type ReferenceApp } from './app.js';
import { DEFAULTS_BY_PLAN } from './zones/store.js';

export interface ServerOptions extends Partial<AppOptions> {
  port?: number;
  host?: string;
  /** Called with the app before it listens: the hook through which test variants alter it. */
  customize?: (reference: ReferenceApp) => void;
}

export interface RunningServer extends ReferenceApp {
  baseUrl: string;
  controlUrl: string | undefined;
  credentials: Credentials;
  /** A zone that exists from the start, for trying the server by hand. */
  defaultZoneId: string;
  close(): Promise<void>;
}

export function generateCredentials(): Required<Credentials> {
  return {
    token: randomBytes(30).toString('base64url'),
    email: 'operator@specgate.test',
    key: randomBytes(19).toString('hex').slice(0, 37),
  };
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const credentials = options.credentials ?? generateCredentials();
  const reference = buildApp({ ...options, credentials });
  options.customize?.(reference);
  const { app, state: { zones } } = reference;
  const defaultZoneId = (zones.first() ?? zones.create({ name: 'example.com', plan: 'enterprise', ...DEFAULTS_BY_PLAN.enterprise, features: [...DEFAULTS_BY_PLAN.enterprise.features] })).id;
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    ...reference,
    baseUrl: origin + API_PREFIX,
    controlUrl: options.testMode ? origin + CONTROL_PREFIX : undefined,
    credentials,
    defaultZoneId,
    close: () => app.close(),
  };
}
