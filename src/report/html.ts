// report.html: the report for people, one self-contained file (inline CSS and script, no network,
// no external asset), so it can be opened from a CI artefact or mailed as is.
// Everything in a report may come from a target (errors quote what it sent), so every piece of
// report text goes through `escapeHtml`; the inline script reads only the page's own DOM.

import type { Level, SourceKind } from '../core/requirements.js';
import { escapeHtml } from '../core/markup.js';
import { isEverything } from '../core/selection.js';
import { causeCount, stepUnder, type FailureCause } from './causes.js';
import { NO_LINKS, sectionLink, type ReportLinks } from './links.js';
import { replayCommand } from './replay.js';

export { replayCommand } from './replay.js';
import { conventionsVerdictText, coreVerdictText, incompleteConsequence, interruptedText, totalsRelationText } from './verdict-text.js';
import { REQUIREMENT_STATUSES as STATUSES, type AreaSummary, type Report, type ReportRequirement, type ReportTest, type RunTarget } from './model.js';

const LEVELS: readonly Level[] = ['must', 'should', 'may'];
/** The source filter's choices: what each kind of statement is called on the page. */
const SOURCE_KINDS: readonly [SourceKind, string][] = [['documented', 'documented (core)'], ['convention', 'conventions (extended)']];


/** Template tag: interpolated values are escaped unless they are already markup (`Html`). */
class Html {
  constructor(readonly markup: string) {}
}
type Part = Html | string | number | null | undefined | false | Part[];

const toMarkup = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(toMarkup).join('');
  return part instanceof Html ? part.markup : escapeHtml(String(part));
};

function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < parts.length ? toMarkup(parts[i]!) : ''), ''));
}

/**
 * The page. `links` says where requirement sections and spec files lead (report/links.ts: files
 * on the machine that wrote it); without it they are plain text. The failures come right after the
 * totals, grouped by cause and collapsed, so that the first screen names what went wrong.
 */
export function renderHtml(report: Report, links: ReportLinks = NO_LINKS): string {
  const linker = new Linker(report, links);
  const body = [
    header(report), totals(report), failureSection(report, linker), baselineSection(report), areaSection(report.areas), levelSection(report.areas),
    skippedSection(report.tests), seedSection(report), scheduleSection(report, linker), matrixSection(report, linker),
    unspecifiedSection(report.requirements, linker), problemSection(report),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`specgate report ${report.run.id}`)}</title>
<style>${STYLE}</style>
</head>
<body>
${toMarkup(body)}
<footer>specgate ${escapeHtml(report.specgate.version)}, report format ${report.specgate.format}</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

// ---- header -------------------------------------------------------------------------------------

function describeTarget(target: RunTarget): string {
  if (target.suite === 'zone-api') {
    return `${target.name}${target.baseUrl ? ` at ${target.baseUrl}` : ' (bundled)'}, ${target.controlUrl ? `control API at ${target.controlUrl}` : target.control ? 'with its control API' : 'no control API'}`;
  }
  const supported = Object.entries(target.capabilities ?? {}).filter(([, yes]) => yes).map(([c]) => c);
  return `adapter ${target.name}, supports ${supported.join(', ') || 'nothing'}${target.runtime ? `; ${describeRuntime(target.runtime)}` : ''}`;
}

const LAUNCHER_WHOSE = { given: 'given by --miniflare', 'working directory': "the working directory's", specgate: "specgate's own" } as const;
const BINARY_WHOSE = { given: 'given by --workerd', MINIFLARE_WORKERD_PATH: 'MINIFLARE_WORKERD_PATH', miniflare: "miniflare's" } as const;

/**
 * "workerd 2026-07-30 (npm 1.20260730.1, miniflare's, PATH) at compatibility date 2026-07-30,
 * started by miniflare 4.20260730.0 (specgate's own, PATH)"
 */
export function describeRuntime(runtime: NonNullable<RunTarget['runtime']>): string {
  const { launcher, binary } = runtime;
  const ofBinary = binary ? ` (${binary.packageVersion ? `npm ${binary.packageVersion}, ` : ''}${BINARY_WHOSE[binary.resolvedFrom]}, ${binary.path})` : '';
  return `${runtime.name} ${runtime.version}${ofBinary}${runtime.compatibilityDate ? ` at compatibility date ${runtime.compatibilityDate}` : ''}`
    + `${launcher ? `, started by ${launcher.name} ${launcher.version} (${LAUNCHER_WHOSE[launcher.resolvedFrom]}, ${launcher.path})` : ''}`;
}

