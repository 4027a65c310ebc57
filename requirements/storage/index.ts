// The requirement catalog of the storage document: one file per area of the spec.

import type { AreaCatalog } from '../model.js';
import alarms from './alarms.js';
import consistency from './consistency.js';
import kv from './kv.js';
import limits from './limits.js';
import list from './list.js';
import options from './options.js';
import pitr from './pitr.js';
import sql from './sql.js';
import transactions from './transactions.js';

export const storageCatalog: AreaCatalog[] = [kv, list, limits, options, transactions, consistency, alarms, sql, pitr];
