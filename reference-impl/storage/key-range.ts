// list(): its options, the range of keys they select, and merging pending writes over stored data.

import { compareKeys, describeValue, toStoredBound } from './keys.js';

/** A stored pair: the key and the serialized value. */
export type Entry = [key: string, value: Buffer];

/** Pending writes by key; null deletes. */
export type Overlay = ReadonlyMap<string, Buffer | null>;

export interface KeyRange {
  start?: string;
  startAfter?: string;
  end?: string;
  prefix?: string;
}

/**
 * Performance only: the part of a range a list() with a limit needs, so that a reader can stop
 * early. A reader given a window may leave out entries, but never any of the first `limit` in
 * its direction; it still answers ascending entries. Readers with pending writes over another
 * reader widen the window by their number of pending writes (each hides at most one entry).
 */
export interface RangeWindow {
  reverse: boolean;
  limit: number;
}

/** The window a reader with `pending` writes over another must ask of it. */
export function widen(window: RangeWindow | undefined, pending: number): RangeWindow | undefined {
  return window === undefined ? undefined : { reverse: window.reverse, limit: window.limit + pending };
}

export interface ListQuery {
  range: KeyRange;
  reverse: boolean;
  limit?: number;
}

export function inRange(key: string, range: KeyRange): boolean {
  if (range.start !== undefined && compareKeys(key, range.start) < 0) return false;
  if (range.startAfter !== undefined && compareKeys(key, range.startAfter) <= 0) return false;
  if (range.end !== undefined && compareKeys(key, range.end) >= 0) return false;
  return range.prefix === undefined || key.startsWith(range.prefix);
}

export function parseListOptions(options: unknown): ListQuery {
  if (options === undefined) return { range: {}, reverse: false };
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`list(): options must be an object, got ${describeValue(options)}.`);
  }
  const given = options as Record<string, unknown>;
  const range: KeyRange = {};
  for (const name of ['start', 'startAfter', 'end', 'prefix'] as const) {
    const bound = toStoredBound(given[name], name);
    if (bound !== undefined) range[name] = bound;
  }
  if (range.start !== undefined && range.startAfter !== undefined) {
    throw new TypeError('list() cannot be called with both start and startAfter values.');
  }
  if (given.reverse !== undefined && typeof given.reverse !== 'boolean') {
    throw new TypeError(`list(): reverse must be a boolean, got ${describeValue(given.reverse)}.`);
  }
  return { range, reverse: given.reverse === true, ...parseLimit(given.limit) };
}

function parseLimit(limit: unknown): { limit?: number } {
  if (limit === undefined) return {};
  if (typeof limit !== 'number') throw new TypeError(`list(): limit must be a number, got ${describeValue(limit)}.`);
  if (!Number.isInteger(limit) || limit <= 0) throw new TypeError('List limit must be positive.');
  return { limit };
}

/** Stored entries (ascending, within `range`) with pending writes applied; ascending. */
export function overlayEntries(stored: Entry[], overlay: Overlay, range: KeyRange): Entry[] {
  if (overlay.size === 0) return stored;
  const merged = new Map(stored);
  for (const [key, value] of overlay) {
    if (!inRange(key, range)) continue;
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return [...merged].sort(([a], [b]) => compareKeys(a, b));
}

/** Applies reverse and limit to ascending entries. */
export function orderAndLimit(ascending: Entry[], query: ListQuery): Entry[] {
  const ordered = query.reverse ? [...ascending].reverse() : ascending;
  return query.limit === undefined ? ordered : ordered.slice(0, query.limit);
}
