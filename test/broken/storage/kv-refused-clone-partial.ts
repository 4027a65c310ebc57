// Misreading: a value that cannot be cloned is found only when its turn comes: put(entries)
// stores the pairs it could clone and then rejects; put(key, value) creates the key (reading as
// null, the runtime's "no value") and then rejects.

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenEverywhere } from './wrap.js';

type Put = (...args: unknown[]) => Promise<void>;
const cloneable = (value: unknown): boolean => {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
};

export default brokenEverywhere('kv-refused-clone-partial', (real) => ({
  put: (async (...args: unknown[]) => {
    const put = (real.put as Put).bind(real);
    if (typeof args[0] === 'string') {
      if (!cloneable(args[1])) await put(args[0], null);
      return put(...args);
    }
    const entries = Object.entries(args[0] as Record<string, unknown>);
    if (entries.every(([, value]) => cloneable(value))) return put(...args);
    const good = Object.fromEntries(entries.filter(([, value]) => cloneable(value)));
    if (Object.keys(good).length > 0) await put(good);
    throw new DOMException('A value could not be cloned.', 'DataCloneError');
  }) as ObjectStorage['put'],
}));
