// Values: structured clone through node:v8, whose serialized size is the size that is limited.
// Every read deserializes afresh, so callers never share objects with what is stored.

import { deserialize, serialize } from 'node:v8';

export const MAX_VALUE_BYTES = 131072;

export function serializeValue(value: unknown): Buffer {
  let bytes: Buffer;
  try {
    bytes = serialize(value);
  } catch (error) {
    // What structuredClone throws for functions, symbols and the like.
    throw new DOMException(`Value cannot be stored: ${(error as Error).message}`, 'DataCloneError');
  }
  if (bytes.length > MAX_VALUE_BYTES) {
    throw new RangeError(`Values cannot be larger than ${MAX_VALUE_BYTES} bytes. A value of size ${bytes.length} was provided.`);
  }
  return bytes;
}

export function deserializeValue(bytes: Uint8Array): unknown {
  return deserialize(bytes);
}

/** A fresh copy, as if the value crossed into or out of the object. */
export function cloneValue<T>(value: T): T {
  return deserialize(serialize(value)) as T;
}
