// Helpers shared by the storage specs.

import { expect } from 'vitest';
import type { StorageObject } from '../../src/storage/contract.js';
import type { SqlStep } from './scenarios.js';

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
