// `specgate serve`: the reference server in the foreground until SIGINT or SIGTERM.

import { startReferenceServer, type ReferenceServerOptions } from '../targets/bundled.js';

export async function serve(options: ReferenceServerOptions): Promise<void> {
  const server = await startReferenceServer(options);
  const { credentials } = server;
  const lines = [
    `specgate reference zone API listening`,
    `  base URL:    ${server.baseUrl}`,
    `  control URL: ${server.controlUrl ?? '(disabled; start with --test-mode)'}`,
    `  token:       ${credentials.token ?? '(none)'}`,
    `  email / key: ${credentials.email && credentials.key ? `${credentials.email} / ${credentials.key}` : '(none)'}`,
    `  zone:        ${server.defaultZoneId}`,
    `  data:        ${options.dataFile ?? 'in memory'}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => { void server.close().then(resolve); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
