// Violates: "list | options? | Promise<Map<string, any>> | Ascending by UTF-8 encoding of keys; without options everything is loaded into memory".
// Misreading: a listing is a batch read like get(keys[]), so the batch limit bounds it: without
// a limit, list() answers at most 128 pairs (the first 128 in its order).
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-list-default-limit-128', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    list: (options?: any) => {
      if (options !== undefined && (typeof options !== 'object' || options === null || options.limit !== undefined)) return base.list(options);
      return base.list({ ...options, limit: 128 });
    },
  })),
});
