// Violates: "limit | number | Maximum pairs returned" (list options).
// Misreading: a limit of 0 means "no limit" (as in many query APIs), so list({limit: 0}) answers
// every pair instead of at most none.
import { blindVariant, kvEverywhere, without } from './support.js';

export default blindVariant('r5-list-limit-zero-unlimited', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    list: (options?: any) => base.list(options?.limit === 0 ? without(options, 'limit') : options),
  })),
});
