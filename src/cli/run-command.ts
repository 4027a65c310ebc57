// `specgate run`: the flags and the config file become one RunConfig; a container is started
// first when the target is an image (and stopped whatever happens); the runner does the rest; the
// outcome is printed. The runner (vitest) and the container support (testcontainers) are loaded
// only here, when a run needs them.

import { relative } from 'node:path';
import type { ContainerConfig, Credentials, RunConfig } from '../core/run-config.js';
import type { ContainerTarget } from '../targets/container-target.js';
import type { Report } from '../report/model.js';
import { configLine, loadConfigFile } from './config-file.js';
import { printBaseline, printErrors, printFailures, requestLines, verdictLines } from './output.js';
import { appendStepSummary, githubAnnotations, jsonSummary, reporterFrom, type ReporterName } from './reporters.js';
import { credentialsFrom, needsCredentials, parseRunFlags, runConfigFrom } from './run-config.js';
import { REPORT_FILES } from '../report/files.js';

export async function runCommand(args: string[]): Promise<number> {
  const flags = parseRunFlags(args);
  const loaded = await loadConfigFile(flags.config);
  // Which config file the run uses: one found in a directory above is easily forgotten.
  if (loaded) (reporterFrom(flags) === 'json' ? process.stderr : process.stdout).write(configLine(loaded));
  const credentials = credentialsFrom(flags, loaded?.config.target?.credentials, needsCredentials(flags, loaded));
  // Every flag is parsed and checked here, before a container is started for nothing.
  const config = runConfigFrom(flags, loaded, credentials);
  const { container } = config.zoneApi;
  return container ? runAgainstContainer(config, container, reporterFrom(flags)) : runAndReport(config, reporterFrom(flags));
}

/** A run against an image: its container is started before anything else and stopped whatever happens to the run. */
async function runAgainstContainer(config: RunConfig, container: ContainerConfig, reporter: ReporterName): Promise<number> {
  const { startContainerTarget } = await import('../targets/container-target.js');
  const started = await startContainerTarget({ ...container, controlPath: CONTAINER_CONTROL_PATH, secrets: containerSecrets(config.zoneApi.credentials) });
  process.stderr.write(`specgate: ${describeContainer(container.image, started)}\n`);
  try {
    const place = { baseUrl: started.baseUrl, controlUrl: container.controlUrl ?? started.controlUrl! };
    return await runAndReport({ ...config, zoneApi: { ...config.zoneApi, targets: [place] } }, reporter);
  } finally {
    await started.stop();
  }
}

/** What the container's messages (its log, testcontainers' errors) must never show. */
const containerSecrets = ({ token, key }: Credentials): string[] => [token, key].filter((s): s is string => s !== undefined);

/** Where the reference image serves its control API, beside the zone API. */
const CONTAINER_CONTROL_PATH = '/__control';

function describeContainer(image: string, container: ContainerTarget): string {
  const network = container.network === 'host' ? `host network, port ${container.port}` : `port ${container.port} published`;
  const reaper = container.reaper ? 'testcontainers\' reaper on' : 'testcontainers\' reaper off: specgate removes it on exit';
  return `container ${container.containerId.slice(0, 12)} from ${image} answers at ${container.baseUrl} (${network}; ${reaper})`;
}

async function runAndReport(config: RunConfig, reporter: ReporterName): Promise<number> {
  const [{ runConformance }, { SUITES }] = await Promise.all([import('../runner/run.js'), import('../catalog/suites.js')]);
  const outcome = await runConformance(config);
  const { report } = outcome;
  // With --json, stdout carries the JSON alone: what people read goes to stderr.
  const out = reporter === 'json' ? process.stderr : process.stdout;
  for (const problem of report.coverageProblems) process.stderr.write(`specgate: catalog and specs out of step: ${problem.detail}\n`);
  printFailures(report, out);
  printErrors(report, out);
  printBaseline(report, out);
  if (config.baseline?.update) {
    out.write(`\nspecgate: baseline ${config.baseline.file} rewritten with ${report.summary.requirements.failed} known failure(s)\n`);
  }
  for (const suite of config.suites.map((name) => SUITES[name]).filter((s) => s.pending)) {
    out.write(`\nspecgate: suite ${suite.name} not run: ${suite.pending}`);
  }
  const where = relative(process.cwd(), outcome.reportDir) || '.';
  out.write(`\n${[...stoppedEarlyLines(report), ...requestLines(report), ...verdictLines(report)].join('\n')}\n`
    + `specgate: report in ${where}/ (${REPORT_FILES.join(', ')})\n`);
  if (reporter === 'github') {
    for (const annotation of githubAnnotations(report)) process.stdout.write(`${annotation}\n`);
    if (appendStepSummary(outcome.reportDir)) out.write('specgate: summary.md appended to $GITHUB_STEP_SUMMARY\n');
  }
  if (reporter === 'json') process.stdout.write(jsonSummary(report, outcome.reportDir, outcome.exitCode));
  return outcome.exitCode;
}

/** A run stopped by --bail or --max-failures says so before its verdict: the specs it did not reach are not in it. */
function stoppedEarlyLines(report: Report): string[] {
  const stopped = report.run.stoppedEarly;
  if (!stopped) return [];
  return [`specgate: STOPPED EARLY after ${stopped.failures} gated failure${stopped.failures === 1 ? '' : 's'} (--max-failures ${stopped.maxFailures}), at ${stopped.spec}: the specs not reached are not in this report`];
}
