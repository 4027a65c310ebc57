// The one place in src/ that imports reference-impl/: the bundled reference server, started for
// a run (ephemeral loopback port, test mode) or for `specgate serve`.

export { startServer as startReferenceServer, type ServerOptions as ReferenceServerOptions } from '../../reference-impl/zone-api/server.js';
export { unusableCredentials } from '../../reference-impl/zone-api/auth.js';
export { parseRequestQuota } from '../../reference-impl/zone-api/request-quota.js';