function describeSelection(selection: Report['run']['selection'] | undefined): string | null {
  if (!selection) return null;
  if (isEverything(selection)) return 'every spec (profile extended)';
  const parts = [`profile ${selection.profile}`];
  if (selection.areas.length > 0) parts.push(`areas ${selection.areas.join(', ')}`);
  if (selection.requirements.length > 0) parts.push(`requirements ${selection.requirements.join(', ')}`);
  if (selection.levels.length > 0) parts.push(`levels ${selection.levels.join(', ')}`);
  if (selection.shard) parts.push(`shard ${selection.shard.index}/${selection.shard.total}`);
  return parts.join('; ');
}

const readableTime = (iso: string): string => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

function header(report: Report): Html {
  const { run } = report;
  const verdict = report.verdicts.outcome;
  const rows: [string, Part][] = [
    ...run.targets.map((t): [string, Part] => [`Target (${t.suite})`, describeTarget(t)]),
    ['Run', run.id],
    ['Started', readableTime(run.startedAt)],
    ['Duration', `${(run.durationMs / 1000).toFixed(1)} s`],
    ['Suites', run.suites.join(', ')],
    ['Seed', html`<code>${run.seed}</code> (replay with <code>--seed ${run.seed}</code>)`],
  ];
  const selection = describeSelection(run.selection);
  if (selection) rows.push(['Selection', selection]);
  if (run.grep) rows.push(['Grep', html`<code>${run.grep}</code>`]);
  if (run.asOf) rows.push(['As of', `${readableTime(run.asOf)}${run.clockSettable ? ' (target clock set; both sides of each dated change tested)' : ' (target clock cannot be set: one side of each dated change is not verified)'}`]);
  return html`<header>
<h1>specgate conformance report <span class="badge s-${verdict}">${verdict}</span></h1>
${interruptedNote(report)}${incompleteNote(report)}<dl class="meta">${rows.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
</header>`;
}

/** Under the badge, for an interrupted run: what the partial report holds. */
function interruptedNote(report: Report): Html | string {
  const text = interruptedText(report);
  return text === null ? '' : html`<div class="incomplete interrupted"><p>${text}</p></div>
`;
}

/** Under the badge: what the run could not verify for reasons the target did not declare, and what that does to the outcome. */
function incompleteNote(report: Report): Html | string {
  const { incomplete } = report.verdicts;
  if (incomplete.specs === 0) return '';
  return html`<div class="incomplete"><p><b>${incomplete.specs} gated specs not verified</b>, for reasons the target did not declare; ${incompleteConsequence(report)}:</p>
<details><summary>The reasons (${incomplete.reasons.length})</summary><ul>${incomplete.reasons.map(({ reason, specs }) => html`<li>${specs} × ${reason}</li>`)}</ul></details></div>
`;
}

function totals(report: Report): Html {
  const { summary } = report;
  const tile = (label: string, n: number, status: string) => html`<div class="tile s-${status}"><b>${n}</b> ${label}</div>`;
  return html`<section id="totals">
<ul class="verdicts">
<li>${boldLead(coreVerdictText(report))}</li>
<li>${boldLead(conventionsVerdictText(report))}</li>
</ul>
<div class="tiles">${tile('specs in all', summary.total, 'total')}${tile('passed', summary.passed, 'passed')}${tile('failed', summary.failed, 'failed')}${tile('skipped', summary.skipped, 'skipped')}</div>
<p>Requirements, each counted once: ${STATUSES.map((s) => html`<span class="badge s-${s}">${summary.requirements[s] ?? 0} ${s}</span> `)}</p>
<p class="note relation">${totalsRelationText(report)}</p>
</section>`;
}

/** "The documents (core, gated): …" with its lead, up to the colon, in bold. */
function boldLead(text: string): Html {
  const colon = text.indexOf(':');
  return html`<b>${text.slice(0, colon + 1)}</b>${text.slice(colon + 1)}`;
}

// ---- compliance -----------------------------------------------------------------------------------

const share = (n: number, total: number): number => Math.round((1000 * n) / total) / 10;

/**
 * A bar for passed/total: the part core specs passed solid, the part passed only through production
 * conventions (`viaConventions`) striped; `percent` is the figure shown (the report's own rounding).
 */
function bar(passed: number, total: number, viaConventions = 0, percent = total === 0 ? null : share(passed + viaConventions, total)): Html {
  if (percent === null) return html`<span class="bar"><span class="track"></span><span class="label">—</span></span>`;
  const title = viaConventions > 0 ? `${passed + viaConventions} of ${total} passed: ${passed} by core specs, ${viaConventions} only through production conventions` : `${passed} of ${total} passed`;
  return html`<span class="bar" title="${title}"><span class="track"><span class="fill" style="width:${share(passed, total)}%"></span>${viaConventions > 0 ? html`<span class="fill conv" style="width:${share(viaConventions, total)}%"></span>` : ''}</span><span class="label">${percent}%</span></span>`;
}

