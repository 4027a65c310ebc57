// Misreading: a batch holds at least one key: get([]) answers undefined, put({}) is refused, and
// delete([]) answers undefined (no count of nothing).

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenEverywhere } from './wrap.js';

type Call = (...args: unknown[]) => Promise<unknown>;
const isEmpty = (first: unknown) => (Array.isArray(first) ? first.length === 0 : typeof first === 'object' && first !== null && Object.keys(first).length === 0);

export default brokenEverywhere('kv-empty-batches-refused', (real) => ({
  get: (async (...args: unknown[]) => (isEmpty(args[0]) ? undefined : (real.get as Call)(...args))) as ObjectStorage['get'],
  put: (async (...args: unknown[]) => {
    if (isEmpty(args[0])) throw new TypeError('put() needs at least one entry.');
    return (real.put as Call)(...args);
  }) as ObjectStorage['put'],
  delete: (async (...args: unknown[]) => (isEmpty(args[0]) ? undefined : (real.delete as Call)(...args))) as ObjectStorage['delete'],
}));
