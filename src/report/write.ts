// Writes a run's artefacts into its report directory: the files of REPORT_FILES (files.ts), each
// rendered from the report and passed through the one redactor before it reaches the disk, so that
// no credential given to the run can reach a file.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redactor } from '../core/redact.js';
import { REPORT_FILES, type ReportFile } from './files.js';
import { renderHtml } from './html.js';
import { localLinks } from './links.js';
import { junitOf } from './junit.js';
import type { Report } from './model.js';
import { summaryMarkdown } from './summary.js';

/** How each file of the report directory is rendered: one entry per name of REPORT_FILES, which the type demands. */
const RENDERERS: Record<ReportFile, (report: Report) => string> = {
  'report.json': (report) => `${JSON.stringify(report, null, 2)}\n`,
  'summary.md': summaryMarkdown,
  'report.html': (report) => renderHtml(report, localLinks()),
  'junit.xml': junitOf,
};

export function writeReport(dir: string, report: Report, secrets: readonly string[]): void {
  const redact = redactor(secrets);
  mkdirSync(dir, { recursive: true });
  for (const file of REPORT_FILES) writeFileSync(join(dir, file), redact(RENDERERS[file](report)));
}
