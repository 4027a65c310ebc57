// The bundled adapters over specgate's reference object runtime (reference-impl/storage):
// "reference-kv" (key-value backend, persisted state in memory) and "reference-sqlite" (SQLite
// backend with the SQL API and point-in-time recovery; each object's database and history are
// files, so that restart() keeps what was flushed). Scenarios and the alarm handler come from the
// suite, as a remote runtime would bundle them.

import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesOfObject, ObjectRuntime, type ObjectRuntimeOptions } from '../../reference-impl/storage/index.js';
import { alarm, scenarios } from '../../contract/scenarios.js';
import type { Capability, ObjectStorage, Scenario, StorageAdapter, StorageObject, Supports } from '../../contract/storage.js';

type Backend = 'kv' | 'sqlite';

/** How code inside the object sees ctx.storage (a broken variant changes it; by default, as it is). */
export type InsideView = (storage: ObjectStorage) => ObjectStorage;

const supportsOf = (backend: Backend): Supports => ({
  kv: true, alarms: true, clock: true, faults: true, restart: true, sql: backend === 'sqlite', pitr: backend === 'sqlite',
});

/** Every scenario of the suite, by name. */
const suiteScenarios: Readonly<Record<string, Scenario>> = scenarios;

/** The suite's scenarios and alarm handler, each given `inside(storage)`. */
export function insideCode(inside: InsideView): Required<Pick<ObjectRuntimeOptions, 'scenarios' | 'alarmHandler'>> {
  const wrapped = Object.fromEntries(Object.entries(suiteScenarios).map(([name, scenario]): [string, Scenario] =>
    [name, (storage, args) => scenario(inside(storage), args)]));
  return { scenarios: wrapped, alarmHandler: (storage, info) => alarm(inside(storage), info) };
}

/** The contract's object over one runtime; `cleanUp` runs once the runtime is destroyed. */
export function storageObject(runtime: ObjectRuntime, cleanUp: () => void = () => {}): StorageObject {
  return {
    storage: runtime.storage,
    run: (name, args) => runtime.run(name, args),
    restart: async () => runtime.restart(),
    clock: { now: async () => runtime.clock.now(), advance: (ms) => runtime.advanceClock(ms) },
    faults: { failNextFlush: async () => runtime.failNextFlush() },
    destroy: async () => {
      runtime.destroy();
      cleanUp();
    },
  };
}

/**
 * An object's database, in the temporary directory itself: its files (the database, its history,
 * their journals) are removed by name when the object is destroyed. A directory per object cost
 * more than the object (making and removing one, about 2.5 ms on the project's machine, against
 * about 0.1 ms for removing an object's files); one per process was left behind, empty, by every
 * test worker that ended without an exit event.
 */
function objectFile(): string {
  return join(tmpdir(), `specgate-object-${randomUUID()}.sqlite`);
}

function createObject(backend: Backend, inside: InsideView): StorageObject {
  const file = backend === 'sqlite' ? objectFile() : undefined;
  const runtime = new ObjectRuntime({
    backend,
    ...(file === undefined ? {} : { sqliteFile: file }),
    ...insideCode(inside),
  });
  return storageObject(runtime, () => {
    if (file !== undefined) for (const path of filesOfObject(file)) rmSync(path, { force: true });
  });
}

/** The spec gives the SQL API and point-in-time recovery to the SQLite backend only. */
const KV_OUT_OF_SCOPE: Capability[] = ['sql', 'pitr'];

/** An adapter over one backend of the reference; `inside` changes what code in the object sees. */
export function referenceAdapter(name: string, backend: Backend, inside: InsideView = (storage) => storage): StorageAdapter {
  return {
    name,
    supports: supportsOf(backend),
    ...(backend === 'kv' && { outOfScope: KV_OUT_OF_SCOPE }),
    create: async () => createObject(backend, inside),
  };
}

export const referenceKvAdapter: StorageAdapter = referenceAdapter('reference-kv', 'kv');
export const referenceSqliteAdapter: StorageAdapter = referenceAdapter('reference-sqlite', 'sqlite');

export default referenceKvAdapter;
