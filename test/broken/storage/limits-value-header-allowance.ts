// Misreading (Miniflare 2 accepts a string of 131,098 characters): the serialized value may exceed
// 131,072 bytes by a header allowance (32 bytes here), so a value just over the limit is accepted.
// The reference cannot hold such a value: the call is accepted and the value not kept, which is
// all a spec of the refusal sees.

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

const ALLOWANCE = 32;
type Put = (...args: unknown[]) => Promise<void>;

/** Whether the reference refused the value by a margin no greater than the allowance. */
const withinAllowance = (error: unknown): boolean => {
  const size = /^Values cannot be larger than 131072 bytes\. A value of size (\d+) was provided\.$/.exec((error as Error)?.message ?? '')?.[1];
  return size !== undefined && Number(size) <= 131_072 + ALLOWANCE;
};

export default brokenAdapter('limits-value-header-allowance', (real) => ({
  put: (async (...args: unknown[]) => {
    try {
      await (real.put as Put)(...args);
    } catch (error) {
      if (!withinAllowance(error)) throw error;
    }
  }) as ObjectStorage['put'],
}));
