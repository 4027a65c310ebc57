// Every blind variant of the zone API suite, in the order of the document's parts.

import type { BlindVariant } from './variant.js';
import { CUSTOM_HOSTNAME_VARIANTS } from './variants/custom-hostnames.js';
import { DNS_AND_SETTINGS_VARIANTS } from './variants/dns-and-settings.js';
import { FIREWALL_VARIANTS } from './variants/firewall.js';
import { ROUND3_VARIANTS } from './variants/round3.js';
import { ROUND6_VARIANTS } from './variants/round6.js';
import { ROUND7_VARIANTS } from './variants/round7.js';
import { TRANSPORT_VARIANTS } from './variants/transport.js';
import { WAF_VARIANTS } from './variants/waf.js';

export const BLIND_VARIANTS: readonly BlindVariant[] = [
  ...TRANSPORT_VARIANTS,
  ...CUSTOM_HOSTNAME_VARIANTS,
  ...FIREWALL_VARIANTS,
  ...WAF_VARIANTS,
  ...DNS_AND_SETTINGS_VARIANTS,
  // The third round, written across the whole document.
  ...ROUND3_VARIANTS,
  // The sixth round, aimed at the areas whose specs were rewritten to send fewer requests.
  ...ROUND6_VARIANTS,
  // The seventh round, aimed at what the sixth left aside: authentication, the envelope, accounts,
  // settings, the dated schedule, paging, limits, certificate fields and legacy rule fields.
  ...ROUND7_VARIANTS,
];
