// report.html: the report for people, one self-contained file (inline CSS and script, no network,
// no external asset), so it can be opened from a CI artefact or mailed as is. The stylesheet and
// the script are files of their own (report/assets/, read by report/page-assets.ts), inlined here.
// Everything in a report may come from a target (errors quote what it sent), so every piece of
// report text goes through the `html` tag, which escapes it (report/html-template.ts); the inline
// script reads only the page's own DOM.

import type { Level, SourceKind } from '../../requirements/model.js';
import { escapeHtml } from '../core/markup.js';
import { isEverything } from '../core/selection.js';
import { causeCount, stepUnder, type FailureCause } from './causes.js';
import { ansiToHtml } from './ansi.js';
import { html, toMarkup, type Html, type Part } from './html-template.js';
import { NO_LINKS, sectionLink, type ReportLinks } from './links.js';
import { pageAssets } from './page-assets.js';
import { replayCommand } from './replay.js';
import { describeAdapterTarget } from './runtime-description.js';
import { conventionsVerdictText, coreVerdictText, incompleteConsequence, interruptedText, requestsText, totalsRelationText } from './verdict-text.js';
import { REQUIREMENT_STATUSES as STATUSES, type AreaSummary, type Report, type ReportRequirement, type ReportTest, type RunTarget } from './model.js';

const LEVELS: readonly Level[] = ['must', 'should', 'may'];
/** The source filter's choices: what each kind of statement is called on the page. */
const SOURCE_KINDS: readonly [SourceKind, string][] = [['documented', 'documented (core)'], ['convention', 'conventions (extended)']];


/**
 * The page. `links` says where requirement sections and spec files lead (report/links.ts: files
 * on the machine that wrote it); without it they are plain text. The failures come right after the
 * totals, grouped by cause and collapsed, so that the first screen names what went wrong.
 */
export function renderHtml(report: Report, links: ReportLinks = NO_LINKS): string {
  const linker = new Linker(report, links);
  const { style, script } = pageAssets();
  const body = [
    header(report), totals(report), failureSection(report, linker), setUpErrorSection(report, linker), baselineSection(report), areaSection(report.areas), levelSection(report.areas),
    skippedSection(report.tests), seedSection(report), scheduleSection(report, linker), matrixSection(report, linker),
    unspecifiedSection(report.requirements, linker), problemSection(report),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`specgate report ${report.run.id}`)}</title>
<style>
${style}</style>
</head>
<body>
${toMarkup(body)}
<footer>specgate ${escapeHtml(report.specgate.version)}, report format ${report.specgate.format}</footer>
<script>
${script}</script>
</body>
</html>
`;
}

// ---- header -------------------------------------------------------------------------------------

function describeTarget(target: RunTarget): string {
  if (target.suite === 'zone-api') {
    return `${target.name}${target.baseUrl ? ` at ${target.baseUrl}` : ' (bundled)'}, ${target.controlUrl ? `control API at ${target.controlUrl}` : target.control ? 'with its control API' : 'no control API'}`;
  }
  return describeAdapterTarget(target);
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
  const requests = requestsText(report);
  if (requests) rows.push(['Requests', requests]);
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
<div class="tiles">${tile('specs in all', summary.total, 'total')}${tile('passed', summary.passed, 'passed')}${tile('failed', summary.failed, 'failed')}${tile('skipped', summary.skipped, 'skipped')}${summary.errors > 0 ? tile('set-up errors', summary.errors, 'error') : ''}</div>
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
  return html`<details class="cause" id="${cause.id}" data-cause="${cause.id}"><summary><b>${index + 1}. ${cause.label}</b> <span class="badge s-${cause.kind === 'set-up' ? 'error' : 'failed'}">${causeCount(cause)}</span>${baseline} <span class="shown"></span></summary>
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
  const causes = report.causes.filter((cause) => cause.kind !== 'set-up');
  return html`<section id="failures"><h2>Failures (${plural(failed.length, 'spec')}, ${plural(causes.length, 'cause')})</h2>
<p class="note">Grouped by cause: what the target answered (HTTP status and error codes) or the failure's message; the causes of the most gated failures first. Open a cause for its specs, a spec for its error, last exchange and replay command.</p>
${failureFilters(report, failed)}
${causes.map((cause, i) => causeBlock(report, cause, i, byName, linker))}</section>`;
}

/** Specs whose set-up did not happen: apart from the failures, since they found nothing about what they cite. */
function setUpErrorSection(report: Report, linker: Linker): Html | null {
  const errored = report.tests.filter((t) => t.status === 'error');
  if (errored.length === 0) return null;
  const byName = new Map(errored.map((t) => [t.name, t]));
  const causes = report.causes.filter((cause) => cause.kind === 'set-up');
  return html`<section id="set-up-errors"><h2>Set-up errors (${plural(errored.length, 'spec')}, ${plural(causes.length, 'cause')})</h2>
<p class="note">The object under test was not made or not restarted (the adapter's create() or restart() threw or did not settle): these specs found nothing about what they cite, which is not verified, not failed. The run fails for them: the target could not be set up as the run needs.</p>
${causes.map((cause, i) => causeBlock(report, cause, i, byName, linker))}</section>`;
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
