// The files a report directory holds, in the order they are written and named: writeReport writes
// exactly these (its table of renderers is keyed by them), and every help text and message that
// names the report's files names them from here, so that none of them can leave one out.

export const REPORT_FILES = ['report.json', 'summary.md', 'report.html', 'junit.xml'] as const;

export type ReportFile = (typeof REPORT_FILES)[number];

/** "report.json, summary.md, report.html and junit.xml". */
export function reportFileList(): string {
  return `${REPORT_FILES.slice(0, -1).join(', ')} and ${REPORT_FILES[REPORT_FILES.length - 1]}`;
}
