// Violates: "get | keys: string[] ... | Promise<Map<string, any>> | ... map sorted ascending by UTF-8 encoding of keys".
// Misreading: "sorted ascending" done with JavaScript's default string order (UTF-16 code
// units), which differs from UTF-8 for characters above U+FFFF against U+E000..U+FFFF.
import { blindVariant, kvEverywhere, utf16Order } from './support.js';

export default blindVariant('get-batch-utf16-order', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => {
      const found = await base.get(keys, options);
      if (!(found instanceof Map)) return found;
      return new Map([...found].sort(([a], [b]) => utf16Order(a, b)));
    },
  })),
});
