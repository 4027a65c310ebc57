// Violates: "Writes issued with no intervening await are submitted atomically." (Consistency rule 2)
// Misreading: each write call is its own submission: it is flushed to disk as soon as it is made.
import { blindVariant, override } from './support.js';
import type { VariantContext } from './support.js';

function flushNow(context: VariantContext): void {
  try {
    context.runtime.flush();
  } catch {
    // The failed flush resets the object; the write's own promise carries the error.
  }
}

export default blindVariant('writes-flushed-one-by-one', {
  backend: 'kv',
  view: (storage, context) => override(storage, {
    put: (...args: any[]) => { const done = (storage.put as any)(...args); flushNow(context); return done; },
    delete: (...args: any[]) => { const done = (storage.delete as any)(...args); flushNow(context); return done; },
  }),
});
