// The reference's key-value backend, with a runtime to start and close, that logs each start(),
// close() and create() of a test worker's instance to the file SPECGATE_COUNT_LOG names, one line
// each: "<pid> <call>". test/adapter-close.test.ts: every instance that started was closed.

import { appendFileSync } from 'node:fs';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';
import { inTestWorker } from './base.js';

const log = (call: string) => {
  const file = process.env.SPECGATE_COUNT_LOG;
  if (file !== undefined && inTestWorker()) appendFileSync(file, `${process.pid} ${call}\n`);
};

const reference = referenceAdapter('counting', 'kv');
const adapter: StorageAdapter = {
  ...reference,
  async start() { log('start'); },
  async create() { log('create'); return reference.create(); },
  async close() { log('close'); },
};
export default adapter;
