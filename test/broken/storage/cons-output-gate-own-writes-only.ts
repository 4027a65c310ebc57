// Misreading: the output gate holds an event's answer only for that event's own writes, and
// flushes are lazy (a couple of timer turns after the write): another event that read the
// unflushed write answers at once, and its client is told of a write that then fails to reach
// disk. (The reference holds only own writes too, but flushes before the next event is delivered.)

import { deferred } from '../../../reference-impl/storage/deferred.js';
import type { ObjectRuntime } from '../../../reference-impl/storage/index.js';
import { patchedRuntime } from './wrap.js';

interface Buffer { discarded: boolean; nextFlush: unknown; scheduledFlush(): void; pending(): Promise<void> }
interface Runtime { instance: { buffer: Buffer }; newInstance(): { buffer: Buffer } }

/** The buffer's flush is scheduled two timer turns after its first write instead of on the next turn. */
function lazyFlush(buffer: Buffer): void {
  buffer.pending = function pending(this: Buffer & { nextFlush: ReturnType<typeof deferred> | null }) {
    if (this.discarded) throw new Error('write buffer discarded');
    if (this.nextFlush === null) {
      this.nextFlush = deferred();
      setTimeout(() => setTimeout(() => this.scheduledFlush(), 0), 0);
    }
    return this.nextFlush.promise;
  } as Buffer['pending'];
}

export default patchedRuntime('cons-output-gate-own-writes-only', (runtime: ObjectRuntime) => {
  const inner = runtime as unknown as Runtime;
  lazyFlush(inner.instance.buffer);
  const newInstance = inner.newInstance.bind(runtime);
  inner.newInstance = () => {
    const instance = newInstance();
    lazyFlush(instance.buffer);
    return instance;
  };
});
