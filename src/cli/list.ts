// `specgate list [--suite S] [selection] [--json]`: every spec and the requirements it cites,
// running nothing. It takes run's selection flags (--area, --requirement, --level, --profile,
// --grep), decided as a run decides them (core/selection.ts), so that a selection can be tried
// before it is run; the text listing ends with the total.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { withDashedValues } from './usage.js';
import { estimateRequests, measuredRequests, readRequestTable, REQUEST_TABLE, type RequestTable } from '../report/request-table.js';
import { requirementCatalog } from '../catalog/suites.js';
import { selects, type Selection } from '../core/selection.js';
import { listRunnableSpecs, SpecFileError, type ListedSpec, type RunnableSpec } from '../runner/list.js';
import { checkPattern, requestBudgetFrom, selectionFrom, suitesFrom } from './run-config.js';
import { DEFAULT_REQUEST_BUDGET } from '../core/run-config.js';

/** The options of `specgate list` (its help, help.ts, lists the same). */
export const LIST_OPTIONS = {
  suite: { type: 'string', default: 'all' },
  area: { type: 'string', multiple: true },
  requirement: { type: 'string', multiple: true },
  level: { type: 'string', multiple: true },
  profile: { type: 'string' },
  grep: { type: 'string' },
  budget: { type: 'string' },
  json: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

export async function listCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args: withDashedValues(args, LIST_OPTIONS), options: LIST_OPTIONS, strict: true, allowPositionals: false });
  const suites = suitesFrom(values.suite);
  const selection = selectionFrom(values, undefined, suites);
  if (values.grep !== undefined) checkPattern(values.grep);
  const budget = requestBudgetFrom(values.budget) ?? DEFAULT_REQUEST_BUDGET;
  let specs;
  try {
    specs = await listRunnableSpecs(suites);
  } catch (error) {
    // A listing without a file's specs would look complete: say which file, exit 1 (as a run does).
    if (!(error instanceof SpecFileError)) throw error;
    process.stderr.write(`specgate: list: ${error.message.split('\n')[0]}\n`);
    return 1;
  }
  const selected = specs.filter(selectedBy(selection, values.grep)).map(({ grepName: _, ...listed }) => listed);
  const table = readRequestTable();
  if (values.json) {
    const withRequests = selected.map((spec) => {
      const measured = table && measuredRequests(table, spec);
      if (!measured) return spec;
      const { budgetShare, ...requests } = measured;
      return { ...spec, requests, ...(budgetShare && { budgetShare }) };
    });
    process.stdout.write(`${JSON.stringify(withRequests, null, 2)}\n`);
    return 0;
  }
  for (const spec of selected) process.stdout.write(`${spec.file} > ${spec.name}  [${spec.requirements.join(', ')}]\n`);
  // The total stays the listing's last line (its help says so; scripts read it).
  const estimate = table && estimateLine(table, selected, budget);
  if (estimate) process.stdout.write(`${estimate}\n`);
  process.stdout.write(`${totalLine(selected, specs)}\n`);
  return 0;
}

/**
 * What the selection's zone API specs sent against the bundled reference (none for a selection
 * without them), and what they would send within a request budget (--budget, by default a target
 * given by URL's 1,200), which sizes the model and property specs: `specgate: requests, as against
 * the bundled reference (seed 20261121): about 2078 to the API and 616 to the control API; within
 * --budget 1200 (a target given by URL or image, by default): about 1907 to the API`.
 */
function estimateLine(table: RequestTable, selected: ListedSpec[], budget: number | 'unbounded'): string | undefined {
  if (!selected.some((spec) => spec.file.startsWith('suites/zone-api/'))) return undefined;
  const { api, control, unmeasured } = estimateRequests(table, selected);
  const within = budget === 'unbounded' ? undefined : estimateRequests(table, selected, budget).api;
  return `specgate: requests, as against the bundled reference (seed ${table.seed}): about ${api} to the API and ${control} to the control API`
    + (within === undefined ? '' : `; within --budget ${budget}${budget === DEFAULT_REQUEST_BUDGET ? ' (a target given by URL or image, by default)' : ''}: about ${within} to the API`)
    + `${unmeasured > 0 ? `, not counting ${unmeasured} spec${unmeasured === 1 ? '' : 's'} ${REQUEST_TABLE} does not have yet (npm run requests measures them)` : ''}`
    + '; a target\'s answers move it';
}

/**
 * As a run selects: by the requirements each spec cites (core/selection.ts), and --grep on the name
 * vitest's testNamePattern sees (blocks and title joined by spaces, not the " > " shown), so that
 * a pattern lists exactly what it runs.
 */
function selectedBy(selection: Selection, grep: string | undefined): (spec: RunnableSpec) => boolean {
  const catalog = requirementCatalog();
  const pattern = grep === undefined ? undefined : new RegExp(grep);
  return (spec) => selects(selection, { title: spec.name, requirements: spec.requirements, extended: spec.extended !== undefined }, catalog)
    && (pattern === undefined || pattern.test(spec.grepName));
}

/** `specgate: 12 specs in 2 files (of 612 specs in the suites listed)`. */
function totalLine(selected: ListedSpec[], all: ListedSpec[]): string {
  const files = new Set(selected.map((spec) => spec.file)).size;
  const of = selected.length === all.length ? '' : ` (of ${all.length} specs in the suites listed)`;
  return `specgate: ${selected.length} spec${selected.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}${of}`;
}