/** A count in its status colour; a zero stays grey so the eye goes to what is not. */
const count = (n: number, label: string, status: string): Html => html`<span class="${n === 0 ? 'zero' : `c-${status}`}">${n} ${label}</span>`;

const levelTally = (area: AreaSummary): Html[] =>
  LEVELS.flatMap((level) => {
    const entry = area.byLevel[level];
    return entry ? [html`<span class="lvl">${level} ${entry.passed}/${entry.requirements}</span>`] : [];
  });

function areaRow(area: AreaSummary): Html {
  if (area.state !== 'covered') {
    const [badge, reason] = area.state === 'pending' ? ['pending', area.pendingReason] : ['out-of-scope', area.outOfScopeReason];
    return html`<tr class="${area.state}" data-area="${area.area}"><td>${area.area}</td><td>${area.suite}</td>
<td colspan="4"><span class="badge s-${badge}">${badge.replace(/-/g, ' ')}</span> ${reason ?? ''}</td>
<td class="num">${area.requirements}</td><td class="num">${area.unspecified}</td></tr>`;
  }
  return html`<tr data-area="${area.area}"><td>${area.area}</td><td>${area.suite}</td>
<td>${bar(area.core.passed, area.core.requirements, area.core.throughConventions.passed, area.compliance)}</td>
<td class="counts">${count(area.passed, 'passed', 'passed')} ${count(area.failed, 'failed', 'failed')} ${count(area.skipped, 'skipped', 'skipped')}${area.notRun > 0 ? html` ${count(area.notRun, 'not run', 'not-run')}` : ''}${area.outOfScope > 0 ? html` ${count(area.outOfScope, 'out of scope', 'out-of-scope')}` : ''}</td>
<td>${levelTally(area)}</td><td class="num">${area.conventions.of > 0 ? `${area.conventions.matched}/${area.conventions.of}` : '—'}</td><td class="num">${area.requirements}</td><td class="num">${area.unspecified}</td></tr>`;
}

function areaSection(areas: AreaSummary[]): Html {
  return html`<section id="areas"><h2>Compliance by area</h2>
<p class="note">Compliance: conformance to the document, the share of the area's core requirements found passed: solid, by core specs; striped, by the specs that reach them only through a production convention (the document gives no way to; the gate does not count them). Conventions: production conventions matched, of those checked.</p>
<table class="areas"><thead><tr><th>Area</th><th>Suite</th><th>Compliance</th><th>Requirements</th><th>By level (core, passed/in scope)</th><th>Conventions</th><th>Verifiable</th><th>Unspecified</th></tr></thead>
<tbody>${areas.map(areaRow)}</tbody></table></section>`;
}

/** Per level, over the covered areas (a pending area has nothing to verify yet). */
function levelSection(areas: AreaSummary[]): Html {
  const covered = areas.filter((a) => a.state === 'covered');
  const rows = LEVELS.map((level) => {
    const entries = covered.map((a) => a.byLevel[level]).filter((e) => e !== undefined);
    const total = entries.reduce((n, e) => n + e.requirements, 0);
    const passed = entries.reduce((n, e) => n + e.passed, 0);
    return html`<tr><td>${level}</td><td>${bar(passed, total)}</td><td class="num">${passed}/${total}</td></tr>`;
  });
  return html`<section id="levels"><h2>Compliance by level <small>(covered areas)</small></h2>
<table class="levels"><tbody>${rows}</tbody></table></section>`;
}

// ---- baseline, failures, skips, seeds -------------------------------------------------------------

function baselineSection(report: Report): Html | null {
  const baseline = report.baseline;
  if (!baseline) return null;
  const list = (title: string, items: string[]) => (items.length === 0 ? null : html`<details><summary>${title} (${items.length})</summary><ul>${items.map((i) => html`<li>${i}</li>`)}</ul></details>`);
  return html`<section id="baseline"><h2>Baseline <small>${baseline.file}</small></h2>
<p><span class="badge s-skipped">${baseline.known} known</span> <span class="badge s-failed">${baseline.new} new</span> <span class="badge s-pending">${baseline.fixed} fixed (stale entries)</span></p>
${list('New failures (fail the gate)', baseline.newFailures)}${list('Stale entries: these pass now, remove them', baseline.staleEntries)}</section>`;
}

/** Vitest's diff arrives with ANSI colours: keep them as classes (expected/received), drop the rest. */
export function ansiToHtml(text: string): Html {
  const CLASSES: Record<string, string> = { '31': 'ansi-red', '32': 'ansi-green', '33': 'ansi-yellow', '2': 'ansi-dim' };
  const withoutOtherEscapes = text.replace(/\x1b\[[0-9;?]*[A-Za-ln-z]/g, '');
  const pieces = withoutOtherEscapes.split(/\x1b\[([0-9;]*)m/);
  let current = '';
  let out = '';
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) {
      current = piece.split(';').map((code) => CLASSES[code]).filter(Boolean).join(' ');
      return;
    }
    const escaped = escapeHtml(piece.replace(/\x1b/g, ''));
    out += current && escaped ? `<span class="${current}">${escaped}</span>` : escaped;
  });
  return new Html(out);
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The anchor of a requirement's row in the matrix (IDs are letters, digits and dashes). */
const rowId = (id: string): string => `req-${id}`;

