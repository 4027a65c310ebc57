// The reference server's state: each area's store, every one keeping its tables on the one
// database of store.ts, opened together when the app is built. Routes reach them through the
// router (router.state), test variants through the app (reference.state).

import { AccountStore } from './accounts/store.js';
import { CustomHostnameStore } from './custom-hostnames/store.js';
import { DnsRecordStore } from './dns-records/store.js';
import { FirewallStore } from './firewall/store.js';
import { SettingsStore } from './settings/store.js';
import type { Store } from './store.js';
import { WafStore } from './waf/store.js';
import { ZoneStore } from './zones/store.js';

export interface ZoneApiState {
  zones: ZoneStore;
  /** Filters and firewall rules. */
  firewall: FirewallStore;
  /** Custom hostnames and the facts around them (the control API's), issuances and penalties. */
  customHostnames: CustomHostnameStore;
  /** The legacy WAF state each zone migrates from, and its URI-based overrides. */
  waf: WafStore;
  dnsRecords: DnsRecordStore;
  /** Zone settings and DNS settings. */
  settings: SettingsStore;
  accounts: AccountStore;
}

/** Every area's store on `store` (each creates its tables when missing). */
export function openState(store: Store): ZoneApiState {
  return {
    zones: new ZoneStore(store),
    firewall: new FirewallStore(store),
    customHostnames: new CustomHostnameStore(store),
    waf: new WafStore(store),
    dnsRecords: new DnsRecordStore(store),
    settings: new SettingsStore(store),
    accounts: new AccountStore(store),
  };
}
