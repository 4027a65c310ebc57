// A process that registers specgate's exit clean-up for a container label (targets/container-exit.ts)
// against the engine at the given port, then ends as asked: "exit" (process.exit), "signal" (a
// SIGTERM to itself) or "released" (the clean-up released first, as after a normal stop).
//
//   node --import tsx test/helpers/exit-cleanup-child.ts <engine port> <label> exit|signal|released

import type { ContainerRuntimeClient } from 'testcontainers';
import { removeWhenExiting } from '../../src/targets/container-exit.js';

const [port, label, how] = process.argv.slice(2);
// What removeWhenExiting reads of testcontainers' client: dockerode's modem, its connection settings.
const client = { container: { getById: () => ({ modem: { host: '127.0.0.1', port, protocol: 'http' } }) } } as unknown as ContainerRuntimeClient;
const release = removeWhenExiting(client, label!);
if (how === 'released') release();
if (how === 'signal') {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => {}, 60_000); // the handler exits long before
} else {
  process.exit(0);
}
