// The value encoding of the storage protocol (docs/storage-protocol.md): a structured-clone-capable
// encoding for values that cross a process boundary as JSON.
//
// Used on both sides: in Node (the suite) and inside the runtime under test (bundled into the host
// kit), so it imports nothing and relies only on globals every runtime has (btoa, atob, JSON).
//
// Every value is encoded as a JSON value: strings, booleans, null and finite numbers (other than -0)
// as themselves; everything else as a tagged object { $: tag, ... }. Objects (including arrays,
// Maps, Sets, ArrayBuffers and views) carry an id `i` on first occurrence and are encoded as
// { $: 'r', i } afterwards, so shared references and cycles survive. Like structured clone:
// objects that are not one of the supported built-ins are copied as plain objects (own enumerable
// string keys); functions and symbols cannot be encoded (DataCloneError).

export type Wire = null | boolean | number | string | WireTagged | Wire[];
export interface WireTagged {
  $: string;
  [field: string]: unknown;
}

const TYPED_ARRAYS = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array,
} as const;
type TypedArrayName = keyof typeof TYPED_ARRAYS;
type AnyTypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedArrayName]>;

const ERROR_CLASSES: Record<string, ErrorConstructor> = {
  Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError,
};

function dataCloneError(message: string): Error {
  const error = new Error(message);
  error.name = 'DataCloneError';
  return error;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) {
    binary += String.fromCharCode(...bytes.subarray(at, at + chunk));
  }
  return btoa(binary);
}

function fromBase64(text: string): ArrayBuffer {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes.buffer;
}

function typedArrayName(value: ArrayBufferView): TypedArrayName | undefined {
  for (const name of Object.keys(TYPED_ARRAYS) as TypedArrayName[]) {
    if (value instanceof TYPED_ARRAYS[name]) return name;
  }
  return undefined;
}

/** Encodes any structured-clonable value as a JSON-compatible value. */
export function encode(value: unknown): Wire {
  const seen = new Map<object, number>();
  const walk = (value: unknown): Wire => {
    switch (typeof value) {
      case 'undefined':
        return { $: 'u' };
      case 'boolean':
      case 'string':
        return value;
      case 'number':
        if (Number.isNaN(value)) return { $: 'n', v: 'NaN' };
        if (value === Infinity) return { $: 'n', v: 'Infinity' };
        if (value === -Infinity) return { $: 'n', v: '-Infinity' };
        if (Object.is(value, -0)) return { $: 'n', v: '-0' };
        return value;
      case 'bigint':
        return { $: 'b', v: value.toString() };
      case 'symbol':
        throw dataCloneError(`${String(value)} could not be cloned.`);
      case 'function':
        throw dataCloneError(`${(value as { name?: string }).name || 'function'} could not be cloned.`);
    }
    if (value === null) return null;
    const object = value as object;
    const known = seen.get(object);
    if (known !== undefined) return { $: 'r', i: known };
    const i = seen.size;
    seen.set(object, i);

    if (Array.isArray(object)) {
      const items: Wire[] = [];
      for (let index = 0; index < object.length; index++) {
        items.push(index in object ? walk(object[index]) : { $: 'h' });
      }
      return { $: 'a', i, v: items };
    }
    if (object instanceof Date) return { $: 'd', i, v: walk(object.getTime()) };
    if (object instanceof RegExp) return { $: 're', i, s: object.source, f: object.flags };
    if (object instanceof Map) {
      const entries: Wire[] = [];
      for (const [key, item] of object) entries.push([walk(key), walk(item)]);
      return { $: 'm', i, v: entries };
    }
    if (object instanceof Set) {
      const items: Wire[] = [];
      for (const item of object) items.push(walk(item));
      return { $: 's', i, v: items };
    }
    if (object instanceof ArrayBuffer) return { $: 'ab', i, v: toBase64(new Uint8Array(object)) };
    if (ArrayBuffer.isView(object)) {
      const buffer = walk(object.buffer);
      if (object instanceof DataView) {
        return { $: 'dv', i, buf: buffer, o: object.byteOffset, l: object.byteLength };
      }
      const t = typedArrayName(object);
      if (t === undefined) throw dataCloneError(`${object.constructor?.name} could not be cloned.`);
      return { $: 'ta', i, t, buf: buffer, o: object.byteOffset, l: (object as AnyTypedArray).length };
    }
    if (object instanceof Error) {
      const name = ERROR_CLASSES[object.name] ? object.name : 'Error';
      return { $: 'e', i, n: name, m: String(object.message), s: object.stack === undefined ? null : String(object.stack) };
    }
    if (object instanceof Boolean || object instanceof Number || object instanceof String) {
      return { $: 'bx', i, v: walk(object.valueOf()) };
    }
    const entries: Wire[] = [];
    for (const key of Object.keys(object)) entries.push([key, walk((object as Record<string, unknown>)[key])]);
    return { $: 'o', i, v: entries };
  };
  return walk(value);
}

