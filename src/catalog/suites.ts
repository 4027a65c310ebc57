// The suites specgate runs: where their specs live and which catalog they cite.

import type { AreaCatalog, SuiteName } from '../core/requirements.js';
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
}

export const SUITES: Record<SuiteName, Suite> = {
  'zone-api': { name: 'zone-api', include: ['suites/zone-api/**/*.spec.ts'], catalog: zoneApiCatalog },
  storage: { name: 'storage', include: ['suites/storage/**/*.spec.ts'], catalog: storageCatalog },
};
