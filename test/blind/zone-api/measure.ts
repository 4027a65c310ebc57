// Measures the blind variants: one run of the zone API suite against all of them (plus the
// unhooked reference, which must pass), printing each variant's outcome in the form
// test/blind/zone-api/index.ts records. Run it when the suite changes, then update index.ts:
//   npx tsx test/blind/zone-api/measure.ts [name-filter]

import { runBlindVariants } from './run.js';
import { BLIND_VARIANTS } from './variants.js';

const UNHOOKED = { name: 'unhooked reference', customize: () => {} };

const filter = process.argv[2];
const chosen = BLIND_VARIANTS.filter((v) => filter === undefined || v.name.includes(filter));
const started = Date.now();
const run = await runBlindVariants([UNHOOKED, ...chosen]);
try {
  console.log(`exit ${run.run.code}; ${chosen.length} variants; ${Math.round((Date.now() - started) / 1000)} s; report in ${run.reportDir}`);
  console.log(run.run.stderr.split('\n').filter((l) => l.startsWith('specgate:')).join('\n'));
  console.log(`${UNHOOKED.name}: ${JSON.stringify(run.outcomeOf(UNHOOKED.name))}`);
  for (const variant of chosen) console.log(`  ${JSON.stringify(variant.name)}: ${JSON.stringify(run.outcomeOf(variant.name))},`);
} finally {
  await run.close();
}
