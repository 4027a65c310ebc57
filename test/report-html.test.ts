// report.html: rendered from a hand-made report (escaping, pending areas, no external assets), and
// from a real run against a broken storage adapter, opened in Chromium with the network blocked.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../src/core/answer.js';
import type { AreaCatalog } from '../requirements/model.js';
import { escapeHtml } from '../src/core/markup.js';
import { renderHtml } from '../src/report/html.js';
import { replayCommand } from '../src/report/replay.js';
import { documentOf, localLinks, sectionLink, sectionUrl, type ReportLinks } from '../src/report/links.js';
import { buildReport, type Report } from '../src/report/model.js';
import { writeReport } from '../src/report/write.js';
import type { TestRecord } from '../src/core/records.js';
import { EVERYTHING } from '../src/core/selection.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const HOSTILE = '<script>alert("pwned")</script>';

const requirement = (id: string, extra: object = {}) => ({ id, area: 'filters' as const, level: 'must' as const, profile: 'core' as const, document: 'zone-management-api.md' as const, section: [{ headings: ['s'] }], text: `${id} text`, ...extra });
const catalog: AreaCatalog[] = [
  { area: 'filters', requirements: [requirement('R-PASS'), requirement('R-FAIL', { text: `fails on ${HOSTILE}` }), requirement('R-SKIP', { level: 'should' }), requirement('R-UNSPEC', { unspecified: true, text: 'left open by the spec' })] },
  { area: 'dns-records', pending: 'specs arrive with issue #7', requirements: [requirement('R-PENDING', { area: 'dns-records' })] },
];
const test = (name: string, requirements: string[], status: TestRecord['status'], extra: Partial<TestRecord> = {}): TestRecord =>
  ({ name: `zone-api > filters > ${name}`, target: 'zone-api', spec: { describe: ['filters'], title: name }, file: 'f.spec.ts', requirements, status, durationMs: 1, ...extra });

function handMadeReport(): Report {
  const report = buildReport({
    version: '0.0.0',
    run: {
      id: 'run-1', startedAt: '2026-01-02T03:04:05.678Z', finishedAt: '2026-01-02T03:04:06.678Z', durationMs: 1000,
      targets: [{ suite: 'zone-api', name: 'remote', baseUrl: 'https://api.example.test/client/v4', control: false }],
      suites: ['zone-api'], grep: null, selection: EVERYTHING, seed: 7,
    },
    suites: [{ name: 'zone-api', catalog }],
    tests: [
      test('passes', ['R-PASS'], 'passed', { seed: 7 }),
      test(`fails when it's (a+b)`, ['R-FAIL'], 'failed', { error: `expected 200, got 500: ${HOSTILE}`, exchange: `GET /zones\n< 500\n</pre><img src=x onerror=alert(1)>`, seed: 7 }),
      test('skips', ['R-SKIP'], 'skipped', { skipReason: 'target has no control API <marquee>' }),
    ],
    fileErrors: [{ file: 'broken.spec.ts', error: `cannot load ${HOSTILE}` }],
    checkCoverage: false,
  });
  return { ...report, baseline: { file: 'baseline.json', known: 0, new: 1, fixed: 1, newFailures: ['zone-api > filters > fails'], staleEntries: ['requirement R-OLD'] } };
}

