// Not a misreading of the document: list({start, startAfter}) is refused, as the document says,
// but with the implementation's own error and message instead of the production runtime's
// TypeError text. Only a production convention (extended profile) differs, so the core verdict
// passes and the extended one does not.

import type { ListOptions } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('list-own-refusal-message', (real) => ({
  async list<T>(options: ListOptions = {}) {
    if (options.start !== undefined && options.startAfter !== undefined) throw new Error('start and startAfter are mutually exclusive');
    return real.list<T>(options);
  },
}));
