// Measures the blind variants: one run of the zone API suite against all of them (plus the
// unhooked reference, which must pass), printing each variant's outcome in the form
// test/blind/zone-api/index.ts records. Run it when the suite changes, then update index.ts:
//   npx tsx test/blind/zone-api/measure.ts [name-filter] [run options, e.g. --area auth,accounts]
//   npx tsx test/blind/zone-api/measure.ts --from-report DIR    (again from a full run's report.json)
// A full run of every variant takes long (49 min measured on a loaded 2-core machine).

import { readReport } from '../../helpers/cli.js';
import { outcomeFromReport, runBlindVariants } from './run.js';
import type { BlindOutcome } from './variant.js';
import { BLIND_VARIANTS } from './variants.js';

const UNHOOKED = { name: 'unhooked reference', customize: () => {} };

function print(outcomes: [name: string, outcome: BlindOutcome][]): void {
  const [unhooked, ...variants] = outcomes;
  console.log(`${unhooked![0]}: ${JSON.stringify(unhooked![1])}`);
  for (const [name, outcome] of variants) console.log(`  ${JSON.stringify(name)}: ${JSON.stringify(outcome)},`);
}

/** A full run's report: its targets are the unhooked reference and every variant, in that order. */
function fromReport(dir: string): void {
  const report = readReport(dir);
  const targets = report.run.targets.filter((t) => t.suite === 'zone-api');
  const names = [UNHOOKED.name, ...BLIND_VARIANTS.map((v) => v.name)];
  if (targets.length !== names.length) throw new Error(`${dir}: ${targets.length} targets, expected ${names.length} (a full run)`);
  print(names.map((name, i) => [name, outcomeFromReport(report, `zone-api@${targets[i]!.baseUrl!}`)]));
}

async function measure(filter: string | undefined, runArgs: string[]): Promise<void> {
  const chosen = BLIND_VARIANTS.filter((v) => filter === undefined || v.name.includes(filter));
  const started = Date.now();
  const run = await runBlindVariants([UNHOOKED, ...chosen], runArgs);
  try {
    console.log(`exit ${run.run.code}; ${chosen.length} variants; ${Math.round((Date.now() - started) / 1000)} s; seed ${run.report.run.seed}; report in ${run.reportDir}`);
    print([UNHOOKED, ...chosen].map((v) => [v.name, run.outcomeOf(v.name)]));
  } finally {
    await run.close();
  }
}

const [first, second, ...rest] = process.argv.slice(2);
if (first === '--from-report') fromReport(second!);
else await measure(first, second === undefined ? [] : [second, ...rest]);
