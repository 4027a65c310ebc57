// The run's selection as seen from a test worker: decides, when a spec is declared, whether it runs.

import { requirementCatalog } from '../catalog/suites.js';
import { EVERYTHING, selects } from '../core/selection.js';
import { workerContext } from './worker-context.js';

export function isSelected(title: string, requirements: string[], extended = false): boolean {
  return selects(workerContext()?.selection ?? EVERYTHING, { title, requirements, extended }, requirementCatalog());
}