/** The links of one report: a requirement to its matrix row and its document's section, a spec to its file. */
class Linker {
  private readonly requirements: Map<string, ReportRequirement>;

  constructor(report: Report, readonly links: ReportLinks) {
    this.requirements = new Map(report.requirements.map((r) => [r.id, r]));
  }

  /** The source of a requirement: its document and section, leading to it when the report has the document. */
  section(requirement: ReportRequirement): Html {
    const { document } = requirement.source;
    const label = `${document === undefined ? '' : `${document} `}§ ${requirement.section}`;
    // The report's section is text; the link goes by the catalog's places (ReportLinks.sections).
    const section = this.links.sections.get(requirement.id);
    const url = document === undefined || section === undefined ? null : sectionLink(this.links, document, section);
    if (url === null) return html`<span class="section">${label}</span>`;
    return html`<a class="section" href="${url}" title="Open this section of its document">${label}</a>`;
  }

  /** A requirement ID leading to its row (where its section is linked). */
  row(id: string): Html {
    return html`<a href="#${rowId(id)}" title="Its row in the requirement matrix"><code>${id}</code></a>`;
  }

  /** A requirement ID leading to its row, and its section beside it. */
  requirement(id: string): Html {
    const requirement = this.requirements.get(id);
    return html`<span class="req">${this.row(id)}${requirement ? html` ${this.section(requirement)}` : ''}</span>`;
  }

  specFile(file: string): Html {
    if (this.links.specFiles === null) return html`<span class="file">${file}</span>`;
    return html`<a class="file" href="${new URL(file, this.links.specFiles).href}">${file}</a>`;
  }
}

const isGated = (report: Report, test: ReportTest): boolean => report.verdicts.gate === 'extended' || test.profile === 'core';

/** new or known, under a baseline; nothing without one. */
const baselineState = (report: Report, test: ReportTest): string => (report.baseline ? (test.known ? 'known' : 'new') : '');

function failureBadges(report: Report, test: ReportTest): Html {
  const state = baselineState(report, test);
  return html`${test.profile === 'extended' ? html` <span class="badge s-unspecified">production convention</span>` : ''}${state === 'new' ? html` <span class="badge s-failed">new</span>` : ''}${test.known ? html` <span class="badge s-skipped">known: ${test.known.reason}</span>` : ''}`;
}

/** Under an answer, what the spec was doing when it got it: the first line of its failure. */

/**
 * One failed spec, collapsed: its name and requirements (under an answer, the step that got it);
 * open, its links, error, exchange and replay.
 */
function failureBlock(report: Report, test: ReportTest, linker: Linker, cause: FailureCause): Html {
  const step = stepUnder(cause, test.error);
  return html`<details class="failure" data-area="${test.area}" data-reqs="${` ${test.requirements.join(' ')} `}" data-gated="${isGated(report, test) ? 'yes' : 'no'}" data-baseline="${baselineState(report, test)}"><summary>${failureBadges(report, test)} ${test.name} <small>${test.requirements.join(', ')}</small>${step ? html`<div class="step">${step}</div>` : ''}</summary>
<p class="reqs">Requirements: ${test.requirements.map((id) => linker.requirement(id))} · spec file ${linker.specFile(test.file)}</p>
<pre class="error">${ansiToHtml((test.error ?? '').trim())}</pre>
${test.exchange ? html`<details class="exchange"><summary>Last request/response exchange</summary><pre>${test.exchange}</pre></details>` : ''}
<p>Replay${test.seed !== undefined ? ` (property seed ${test.seed})` : ''}: <code class="cmd">${replayCommand(report, test)}</code></p>
</details>`;
}

/** A cause, collapsed: what went wrong and how many specs it failed; open, the specs under it. */
function causeBlock(report: Report, cause: FailureCause, index: number, byName: ReadonlyMap<string, ReportTest>, linker: Linker): Html {
  const tests = cause.tests.map((name) => byName.get(name)).filter((t) => t !== undefined);
  const known = tests.filter((t) => t.known).length;
  const baseline = report.baseline ? html` <span class="badge s-failed">${tests.length - known} new</span> <span class="badge s-skipped">${known} known</span>` : '';
  return html`<details class="cause" id="${cause.id}" data-cause="${cause.id}"><summary><b>${index + 1}. ${cause.label}</b> <span class="badge s-failed">${causeCount(cause)}</span>${baseline} <span class="shown"></span></summary>
<div class="specs-of-cause">${tests.map((t) => failureBlock(report, t, linker, cause))}</div></details>`;
}

