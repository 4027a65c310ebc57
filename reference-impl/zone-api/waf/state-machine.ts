// The one-way migration: start → validation (Enterprise only) → migrated, or start → migrated.
// Nothing leads back; every refused transition says why.

import { ApiError, codes } from '../errors.js';
import type { Plan } from '../../../contract/control.js';
import type { MigrationState } from './model.js';

export type MigrationRequest = 'validation' | 'pending';

/** The query value of waf_migration, as a request: pending or 1, validation or 2. */
export function migrationRequest(raw: string): MigrationRequest | undefined {
  if (raw === 'pending' || raw === '1') return 'pending';
  if (raw === 'validation' || raw === '2') return 'validation';
  return undefined;
}

/** The state a request leads to from `current`, or the refusal. */
export function nextState(current: MigrationState, request: MigrationRequest, plan: Plan): MigrationState {
  if (current === 'migrated') {
    throw new ApiError(409, { code: codes.wafAlreadyMigrated, message: 'The zone is already migrated to the new WAF managed rules; the migration is irreversible and cannot be run again' });
  }
  if (request === 'pending') return 'migrated';
  if (plan !== 'enterprise') {
    throw new ApiError(403, { code: codes.wafValidationEnterpriseOnly, message: `Validation mode (waf_migration=validation or 2) is available to Enterprise zones only; this zone's plan is ${plan}: migrate directly with waf_migration=pending` });
  }
  return 'validation';
}

/** Whether each version runs in a state, and in which order (validation: the new rules first). */
export function versionsRunning(state: MigrationState, legacyEnabled: boolean) {
  const old = state !== 'migrated' && legacyEnabled;
  const fresh = state !== 'start';
  const order = [...(fresh ? ['new_waf'] : []), ...(old ? ['old_waf'] : [])];
  return { old_waf: { enabled: old }, new_waf: { enabled: fresh }, evaluation_order: order };
}
