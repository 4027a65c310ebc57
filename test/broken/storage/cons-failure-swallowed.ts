// Misreading: a write that fails to reach disk resets the object, but the client of the event
// still gets a normal answer instead of an error.

import type { StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('cons-failure-swallowed', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      run: (scenario: string, args?: unknown) => run(scenario, args).catch((error: Error) => {
        if (/write failed to reach disk/.test(error.message)) return undefined;
        throw error;
      }),
    });
  },
} as StorageAdapter;