const shortLabel = (label: string): string => (label.length > 90 ? `${label.slice(0, 89)}…` : label);

function failureFilters(report: Report, failed: ReportTest[]): Html {
  const areas = [...new Set(failed.map((t) => t.area))];
  const statuses: [string, string][] = [['gated:yes', 'gated (the verdict counts them)'], ['gated:no', 'production conventions, not gated']];
  if (report.baseline) statuses.push(['baseline:new', 'new (not in the baseline)'], ['baseline:known', 'known (in the baseline)']);
  return html`<div class="filters">
<select id="ff-cause" aria-label="Cause"><option value="">all causes</option>${report.causes.map((c, i) => html`<option value="${c.id}">${i + 1}. ${shortLabel(c.label)}</option>`)}</select>
<select id="ff-area" aria-label="Area"><option value="">all areas</option>${options(areas)}</select>
<select id="ff-status" aria-label="Status"><option value="">all failures</option>${statuses.map(([value, label]) => html`<option value="${value}">${label}</option>`)}</select>
<input id="ff-req" type="search" placeholder="Requirement ID" aria-label="Requirement">
<span id="ff-count" aria-live="polite">${failed.length} of ${failed.length} failures shown</span>
</div>`;
}

function failureSection(report: Report, linker: Linker): Html | null {
  const failed = report.tests.filter((t) => t.status === 'failed');
  if (failed.length === 0) return null;
  const byName = new Map(failed.map((t) => [t.name, t]));
  return html`<section id="failures"><h2>Failures (${plural(failed.length, 'spec')}, ${plural(report.causes.length, 'cause')})</h2>
<p class="note">Grouped by cause: what the target answered (HTTP status and error codes) or the failure's message; the causes of the most gated failures first. Open a cause for its specs, a spec for its error, last exchange and replay command.</p>
${failureFilters(report, failed)}
${report.causes.map((cause, i) => causeBlock(report, cause, i, byName, linker))}</section>`;
}

function skippedSection(tests: ReportTest[]): Html | null {
  const skipped = tests.filter((t) => t.status === 'skipped');
  if (skipped.length === 0) return null;
  return html`<section id="skipped"><h2>Skipped specs (${skipped.length}, not verified)</h2>
<details><summary>Specs and why they were skipped</summary><table class="skips"><thead><tr><th>Spec</th><th>Reason</th></tr></thead>
<tbody>${skipped.map((t) => html`<tr><td>${t.name}</td><td class="reason">${t.skipReason ?? 'skipped'}</td></tr>`)}</tbody></table></details></section>`;
}

function seedSection(report: Report): Html | null {
  const seeded = report.tests.filter((t) => t.seed !== undefined);
  if (seeded.length === 0) return null;
  return html`<section id="seeds"><h2>Property-test seeds</h2>
<table class="seeds"><thead><tr><th>Spec</th><th>Status</th><th>Seed</th><th>Replay</th></tr></thead>
<tbody>${seeded.map((t) => html`<tr><td>${t.name}</td><td><span class="badge s-${t.status}">${t.status}</span></td><td class="num">${t.seed}</td><td><code class="cmd">${replayCommand(report, t)}</code></td></tr>`)}</tbody></table></section>`;
}

// ---- requirement matrix ---------------------------------------------------------------------------

/** "target > describe > title", the target dimmed: it repeats on every spec of a one-target run. */
function specLabel(test: ReportTest): Html {
  return html`<span class="tgt">${test.target} &gt; </span>${[...test.spec.describe, test.spec.title].join(' > ')}`;
}

function specList(requirement: ReportRequirement, testByName: Map<string, ReportTest>): Html {
  if (requirement.tests.length === 0) return html`<span class="none">${requirement.pendingReason ?? requirement.outOfScopeReason ?? 'no spec'}</span>`;
  const items = requirement.tests.map((name) => testByName.get(name)).filter((t) => t !== undefined)
    .map((test) => html`<li><span class="dot s-${test.status}"></span>${specLabel(test)}</li>`);
  if (items.length <= 2) return html`<ul class="specs">${items}</ul>`;
  return html`<details><summary>${items.length} specs</summary><ul class="specs">${items}</ul></details>`;
}

