// The run's selection as seen from a test worker: decides, when a spec is declared, whether it runs.

import { inject } from 'vitest';
import { SUITES } from '../catalog/suites.js';
import type { Requirement } from '../core/requirements.js';
import { EVERYTHING, selects, type Selection } from '../core/selection.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which specs this run selects (absent when specs are only listed). */
    selection: Selection;
  }
}

let catalog: Map<string, Requirement> | undefined;

export function isSelected(title: string, requirements: string[], extended = false): boolean {
  catalog ??= new Map(Object.values(SUITES).flatMap((suite) => suite.catalog.flatMap((c) => c.requirements.map((r) => [r.id, r] as const))));
  return selects(inject('selection') ?? EVERYTHING, { title, requirements, extended }, catalog);
}
