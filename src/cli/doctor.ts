// `specgate doctor`: the preflight of `specgate run` (targets/preflight.ts), every check printed
// with ok or FAIL and, for a failure, its fix; for setting up CI. It takes run's flags and config
// file, so that `run` becomes `doctor` in the same command line. Runs no spec, writes nothing.
// Exit 0 when every check passed, 2 otherwise.

import { UsageError } from '../core/errors.js';
import type { RunConfig } from '../core/run-config.js';
import { checkAdapter, checkZoneTarget, type Check } from '../targets/preflight.js';
import { adapterRefs } from '../targets/storage-target.js';
import { givenAdapters } from '../core/adapter-choice.js';
import { placeOf, startBundledReference, targetPlaces } from '../targets/zone-target.js';
import { configLine, loadConfigFile } from './config-file.js';
import { credentialsFrom, needsCredentials, parseRunFlags, runConfigFrom } from './run-config.js';

/** One target and its checks, as doctor prints them. */
interface Checked { target: string; checks: Check[] }

export async function doctorCommand(args: string[]): Promise<number> {
  const flags = parseRunFlags(args);
  if (flags['target-image'] !== undefined) {
    throw new UsageError('doctor checks a target that runs: start the image, and give its URL to --target (specgate run --target-image checks the container the same way before any spec)');
  }
  const loaded = await loadConfigFile(flags.config);
  if (loaded) process.stdout.write(configLine(loaded));
  const credentials = credentialsFrom(flags, loaded?.config.target?.credentials, needsCredentials(flags, loaded));
  const config = runConfigFrom(flags, loaded, credentials);
  const checked = [
    ...(config.suites.includes('zone-api') ? await zoneTargets(config) : []),
    ...(config.suites.includes('storage') ? await adapters(config) : []),
  ];
  for (const { target, checks } of checked) process.stdout.write(`${target}\n${checks.map(checkLines).join('')}`);
  const failed = checked.flatMap((c) => c.checks).filter((c) => !c.ok).length;
  process.stdout.write(failed === 0
    ? '\nspecgate doctor: every check passed; `specgate run` with the same options will run the specs\n'
    : `\nspecgate doctor: ${failed} check${failed === 1 ? '' : 's'} failed; \`specgate run\` would stop at the first (exit 2)\n`);
  return failed === 0 ? 0 : 2;
}

const checkLines = (check: Check): string =>
  `  ${check.ok ? 'ok  ' : 'FAIL'} ${check.what}: ${check.detail}\n${check.fix ? `       fix: ${check.fix}\n` : ''}`;

/** A usage mistake found while checking a target is one of its failed checks. */
const asCheck = (what: string, error: unknown): Check => {
  if (!(error instanceof UsageError)) throw error;
  return { what, ok: false, detail: error.message };
};

async function zoneTargets(config: RunConfig): Promise<Checked[]> {
  return Promise.all(targetPlaces(config.zoneApi).map(async (place): Promise<Checked> => {
    if (!place) return { target: 'zone-api: the bundled reference', checks: await bundledChecks(config) };
    return { target: `zone-api: ${place.baseUrl}`, checks: (await checkZoneTarget(placeOf(place, config.zoneApi))).checks };
  }));
}

async function bundledChecks(config: RunConfig): Promise<Check[]> {
  try {
    const bundled = await startBundledReference(config.zoneApi);
    await bundled.stop();
    return bundled.preflight.checks;
  } catch (error) {
    return [asCheck('the bundled reference', error)];
  }
}

async function adapters(config: RunConfig): Promise<Checked[]> {
  let refs;
  try {
    refs = await adapterRefs(config.storage.adapters, config.storage);
  } catch (error) {
    return [{ target: `storage: --adapter ${givenAdapters(config.storage.adapters)}`, checks: [asCheck('adapter', error)] }];
  }
  return Promise.all(refs.map(async (ref) => ({ target: `storage: adapter ${ref.name}`, checks: (await checkAdapter(ref, config.storage)).checks })));
}
