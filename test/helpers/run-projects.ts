// Prints, as JSON, the vitest projects `specgate run <args>` would start and the spec files each
// is given to import, without starting a target or vitest (test/narrowed-run.test.ts). Run in a
// process of its own: the listing registers module hooks, which a vitest worker must not get.
//   node --import tsx test/helpers/run-projects.ts --suite all --area envelope
// The zone API target is one with a control API and one global clock, the adapter the bundled one.

import { parseRunFlags, runConfigFrom } from '../../src/cli/run-config.js';
import { projectsOfRun } from '../../src/runner/run.js';
import { specFiles } from '../../src/runner/list.js';
import type { ZoneApiTarget } from '../../src/spec-kit/target.js';

const config = runConfigFrom(parseRunFlags(process.argv.slice(2)), undefined, {});
const target = { name: 'reference', baseUrl: 'http://127.0.0.1:9/', controlUrl: 'http://127.0.0.1:9/control', zoneClocks: false } as ZoneApiTarget;
const zones = config.suites.includes('zone-api') ? [target] : [];
const adapters = config.suites.includes('storage') ? [{ ref: { name: 'reference-kv', module: 'reference-kv' }, supports: {} }] : [];
const { projects } = await projectsOfRun(zones, adapters, config);
// Each project's files as vitest would find them: its include globs, less its exclude.
const filesOf = (include: string[], exclude: string[] = []) => specFiles(include).filter((file) => !specFiles(exclude).includes(file));
process.stdout.write(JSON.stringify(projects.map((p) => ({ name: p.name, files: filesOf(p.include, p.exclude) }))));
