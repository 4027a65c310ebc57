// How a report names a storage target and the runtime it ran on (which workerd, started by which
// miniflare, each from where): one wording for report.html and summary.md.

import type { RunTarget } from '../core/records.js';

const LAUNCHER_WHOSE = { given: 'given by --miniflare', 'working directory': "the working directory's", specgate: "specgate's own" } as const;
const BINARY_WHOSE = { given: 'given by --workerd', MINIFLARE_WORKERD_PATH: 'MINIFLARE_WORKERD_PATH', miniflare: "miniflare's" } as const;

/**
 * "workerd 2026-07-30 (npm 1.20260730.1, miniflare's, PATH) at compatibility date 2026-07-30,
 * started by miniflare 4.20260730.0 (specgate's own, PATH)"
 */
export function describeRuntime(runtime: NonNullable<RunTarget['runtime']>): string {
  const { launcher, binary } = runtime;
  const ofBinary = binary ? ` (${binary.packageVersion ? `npm ${binary.packageVersion}, ` : ''}${BINARY_WHOSE[binary.resolvedFrom]}, ${binary.path})` : '';
  return `${runtime.name} ${runtime.version}${ofBinary}${runtime.compatibilityDate ? ` at compatibility date ${runtime.compatibilityDate}` : ''}`
    + `${launcher ? `, started by ${launcher.name} ${launcher.version} (${LAUNCHER_WHOSE[launcher.resolvedFrom]}, ${launcher.path})` : ''}`;
}

/** "adapter workerd, supports kv, alarms; workerd 2026-07-30 (…)": a storage target, what it declared and its runtime. */
export function describeAdapterTarget(target: RunTarget): string {
  const supported = Object.entries(target.capabilities ?? {}).filter(([, yes]) => yes).map(([c]) => c);
  return `adapter ${target.name}, supports ${supported.join(', ') || 'nothing'}${target.runtime ? `; ${describeRuntime(target.runtime)}` : ''}`;
}
