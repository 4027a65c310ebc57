// The reference's reading of the dated changes of the Versioning table: a change takes effect at
// 00:00:00.000 UTC of its date (the spec leaves the instant open; the suite never tests inside
// that day, see src/core/dates.ts). One function, so every dated behaviour agrees.

import type { Clock } from '../clock.js';

/** Whether the change dated `date` (YYYY-MM-DD) is in effect at the clock's current time. */
export function inEffect(clock: Clock, date: string): boolean {
  return clock.now() >= Date.parse(`${date}T00:00:00.000Z`);
}
