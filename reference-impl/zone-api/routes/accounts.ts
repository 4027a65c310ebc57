// Accounts: GET/POST /accounts, GET/PUT /accounts/{account_id}, and the account's DNS settings
// GET/PATCH /accounts/{account_id}/dns_settings {zone_defaults: {nameservers: {type}}}.
// Until 2025-03-14 an account also shows and takes settings.default_nameservers and
// settings.use_account_custom_ns_by_default, read from and written to zone_defaults.nameservers.type;
// from that date they are omitted from responses and ignored in requests (docs/settings-contract.md).

import { ApiError, codes, notFound, successEnvelope } from '../errors.js';
import type { AccountRow } from '../accounts/store.js';
import { inEffect } from '../in-effect.js';
import { requireObject, type Json } from '../input.js';
import { pageRequest, resultInfo } from '../listing.js';
import type { RequestView, Router } from '../router.js';
import { SETTINGS_DATES } from '../settings/change-dates.js';
import { DEFAULT_NAMESERVER_TYPE, isNameserverType, NAMESERVER_TYPES, VENDOR, type NameserverType } from '../settings/nameservers.js';
import { validationError } from '../settings/service.js';

/** Values of the legacy default_nameservers field (the random variant did not exist there). */
const LEGACY_DEFAULT_NAMESERVERS = [`${VENDOR}.standard`, 'custom.account', 'custom.tenant'] as const;

export function accountRoutes({ state: { accounts }, clock, resource }: Router): void {
  const legacyFields = () => !inEffect(clock, SETTINGS_DATES.accountNameserverFields);

  const accountJson = (row: AccountRow) => ({
    id: row.id,
    name: row.name,
    created_on: row.created_on,
    settings: legacyFields()
      ? {
        default_nameservers: row.nameservers_type === `${VENDOR}.standard.random` ? `${VENDOR}.standard` : row.nameservers_type,
        use_account_custom_ns_by_default: row.nameservers_type === 'custom.account',
      }
      : {},
  });

  /** The nameserver type after the legacy fields of a body's settings (before 2025-03-14 only). */
  const typeFromLegacy = (body: Json, current: NameserverType): NameserverType => {
    if (!legacyFields() || body.settings === undefined) return current;
    const fields = requireObject(body.settings, 'account settings');
    let type = current;
    const custom = fields.use_account_custom_ns_by_default;
    if (custom !== undefined) {
      if (typeof custom !== 'boolean') throw validationError('settings.use_account_custom_ns_by_default must be a boolean');
      type = custom ? 'custom.account' : type === 'custom.account' ? DEFAULT_NAMESERVER_TYPE : type;
    }
    const named = fields.default_nameservers;
    if (named !== undefined) {
      if (!(LEGACY_DEFAULT_NAMESERVERS as readonly unknown[]).includes(named)) {
        throw validationError(`settings.default_nameservers must be one of ${LEGACY_DEFAULT_NAMESERVERS.join(', ')}`);
      }
      type = named as NameserverType;
    }
    return type;
  };

  const nameOf = (body: Json, required: boolean): string | undefined => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, both routes call nameOf with required true, so this early return never applies (a name is required)
    if (body.name === undefined && !required) return undefined;
    if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 100) throw validationError('name must be a non-empty string of at most 100 characters');
    return body.name;
  };

  const account = (req: RequestView): AccountRow => {
    // Stryker disable next-line StringLiteral: equivalent, the routes' patterns always bind :account_id, so the fallback is never used
    const row = accounts.get(req.params.account_id ?? '');
    if (!row) throw notFound('account', req.params.account_id ?? '');
    return row;
  };

  resource('/accounts', {
    GET: (req) => {
      const page = pageRequest(req.query);
      const found = accounts.list(page.page, page.perPage);
      return successEnvelope(found.rows.map(accountJson), { result_info: resultInfo(page, found) });
    },
    POST: (req) => {
      const body = requireObject(req.body, 'account');
      const name = nameOf(body, true)!;
      const type = typeFromLegacy(body, DEFAULT_NAMESERVER_TYPE);
      return successEnvelope(accountJson(accounts.create(name, type, new Date(clock.now()).toISOString())));
    },
  });

  resource('/accounts/:account_id', {
    GET: (req) => successEnvelope(accountJson(account(req))),
    PUT: (req) => {
      const row = account(req);
      const body = requireObject(req.body, 'account');
      const updated = { ...row, name: nameOf(body, true)!, nameservers_type: typeFromLegacy(body, row.nameservers_type) };
      accounts.update(updated);
      return successEnvelope(accountJson(updated));
    },
  });

  const dnsJson = (row: AccountRow) => ({ zone_defaults: { nameservers: { type: row.nameservers_type } } });
  resource('/accounts/:account_id/dns_settings', {
    GET: (req) => successEnvelope(dnsJson(account(req))),
    PATCH: (req) => {
      const row = account(req);
      const body = requireObject(req.body, 'account DNS settings');
      for (const name of Object.keys(body)) if (name !== 'zone_defaults') throw validationError(`unknown account DNS setting ${name}`);
      const defaults = body.zone_defaults === undefined ? {} : requireObject(body.zone_defaults, 'zone_defaults');
      for (const name of Object.keys(defaults)) if (name !== 'nameservers') throw validationError(`unknown zone_defaults field ${name}`);
      let type = row.nameservers_type;
      if (defaults.nameservers !== undefined) {
        const nameservers = requireObject(defaults.nameservers, 'zone_defaults.nameservers');
        if (!isNameserverType(nameservers.type)) {
          throw new ApiError(400, { code: codes.validation, message: `zone_defaults.nameservers.type must be one of ${NAMESERVER_TYPES.join(', ')}` });
        }
        type = nameservers.type;
      }
      const updated = { ...row, nameservers_type: type };
      accounts.update(updated);
      return successEnvelope(dnsJson(updated));
    },
  });
}
