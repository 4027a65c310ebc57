// The run's selection as seen from a test worker: decides, when a spec is declared, whether it runs.

import { SUITES } from '../catalog/suites.js';
import type { Requirement } from '../core/requirements.js';
import { EVERYTHING, selects } from '../core/selection.js';
import { workerContext } from './worker-context.js';


let catalog: Map<string, Requirement> | undefined;

export function isSelected(title: string, requirements: string[], extended = false): boolean {
  catalog ??= new Map(Object.values(SUITES).flatMap((suite) => suite.catalog.flatMap((c) => c.requirements.map((r) => [r.id, r] as const))));
  return selects(workerContext()?.selection ?? EVERYTHING, { title, requirements, extended }, catalog);
}
