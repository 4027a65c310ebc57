// Child processes for test/crash-consistency.test.ts, killed with SIGKILL while they write.
//   node --import tsx test/helpers/crash-children.ts storage <file> <first-batch>
//     the reference object runtime (SQLite backend, file-backed) writing batches one after the
//     other, printing "ACK <n>" once batch n is acknowledged (its put or transaction resolved);
//   node --import tsx test/helpers/crash-children.ts zone <file> <token> <kill-at-rule-insert>
//     the reference zone API on that data file, printing "LISTENING <origin>", which kills itself
//     with SIGKILL inside its k-th rule insert: in the middle of a combined create.
// Writes to a pipe are synchronous on Linux: a printed ACK has left the process before any kill.

import { pathToFileURL } from 'node:url';
import { ObjectRuntime } from '../../reference-impl/storage/index.js';
import { startServer } from '../../reference-impl/zone-api/server.js';

/** Batch n: which keys it writes, and how. Even batches are put(entries), odd ones transactions. */
export const BATCH_KEYS = 40;
export const SHARED_KEYS = 16;
export const batchKind = (n: number): 'put' | 'transaction' => (n % 2 === 0 ? 'put' : 'transaction');
export const batchKey = (n: number, j: number): string => `batch/${String(n).padStart(6, '0')}/${String(j).padStart(3, '0')}`;
export const sharedKey = (j: number): string => `shared/${String(j).padStart(3, '0')}`;

async function storageChild(file: string, first: number): Promise<void> {
  const runtime = new ObjectRuntime({ backend: 'sqlite', sqliteFile: file });
  const storage = runtime.storage;
  for (let n = first; ; n++) {
    // Each batch writes its own keys and overwrites every shared key with its number: after a
    // crash, the shared keys all hold the number of one batch, or the batch was torn.
    const entries: Record<string, unknown> = {};
    for (let j = 0; j < BATCH_KEYS; j++) entries[batchKey(n, j)] = { n, j, pad: 'x'.repeat(200) };
    for (let j = 0; j < SHARED_KEYS; j++) entries[sharedKey(j)] = n;
    if (batchKind(n) === 'put') {
      await storage.put(entries);
    } else {
      await storage.transaction(async (txn) => {
        const previous = (await txn.get('counter')) as number | undefined;
        for (const [key, value] of Object.entries(entries)) await txn.put(key, value);
        await txn.put('counter', (previous ?? 0) + 1);
      });
    }
    process.stdout.write(`ACK ${n}\n`);
  }
}

async function zoneChild(file: string, token: string, killAt: number): Promise<void> {
  let inserts = 0;
  const server = await startServer({
    dataFile: file,
    testMode: true,
    credentials: { token },
    customize: ({ state: { firewall } }) => {
      const insertRule = firewall.insertRule.bind(firewall);
      firewall.insertRule = (...args: Parameters<typeof insertRule>) => {
        if (++inserts === killAt) process.kill(process.pid, 'SIGKILL');
        return insertRule(...args);
      };
    },
  });
  process.stdout.write(`LISTENING ${new URL(server.baseUrl).origin} ${server.defaultZoneId}\n`);
}

// Run as a script (the test imports this module for the batch layout only).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [kind, file, ...rest] = process.argv.slice(2);
  if (kind === 'storage') void storageChild(file!, Number(rest[0] ?? 0));
  else if (kind === 'zone') void zoneChild(file!, rest[0]!, Number(rest[1]));
  else throw new Error(`unknown child: ${kind}`);
}
