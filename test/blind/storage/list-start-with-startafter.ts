// Violates: "startAfter | string | Start after this key, exclusive; cannot be combined with start" (list options).
// Misreading: "cannot be combined" read as "one overrides the other": given both, startAfter
// wins and start is ignored, with no error.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('list-start-with-startafter', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    list: (options?: any) => {
      if (options?.start === undefined || options?.startAfter === undefined) return base.list(options);
      const { start: _ignored, ...rest } = options;
      return base.list(rest);
    },
  })),
});
