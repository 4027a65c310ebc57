// The preflight: what must hold of a target before any spec runs against it, checked once, so that
// a setup mistake is one line naming the cause and the fix, instead of every spec failing for it.
// `specgate run` stops at the first failed check (exit 2, before any report is written);
// `specgate doctor` prints every check. Its parts, each a module of its own:
//   targets/zone-preflight.ts     a zone API target (through the spec kit's API client)
//   targets/adapter-preflight.ts  a storage adapter
//   targets/preflight-check.ts    what a check is and how a failed one reads
// This module is where the run, doctor and the zone target import them from.

export { failureLine, PreflightError, type Check } from './preflight-check.js';
export { checkReachable, checkZoneTarget, preflightError, type ZonePreflight, type ZoneTargetPlace } from './zone-preflight.js';
export { adapterPreflightError, checkAdapter, type AdapterPreflight } from './adapter-preflight.js';
