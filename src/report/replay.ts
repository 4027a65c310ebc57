// The command that runs one spec again, as the reports show it under every failed spec (and every
// property spec): the same target, exactly that spec, the same seed. Credentials are never part of
// it: they come from the environment (SPECGATE_TOKEN, ...) as in the run.

import { isBuiltinAdapterName } from '../core/adapter-module.js';
import { grepName } from '../core/records.js';
import type { Report, ReportTest } from './model.js';

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
const regexEscape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The --grep that selects exactly this spec: its name as vitest matches it (grepName), escaped and anchored at both ends. */
export const exactGrep = (test: ReportTest): string => `^${regexEscape(grepName(test.spec))}$`;

/** The options that point a run at the spec's target: its suite, and its adapter, or its base URL and control API. */
function targetOptions(report: Report, target: string): string {
  if (target.startsWith('storage:')) {
    const adapter = target.slice('storage:'.length);
    // An adapter given by path is reported by its own name, with the path it was loaded from.
    const module = report.run.targets.find((t) => t.suite === 'storage' && t.name === adapter)?.module;
    if (module !== undefined) return ` --suite storage --adapter ${shellQuote(module)}`;
    return ` --suite storage --adapter ${isBuiltinAdapterName(adapter) ? adapter : shellQuote(`<path of adapter ${adapter}>`)}`;
  }
  // "zone-api" in a run of one zone API target, "zone-api@<name>" in a run of several.
  const name = target.includes('@') ? target.slice(target.indexOf('@') + 1) : undefined;
  const zone = report.run.targets.find((t) => t.suite === 'zone-api' && (name === undefined || t.name === name));
  return ` --suite zone-api${zone?.baseUrl ? ` --target ${shellQuote(zone.baseUrl)}` : ''}${zone?.controlUrl ? ` --control ${shellQuote(zone.controlUrl)}` : ''}`;
}

/** `npx specgate run --suite … --grep '^…$' --seed N`: the spec's own seed (a property spec), else the run's. */
export function replayCommand(report: Report, test: ReportTest): string {
  return `npx specgate run${targetOptions(report, test.target)} --grep ${shellQuote(exactGrep(test))} --seed ${test.seed ?? report.run.seed}`;
}
