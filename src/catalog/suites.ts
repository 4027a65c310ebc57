// The suites specgate runs: where their specs live, which catalog they cite, and what their specs
// create that must be deleted afterwards.

import type { CreatingCollection } from '../core/cleanup.js';
import type { AreaCatalog, SuiteName } from '../core/requirements.js';
import { CREATING_COLLECTIONS } from '../../suites/zone-api/cleanup.js';
import { storageCatalog } from '../../suites/storage/requirements/index.js';
import { zoneApiCatalog } from '../../suites/zone-api/requirements/index.js';

export { SUITE_NAMES, type SuiteName } from '../core/requirements.js';

export interface Suite {
  name: SuiteName;
  /** Spec files, relative to the package root. */
  include: string[];
  catalog: AreaCatalog[];
  /** Why a suite has no specs yet, shown instead of running it. */
  pending?: string;
  /** The collections whose POST creates objects its specs must delete afterwards (HTTP suites). */
  cleanup?: readonly CreatingCollection[];
}

export const SUITES: Record<SuiteName, Suite> = {
  'zone-api': { name: 'zone-api', include: ['suites/zone-api/**/*.spec.ts'], catalog: zoneApiCatalog, cleanup: CREATING_COLLECTIONS },
  storage: { name: 'storage', include: ['suites/storage/**/*.spec.ts'], catalog: storageCatalog },
};
