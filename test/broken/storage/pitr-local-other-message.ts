// Not a misreading of the document: a local runtime that refuses point-in-time recovery with a
// message of its own. Exception messages are not shown, so only the extended requirement (workerd's
// answers) may fail; the core one (nothing restored) must not.

import { localRuntime } from './wrap.js';

const refuse = async (): Promise<never> => { throw new Error('point-in-time recovery is unavailable in this runtime'); };

export default localRuntime('pitr-local-other-message', () => ({
  getCurrentBookmark: refuse,
  getBookmarkForTime: refuse,
  onNextSessionRestoreBookmark: refuse,
}));
