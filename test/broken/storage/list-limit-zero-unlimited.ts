// Misreading: a limit of 0 means "no limit" (a falsy limit is left out): list({limit: 0})
// answers every pair instead of refusing or answering none.

import type { ListOptions, ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('list-limit-zero-unlimited', (real) => ({
  list: (async (options: ListOptions = {}) => {
    const { limit, ...rest } = options;
    return real.list(limit ? options : rest);
  }) as ObjectStorage['list'],
}));
