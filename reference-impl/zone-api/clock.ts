// The server's virtual clock. One clock drives every time-dependent behaviour (created_on,
// dated deprecations, rate limits), so a test can move it instead of sleeping.
// Real mode follows the wall clock plus an offset; frozen mode stands still until advanced.

export interface ClockState {
  mode: 'real' | 'frozen';
  /** real: offset added to Date.now(); frozen: the current time in ms since epoch. */
  value: number;
}

export class VirtualClock {
  constructor(private state: ClockState = { mode: 'real', value: 0 }, private readonly onChange?: (s: ClockState) => void) {}

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
