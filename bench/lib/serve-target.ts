// A child process serving the throughput benchmark's target, so that the load generator
// (autocannon, in the parent) and the server do not share one event loop.
//   tsx bench/lib/serve-target.ts reference       the reference server (test mode), a zone with 25 rules
//   tsx bench/lib/serve-target.ts bare <file>     a bare node:http server answering the bytes in <file>
// Prints one JSON line {port, path, headers} once it listens, and runs until killed.

import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { startServer } from '../../reference-impl/zone-api/server.js';

const [mode, bodyFile] = process.argv.slice(2);

if (mode === 'bare') {
  const body = readFileSync(bodyFile!);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(JSON.stringify({ port, path: '/', headers: {} }));
  });
} else {
  const server = await startServer({ testMode: true });
  const token = server.credentials.token!;
  const call = async (url: string, method: string, body?: unknown) => {
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json() as { success: boolean; result: any; errors: unknown };
    if (!response.ok || !json.success) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json.errors)}`);
    return json.result;
  };
  const zone = await call(`${server.controlUrl}/zones`, 'POST', { plan: 'enterprise', name: 'bench.example' });
  const rules = Array.from({ length: 25 }, (_, i) => ({ filter: { expression: `ip.src eq 192.0.2.${i + 1}` }, action: 'block', description: `bench rule ${i + 1}` }));
  await call(`${server.baseUrl}/zones/${zone.id}/firewall/rules`, 'POST', rules);
  const url = new URL(`${server.baseUrl}/zones/${zone.id}/firewall/rules?per_page=25`);
  console.log(JSON.stringify({ port: Number(url.port), path: url.pathname + url.search, headers: { authorization: `Bearer ${token}` } }));
}
