// Helpers shared by the storage specs.

import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { StorageObject } from '../../contract/storage.js';
import { StorageCallTimeout } from '../../src/spec-kit/bounded-storage.js';
import type { SqlStep } from '../../contract/scenarios.js';

/** The error a call is refused with, thrown or as a rejection (the spec does not say which), or undefined. */
export async function refusal(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** What one step of a SQL script gave inside the object: its value, or the error it threw. */
export type Outcome = { ok: true; value: any } | { ok: false; error: { name: string; message: string } };

export const exec = (query: string, ...bindings: unknown[]): SqlStep => ({ exec: query, bindings });
const label = (step: SqlStep | undefined): string => (typeof step === 'object' ? `exec(${JSON.stringify(step.exec)})` : `${String(step)}()`);

/** Runs SQL steps inside the object (a cursor cannot leave it); answers what each step gave. */
export const sql = (object: StorageObject, ...steps: SqlStep[]): Promise<Outcome[]> => object.run<Outcome[]>('sql', { steps });

/** The step's value; fails the spec with the step's error when it threw. */
export function answer(outcome: Outcome | undefined, step: string): any {
  if (!outcome?.ok) expect.fail(`${step} threw ${outcome ? `${outcome.error.name}: ${outcome.error.message}` : 'nothing: it did not run'}`);
  return outcome.value;
}

/** Runs SQL steps; answers their values, failing on the first step that threw. */
export async function values(object: StorageObject, ...steps: SqlStep[]): Promise<any[]> {
  const outcomes = await sql(object, ...steps);
  return outcomes.map((outcome, index) => answer(outcome, label(steps[index])));
}

/** What a scenario recorded inside the object, and how its event ended. */
export interface Recorded<T> {
  /** Whether the scenario recorded anything (false: it did not get that far, or the object lost it). */
  found: boolean;
  recorded: T | undefined;
  /** The error the event failed with, when it failed rather than answered. */
  eventError?: string;
}

/**
 * Runs a scenario that records what it saw under a fresh token, then reads the record in a second
 * event: what happened inside the object, whether or not its event answered. A runtime may fail an
 * event for a reason that is not the calling spec's subject; the spec still sees its own.
 */
export async function runRecorded<T>(object: StorageObject, scenario: string, args: Record<string, unknown>): Promise<Recorded<T>> {
  const token = `recorded:${randomUUID()}`;
  // An event that never settles is not a runtime replacing the instance: it fails the spec (--timeout).
  const eventError = await object.run(scenario, { ...args, token }).then(() => undefined, (error: Error) => {
    if (error instanceof StorageCallTimeout) throw error;
    return String(error?.message ?? error);
  });
  const { found, value } = await object.run<{ found: boolean; value: T }>('recalled', { token });
  return { found, recorded: found ? value : undefined, ...(eventError !== undefined && { eventError }) };
}

/** Why a spec cannot verify what a scenario did, when it recorded nothing. */
export const notRecorded = (what: string, { eventError }: Recorded<unknown>): string =>
  `not verified: the object recorded nothing of ${what} (its event ${eventError === undefined ? 'answered' : `failed: ${eventError}`}); the runtime may have replaced the instance`;

/** What an object's log of events (the `log` argument of the increment scenarios) shows of how they ran. */
export interface Interleaving {
  /** Whether the object recorded the log (false: the runtime replaced the instance, or its scenarios do not log). */
  found: boolean;
  /** Whether some event started while another was in flight: the events really ran together. */
  overlapped: boolean;
  /** Events that started between another's read and its write (no other I/O in between): each as "B inside A's". */
  intrusions: string[];
}

/** A fresh log name for events delivered together, and the args of each: `{ log, id }`. */
export function eventLog(): { log: string; args: (id: number) => { log: string; id: number } } {
  const log = `events:${randomUUID()}`;
  return { log, args: (id) => ({ log, id }) };
}

/** Reads the object's log of events and tells whether they overlapped, and whether any got into another's read-then-write. */
export async function interleavingOf(object: StorageObject, log: string): Promise<Interleaving> {
  const { found, value } = await object.run<{ found: boolean; value: string[] }>('recalled', { token: log });
  if (!found || !Array.isArray(value)) return { found: false, overlapped: false, intrusions: [] };
  const open = new Set<string>();
  const inRegion = new Set<string>();
  let overlapped = false;
  const intrusions: string[] = [];
  for (const entry of value) {
    const [id, what] = entry.split(':') as [string, string];
    if (what === 'start') {
      if (open.size > 0) overlapped = true;
      for (const other of inRegion) intrusions.push(`event ${id} started inside event ${other}'s read-then-write`);
      open.add(id);
    } else if (what === 'read') inRegion.add(id);
    else if (what === 'write') inRegion.delete(id);
    else if (what === 'end') open.delete(id);
  }
  return { found: true, overlapped, intrusions };
}

/** Why a spec about events held off each other verifies nothing, when they did not run together. */
export const notInterleaved = (what: string, { found }: Interleaving): string => (found
  ? `not verified: the premise did not occur: ${what} did not interleave (each started after the one before it had ended), so nothing was held off`
  : `not verified: the object kept no log of ${what} (the runtime may have replaced the instance), so whether they interleaved is not known`);
