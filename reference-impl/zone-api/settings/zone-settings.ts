// The zone settings of the Versioning table and what each does on either side of its date.
// Payloads follow production: a setting is {id, value, editable, modified_on}; PATCH takes {value}.
//
//   cname_flattening     off | apex | on (default apex); mirrored with DNS settings flatten_all_cnames
//   brotli               on | off (default on); from 2024-08-15 always on, not editable
//   minify               {css, html, js}: on | off each (default off); deprecated 2024-08-05, still works
//   mobile_redirect      {status: on|off, mobile_subdomain: string|null, strip_uri: boolean}; replaced 2024-06-30, still works
//   server_side_exclude  on | off (default on); deprecated 2024-06-14, still works
//   privacy_pass         on | off (default on); removed 2024-03-31: unknown route from then on

import { inEffect } from '../in-effect.js';
import type { Clock } from '../../clock.js';
import { SETTINGS_DATES } from './change-dates.js';

export type Json = Record<string, unknown>;

export interface SettingDefinition {
  id: string;
  defaultValue: unknown;
  /** The new value from a PATCH (or POST) value, given the current one; throws a message on an invalid one. */
  accept(value: unknown, current: unknown): unknown;
  /** False once the setting no longer exists (a removed endpoint answers as an unknown route). */
  exists?(clock: Clock): boolean;
  /** A value the service imposes whatever was set, and the setting is then not editable. */
  imposed?(clock: Clock): unknown;
}

export class InvalidValue extends Error {}

const ON_OFF = ['on', 'off'] as const;

function oneOf(allowed: readonly string[], what: string) {
  return (value: unknown): string => {
    if (typeof value !== 'string' || !allowed.includes(value)) throw new InvalidValue(`${what} must be one of ${allowed.join(', ')}`);
    return value;
  };
}

function objectPatch(value: unknown, what: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InvalidValue(`${what} must be an object`);
  return value as Json;
}

export const CNAME_FLATTENING_VALUES = ['off', 'apex', 'on'] as const;

const minify: SettingDefinition = {
  id: 'minify',
  defaultValue: { css: 'off', html: 'off', js: 'off' },
  accept(value, current) {
    const patch = objectPatch(value, 'minify value');
    const next = { ...(current as Json) };
    for (const [name, v] of Object.entries(patch)) {
      if (!['css', 'html', 'js'].includes(name)) throw new InvalidValue(`minify has no field ${name} (css, html, js)`);
      next[name] = oneOf(ON_OFF, `minify.${name}`)(v);
    }
    return next;
  },
};

const mobileRedirect: SettingDefinition = {
  id: 'mobile_redirect',
  defaultValue: { status: 'off', mobile_subdomain: null, strip_uri: false },
  accept(value, current) {
    const patch = objectPatch(value, 'mobile_redirect value');
    const next = { ...(current as Json) };
    for (const [name, v] of Object.entries(patch)) {
      if (name === 'status') next.status = oneOf(ON_OFF, 'mobile_redirect.status')(v);
      else if (name === 'mobile_subdomain') {
        if (v !== null && (typeof v !== 'string' || !/^[a-z0-9-]{1,63}$/i.test(v))) throw new InvalidValue('mobile_redirect.mobile_subdomain must be a DNS label or null');
        next.mobile_subdomain = v;
      } else if (name === 'strip_uri') {
        if (typeof v !== 'boolean') throw new InvalidValue('mobile_redirect.strip_uri must be a boolean');
        next.strip_uri = v;
      } else throw new InvalidValue(`mobile_redirect has no field ${name} (status, mobile_subdomain, strip_uri)`);
    }
    return next;
  },
};

export const ZONE_SETTINGS: readonly SettingDefinition[] = [
  { id: 'brotli', defaultValue: 'on', accept: oneOf(ON_OFF, 'brotli'), imposed: (clock) => (inEffect(clock, SETTINGS_DATES.brotli) ? 'on' : undefined) },
  { id: 'cname_flattening', defaultValue: 'apex', accept: oneOf(CNAME_FLATTENING_VALUES, 'cname_flattening') },
  minify,
  mobileRedirect,
  { id: 'privacy_pass', defaultValue: 'on', accept: oneOf(ON_OFF, 'privacy_pass'), exists: (clock) => !inEffect(clock, SETTINGS_DATES.privacyPass) },
  { id: 'server_side_exclude', defaultValue: 'on', accept: oneOf(ON_OFF, 'server_side_exclude') },
];

export const settingNamed = (id: string): SettingDefinition | undefined => ZONE_SETTINGS.find((s) => s.id === id);
