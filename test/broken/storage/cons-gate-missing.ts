// Misreading: the runtime has no input gate: a queued event is delivered while a storage
// operation is in progress (Denoflare's local objects), so events that arrive together get in
// between another's read and its write.

import { patchedRuntime } from './wrap.js';

interface Runtime { instance: { gate: object }; newInstance(): { gate: object } }
const ungated = (instance: { gate: object }) => Object.defineProperty(instance.gate, 'isOpen', { get: () => true });

export default patchedRuntime('cons-gate-missing', (runtime) => {
  const inner = runtime as unknown as Runtime;
  ungated(inner.instance);
  const newInstance = inner.newInstance.bind(runtime);
  inner.newInstance = () => {
    const instance = newInstance();
    ungated(instance);
    return instance;
  };
});