describe('renderHtml on a hand-made report', () => {
  const page = renderHtml(handMadeReport());

  it('escapes every piece of report text: the only script is its own', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect(page).not.toContain(HOSTILE);
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<marquee>');
    expect(page).toContain(escapeHtml(HOSTILE));
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it('shows a pending area as pending, with its reason, and no compliance bar', () => {
    const row = page.match(/<tr class="pending" data-area="dns-records">[\s\S]*?<\/tr>/)?.[0] ?? '';
    expect(row).toContain('pending');
    expect(row).toContain('specs arrive with issue #7');
    expect(row).not.toContain('class="fill"');
  });

  it('lists failures, skips with reasons, unspecified statements, seeds, the baseline and file errors', () => {
    for (const id of ['failures', 'skipped', 'seeds', 'unspecified', 'baseline', 'problems', 'matrix']) expect(page).toContain(`<section id="${id}">`);
    expect(page).toContain(escapeHtml('target has no control API <marquee>'));
    expect(page).toContain('left open by the spec');
    expect(page).toContain('1 new');
    expect(page).toContain('requirement R-OLD');
  });

  it('shows the as-of date and the deprecation schedule row by row, rows the spec leaves open as such', () => {
    const schedule = [
      { date: '2024-11-30', subject: 'Zone info in DNS records', endpoints: [], change: 'zone_id and zone_name dropped', afterDate: 'stated' as const, requirements: ['R-PASS'] },
      { date: '2024-10-01', subject: 'DNS validation error chain', endpoints: [], change: 'error_chain omitted', afterDate: 'stated' as const, requirements: ['R-SKIP'] },
      { date: '2020-04-02', subject: 'Organizations', endpoints: [], change: 'Replaced by the accounts API', afterDate: 'not stated' as const, requirements: ['R-UNSPEC'] },
    ];
    const base = handMadeReport();
    const report = buildReport({ version: '0.0.0', run: { ...base.run, asOf: '2024-06-01T00:00:00.000Z', clockSettable: false },
      suites: [{ name: 'zone-api', catalog }], tests: [test('passes', ['R-PASS'], 'passed'), test('skips', ['R-SKIP'], 'skipped', { skipReason: 'not verified: …' })],
      fileErrors: [], checkCoverage: false, schedule });
    expect(report.schedule?.map((r) => r.status)).toEqual(['passed', 'not verified', 'not stated']);
    const html = renderHtml(report);
    const section = html.match(/<section id="schedule">[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(section).toContain('Deprecation schedule (3 rows)');
    expect(section).toMatch(/Zone info in DNS records[\s\S]*?s-passed">passed/);
    expect(section).toMatch(/DNS validation error chain[\s\S]*?s-skipped">not verified/);
    expect(section).toMatch(/Organizations[\s\S]*?after-date behaviour not stated/);
    expect(html).toContain('2024-06-01 00:00:00 UTC (target clock cannot be set: one side of each dated change is not verified)');
  });

  it('loads nothing from outside the file', () => {
    expect(page).not.toMatch(/\b(?:src|href|action|poster)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(page).not.toMatch(/url\(\s*["']?\s*(?:https?:)?\/\//i);
    expect(page).not.toMatch(/@import/i);
    expect(page).toContain('api.example.test'); // the target's URL, as text
  });

  it('replays a seed with the spec name as an escaped, shell-quoted pattern and the target', () => {
    const report = handMadeReport();
    const failing = report.tests.find((t) => t.status === 'failed')!;
    expect(replayCommand(report, failing)).toBe(`npx specgate run --suite zone-api --target 'https://api.example.test/client/v4' --grep '^filters fails when it'\\''s \\(a\\+b\\)$' --seed 7`);
    const storage = { ...failing, name: 'storage:reference-kv > model > random (property)', target: 'storage:reference-kv', spec: { describe: ['model'], title: 'random (property)' } };
    expect(replayCommand(report, storage)).toBe(`npx specgate run --suite storage --adapter reference-kv --grep '^model random \\(property\\)$' --seed 7`);
  });

  it("replays a spec of an adapter given by path with that path, not a placeholder", () => {
    const report = handMadeReport();
    report.run.targets.push({ suite: 'storage', name: 'minimal-memory', module: "/home/u/it's/adapter.ts", capabilities: {} });
    const failing = report.tests.find((t) => t.status === 'failed')!;
    const storage = { ...failing, target: 'storage:minimal-memory', spec: { describe: ['kv'], title: 'get' } };
    expect(replayCommand(report, storage)).toBe(`npx specgate run --suite storage --adapter '/home/u/it'\\''s/adapter.ts' --grep '^kv get$' --seed 7`);
  });

  it('is redacted when written, also where a secret appears HTML-escaped', () => {
    const dir = tempDir('html-redact');
    const report = handMadeReport();
    report.tests[1]!.error = 'token t<k&n leaked';
    writeReport(dir, report, ['t<k&n']);
    const written = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(written).not.toContain(escapeHtml('t<k&n'));
    expect(written).toContain('token [REDACTED] leaked');
  });
});

// Failures grouped by cause, collapsed, linked, with baseline badges (196 failures of
// one wrong token made a 93,000-pixel page of expanded, unlinked failures).
describe('renderHtml: failures by cause, links, baseline badges', () => {
  const AUTH = 'HTTP 403, errors 10000 "Authentication error"';
  /** What the spec kit records beside such a failure's text: the answer, as data. */
  const AUTH_FACTS = { answer: answerOf(403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }] }) };
  const R_A_SECTION = [{ headings: ['Resources and their fields', 'Filter'] }, { headings: ['Recommended sequence'] }];
  const links: ReportLinks = {
    documents: { 'zone-management-api.md': documentOf('file:///docs/zone-management-api.md', '# Zone\n## Resources and their fields\n### Filter\n') },
    sections: new Map([['R-A', R_A_SECTION]]),
    specFiles: 'file:///pkg/',
    note: 'Sections open the spec document at /docs.',
  };
  function failingReport(): Report {
    const catalogWithSections: AreaCatalog[] = [{ area: 'filters', requirements: [requirement('R-A', { section: R_A_SECTION }), requirement('R-B'), requirement('R-C')] }];
    const report = buildReport({
      version: '0.0.0', run: handMadeReport().run, suites: [{ name: 'zone-api', catalog: catalogWithSections }],
      tests: [
        test('a', ['R-A'], 'failed', { error: `creating filters: ${AUTH}; it should succeed`, failure: AUTH_FACTS }),
        test('b', ['R-B'], 'failed', { error: `GET /x: ${AUTH}; it should answer 404`, failure: AUTH_FACTS }),
        test('c', ['R-C'], 'failed', { error: 'expected 1 to be 2' }),
      ],
      fileErrors: [], checkCoverage: false,
    });
    report.tests[1]!.known = { reason: 'issue #9' };
    return { ...report, baseline: { file: 'baseline.json', known: 1, new: 2, fixed: 0, newFailures: [report.tests[0]!.name, report.tests[2]!.name], staleEntries: [] } };
  }
  const page = renderHtml(failingReport(), links);
  const failures = page.match(/<section id="failures">[\s\S]*?<\/section>/)?.[0] ?? '';

  it('shows each cause first, collapsed, with its specs under it, collapsed too', () => {
    expect(failures).toContain('Failures (3 specs, 2 causes)');
    const causes = [...failures.matchAll(/<details class="cause" id="(cause-\d)"[^>]*><summary><b>([^<]*)<\/b>/g)].map((m) => [m[1], m[2]]);
    expect(causes).toEqual([['cause-1', `1. ${escapeHtml(AUTH)}`], ['cause-2', '2. expected 1 to be 2']]);
    const firstCause = failures.slice(failures.indexOf('id="cause-1"'), failures.indexOf('id="cause-2"'));
    expect(firstCause.match(/<details class="failure"/g)).toHaveLength(2);
    // Under an answer, each spec says what it was doing when it got it.
    expect(firstCause).toContain(`<div class="step">creating filters: ${escapeHtml(AUTH)}; it should succeed</div>`);
    expect(page).not.toMatch(/<details class="(?:cause|failure)"[^>]* open/);
    expect(page.indexOf('<section id="failures">')).toBeLessThan(page.indexOf('<section id="areas">'));
  });

  it('links each requirement ID to its matrix row and its section in the document, and each spec to its file', () => {
    expect(page).toContain('<tr id="req-R-A"');
    expect(failures).toContain('<a href="#req-R-A" title="Its row in the requirement matrix"><code>R-A</code></a>');
    // The deepest heading the section names: "Filter".
    expect(failures).toContain('href="file:///docs/zone-management-api.md#filter"');
    expect(failures).toContain('<a class="file" href="file:///pkg/f.spec.ts">f.spec.ts</a>');
    expect(page).toContain('Sections open the spec document at /docs.');
  });

  it('badges new and known failures under a baseline, per spec and per cause', () => {
    expect(failures).toMatch(/<summary> <span class="badge s-failed">new<\/span> zone-api &#62; filters &#62; a/);
    expect(failures).toMatch(/<summary> <span class="badge s-skipped">known: issue #9<\/span> zone-api &#62; filters &#62; b/);
    expect(failures).toContain('<span class="badge s-failed">1 new</span> <span class="badge s-skipped">1 known</span>');
    expect(renderHtml({ ...failingReport(), baseline: undefined }, links)).not.toContain('>new</span>');
  });

  it('finds the section of a requirement in the document: the deepest heading it names, else the document', () => {
    const document = documentOf('file:///d.md', '# Title\n## Resources and their fields\n### Filter\n## What the service does\n## States and transitions\n### WAF migration\n'
      + '## Endpoints\n### Firewall rules and filters (deprecated)\nRules for the combined create:\n### WAF migration\nMigration mapping rules:\n');
    expect(sectionUrl(document, [{ headings: ['Resources and their fields', 'Filter'] }, { headings: ['Recommended sequence'] }])).toBe('file:///d.md#filter');
    expect(sectionUrl(document, [{ headings: ['What the service does'], words: ['envelope'] }])).toBe('file:///d.md#what-the-service-does');
    expect(sectionUrl(document, [{ headings: ['Nowhere'] }])).toBe('file:///d.md');
    // The heading the section names, not the first of its slug: GitHub numbers the second (-1).
    expect(sectionUrl(document, [{ headings: ['Endpoints', 'WAF migration'], words: ['Migration mapping rules'] }])).toBe('file:///d.md#waf-migration-1');
    expect(sectionUrl(document, [{ headings: ['States and transitions', 'WAF migration'] }])).toBe('file:///d.md#waf-migration');
    // A heading named without its aside: "(deprecated)" is in the anchor.
    expect(sectionUrl(document, [{ headings: ['Endpoints', 'Firewall rules and filters'], words: ['Rules for the combined create', '2'] }])).toBe('file:///d.md#firewall-rules-and-filters-deprecated');
    // Each requirement names its document: a spec document, the production conventions, a contract of docs/.
    const links: ReportLinks = { documents: { 'zone-management-api.md': document, 'reference-notes.md': documentOf('file:///notes.md', '# Notes\n## Storage runtime (workerd)\n') }, sections: new Map(), specFiles: null, note: '' };
    expect(sectionLink(links, 'reference-notes.md', [{ headings: ['Storage runtime (workerd)'] }])).toBe('file:///notes.md#storage-runtime-workerd');
    expect(sectionLink(links, 'reference-notes.md', [{ headings: ['Nowhere'] }])).toBe('file:///notes.md');
    expect(sectionLink(links, 'zone-management-api.md', [{ headings: ['Resources and their fields', 'Filter'] }])).toBe('file:///d.md#filter');
    expect(sectionLink(links, 'docs/settings-contract.md', [{ headings: ['Zone settings'] }])).toBeNull();
    expect(sectionLink(links, 'object-storage-interface.md', [{ headings: ['Errors'] }])).toBeNull();
    // The documents where they are (SPECGATE_SPEC_DOCS, else ../shared/spec/ beside specgate): found.
    const local = localLinks(specDocumentsFixture());
    expect(Object.keys(local.documents)).toEqual(expect.arrayContaining(['object-storage-interface.md', 'zone-management-api.md', 'reference-notes.md', 'docs/settings-contract.md']));
    expect(sectionLink(local, 'reference-notes.md', [{ headings: ['Storage runtime (workerd)'] }])).toMatch(/^file:\/\/.*\/reference-notes\.md#storage-runtime-workerd$/);
    expect(localLinks(join(ROOT, 'no-such-dir')).note).toContain('sections are not linked');
  });
});

/**
 * A folder of spec documents as the report's links find them (SPECGATE_SPEC_DOCS): the two
 * documents with a few of their headings, reference-notes.md beside the folder. A fresh clone has
 * no ../shared/spec/ beside it, so the tests do not rely on it.
 */
function specDocumentsFixture(): string {
  const dir = join(tempDir('spec-docs'), 'spec');
  mkdirSync(dir);
  writeFileSync(join(dir, 'zone-management-api.md'), '# Zone management API\n## Authentication\n## Errors\n');
  writeFileSync(join(dir, 'object-storage-interface.md'), '# Object storage interface\n## Errors\n');
  writeFileSync(join(dir, '..', 'reference-notes.md'), '# Reference notes\n## Storage runtime (workerd)\n');
  return dir;
}

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('report.html of a real run, in Chromium', () => {
  const dir = tempDir('html');
  const reportDir = join(dir, 'report');
  let browser: Browser;

  beforeAll(async () => {
    // The broken UTF-16 ordering (failures, a failing property test with its seed), declared without
    // fault injection so the specs that need it are skipped with a reason.
    const adapter = join(dir, 'no-faults.ts');
    const broken = join(ROOT, 'test/broken/storage/list-utf16-order.js');
    writeFileSync(adapter, `import broken from ${JSON.stringify(broken)};\nexport default { ...broken, name: 'utf16-no-faults', supports: { ...broken.supports, faults: false } };\n`);
    const result = await runCli(['run', '--suite', 'storage', '--adapter', adapter, '--report-dir', reportDir]);
    expect(result.code, result.stderr).toBe(1);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows bars, the failing requirement, the error, a skip reason and the replay command, offline, and filters', async () => {
    const htmlFile = join(reportDir, 'report.html');
    expect(existsSync(htmlFile)).toBe(true);
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const outside: string[] = [];
    page.on('request', (request) => { if (!request.url().startsWith('file:')) outside.push(request.url()); });
    await page.route('**', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
    await page.goto(pathToFileURL(htmlFile).href);

    await expect.poll(() => page.locator('#areas tr[data-area="list"] .bar .fill').isVisible()).toBe(true);
    const failingRow = page.locator('#matrix tr[data-status="failed"]', { hasText: 'ST-LIST-ORDER-UTF8' });
    expect(await failingRow.isVisible()).toBe(true);
    // Collapsed: a cause opens to its specs, a spec to its error.
    const finding = 'keys ascending by their UTF-8 bytes';
    const error = page.locator('#failures pre.error', { hasText: finding }).first();
    expect(await error.isVisible()).toBe(false);
    const cause = page.locator('#failures details.cause', { hasText: finding }).first();
    await cause.locator('> summary').click();
    await cause.locator('details.failure', { hasText: finding }).first().locator('> summary').click();
    expect(await error.isVisible()).toBe(true);
    expect(await page.locator('#skipped td.reason').first().isVisible()).toBe(false);
    await page.locator('#skipped summary').click();
    expect(await page.locator('#skipped td.reason', { hasText: 'does not support faults' }).first().isVisible()).toBe(true);
    // One replay command per property-based spec (the key-value model's, among the interleaving model's).
    const replay = page.locator('#seeds code.cmd', { hasText: 'key-value model' }).first();
    expect(await replay.textContent()).toMatch(/^npx specgate run --suite storage --adapter '.*' --grep '\^key-value model .*\(property\\\)\$' --seed \d+$/);
    // The adapter's own path, that the command can be pasted as is.
    expect(await replay.textContent()).toContain(`--adapter '${join(dir, 'no-faults.ts')}'`);

    const rows = page.locator('#matrix tbody tr:visible');
    const all = await rows.count();
    const count = page.locator('#f-count');
    expect(await count.textContent()).toBe(`${all} of ${all} requirements shown`);
    await page.locator('#f-text').fill('ST-LIST-ORDER-UTF8');
    expect(await rows.count()).toBe(1);
    expect(await count.textContent()).toBe(`1 of ${all} requirements shown`);
    await page.locator('#f-text').fill('');
    await page.locator('#f-status').selectOption('failed');
    const failed = await rows.count();
    expect(failed).toBeGreaterThan(1);
    expect(failed).toBeLessThan(all);
    await page.locator('#f-status').selectOption('');

    // By source: what the document states, and the conventions; each row says which, and its section opens its own document.
    const { requirements } = readReport(reportDir);
    const ofKind = (kind: string) => requirements.filter((r) => r.source.kind === kind).length;
    expect(ofKind('documented') + ofKind('convention')).toBe(all);
    await page.locator('#f-source').selectOption('convention');
    expect(ofKind('convention')).toBeGreaterThan(0);
    expect(await rows.count()).toBe(ofKind('convention'));
    expect(await count.textContent()).toBe(`${ofKind('convention')} of ${all} requirements shown`);
    expect(await page.locator('#matrix tbody tr:visible .src-documented').count()).toBe(0);
    const convention = page.locator('#req-ST-KV-PUT-UNDEFINED-TYPEERROR');
    expect(await convention.locator('.src').textContent()).toBe('convention');
    expect(await convention.locator('a.section').textContent()).toBe('reference-notes.md § Storage runtime (workerd)');
    expect(await convention.locator('a.section').getAttribute('href')).toMatch(/^file:\/\/.*\/reference-notes\.md#storage-runtime-workerd$/);
    await page.locator('#f-source').selectOption('documented');
    expect(await rows.count()).toBe(ofKind('documented'));
    expect(await convention.isVisible()).toBe(false);
    expect(await page.locator('#req-ST-KV-GET-SINGLE a.section').textContent()).toBe('object-storage-interface.md § Endpoints > Key-value operations > get');
    await page.locator('#f-status').selectOption('failed');
    expect(await rows.count()).toBe(requirements.filter((r) => r.source.kind === 'documented' && r.status === 'failed').length);
    await page.locator('#f-status').selectOption('');
    await page.locator('#f-source').selectOption('');
    expect(await rows.count()).toBe(all);

    const screenshot = join(dir, 'report.png');
    await page.screenshot({ path: screenshot }); // the first screen: a full-page shot takes more than 30 s on a loaded machine
    expect(statSync(screenshot).size).toBeGreaterThan(20_000);
    expect(outside).toEqual([]);
    await page.close();
  });
});

/** Starts `specgate serve` (the reference as a user serves it) and reads its URLs from what it prints. */
function serve(token: string): Promise<{ child: ChildProcess; baseUrl: string; controlUrl: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/specgate.mjs'), 'serve', '--port', '0', '--test-mode', '--token', token], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const baseUrl = /base URL:\s+(\S+)/.exec(out)?.[1];
      const controlUrl = /control URL:\s+(\S+)/.exec(out)?.[1];
      if (baseUrl && controlUrl) resolve({ child, baseUrl, controlUrl });
    });
    child.on('exit', (code) => reject(new Error(`specgate serve exited ${code}: ${out}`)));
  });
}

// A wrong token failed ~200 specs for one reason, and report.html showed them all
// expanded (a 102,000-pixel page at 1280 px, wider than the window), the reason nowhere on the
// first screen.
describe('report.html of a wrong-token run against the served reference, in Chromium', () => {
  const reportDir = join(tempDir('html-wrong-token'), 'report');
  let served: { child: ChildProcess } | undefined;
  let browser: Browser;
  let report: Report;
  let run: Awaited<ReturnType<typeof runCli>>;

  beforeAll(async () => {
    const server = await serve(`right-token-${process.pid}`);
    served = server;
    // --no-preflight: the preflight stops a wrong token before any spec; this is the report of a run it did not stop.
    run = await runCli(['run', '--no-preflight', '--suite', 'zone-api', '--target', server.baseUrl, '--control', server.controlUrl, '--report-dir', reportDir],
      { SPECGATE_TOKEN: `wrong-token-${process.pid}`, SPECGATE_SPEC_DOCS: specDocumentsFixture() });
    expect(run.code, run.stderr).toBe(1);
    report = readReport(reportDir);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    served?.child.kill('SIGTERM');
  });

  it('the terminal names the cause first, not the first of the failures', () => {
    const failed = report.tests.filter((t) => t.status === 'failed').length;
    expect(run.stdout).toContain(`\nspecgate: ${failed} failed specs, 1 cause:\n  ✗ HTTP 403, errors 10000 "Authentication error" — ${failed} specs (`);
  });

  it('shows the one cause on the first screen, collapsed, 1280 px wide, and its filters work', async () => {
    const failed = report.tests.filter((t) => t.status === 'failed');
    expect(failed.length).toBeGreaterThan(150);
    expect(report.causes.map((c) => c.label)).toEqual(['HTTP 403, errors 10000 "Authentication error"']);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route('**', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
    await page.goto(pathToFileURL(join(reportDir, 'report.html')).href);

    // The first screen: the cause, with how many specs it failed.
    const cause = page.locator('#cause-1 > summary');
    const box = (await cause.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(await cause.textContent()).toContain(`1. HTTP 403, errors 10000 "Authentication error" ${failed.length} specs`);
    // Collapsed: the specs under the cause are not shown until it is opened.
    expect(await page.locator('#failures details.failure:visible').count()).toBe(0);
    expect(await page.locator('#failures details[open]').count()).toBe(0);
    const failuresHeight = (await page.locator('#failures').boundingBox())!.height;
    expect(failuresHeight).toBeLessThan(400);
    // No horizontal scrolling at 1280 px (the matrix's last column was cut).
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);

    await cause.click();
    expect(await page.locator('#failures details.failure:visible').count()).toBe(failed.length);
    const count = page.locator('#ff-count');
    expect(await count.textContent()).toBe(`${failed.length} of ${failed.length} failures shown`);
    const shownAfter = async (): Promise<number> => page.locator('#failures details.failure:visible').count();

    await page.locator('#ff-area').selectOption('filters');
    const inFilters = failed.filter((t) => t.area === 'filters').length;
    expect(inFilters).toBeGreaterThan(0);
    expect(await shownAfter()).toBe(inFilters);
    expect(await count.textContent()).toBe(`${inFilters} of ${failed.length} failures shown`);
    await page.locator('#ff-area').selectOption('');

    await page.locator('#ff-status').selectOption('gated:yes');
    expect(await shownAfter()).toBe(report.causes[0]!.gated);
    await page.locator('#ff-status').selectOption('');

    await page.locator('#ff-req').fill('ZM-AUTH-BEARER');
    expect(await shownAfter()).toBe(failed.filter((t) => t.requirements.join(' ').includes('ZM-AUTH-BEARER')).length);
    await page.locator('#ff-req').fill('NO-SUCH-ID');
    expect(await shownAfter()).toBe(0);
    expect(await page.locator('#cause-1').isVisible()).toBe(false);
    await page.locator('#ff-req').fill('');
    await page.locator('#ff-cause').selectOption('cause-1');
    expect(await shownAfter()).toBe(failed.length);

    // The matrix, by cause: the requirements a failure of the cause cites.
    const ofCause = new Set(report.causes[0]!.tests);
    await page.locator('#f-cause').selectOption('cause-1');
    expect(await page.locator('#matrix tbody tr:visible').count()).toBe(report.requirements.filter((r) => r.tests.some((t) => ofCause.has(t))).length);
    await page.locator('#f-cause').selectOption('');

    // A requirement ID leads to its row; its section to the document.
    const spec = page.locator('#cause-1 details.failure', { hasText: 'ZM-AUTH-BEARER' }).first();
    await spec.locator('> summary').click();
    expect(await spec.locator('a.section').first().getAttribute('href')).toMatch(/^file:\/\/.*\/zone-management-api\.md#authentication$/);
    await spec.locator('a[href="#req-ZM-AUTH-BEARER"]').click();
    expect(await page.locator('#req-ZM-AUTH-BEARER').isVisible()).toBe(true);
    expect(await page.evaluate('location.hash')).toBe('#req-ZM-AUTH-BEARER');
    await page.close();
  });
});
