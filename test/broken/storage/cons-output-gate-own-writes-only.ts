// Misreading: the output gate holds an event's answer only for that event's own writes, and
// flushes are lazy (a couple of timer turns after the write): another event that read the
// unflushed write answers at once, and its client is told of a write that then fails to reach
// disk. (The reference holds only own writes too, but flushes at the end of the turn that wrote,
// before its input gate lets the next event in: the variant skips that flush.)

import { deferred } from '../../../reference-impl/storage/deferred.js';
import { patchedInstances } from './wrap.js';

interface Buffer { discarded: boolean; nextFlush: unknown; scheduledFlush(): void; pending(): Promise<void> }
interface Instance { buffer: Buffer; gate: { endOfTurn(): void } }

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

export default patchedInstances<Instance>('cons-output-gate-own-writes-only', lazyFlush);
