// Misreading: the runtime has no input gate: a queued event is delivered while a storage
// operation is in progress (Denoflare's local objects), so events that arrive together get in
// between another's read and its write.

import { patchedInstances } from './wrap.js';

export default patchedInstances<{ gate: object }>('cons-gate-missing', (instance) => {
  Object.defineProperty(instance.gate, 'isOpen', { get: () => true });
});
