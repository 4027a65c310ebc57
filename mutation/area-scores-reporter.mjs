// A Stryker reporter plugin (registered in stryker.config.mjs as "area-scores"): after a mutation
// run, prints the mutation score per area of reference-impl/ and merges the counts into
// mutation/scores.json (committed), with the date and the exact command of the run.
//
// The counts are kept per file, so a run over one area (`--mutate reference-impl/zone-api/routes/filters.ts`)
// replaces that area's files and leaves the others as the last run that covered them measured;
// every file says when and by which command it was measured. Areas (directories) and the total
// are recomputed from the files.
//
// Score as Stryker computes it: (killed + timeout) / (killed + timeout + survived + no coverage);
// ignored mutants (static ones with ignoreStatic, and `// Stryker disable` with a reason) and
// runtime or compile errors are left out.

import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PluginKind, declareClassPlugin, commonTokens } from '@stryker-mutator/api/plugin';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SCORES = fileURLToPath(new URL('./scores.json', import.meta.url));
/** Surviving and uncovered mutants of the current run, one line each, written as they are found (git-ignored). */
const SURVIVORS = fileURLToPath(new URL('../reports/mutation/survivors.tsv', import.meta.url));

const STATUS_KEYS = { Killed: 'killed', Timeout: 'timeout', Survived: 'survived', NoCoverage: 'noCoverage', Ignored: 'ignored', RuntimeError: 'errors', CompileError: 'errors' };

const emptyCounts = () => ({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 });

export function scoreOf(c) {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return valid === 0 ? null : Math.round(((c.killed + c.timeout) / valid) * 10000) / 100;
}

function add(into, c) {
  for (const key of Object.keys(into)) into[key] += c[key] ?? 0;
}

/** Per-directory and total aggregates of per-file counts. */
export function aggregate(files) {
  const areas = {};
  const total = emptyCounts();
  for (const [file, entry] of Object.entries(files)) {
    add(total, entry.counts);
    // Every ancestor directory under reference-impl/ is an area: storage, zone-api, zone-api/routes, ...
    const parts = dirname(file).split('/');
    for (let i = 2; i <= parts.length; i++) {
      const area = parts.slice(0, i).join('/');
      areas[area] ??= emptyCounts();
      add(areas[area], entry.counts);
    }
  }
  const withScore = (c) => ({ score: scoreOf(c), ...c });
  return {
    total: withScore(total),
    areas: Object.fromEntries(Object.entries(areas).sort(([a], [b]) => a.localeCompare(b)).map(([a, c]) => [a, withScore(c)])),
  };
}

/** The source files of reference-impl/ that no run has measured. */
export function unmeasuredFiles(files) {
  return readdirSync(new URL('../reference-impl/', import.meta.url), { recursive: true })
    .map((path) => `reference-impl/${String(path).split(sep).join('/')}`)
    .filter((path) => path.endsWith('.ts') && !(path in files))
    .sort();
}

class AreaScoresReporter {
  static inject = [commonTokens.logger];
  started = Date.now();

  constructor(log) {
    this.log = log;
    mkdirSync(dirname(SURVIVORS), { recursive: true });
    writeFileSync(SURVIVORS, '');
  }

  /** A whole run takes long: survivors are listed as they are found, to be read while it goes on. */
  onMutantTested(result) {
    if (result.status !== 'Survived' && result.status !== 'NoCoverage') return;
    // With its end: two mutants of one mutator may start at the same place (`a || b` -> false, and
    // `a` -> false), and only the end tells them apart.
    const { start, end } = result.location;
    const where = `${relative(ROOT, result.fileName)}:${start.line}:${start.column}-${end.line}:${end.column}`;
    appendFileSync(SURVIVORS, `${where}\t${result.status}\t${result.mutatorName}\t${JSON.stringify(result.replacement ?? '').slice(0, 100)}\n`);
  }

  onMutationTestReportReady(report) {
    const date = new Date().toISOString();
    const command = ['npx', 'stryker', ...process.argv.slice(2)].join(' ');
    const previous = existsSync(SCORES) ? JSON.parse(readFileSync(SCORES, 'utf8')) : {};
    const files = { ...(previous.files ?? {}) };
    const measured = emptyCounts();
    for (const [path, file] of Object.entries(report.files)) {
      const name = relative(ROOT, path.startsWith('/') ? path : `${ROOT}${path}`).split(sep).join('/');
      const counts = emptyCounts();
      for (const mutant of file.mutants) {
        const key = STATUS_KEYS[mutant.status];
        if (key) counts[key] += 1;
      }
      add(measured, counts);
      files[name] = { score: scoreOf(counts), counts, date, command };
    }
    const durationMs = Date.now() - this.started;
    const run = { date, command, durationMs, files: Object.keys(report.files).length, score: scoreOf(measured), ...measured };
    const sortedFiles = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
    const summary = {
      description: 'Mutation score of reference-impl/ per area (StrykerJS, vitest runner over vitest.mutation.config.ts). Written by mutation/area-scores-reporter.mjs at the end of `npm run mutation`; each file records the run that measured it; `unmeasured` lists the files no run has measured yet (the total leaves them out).',
      lastRun: run,
      runs: [...(previous.runs ?? []), run].slice(-20),
      ...aggregate(sortedFiles),
      unmeasured: unmeasuredFiles(sortedFiles),
      files: sortedFiles,
    };
    writeFileSync(SCORES, `${JSON.stringify(summary, null, 2)}\n`);
    const rows = Object.entries(summary.areas).map(([area, c]) => `  ${area.padEnd(40)} ${String(c.score ?? '-').padStart(7)}  killed ${c.killed + c.timeout}, survived ${c.survived}, no coverage ${c.noCoverage}, ignored ${c.ignored}`);
    this.log.info(`Mutation score per area (this run: ${run.score}% in ${Math.round(durationMs / 1000)} s; all areas, as last measured: ${summary.total.score}%), written to ${relative(ROOT, SCORES)}:\n${rows.join('\n')}`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'area-scores', AreaScoresReporter)];