/** A row, with its own anchor (failures link to it) and the causes of its failed specs (the cause filter). */
function matrixRow(requirement: ReportRequirement, testByName: Map<string, ReportTest>, causeOf: Map<string, string>, linker: Linker): Html {
  const r = requirement;
  const causes = [...new Set(r.tests.map((name) => causeOf.get(name)).filter((c) => c !== undefined))];
  return html`<tr id="${rowId(r.id)}" data-status="${r.status}" data-area="${r.area}" data-level="${r.level}" data-source="${r.source.kind}" data-causes="${` ${causes.join(' ')} `}">
<td><a href="#${rowId(r.id)}"><code>${r.id}</code></a></td><td>${r.area}</td><td class="word">${r.level}</td><td class="word">${r.profile}</td><td class="word"><span class="badge s-${r.status}">${r.notVerifiedReason === undefined ? r.status : `${r.status}: ${r.notVerifiedReason}`}</span></td>
<td>${r.text}<div>${sourceBadge(r)} ${linker.section(r)}</div></td><td>${specList(r, testByName)}</td></tr>`;
}

const options = (values: string[]): Html[] => values.map((v) => html`<option value="${v}">${v}</option>`);

/** Whether the statement is the document's or a convention, before its section. */
const sourceBadge = (r: ReportRequirement): Html =>
  html`<span class="src src-${r.source.kind}" title="${r.source.kind === 'documented' ? 'Stated by the spec document (core)' : 'A convention: the production service\'s (reference-notes) or a contract of specgate (extended)'}">${r.source.kind}</span>`;

function matrixSection(report: Report, linker: Linker): Html {
  const testByName = new Map(report.tests.map((t) => [t.name, t]));
  const causeOf = new Map(report.causes.flatMap((c) => c.tests.map((name): [string, string] => [name, c.id])));
  const areas = [...new Set(report.requirements.map((r) => r.area))];
  return html`<section id="matrix"><h2>Requirement matrix</h2>
<div class="filters">
<input id="f-text" type="search" placeholder="Filter: ID, text or spec" aria-label="Filter requirements">
<select id="f-status" aria-label="Status"><option value="">all statuses</option>${options([...STATUSES])}</select>
<select id="f-area" aria-label="Area"><option value="">all areas</option>${options(areas)}</select>
<select id="f-level" aria-label="Level"><option value="">all levels</option>${options([...LEVELS])}</select>
<select id="f-source" aria-label="Source"><option value="">documented and conventions</option>${SOURCE_KINDS.map(([kind, label]) => html`<option value="${kind}">${label}</option>`)}</select>
${report.causes.length > 0 ? html`<select id="f-cause" aria-label="Cause"><option value="">all causes</option>${report.causes.map((c, i) => html`<option value="${c.id}">${i + 1}. ${shortLabel(c.label)}</option>`)}</select>` : ''}
<span id="f-count" aria-live="polite">${report.requirements.length} of ${report.requirements.length} requirements shown</span>
</div>
<p class="note">${linker.links.note}</p>
<table class="matrix"><thead><tr><th>Requirement</th><th>Area</th><th>Level</th><th>Profile</th><th>Status</th><th>Statement</th><th>Specs</th></tr></thead>
<tbody>${report.requirements.map((r) => matrixRow(r, testByName, causeOf, linker))}</tbody></table></section>`;
}

// ---- deprecation schedule ----------------------------------------------------------------------

const SCHEDULE_BADGE: Record<string, string> = { passed: 'passed', failed: 'failed', 'not verified': 'skipped', 'not run': 'not-run', 'not stated': 'unspecified', 'not observable': 'unspecified' };

function scheduleSection(report: Report, linker: Linker): Html | null {
  if (!report.schedule) return null;
  const row = (r: NonNullable<Report['schedule']>[number]) => html`<tr><td class="num">${r.date}</td><td>${r.subject}</td><td>${r.change}</td><td class="num">${r.endpoints}</td>
<td><span class="badge s-${SCHEDULE_BADGE[r.status] ?? 'not-run'}">${r.status === 'not stated' ? 'after-date behaviour not stated' : r.status}</span></td><td>${r.requirements.map((id) => html`${linker.row(id)} `)}</td></tr>`;
  const byStatus = new Map<string, number>();
  for (const r of report.schedule) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  // Collapsed like the rest: its tally says whether it is worth opening.
  return html`<section id="schedule"><h2>Deprecation schedule (${report.schedule.length} rows)</h2>
<details><summary>${[...byStatus].map(([status, n]) => html`<span class="badge s-${SCHEDULE_BADGE[status] ?? 'not-run'}">${n} ${status}</span> `)}</summary><table class="schedule"><thead><tr><th>Date</th><th>Subject</th><th>Change</th><th>Endpoints</th><th>After the date</th><th>Requirements</th></tr></thead>
<tbody>${report.schedule.map(row)}</tbody></table></details></section>`;
}

