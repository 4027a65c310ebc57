// The requirement catalog of the zone-management document: one file per area of the spec.

import type { AreaCatalog } from '../model.js';
import accountSettings from './account-settings.js';
import auth from './auth.js';
import customHostnames from './custom-hostnames.js';
import deprecations from './deprecations.js';
import dnsRecords from './dns-records.js';
import dnsSettings from './dns-settings.js';
import envelope from './envelope.js';
import filters from './filters.js';
import firewallRules from './firewall-rules.js';
import transport from './transport.js';
import wafMigration from './waf-migration.js';
import zoneSettings from './zone-settings.js';

export const zoneApiCatalog: AreaCatalog[] = [
  envelope, auth, transport, firewallRules, filters, customHostnames, wafMigration,
  dnsRecords, dnsSettings, zoneSettings, accountSettings, deprecations,
];
