// Reads and writes of zone settings and DNS settings, with the dated behaviour of the Versioning
// table. cname_flattening is the one stored value behind both cname_flattening and
// flatten_all_cnames, so a change through either shows in the other (mirrored both ways).

import type { Clock } from '../../clock.js';
import { ApiError, codes, invalid } from '../errors.js';
import { inEffect } from '../in-effect.js';
import { SETTINGS_DATES } from './change-dates.js';
import type { SettingsStore } from './store.js';
import { InvalidValue, settingNamed, ZONE_SETTINGS, type Json, type SettingDefinition } from './zone-settings.js';

export interface SettingJson { id: string; value: unknown; editable: boolean; modified_on: string | null }

/** The DNS settings fields the spec names, other than flatten_all_cnames (derived from cname_flattening). */
export const DNS_FLAGS = ['multi_provider', 'secondary_overrides'] as const;
export type DnsFlag = (typeof DNS_FLAGS)[number];

/** What flatten_all_cnames false writes when cname_flattening is on (the spec does not say): apex. */
export const FLATTEN_FALSE_FROM_ON = 'apex';

export const validationError = (message: string): ApiError => new ApiError(400, invalid(message, codes.validation));

export class SettingsService {
  constructor(readonly settings: SettingsStore, private readonly clock: Clock) {}

  private now(): string { return new Date(this.clock.now()).toISOString(); }

  /** The settings that exist at the current date, in id order. */
  existing(): SettingDefinition[] {
    return ZONE_SETTINGS.filter((s) => s.exists?.(this.clock) ?? true);
  }

  /** The definition of an existing setting; undefined for an unknown or removed one. */
  definition(id: string): SettingDefinition | undefined {
    const found = settingNamed(id);
    return found && (found.exists?.(this.clock) ?? true) ? found : undefined;
  }

  read(zoneId: string, definition: SettingDefinition): SettingJson {
    const stored = this.settings.get(zoneId, 'zone', definition.id);
    const imposed = definition.imposed?.(this.clock);
    return {
      id: definition.id,
      value: imposed ?? stored?.value ?? definition.defaultValue,
      editable: imposed === undefined,
      modified_on: stored?.modified_on ?? null,
    };
  }

  /** Applies one {id, value}; throws the validation error without writing anything. */
  write(zoneId: string, definition: SettingDefinition, value: unknown): SettingJson {
    const next = this.accepted(zoneId, definition, value);
    if (next !== undefined) this.settings.put(zoneId, 'zone', definition.id, next, this.now());
    return this.read(zoneId, definition);
  }

  /** PATCH /settings: every item valid, or nothing written. */
  writeMany(zoneId: string, items: unknown): SettingJson[] {
    if (!Array.isArray(items) || items.length === 0) throw validationError('items must be a non-empty array of {id, value}');
    return this.settings.transaction(() => items.map((item, i) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) throw validationError(`items[${i}] must be an object {id, value}`);
      const { id, value } = item as Json;
      // Stryker disable next-line ConditionalExpression: equivalent, settingNamed finds no setting for an id that is not a string either
      const definition = typeof id === 'string' ? this.definition(id) : undefined;
      if (!definition) throw validationError(`items[${i}].id: unknown zone setting ${JSON.stringify(id)}`);
      if (value === undefined) throw validationError(`items[${i}].value is required`);
      return this.write(zoneId, definition, value);
    }));
  }

  /** The value to store; undefined when the service imposes the one asked for (nothing to write). */
  private accepted(zoneId: string, definition: SettingDefinition, value: unknown): unknown {
    const imposed = definition.imposed?.(this.clock);
    if (imposed !== undefined) {
      if (JSON.stringify(value) === JSON.stringify(imposed)) return undefined;
      throw validationError(`${definition.id} is no longer editable since ${SETTINGS_DATES.brotli}: compression is enabled for all zones (value ${JSON.stringify(imposed)})`);
    }
    const current = this.read(zoneId, definition).value;
    try {
      return definition.accept(value, current);
    } catch (error) {
      if (error instanceof InvalidValue) throw validationError(error.message);
      throw error;
    }
  }

  // --- DNS settings -----------------------------------------------------------------------------

  private cnameFlattening(zoneId: string): string {
    return this.read(zoneId, settingNamed('cname_flattening')!).value as string;
  }

  flag(zoneId: string, flag: DnsFlag): { value: boolean; modified_on: string | null } {
    const stored = this.settings.get(zoneId, 'dns', flag);
    return { value: (stored?.value as boolean | undefined) ?? false, modified_on: stored?.modified_on ?? null };
  }

  setFlag(zoneId: string, flag: DnsFlag, value: boolean): void {
    this.settings.put(zoneId, 'dns', flag, value, this.now());
  }

  dnsSettings(zoneId: string) {
    return {
      // off and apex map to false, on to true.
      flatten_all_cnames: this.cnameFlattening(zoneId) === 'on',
      multi_provider: this.flag(zoneId, 'multi_provider').value,
      secondary_overrides: this.flag(zoneId, 'secondary_overrides').value,
    };
  }

  patchDnsSettings(zoneId: string, body: Json) {
    const known = ['flatten_all_cnames', ...DNS_FLAGS];
    for (const [name, value] of Object.entries(body)) {
      if (!known.includes(name)) throw validationError(`unknown DNS setting ${name} (known: ${known.join(', ')})`);
      if (typeof value !== 'boolean') throw validationError(`${name} must be a boolean`);
    }
    this.settings.transaction(() => {
      if (typeof body.flatten_all_cnames === 'boolean') {
        const current = this.cnameFlattening(zoneId);
        const next = body.flatten_all_cnames ? 'on' : current === 'on' ? FLATTEN_FALSE_FROM_ON : current;
        if (next !== current) this.settings.put(zoneId, 'zone', 'cname_flattening', next, this.now());
      }
      for (const flag of DNS_FLAGS) if (typeof body[flag] === 'boolean') this.setFlag(zoneId, flag, body[flag] as boolean);
    });
    return this.dnsSettings(zoneId);
  }

  /** Whether the legacy /dns_settings/use_apex_ns and /dns_settings/secondary_overrides are gone. */
  legacyEndpointsGone(): boolean { return inEffect(this.clock, SETTINGS_DATES.legacyDnsSettingsEndpoints); }
}