function unspecifiedSection(requirements: ReportRequirement[], linker: Linker): Html {
  const unspecified = requirements.filter((r) => r.status === 'unspecified');
  return html`<section id="unspecified"><h2>Unspecified by the spec (${unspecified.length}, never asserted)</h2>
<details><summary>Statements the spec leaves open</summary><ul>${unspecified.map((r) => html`<li>${linker.requirement(r.id)} (${r.area}): ${r.text}</li>`)}</ul></details></section>`;
}

function problemSection(report: Report): Html | null {
  if (report.coverageProblems.length === 0 && report.errors.length === 0) return null;
  return html`<section id="problems"><h2>Problems</h2>
${report.errors.length > 0 ? html`<h3>Errors outside specs</h3>${report.errors.map((e) => html`<details open><summary>${e.file}</summary><pre class="error">${ansiToHtml(e.error)}</pre></details>`)}` : ''}
${report.coverageProblems.length > 0 ? html`<h3>Catalog and specs out of step</h3><ul>${report.coverageProblems.map((p) => html`<li><code>${p.kind}</code>: ${p.detail}</li>`)}</ul>` : ''}
</section>`;
}

// ---- inline assets --------------------------------------------------------------------------------

const STYLE = `
:root{--passed:#1a7f37;--failed:#cf222e;--skipped:#bf8700;--not-run:#6e7781;--pending:#8250df;--out-of-scope:#57606a;--unspecified:#afb8c1;--line:#d0d7de;--bg2:#f6f8fa}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;margin:0 auto;padding:16px 24px;max-width:1400px}
h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:24px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}h3{font-size:15px}
small{color:#59636e;font-weight:normal}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--bg2);border:1px solid var(--line);border-radius:6px;padding:8px;overflow:auto;max-height:420px;white-space:pre-wrap;word-break:break-word}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}.meta dt{color:#59636e}.meta dd{margin:0}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top}
th{background:var(--bg2);position:sticky;top:0}td.num{text-align:right;font-variant-numeric:tabular-nums}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;color:#fff;background:var(--not-run);white-space:nowrap}
.s-passed{--c:var(--passed)}.s-failed{--c:var(--failed)}.s-incomplete{--c:var(--skipped)}.s-interrupted{--c:#6e7781}.s-skipped{--c:var(--skipped)}.s-not-run{--c:var(--not-run)}.s-pending{--c:var(--pending)}.s-out-of-scope{--c:var(--out-of-scope)}.s-unspecified{--c:var(--unspecified)}.s-total{--c:#0969da}
.badge[class*=s-]{background:var(--c)}.badge.s-unspecified{color:#1f2328}
.tiles{display:flex;gap:8px;flex-wrap:wrap;margin:12px 0}.tile{border-left:4px solid var(--c);background:var(--bg2);padding:6px 12px;border-radius:4px}.tile b{font-size:20px}
.bar{display:inline-flex;align-items:center;gap:6px;vertical-align:middle}
.bar .track{display:inline-flex;width:180px;height:14px;background:#ffebe9;border:1px solid var(--line);border-radius:4px;overflow:hidden}
.bar .fill{display:block;height:100%;background:var(--passed)}.bar .fill.conv{background:repeating-linear-gradient(135deg,var(--passed) 0 4px,#6fdd8b 4px 8px)}
.bar .label{font-size:12px;font-weight:600;min-width:44px;font-variant-numeric:tabular-nums}
tr.pending td,tr.out-of-scope td{color:#59636e}
.incomplete{border-left:4px solid var(--skipped);background:var(--bg2);padding:4px 12px;border-radius:4px}.incomplete ul{margin:4px 0}
.verdicts{padding-left:18px}.note{color:#59636e;font-size:13px}
.counts span{margin-right:4px}.zero{color:#8c959f}.c-passed{color:var(--passed)}.c-failed{color:var(--failed)}.c-skipped{color:var(--skipped)}.c-not-run{color:var(--not-run)}.c-out-of-scope{color:var(--out-of-scope)}
.lvl{display:inline-block;margin-right:8px;font-size:12px}
table.levels{width:auto}table.levels td{border:0}
details{margin:4px 0}summary{cursor:pointer}
.failure{border:1px solid var(--line);border-left:4px solid var(--failed);border-radius:6px;padding:6px 10px;margin:8px 0}
.failure>summary{font-weight:600;overflow-wrap:anywhere}.reqs,.file{color:#59636e}
.ansi-red{color:var(--failed)}.ansi-green{color:var(--passed)}.ansi-yellow{color:#9a6700}.ansi-dim{color:#6e7781}
code.cmd{background:var(--bg2);padding:1px 4px;border-radius:4px;overflow-wrap:anywhere}
.filters{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:8px 0}.filters input{min-width:260px;padding:4px 6px}
#f-count{color:#59636e}
table.matrix{table-layout:fixed}.matrix td{overflow-wrap:anywhere}.matrix th:nth-child(1){width:15%}.matrix th:nth-child(2){width:9%}.matrix th:nth-child(3){width:5.5%}.matrix th:nth-child(4){width:7%}.matrix th:nth-child(5){width:8%}.matrix th:nth-child(6){width:31.5%}
.matrix td.word{overflow-wrap:normal;white-space:nowrap}
.tgt{color:#8c959f}.section{color:#59636e;font-size:12px}.src{font-size:11px;border:1px solid var(--line);border-radius:4px;padding:0 4px;margin-right:2px}.src-documented{color:var(--passed)}.src-convention{color:#9a6700}a.section,a.file{text-decoration:none}a.section:hover,a.file:hover{text-decoration:underline}
tr:target{outline:2px solid #0969da}
.cause{border:1px solid var(--line);border-left:4px solid var(--failed);border-radius:6px;padding:6px 10px;margin:8px 0}.cause>summary{font-size:15px;overflow-wrap:anywhere}
.cause .failure{border-left-width:2px}.failure>summary small{color:#59636e;font-weight:normal}.shown{color:#59636e;font-size:12px}
.reqs .req{margin-right:10px}.step{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:normal;color:#59636e;overflow-wrap:anywhere}
ul.specs{margin:0;padding:0;list-style:none;font-size:12px}
.dot{display:inline-block;width:8px;height:8px;border-radius:50%;background:var(--c);margin-right:4px}
.none{color:#59636e;font-size:12px}
.reason{color:#9a6700;min-width:300px}
footer{margin-top:32px;color:#59636e;font-size:12px}
`;