/** Decodes what encode() produced (on either side of the boundary). */
export function decode(wire: Wire): unknown {
  const objects = new Map<number, unknown>();
  const walk = (wire: unknown): unknown => {
    if (wire === null || typeof wire !== 'object') return wire;
    if (Array.isArray(wire)) throw new TypeError('specgate wire: unexpected bare array');
    const tagged = wire as WireTagged;
    const register = <T>(value: T): T => {
      objects.set(tagged.i as number, value);
      return value;
    };
    switch (tagged.$) {
      case 'u':
        return undefined;
      case 'n':
        return Number(tagged.v as string);
      case 'b':
        return BigInt(tagged.v as string);
      case 'r': {
        if (!objects.has(tagged.i as number)) throw new TypeError(`specgate wire: unknown reference ${String(tagged.i)}`);
        return objects.get(tagged.i as number);
      }
      case 'a': {
        const items = tagged.v as Wire[];
        const array = register(new Array(items.length));
        items.forEach((item, index) => {
          if (item !== null && typeof item === 'object' && !Array.isArray(item) && item.$ === 'h') return;
          array[index] = walk(item);
        });
        return array;
      }
      case 'd': {
        const date = register(new Date(0));
        date.setTime(walk(tagged.v) as number);
        return date;
      }
      case 're':
        return register(new RegExp(tagged.s as string, tagged.f as string));
      case 'm': {
        const map = register(new Map());
        for (const [key, item] of tagged.v as [Wire, Wire][]) map.set(walk(key), walk(item));
        return map;
      }
      case 's': {
        const set = register(new Set());
        for (const item of tagged.v as Wire[]) set.add(walk(item));
        return set;
      }
      case 'ab':
        return register(fromBase64(tagged.v as string));
      case 'dv': {
        // The buffer is decoded first: views never take part in a cycle (they have no children
        // besides their buffer), so registering after it is safe.
        const buffer = walk(tagged.buf) as ArrayBuffer;
        return register(new DataView(buffer, tagged.o as number, tagged.l as number));
      }
      case 'ta': {
        const buffer = walk(tagged.buf) as ArrayBuffer;
        const Kind = TYPED_ARRAYS[tagged.t as TypedArrayName];
        if (!Kind) throw new TypeError(`specgate wire: unknown typed array ${String(tagged.t)}`);
        return register(new Kind(buffer, tagged.o as number, tagged.l as number));
      }
      case 'e': {
        const Kind = ERROR_CLASSES[tagged.n as string] ?? Error;
        const error = register(new Kind(tagged.m as string));
        if (typeof tagged.s === 'string') error.stack = tagged.s;
        return error;
      }
      case 'bx':
        return register(Object(walk(tagged.v)));
      case 'o': {
        const object = register({} as Record<string, unknown>);
        for (const [key, item] of tagged.v as [string, Wire][]) {
          // defineProperty: a key named __proto__ stays an own data property, as structured clone keeps it.
          Object.defineProperty(object, key, { value: walk(item), writable: true, enumerable: true, configurable: true });
        }
        return object;
      }
      default:
        throw new TypeError(`specgate wire: unknown tag ${String(tagged.$)}`);
    }
  };
  return walk(wire);
}

/**
 * An error thrown on one side, carried as data to the other: its name (any, not only the built-in
 * classes'), message, stack and cause, kept whole. A cause that is itself an error is carried as
 * one (`{ error }`), any other as a value (`{ value }`).
 */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  cause?: { error: WireError } | { value: Wire };
}

const isErrorLike = (value: unknown): value is { name?: unknown; message?: unknown; stack?: unknown; cause?: unknown } =>
  value instanceof Error || (value !== null && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string');

/** Re-creates an error of the same class (RangeError, TypeError, ...), name, message, stack and cause. */
export function errorFromWire(error: WireError): Error {
  const Kind = ERROR_CLASSES[error.name];
  const result = Kind ? new Kind(error.message) : new Error(error.message);
  if (!Kind) result.name = error.name;
  if (typeof error.stack === 'string') result.stack = error.stack;
  if (error.cause !== undefined) {
    const cause = 'error' in error.cause ? errorFromWire(error.cause.error) : decode(error.cause.value);
    Object.defineProperty(result, 'cause', { value: cause, writable: true, enumerable: false, configurable: true });
  }
  return result;
}

/** What was thrown, as data; `depth` bounds a chain of causes that loops. */
export function errorToWire(error: unknown, depth = 0): WireError {
  if (!isErrorLike(error)) return { name: 'Error', message: String(error) };
  const wire: WireError = {
    name: typeof error.name === 'string' ? error.name : 'Error',
    message: typeof error.message === 'string' ? error.message : String(error),
  };
  if (typeof error.stack === 'string') wire.stack = error.stack;
  if ('cause' in error && error.cause !== undefined && depth < 16) {
    if (isErrorLike(error.cause)) wire.cause = { error: errorToWire(error.cause, depth + 1) };
    else {
      try {
        wire.cause = { value: encode(error.cause) };
      } catch {
        wire.cause = { value: String(error.cause) };
      }
    }
  }
  return wire;
}
