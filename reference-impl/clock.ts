// The reference's virtual clock, one for both of its parts: the zone API server's (created_on,
// dated changes, rate limits) and each storage object's (alarms). Tests move it instead of
// sleeping. Real mode follows the wall clock plus an offset; frozen mode stands still until moved.

/** What reads the time: a virtual clock, or the clock of one zone (zone-api/zones/clocks.ts). */
export interface Clock {
  now(): number;
}

export interface ClockState {
  mode: 'real' | 'frozen';
  /** real: offset added to Date.now(); frozen: the current time in ms since epoch. */
  value: number;
}

export class VirtualClock implements Clock {
  /** `onChange` hears every change (the zone API server keeps the state in its database). */
  constructor(private state: ClockState = { mode: 'real', value: 0 }, private readonly onChange?: (s: ClockState) => void) {}

  /** A clock that stands at `time` (default: now) until moved (a storage object's). */
  static frozenAt(time: number = Date.now()): VirtualClock {
    return new VirtualClock({ mode: 'frozen', value: time });
  }

  now(): number {
    return this.state.mode === 'real' ? Date.now() + this.state.value : this.state.value;
  }

  /** Freezes the clock at `time` (ms since epoch). */
  set(time: number): void {
    this.update({ mode: 'frozen', value: time });
  }

  advance(ms: number): void {
    this.update({ mode: this.state.mode, value: this.state.value + ms });
  }

  /** Moves the clock forward to `time`, never backward (alarms run at their times on the way). */
  moveTo(time: number): void {
    const now = this.now();
    if (!(time > now)) return;
    if (this.state.mode === 'frozen') this.set(time);
    else this.advance(time - now);
  }

  /** Back to the wall clock. */
  reset(): void {
    this.update({ mode: 'real', value: 0 });
  }

  snapshot(): ClockState {
    return { ...this.state };
  }

  private update(next: ClockState): void {
    this.state = next;
    this.onChange?.(next);
  }
}
