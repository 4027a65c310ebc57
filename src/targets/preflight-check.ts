// What a preflight check is and how a failed one reads, shared by the zone preflight
// (targets/zone-preflight.ts) and the adapter preflight (targets/adapter-preflight.ts).

import { UsageError } from '../core/errors.js';

/** One check and what it found; a failed one says how to fix it. */
export interface Check {
  /** What was checked, for doctor's list: "credentials (API token)". */
  what: string;
  ok: boolean;
  /** What was found: "accepted: GET /zones/…/filters answered HTTP 200". */
  detail: string;
  fix?: string;
}

/** A failed check, as `specgate run` reports it: one line, cause and fix, exit 2. */
export class PreflightError extends UsageError {}

/** A failed check as one line: what was found (naming the target), and the fix. */
export const failureLine = (check: Check): string => `${check.detail}${check.fix ? `; fix: ${check.fix}` : ''}`;
