// The run's selection as seen from a test worker: decides, when a spec is declared, whether it runs.

import { requirementCatalog } from '../catalog/suites.js';
import { EVERYTHING, selects, selectsConventions } from '../core/selection.js';
import { workerContext } from './worker-context.js';

export function isSelected(title: string, requirements: string[], extended = false): boolean {
  return selects(workerContext()?.selection ?? EVERYTHING, { title, requirements, extended }, requirementCatalog());
}

/**
 * Whether the run reports the convention checks of a spec declaring `conventions` (the collector
 * keeps them on the same terms, runner/run.ts): a core run does not, so they need not be run.
 */
export function conventionsSelected(conventions: string[]): boolean {
  return conventions.length > 0 && selectsConventions(workerContext()?.selection ?? EVERYTHING, conventions, requirementCatalog());
}
