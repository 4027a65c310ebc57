// The bundled adapters over specgate's reference object runtime (reference-impl/storage):
// "reference-kv" (key-value backend, persisted state in memory) and "reference-sqlite" (SQLite
// backend; one temporary database file per object so that restart() keeps what was flushed).
// Scenarios and the alarm handler come from the suite, as a remote runtime would bundle them.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ObjectRuntime } from '../../reference-impl/storage/index.js';
import { alarm, scenarios } from '../../suites/storage/scenarios.js';
import type { StorageAdapter, StorageObject, Supports } from '../storage/contract.js';

type Backend = 'kv' | 'sqlite';

const supports: Supports = { kv: true, alarms: true, clock: true, faults: true, restart: true, sql: false, pitr: false };

function createObject(backend: Backend): StorageObject {
  const dir = backend === 'sqlite' ? mkdtempSync(join(tmpdir(), 'specgate-object-')) : undefined;
  const runtime = new ObjectRuntime({
    backend,
    ...(dir === undefined ? {} : { sqliteFile: join(dir, 'storage.sqlite') }),
    alarmHandler: alarm,
    scenarios,
  });
  return {
    storage: runtime.storage,
    run: <T>(name: string, args?: unknown) => runtime.run(name, args) as Promise<T>,
    restart: async () => runtime.restart(),
    clock: { now: async () => runtime.clock.now(), advance: (ms: number) => runtime.advanceClock(ms) },
    faults: { failNextFlush: async () => runtime.failNextFlush() },
    destroy: async () => {
      runtime.destroy();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function referenceAdapter(name: string, backend: Backend): StorageAdapter {
  return { name, supports: { ...supports }, create: async () => createObject(backend) };
}

export const referenceKvAdapter: StorageAdapter = referenceAdapter('reference-kv', 'kv');
export const referenceSqliteAdapter: StorageAdapter = referenceAdapter('reference-sqlite', 'sqlite');

export default referenceKvAdapter;
