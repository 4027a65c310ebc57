// Misreading: the single-key form of put() is not there (only the batch form is); it throws.
// The specs that put a key only to set up what they verify are not verified for it, their own
// requirement untouched (test/preconditions.test.ts); the put's own specs fail.

import { brokenAdapter } from './wrap.js';

export default brokenAdapter('put-single-refused', (real) => ({
  put: ((keyOrEntries: string | Record<string, unknown>, ...rest: unknown[]) => {
    if (typeof keyOrEntries === 'string') return Promise.reject(new Error('put(key, value) not implemented'));
    return (real.put as (...args: unknown[]) => Promise<void>)(keyOrEntries, ...rest);
  }) as typeof real.put,
}));
