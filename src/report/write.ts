// Writes a run's artefacts into its report directory: report.json, report.html, summary.md and
// junit.xml, each rendered from the report and passed through the one redactor before it reaches
// the disk, so that no credential given to the run can reach a file.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redactor } from '../core/redact.js';
import { renderHtml } from './html.js';
import { localLinks } from './links.js';
import { junitOf } from './junit.js';
import type { Report } from './model.js';
import { summaryMarkdown } from './summary.js';

export function writeReport(dir: string, report: Report, secrets: readonly string[]): void {
  const redact = redactor(secrets);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'report.json'), redact(`${JSON.stringify(report, null, 2)}\n`));
  writeFileSync(join(dir, 'summary.md'), redact(summaryMarkdown(report)));
  writeFileSync(join(dir, 'report.html'), redact(renderHtml(report, localLinks())));
  writeFileSync(join(dir, 'junit.xml'), redact(junitOf(report)));
}
