// The key-value operations' argument checking and reading, shared by the storage facade and by
// transactions. Everything a call would write is checked before anything is written.

import { checkBatchSize, compareKeys, describeValue, toStoredKey } from './keys.js';
import { orderAndLimit, parseListOptions } from './key-range.js';
import type { StorageOperationOptions } from '../../contract/storage.js';
import { deserializeValue, serializeValue } from './values.js';
import type { KvReader } from './write-buffer.js';

const BOOLEAN_OPTIONS = ['allowConcurrency', 'noCache', 'allowUnconfirmed'] as const;

export function checkOptions(method: string, options: unknown): StorageOperationOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`${method}(): options must be an object, got ${describeValue(options)}.`);
  }
  for (const name of BOOLEAN_OPTIONS) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined && typeof value !== 'boolean') {
      throw new TypeError(`${method}(): option ${name} must be a boolean, got ${describeValue(value)}.`);
    }
  }
  return options as StorageOperationOptions;
}

/** Whether the call asked to let other events in while it runs (decides the input gate). */
export function allowsConcurrency(options: unknown): boolean {
  return typeof options === 'object' && options !== null && (options as StorageOperationOptions).allowConcurrency === true;
}

/** get(key) → value or undefined; get(keys[]) → Map sorted by UTF-8, missing keys omitted. */
export function readValues(reader: KvReader, keyOrKeys: unknown): unknown {
  if (!Array.isArray(keyOrKeys)) {
    const stored = reader.read(toStoredKey(keyOrKeys, 'get'));
    return stored === undefined ? undefined : deserializeValue(stored);
  }
  checkBatchSize(keyOrKeys.length);
  const keys = [...new Set(keyOrKeys.map((key) => toStoredKey(key, 'get')))].sort(compareKeys);
  const found = new Map<string, unknown>();
  for (const key of keys) {
    const stored = reader.read(key);
    if (stored !== undefined) found.set(key, deserializeValue(stored));
  }
  return found;
}

export function listValues(reader: KvReader, options: unknown): Map<string, unknown> {
  const query = parseListOptions(options);
  // The window lets the reader stop after the entries the limit keeps (performance only).
  const window = query.limit === undefined ? undefined : { reverse: query.reverse, limit: query.limit };
  const entries = orderAndLimit(reader.readRange(query.range, window), query);
  return new Map(entries.map(([key, stored]) => [key, deserializeValue(stored)]));
}

export interface ParsedPut {
  writes: Map<string, Buffer>;
  options: unknown;
}

/** put(key, value, options?) or put(entries, options?). */
export function parsePut(first: unknown, second: unknown, third: unknown): ParsedPut {
  if (typeof first === 'string') {
    const key = toStoredKey(first, 'put');
    if (second === undefined) throw new TypeError('put() called with undefined value.');
    return { writes: new Map([[key, serializeValue(second)]]), options: third };
  }
  if (typeof first !== 'object' || first === null || Array.isArray(first)) {
    throw new TypeError(`put() expects a key string and a value, or an object of entries; got ${describeValue(first)}.`);
  }
  const entries = Object.entries(first);
  checkBatchSize(entries.length);
  const writes = new Map<string, Buffer>();
  for (const [key, value] of entries) {
    const storedKey = toStoredKey(key, 'put');
    // As in workerd: an undefined value inside entries is dropped, not an error.
    if (value !== undefined) writes.set(storedKey, serializeValue(value));
  }
  return { writes, options: second };
}

export interface ParsedDelete {
  keys: string[];
  /** delete(key) answers a boolean, delete(keys[]) a count. */
  single: boolean;
}

export function parseDelete(keyOrKeys: unknown): ParsedDelete {
  if (!Array.isArray(keyOrKeys)) return { keys: [toStoredKey(keyOrKeys, 'delete')], single: true };
  checkBatchSize(keyOrKeys.length);
  return { keys: [...new Set(keyOrKeys.map((key) => toStoredKey(key, 'delete')))], single: false };
}

/** The answer of delete(): whether the key existed, or how many of the keys did. */
export function deleteResult(reader: KvReader, { keys, single }: ParsedDelete): boolean | number {
  const existing = keys.filter((key) => reader.read(key) !== undefined).length;
  return single ? existing > 0 : existing;
}

export function tombstones(keys: string[]): Map<string, null> {
  return new Map(keys.map((key) => [key, null]));
}
