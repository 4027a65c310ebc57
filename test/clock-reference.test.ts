// The reference's virtual clock (reference-impl/clock.ts, the zone API server's and each storage
// object's) on its own: real mode follows the wall clock plus an offset, frozen mode stands still
// until advanced, moveTo only moves forward, reset returns to the wall clock, and every change
// reaches the persistence hook. The wall clock is stubbed, so
// nothing here depends on timing. Written for mutation testing.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { VirtualClock, type ClockState } from '../reference-impl/clock.js';

const WALL = Date.parse('2025-06-01T12:00:00.000Z');

afterEach(() => { vi.restoreAllMocks(); });

describe('VirtualClock', () => {
  it('starts on the wall clock, plus an offset in real mode', () => {
    vi.spyOn(Date, 'now').mockReturnValue(WALL);
    const clock = new VirtualClock();
    expect([clock.now(), clock.snapshot()]).toEqual([WALL, { mode: 'real', value: 0 }]);
    clock.advance(1_500);
    expect([clock.now(), clock.snapshot()]).toEqual([WALL + 1_500, { mode: 'real', value: 1_500 }]);
    expect(new VirtualClock({ mode: 'real', value: -2_000 }).now()).toBe(WALL - 2_000);
  });

  it('set freezes it; advance moves it; reset returns to the wall clock', () => {
    const wall = vi.spyOn(Date, 'now').mockReturnValue(WALL);
    const clock = new VirtualClock();
    clock.set(1_000);
    wall.mockReturnValue(WALL + 60_000);
    expect([clock.now(), clock.snapshot()]).toEqual([1_000, { mode: 'frozen', value: 1_000 }]);
    clock.advance(250);
    expect([clock.now(), clock.snapshot()]).toEqual([1_250, { mode: 'frozen', value: 1_250 }]);
    clock.reset();
    expect([clock.now(), clock.snapshot()]).toEqual([WALL + 60_000, { mode: 'real', value: 0 }]);
  });

  it('a snapshot is a copy; every change is reported to the hook, when there is one', () => {
    const changes: ClockState[] = [];
    const clock = new VirtualClock({ mode: 'frozen', value: 10 }, (state) => changes.push(state));
    const snapshot = clock.snapshot();
    snapshot.value = 99;
    expect(clock.now()).toBe(10);
    clock.set(20);
    clock.advance(5);
    clock.reset();
    expect(changes).toEqual([{ mode: 'frozen', value: 20 }, { mode: 'frozen', value: 25 }, { mode: 'real', value: 0 }]);
    expect(() => new VirtualClock().set(1)).not.toThrow();
  });

  it('moveTo moves forward only, in either mode; frozenAt stands at its time (now by default)', () => {
    const wall = vi.spyOn(Date, 'now').mockReturnValue(WALL);
    const frozen = VirtualClock.frozenAt(1_000);
    frozen.moveTo(500);
    frozen.moveTo(Number.NaN);
    expect(frozen.snapshot()).toEqual({ mode: 'frozen', value: 1_000 });
    frozen.moveTo(1_500);
    expect(frozen.snapshot()).toEqual({ mode: 'frozen', value: 1_500 });
    const real = new VirtualClock();
    real.moveTo(WALL - 1);
    expect(real.snapshot()).toEqual({ mode: 'real', value: 0 });
    real.moveTo(WALL + 2_000);
    expect(real.snapshot()).toEqual({ mode: 'real', value: 2_000 });
    const standing = VirtualClock.frozenAt();
    wall.mockReturnValue(WALL + 60_000);
    expect(standing.now()).toBe(WALL);
  });
});