// Filters the failures and the requirement matrix, and opens what a link leads to; touches nothing
// but the page's own elements.
const SCRIPT = `
(function () {
  var byId = function (id) { return document.getElementById(id); };
  var all = function (selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); };
  function listen(elements, apply) {
    elements.forEach(function (el) { if (el) { el.addEventListener('input', apply); el.addEventListener('change', apply); } });
    apply();
  }
  var words = function (el) { return el.value.toLowerCase().split(/\\s+/).filter(Boolean); };

  // Failures: a spec is shown when it matches every filter; a cause when one of its specs is.
  var fCause = byId('ff-cause'), fArea = byId('ff-area'), fStatus = byId('ff-status'), fReq = byId('ff-req'), fCount = byId('ff-count');
  if (fCause) {
    var failures = all('#failures details.failure');
    listen([fCause, fArea, fStatus, fReq], function () {
      var wanted = words(fReq).map(function (w) { return w.toUpperCase(); });
      var status = fStatus.value.split(':');
      var shown = 0;
      failures.forEach(function (spec) {
        var cause = spec.closest('details.cause').dataset.cause;
        var visible = (!fCause.value || cause === fCause.value)
          && (!fArea.value || spec.dataset.area === fArea.value)
          && (!fStatus.value || spec.dataset[status[0]] === status[1])
          && wanted.every(function (w) { return spec.dataset.reqs.indexOf(w) !== -1; });
        spec.hidden = !visible;
        if (visible) shown++;
      });
      all('#failures details.cause').forEach(function (cause) {
        var specs = cause.querySelectorAll('details.failure');
        var visible = cause.querySelectorAll('details.failure:not([hidden])').length;
        cause.hidden = visible === 0;
        cause.querySelector('.shown').textContent = visible === specs.length ? '' : visible + ' of ' + specs.length + ' shown';
      });
      fCount.textContent = shown + ' of ' + failures.length + ' failures shown';
    });
  }

  // The requirement matrix.
  var text = byId('f-text'), status = byId('f-status'), area = byId('f-area'), level = byId('f-level'), source = byId('f-source'), cause = byId('f-cause'), count = byId('f-count');
  var rows = all('table.matrix tbody tr');
  listen([text, status, area, level, source, cause], function () {
    var wanted = words(text);
    var shown = 0;
    rows.forEach(function (row) {
      var haystack = row.textContent.toLowerCase();
      var visible = (!status.value || row.dataset.status === status.value)
        && (!area.value || row.dataset.area === area.value)
        && (!level.value || row.dataset.level === level.value)
        && (!source.value || row.dataset.source === source.value)
        && (!cause || !cause.value || row.dataset.causes.indexOf(' ' + cause.value + ' ') !== -1)
        && wanted.every(function (w) { return haystack.indexOf(w) !== -1; });
      row.hidden = !visible;
      if (visible) shown++;
    });
    count.textContent = shown + ' of ' + rows.length + ' requirements shown';
  });

  // A link to a collapsed cause, or to a row hidden by a filter, shows it.
  function reveal() {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target) return;
    if (target.tagName === 'DETAILS') target.open = true;
    if (target.hidden) target.hidden = false;
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', reveal);
  reveal();
})();
`;
