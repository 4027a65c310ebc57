// The dates of the Versioning table, and the instants on either side of one.
//
// The spec dates each change by a calendar day ("returned until 2024-11-30, then omitted") and does
// not say whether the change takes effect on that day or after it, nor in which time zone
// (ZM-DEP-CUTOVER-INSTANT-UNSPECIFIED). So the suite never tests inside the span that some reading
// could place on either side: from the moment the day starts anywhere on Earth (UTC+14) to the
// moment it ends everywhere (UTC-12). "Before" is the last millisecond before that span, "after"
// its first millisecond past it.

export type Side = 'before' | 'after';

export interface DatedChange {
  /** The day of the Versioning table, YYYY-MM-DD. */
  date: string;
  side: Side;
}

const HOUR = 3_600_000;
const EARLIEST_OFFSET = 14 * HOUR; // UTC+14: the first place a day starts
const LATEST_OFFSET = 12 * HOUR; // UTC-12: the last place a day ends
const DAY = 24 * HOUR;

/** Midnight UTC of a YYYY-MM-DD day; throws on anything else. */
export function dayStart(date: string): number {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00.000Z`) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${date}`);
  return time;
}

/** The instant a spec verifies one side of a dated change at. */
export function instantOn({ date, side }: DatedChange): number {
  const midnight = dayStart(date);
  return side === 'before' ? midnight - EARLIEST_OFFSET - 1 : midnight + DAY + LATEST_OFFSET;
}

/** Which side of a change an instant is on, or undefined inside the span no side can claim. */
export function sideOf(date: string, instant: number): Side | undefined {
  if (instant <= instantOn({ date, side: 'before' })) return 'before';
  if (instant >= instantOn({ date, side: 'after' })) return 'after';
  return undefined;
}

/** Parses --as-of: a calendar day (its midnight UTC) or a full ISO 8601 instant. */
export function parseAsOf(text: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return dayStart(text);
  const time = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`--as-of must be a date (YYYY-MM-DD) or an ISO 8601 time, got "${text}"`);
  return time;
}

export const isoDay = (instant: number): string => new Date(instant).toISOString().slice(0, 10);
