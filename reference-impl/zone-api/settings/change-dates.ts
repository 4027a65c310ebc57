// The dates of the Versioning table that the settings routes act on (docs/settings-contract.md).
// Rows with no stated after-date behaviour (minify, mobile_redirect, server_side_exclude,
// cname_flattening) are listed for reference only: the reference keeps those endpoints working.
// When a change dated so takes effect: in-effect.ts.

export const SETTINGS_DATES = {
  /** cname_flattening deprecated for flatten_all_cnames; changes mirrored both ways. */
  cnameFlattening: '2025-03-21',
  /** Account fields default_nameservers, use_account_custom_ns_by_default replaced by zone_defaults.nameservers.type. */
  accountNameserverFields: '2025-03-14',
  /** GET/PATCH /dns_settings/use_apex_ns and /dns_settings/secondary_overrides gone. */
  legacyDnsSettingsEndpoints: '2024-09-13',
  /** Brotli end of life: compression on for every zone. */
  brotli: '2024-08-15',
  minify: '2024-08-05',
  mobileRedirect: '2024-06-30',
  serverSideExclude: '2024-06-14',
  /** privacy_pass removed: GET/POST answer as unknown routes. */
  privacyPass: '2024-03-31',
} as const;
