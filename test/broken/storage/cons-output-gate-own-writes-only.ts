// Misreading: the output gate holds an event's answer only for that event's own writes, and
// flushes are lazy (a couple of timer turns after the write): another event that read the
// unflushed write answers at once, and its client is told of a write that then fails to reach
// disk. (The reference holds only own writes too, but flushes at the end of the turn that wrote,
// before its input gate lets the next event in: the variant skips that flush.)

import { deferred } from '../../../reference-impl/storage/deferred.js';
import type { ObjectRuntime } from '../../../reference-impl/storage/index.js';
import { patchedRuntime } from './wrap.js';

interface Buffer { discarded: boolean; nextFlush: unknown; scheduledFlush(): void; pending(): Promise<void> }
interface Instance { buffer: Buffer; gate: { endOfTurn(): void } }
interface Runtime { instance: Instance; newInstance(): Instance }

/**
 * The buffer's flush is scheduled two timer turns after its first write instead of on the next
 * turn, and the input gate opens at the end of a turn without flushing.
 */
function lazyFlush({ buffer, gate }: Instance): void {
  gate.endOfTurn = () => {};
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
  lazyFlush(inner.instance);
  const newInstance = inner.newInstance.bind(runtime);
  inner.newInstance = () => {
    const instance = newInstance();
    lazyFlush(instance);
    return instance;
  };
});
