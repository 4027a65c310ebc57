// A storage protocol host on Bun, over specgate's reference object runtime (its key-value
// backend), speaking JSON lines on stdio (docs/storage-protocol.md). From the repository's root:
//   npx specgate run --suite storage --adapter 'stdio:bun --conditions specgate-source examples/hosts/bun-host.ts'
// HTTP instead: `Bun.serve({ port: 8787, fetch: host.fetch })` and --adapter http://127.0.0.1:8787.
import { alarm, createHost, lines } from 'specgate/host-kit';
import { ObjectRuntime } from '../../reference-impl/storage/index.js';

declare const Bun: { stdin: { stream(): ReadableStream<Uint8Array> }; version: string };

const host = createHost({
  name: 'bun-reference-kv',
  version: `bun ${Bun.version}`,
  supports: { kv: true, alarms: true, clock: true, faults: true, restart: true, sql: false, pitr: false },
  outOfScope: ['sql', 'pitr'],
  create() {
    const runtime = new ObjectRuntime({ backend: 'kv', alarmHandler: alarm });
    return {
      storage: runtime.storage,
      event: (work) => runtime.deliver(work),
      restart: () => runtime.restart(),
      clock: { now: () => runtime.clock.now(), advance: (ms) => runtime.advanceClock(ms) },
      faults: { failNextFlush: () => runtime.failNextFlush() },
      destroy: () => runtime.destroy(),
    };
  },
});

await host.serveLines(lines(Bun.stdin.stream()), (line) => process.stdout.write(line));
