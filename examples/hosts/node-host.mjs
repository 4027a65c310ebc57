// A storage protocol host in Node, in a process of its own, over specgate's reference object
// runtime (its key-value backend), speaking JSON lines on stdio (docs/storage-protocol.md).
// From the repository's root:
//   npx specgate run --suite storage --adapter 'stdio:npx tsx --conditions specgate-source examples/hosts/node-host.mjs'
// The glue is what any runtime needs: its way to make an object, and its transport.
import { Readable } from 'node:stream';
import { alarm, createHost, lines } from 'specgate/host-kit';
import { ObjectRuntime } from '../../reference-impl/storage/index.js';

const host = createHost({
  name: 'node-reference-kv',
  version: process.version,
  supports: { kv: true, alarms: true, clock: true, faults: true, restart: true, sql: false, pitr: false },
  outOfScope: ['sql', 'pitr'],
  create() {
    const runtime = new ObjectRuntime({ backend: 'kv', alarmHandler: alarm });
    return {
      storage: runtime.storage,
      // Each scenario is one event of the object, delivered through its input gate.
      event: (work) => runtime.deliver(work),
      restart: () => runtime.restart(),
      clock: { now: () => runtime.clock.now(), advance: (ms) => runtime.advanceClock(ms) },
      faults: { failNextFlush: () => runtime.failNextFlush() },
      destroy: () => runtime.destroy(),
    };
  },
});

await host.serveLines(lines(Readable.toWeb(process.stdin)), (line) => process.stdout.write(line));
