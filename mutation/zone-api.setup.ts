// Setup file of the zone API project of vitest.mutation.config.ts: runs the reference zone API
// server inside the test worker, where Stryker's instrumented copy of reference-impl/ is loaded
// and its coverage counted (a globalSetup would run it in the main process, out of Stryker's
// sight). In test mode with its clock frozen at the run's as-of date, as the CLI starts the
// bundled target (src/targets/zone-target.ts).
//
// A fresh server per spec, started in a beforeEach: Stryker's own beforeEach (its setup file comes
// first) has then named the current test, so building the app (route registration, schemas) is
// attributed to every spec that uses it. A server built once per file would make that code
// "static" to Stryker, which then tests its mutants only against unit tests that happen to build
// a server themselves: they survive though the specs would kill them.
// - The specs' target (read by fixtures, some before any beforeEach) must stay valid across
//   servers, and the client's kept-alive connections with it: one plain node:http server per file
//   listens for the specs and hands every request (and client error) to the current server's app.
// - A server is closed when the next spec starts (or after the file), not in an afterEach: the
//   specs' fixtures delete what they created after the afterEach hooks.
// - A dated spec's fixture sets the clock before the beforeEach hooks, so on the server it replaces:
//   the new server's clock is set to the spec's instant here (the fixture sets it back after).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { generateCredentials, startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import { instantOn } from '../src/core/dates.js';
import type { ZoneApiTarget } from '../src/spec-kit/target.js';
import type { WorkerContext } from '../src/spec-kit/worker-context.js';

let server: RunningServer | undefined;
const credentials = generateCredentials();
const asOf = inject('mutationAsOf');
const REQUEST_TIMEOUT_MS = 3_000;

async function restart(at: number): Promise<void> {
  await server?.close();
  server = await startServer({ testMode: true, credentials });
  server.clock.set(at);
}

const front: Server = createServer((request, response) => { server!.app.server.emit('request', request, response); });
front.on('clientError', (error, socket) => { server!.app.server.emit('clientError', error, socket); });

beforeAll(async () => {
  await restart(asOf);
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const target: ZoneApiTarget = {
    name: 'reference', baseUrl: origin + new URL(server!.baseUrl).pathname, credentials,
    controlUrl: origin + new URL(server!.controlUrl!).pathname, asOf, clockSettable: true,
    // A mutant that leaves a request unanswered must fail its spec quickly (the reference answers
    // in milliseconds), not wait for Stryker's timeout, which also costs a restart of the worker.
    settings: { timeoutMs: REQUEST_TIMEOUT_MS, realTime: false },
  };
  // The specs read their target from the worker context (src/spec-kit/worker-context.ts), which the
  // CLI provides from its own process. Here the server's port is known only now, in the worker:
  // the worker's copy of the provided context is where inject() reads from (vitest's worker state).
  const state = (globalThis as { __vitest_worker__?: { providedContext: { specgate: WorkerContext } } }).__vitest_worker__;
  if (!state) throw new Error('mutation/zone-api.setup.ts runs only in a vitest worker');
  state.providedContext.specgate = { ...state.providedContext.specgate, zoneApi: { targets: [{ label: 'zone-api', target }], clockScope: 'global', concurrentSpecs: false } };
});

beforeEach(async ({ task }) => {
  const dated = task.meta.dated;
  await restart(dated ? instantOn(dated) : asOf);
});

afterAll(async () => {
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await server?.close();
});
