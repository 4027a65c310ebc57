// The clocks of the zone API server: the global one, and a zone's own. A zone gets a clock of its
// own when the control API sets or moves time for it (PUT /clock or POST /clock/advance with
// `zones`, POST /zones with `now`); until then it follows the global clock. Moving the global clock
// moves only the zones that follow it, and moving a zone's clock moves no other zone: the suite's
// dated and clock specs each move the time of their own zones while the others run.
//
// Every time-dependent behaviour of a zone reads `of(zone)`: its timestamps, the dated changes in
// effect for it, its custom hostnames' lifetimes, its certificate issuance limit. What belongs to
// no zone (accounts, the transport) reads the global clock.

import { VirtualClock, type Clock, type ClockState } from '../../clock.js';
import type { ZoneStore } from './store.js';

export class ZoneClocks {
  constructor(readonly global: VirtualClock, private readonly zones: ZoneStore) {}

  /** The clock of the zone with that id: its own, else the global one (also for an id no zone has). */
  of(zoneId: string): Clock {
    const own = this.zones.getClock(zoneId);
    return own ? new VirtualClock(own) : this.global;
  }

  /** What the zone's clock (or, without a zone, the global one) is: real or frozen, and its value. */
  stateOf(zoneId?: string): ClockState {
    return (zoneId === undefined ? undefined : this.zones.getClock(zoneId)) ?? this.global.snapshot();
  }

  /** Freezes the clocks of these zones (each becomes a clock of its own) at `time`. */
  set(zoneIds: readonly string[], time: number): void {
    for (const id of zoneIds) this.zones.setClock(id, { mode: 'frozen', value: time });
  }

  /** Moves the clocks of these zones forward; a zone that followed the global clock starts from it. */
  advance(zoneIds: readonly string[], ms: number): void {
    for (const id of zoneIds) {
      const clock = new VirtualClock(this.zones.getClock(id) ?? this.global.snapshot());
      clock.advance(ms);
      this.zones.setClock(id, clock.snapshot());
    }
  }
}
