// Misreading: 128 KiB read as 128,000 bytes (kilo = 1,000): a value whose serialized form is over
// 128,000 bytes is refused, also one of 131,008 bytes that the document accepts.

import { serialize } from 'node:v8';
import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

type Put = (...args: unknown[]) => Promise<void>;

const tooLarge = (value: unknown): boolean => value !== undefined && serialize(value).length > 128_000;

export default brokenAdapter('limits-value-128000', (real) => ({
  put: (async (...args: unknown[]) => {
    const values = typeof args[0] === 'string' ? [args[1]] : Object.values(args[0] as Record<string, unknown>);
    if (values.some(tooLarge)) throw new RangeError('Values cannot be larger than 128000 bytes.');
    await (real.put as Put)(...args);
  }) as ObjectStorage['put'],
}));
