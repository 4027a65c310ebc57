// Misreading: deleteAll() removes everything the object stored, its alarm included.

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('alarm-deleteall-deletes-alarm', (real) => ({
  async deleteAll(options) {
    await real.deleteAll(options);
    await real.deleteAlarm(options);
  },
} as Partial<ObjectStorage>));
