// Misreading: "at most 128 KiB" read as "less than 128 KiB": a value whose serialized form is
// exactly 131,072 bytes is refused, with the production message. Every core spec keeps a margin
// below the edge (the document does not say how a value is measured), so only the extended spec
// that calibrates the measure from the message lands on it.

import { serialize } from 'node:v8';
import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

type Put = (...args: unknown[]) => Promise<void>;

const sizeOf = (value: unknown): number => (value === undefined ? 0 : serialize(value).length);

export default brokenAdapter('limits-value-exclusive', (real) => ({
  put: (async (...args: unknown[]) => {
    const values = typeof args[0] === 'string' ? [args[1]] : Object.values(args[0] as Record<string, unknown>);
    const atLimit = values.find((value) => sizeOf(value) === 131_072);
    if (atLimit !== undefined) throw new RangeError(`Values cannot be larger than 131072 bytes. A value of size ${sizeOf(atLimit)} was provided.`);
    await (real.put as Put)(...args);
  }) as ObjectStorage['put'],
}));
