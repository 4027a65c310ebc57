// Misreading: a key's size is its JavaScript length (UTF-16 code units), not its UTF-8 bytes: a key
// of 2,049 or more UTF-8 bytes made of multi-byte characters is accepted when it has at most 2,048
// code units. The reference cannot hold such a key: the call is accepted and the pair not kept.

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

type Put = (...args: unknown[]) => Promise<void>;

const keysOf = (args: unknown[]): string[] => (typeof args[0] === 'string' ? [args[0]] : Object.keys(args[0] as Record<string, unknown>));

export default brokenAdapter('limits-key-utf16-units', (real) => ({
  put: (async (...args: unknown[]) => {
    if (keysOf(args).some((key) => key.length > 2048)) throw new RangeError(`Keys cannot be larger than 2048 bytes.`);
    try {
      await (real.put as Put)(...args);
    } catch (error) {
      // The reference refused a key by its UTF-8 size: this misreading counts code units instead.
      if (!/^Keys cannot be larger than 2048 bytes/.test((error as Error)?.message ?? '')) throw error;
    }
  }) as ObjectStorage['put'],
}));
