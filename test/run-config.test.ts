// A run's options are defined once (core/run-config.ts) and travel whole: flags and the config file
// become one RunConfig, and each target gets its part of it. --timeout, which one hop used to drop
// for the bundled reference, reaches it.

import { describe, expect, it } from 'vitest';
import { parseRunFlags, runConfigFrom } from '../src/cli/run-config.js';
import type { LoadedConfig } from '../src/cli/config-file.js';
import { DEFAULT_TIMEOUT_MS } from '../src/core/run-config.js';
import { resolveZoneTarget } from '../src/targets/zone-target.js';

const file = (config: LoadedConfig['config']): LoadedConfig => ({ file: '/project/specgate.config.ts', config });

describe('a run\'s configuration', () => {
  it('--timeout reaches the bundled reference target, whose specs then wait that long', async () => {
    const config = runConfigFrom(parseRunFlags(['--timeout', '2.5']), undefined, {});
    expect(config.zoneApi.timeoutMs).toBe(2500);
    expect(config.storage.timeoutMs, 'and every call into a storage adapter').toBe(2500);
    const resolved = await resolveZoneTarget(undefined, config.zoneApi, {});
    try {
      expect(resolved.target.name).toBe('reference');
      expect(resolved.target.settings.timeoutMs).toBe(2500);
    } finally {
      await resolved.stop();
    }
  });

  it('without --timeout, the default', () => {
    const config = runConfigFrom(parseRunFlags([]), undefined, {});
    expect(config.zoneApi.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    expect(config.storage.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  });

  it('takes the config file\'s numbers as numbers, and a flag over the file', () => {
    const loaded = file({ target: { url: 'http://t.test', timeoutSeconds: 7, maxRps: 3 }, gate: 'extended', baseline: 'known.json' });
    const fromFile = runConfigFrom(parseRunFlags([]), loaded, { token: 'tokentoken' });
    expect(fromFile.zoneApi).toMatchObject({ targets: [{ baseUrl: 'http://t.test/client/v4' }], timeoutMs: 7000, maxRps: 3 });
    expect(fromFile.storage.timeoutMs).toBe(7000);
    expect(fromFile).toMatchObject({ gate: 'extended', baseline: { file: '/project/known.json', update: false } });
    const flagged = runConfigFrom(parseRunFlags(['--timeout', '1', '--max-rps', '9', '--gate', 'core']), loaded, { token: 'tokentoken' });
    expect(flagged.zoneApi).toMatchObject({ timeoutMs: 1000, maxRps: 9 });
    expect(flagged.gate).toBe('core');
  });

  it('--spec-timeout: seconds of a zone API spec\'s own time, from the file or the flag, 60 by default; a bad value is one line', () => {
    expect(runConfigFrom(parseRunFlags([]), undefined, {}).zoneApi.specTimeoutMs).toBe(60_000);
    const loaded = file({ target: { url: 'http://t.test', specTimeoutSeconds: 90 } });
    expect(runConfigFrom(parseRunFlags([]), loaded, { token: 'tokentoken' }).zoneApi.specTimeoutMs).toBe(90_000);
    expect(runConfigFrom(parseRunFlags(['--spec-timeout', '2.5']), loaded, { token: 'tokentoken' }).zoneApi.specTimeoutMs).toBe(2500);
    for (const bad of ['0', '-1', 'long']) expect(() => runConfigFrom(parseRunFlags([`--spec-timeout=${bad}`]), undefined, {}), bad).toThrow(/^--spec-timeout must be a positive number, got/);
  });

  it('--concurrency: a positive whole number, from the file or the flag, 16 by default', () => {
    expect(runConfigFrom(parseRunFlags([]), undefined, {}).zoneApi.concurrency).toBe(16);
    const loaded = file({ target: { url: 'http://t.test', concurrency: 4 } });
    expect(runConfigFrom(parseRunFlags([]), loaded, { token: 'tokentoken' }).zoneApi.concurrency).toBe(4);
    expect(runConfigFrom(parseRunFlags(['--concurrency', '40']), loaded, { token: 'tokentoken' }).zoneApi.concurrency).toBe(40);
    for (const bad of ['0', '-2', '2.5', 'many']) expect(() => runConfigFrom(parseRunFlags([`--concurrency=${bad}`]), undefined, {}), bad).toThrow(/--concurrency must be a positive whole number/);
  });

  it('--budget: a whole number of API requests (at least 100) or unbounded; not given, the target decides (1,200 for a URL, unbounded for the reference)', () => {
    expect(runConfigFrom(parseRunFlags([]), undefined, {}).zoneApi.requestBudget).toBeUndefined();
    expect(runConfigFrom(parseRunFlags(['--budget', '1200']), undefined, {}).zoneApi.requestBudget).toBe(1200);
    expect(runConfigFrom(parseRunFlags(['--budget', 'unbounded']), undefined, {}).zoneApi.requestBudget).toBe('unbounded');
    for (const bad of ['0', '99', '-2', '2.5', 'many', '']) {
      expect(() => runConfigFrom(parseRunFlags([`--budget=${bad}`]), undefined, {}), bad).toThrow(/^--budget must be a whole number of API requests, at least 100, or "unbounded"; got ".*": give e\.g\. --budget 1200/);
    }
  });
});
