// An object's virtual clock: frozen at creation time, moved only forward and only on purpose, so
// alarm tests need no sleeping.

export class VirtualClock {
  constructor(private time: number = Date.now()) {}

  now(): number {
    return this.time;
  }

  /** Moves the clock forward to `time` (never backward). */
  moveTo(time: number): void {
    if (time > this.time) this.time = time;
  }
}
