// The user documents cannot rot: every relative link of the README and the guides resolves (to a
// file, and to a heading when it names one), docs/cli.md is what `npm run docs` writes and each of
// its sections is what `--help` prints, and every `specgate` command shown in a fenced shell block
// either runs or is parsed by the CLI's own parser, in this process (callCli, or the commands'
// option tables and runConfigFrom). A block preceded by an `<!-- illustrative ... -->` line is
// shown, not checked (its URLs are placeholders, or it needs something this machine lacks).
//
// Kept cheap on purpose: no spec runs here. `--help` and `--version` are executed in-process;
// `run` and `doctor` commands are parsed into a whole RunConfig (every flag checked, adapter paths
// and baselines found) without running anything, a full run included; `list` is parsed and its
// selection checked; `serve`, `merge`, `diff` and `init` are parsed by their own option tables. The runs themselves are covered elsewhere (the
// Map-runtime adapter's run in test/adapter-path.test.ts, the serve-and-run example in
// test/cli-defects.test.ts). Deterministic, no seed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_HELP, HELP } from '../src/cli/help.js';
import { INIT_OPTIONS } from '../src/cli/config-file.js';
import { DIFF_OPTIONS } from '../src/cli/diff.js';
import { MERGE_OPTIONS } from '../src/cli/merge.js';
import { LIST_OPTIONS } from '../src/cli/list.js';
import { credentialsFrom, needsCredentials, parseRunFlags, runConfigFrom, selectionFrom, suitesFrom } from '../src/cli/run-config.js';
import { SERVE_OPTIONS } from '../src/cli/serve.js';
import { withDashedValues } from '../src/cli/usage.js';
import { REPORT_FILES } from '../src/report/files.js';
import { CLI_REFERENCE, cliReference, COMMANDS } from '../scripts/docs.js';
import { ROOT } from './helpers/cli.js';
import { callCli } from './helpers/cli-in-process.js';

/** The user documents: the README, the guides and references of docs/ (not docs/spec/, a copy of the spec), and the files they send a reader to. */
function userDocuments(): string[] {
  const docs = (dir: string): string[] => readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (path === 'docs/spec') return [];
    return statSync(join(ROOT, path)).isDirectory() ? docs(path) : name.endsWith('.md') ? [path] : [];
  });
  return ['README.md', 'ARCHITECTURE.md', 'CHANGELOG.md', 'bench/README.md', 'reports/README.md', ...docs('docs')];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slugOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const anchors = new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slugOf(m[1]!)));
  for (const m of text.matchAll(/<a id="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

/** The relative links of a Markdown text that lead nowhere: no such file, or no such heading in it. */
export function brokenLinks(file: string, text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const broken: string[] = [];
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = path === '' ? file : resolve(dirname(file), path);
    if (!existsSync(resolved)) { broken.push(`${target}: no such file`); continue; }
    if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${target}: no such heading`);
  }
  return broken;
}

interface ShownCommand { file: string; line: number; args: string[] }

/** Splits a shell command line into words: '…' and "…" quoted, a trailing # comment dropped. */
function words(line: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (/\s/.test(c)) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) out.push(word);
  return out;
}

const PREFIXES = [['npx', 'specgate'], ['specgate'], ['node', 'bin/specgate.mjs']];

/** The specgate commands of the fenced shell blocks of a Markdown text, except those marked illustrative. */
export function shownCommands(file: string, text: string): ShownCommand[] {
  const lines = text.split('\n');
  const found: ShownCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash|shell|console)\s*$/.test(lines[i]!)) continue;
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const illustrative = before >= 0 && /^<!-- illustrative\b/.test(lines[before]!);
    let j = i + 1;
    for (; j < lines.length && !lines[j]!.startsWith('```'); j++) {
      if (illustrative) continue;
      let line = lines[j]!;
      const start = j;
      while (line.endsWith('\\') && j + 1 < lines.length) line = `${line.slice(0, -1)} ${lines[++j]!.trim()}`;
      const all = words(line);
      const prefix = PREFIXES.find((p) => p.every((w, k) => all[k] === w));
      if (prefix) found.push({ file, line: start + 1, args: all.slice(prefix.length) });
    }
    i = j;
  }
  return found;
}

const PARSERS: Record<string, { options: ParseArgsConfig['options']; positionals: boolean }> = {
  serve: { options: SERVE_OPTIONS, positionals: false },
  merge: { options: MERGE_OPTIONS, positionals: true },
  diff: { options: DIFF_OPTIONS, positionals: true },
  init: { options: INIT_OPTIONS, positionals: true },
};

/** What checking a shown command found wrong: nothing, or the CLI's own message. */
export async function problemOf(args: string[]): Promise<string | undefined> {
  const [command, ...rest] = args;
  try {
    if (command === undefined || command.startsWith('-') || rest.includes('--help')) {
      const result = await callCli(args);
      return result.code === 0 ? undefined : `exit ${result.code}: ${result.stderr.trim()}`;
    }
    if (command === 'run' || command === 'doctor') {
      // Parsed into the whole configuration of the run, every value checked; nothing is started.
      const flags = parseRunFlags(rest);
      const config = runConfigFrom(flags, undefined, credentialsFrom(flags, undefined, needsCredentials(flags, undefined)));
      const baseline = config.baseline;
      if (baseline && !baseline.update && !existsSync(resolve(baseline.file))) return `--baseline ${baseline.file}: no such file`;
      return undefined;
    }
    if (command === 'list') {
      // Parsed and its selection checked as `specgate list` checks it; not executed: listing
      // imports the spec files, which vitest refuses inside a test.
      const { values } = parseArgs({ args: withDashedValues(rest, LIST_OPTIONS), options: LIST_OPTIONS, strict: true, allowPositionals: false });
      selectionFrom(values, undefined, suitesFrom(values.suite));
      return undefined;
    }
    const parser = PARSERS[command];
    if (!parser) return `unknown command ${command}`;
    parseArgs({ args: withDashedValues(rest, parser.options), options: parser.options, strict: true, allowPositionals: parser.positionals });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the user documents', () => {
  const documents = userDocuments();

  it('every relative link resolves, to the file and to the heading it names', () => {
    const broken = documents.flatMap((file) => brokenLinks(join(ROOT, file), readFileSync(join(ROOT, file), 'utf8')).map((link) => `${file}: ${link}`));
    expect(documents).toContain('docs/guide-storage-adapters.md');
    expect(broken).toEqual([]);
  });

  it('the link check finds a missing file and a missing heading (it can fail)', () => {
    const file = join(ROOT, 'docs', 'made-up.md');
    expect(brokenLinks(file, '[a](guide-ci.md) [b](guide-nowhere.md) [c](guide-ci.md#baselines) [d](guide-ci.md#no-such) [e](https://x.test/y) `[f](not-a-link.md)`'))
      .toEqual(['guide-nowhere.md: no such file', 'guide-ci.md#no-such: no such heading']);
  });

  it('the README stays short, links every guide, and names no issue number', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12 * 1024);
    const guides = readdirSync(join(ROOT, 'docs')).filter((name) => name.startsWith('guide-'));
    expect(guides.length).toBeGreaterThanOrEqual(7);
    for (const guide of [...guides, 'cli.md']) expect(readme, guide).toContain(`(docs/${guide})`);
    for (const file of documents.filter((f) => f === 'README.md' || f.startsWith('docs/'))) {
      expect(readFileSync(join(ROOT, file), 'utf8'), file).not.toMatch(/\bissue #?\d+/i);
    }
  });

  it('no code comment names an issue number: a comment says why in words that hold without a tracker', () => {
    const named: string[] = [];
    for (const file of execFileSync('git', ['ls-files', '-z', '--', 'src', 'suites', 'contract', 'reference-impl', 'requirements', 'scripts', 'bin', 'test', 'examples'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0').filter((f) => /\.(ts|mts|mjs|js)$/.test(f) && existsSync(join(ROOT, f)))) {
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
        if (/(\/\/|\/\*|^\s*\*).*\bissues? #?\d+/i.test(line)) named.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(named).toEqual([]);
  });

  it('each guide opens with what the reader will have done by its end', () => {
    for (const guide of readdirSync(join(ROOT, 'docs')).filter((name) => name.startsWith('guide-'))) {
      const opening = readFileSync(join(ROOT, 'docs', guide), 'utf8').split('\n\n')[1]!;
      expect(opening, guide).toMatch(/^By the end of this guide you will /);
    }
  });
});

describe('docs/cli.md', () => {
  it('is what npm run docs writes (run it when this fails)', () => {
    expect(readFileSync(CLI_REFERENCE, 'utf8')).toBe(cliReference());
  });

  it('shows each command\'s help exactly as --help prints it', async () => {
    const text = readFileSync(CLI_REFERENCE, 'utf8');
    const section = (title: string) => new RegExp(`^## ${title}\\n\\n\`\`\`text\\n([\\s\\S]*?)\\n\`\`\`$`, 'm').exec(text)?.[1];
    expect(section('specgate')).toBe((await callCli(['--help'])).stdout.trimEnd());
    expect(COMMANDS.length).toBeGreaterThanOrEqual(7);
    for (const command of COMMANDS) expect(section(`specgate ${command}`), command).toBe((await callCli([command, '--help'])).stdout.trimEnd());
  });

  it('a reference that drifts from the help is told apart (the check can fail)', () => {
    expect(cliReference()).toContain(HELP.trimEnd());
    expect(cliReference().replace('--allow-partial', '--allow-parts')).not.toBe(readFileSync(CLI_REFERENCE, 'utf8'));
  });

  it('the help of run and merge names every file a report directory holds', () => {
    for (const command of ['run', 'merge']) for (const file of REPORT_FILES) expect(COMMAND_HELP[command], `${command} --help: ${file}`).toContain(file);
  });
});

describe('the commands the documents show', () => {
  const saved = process.env.SPECGATE_TOKEN;
  // A run against a target URL needs credentials; the documents take them from the environment.
  beforeEach(() => { process.env.SPECGATE_TOKEN = 'specgate-docs-check-token-0123456789abcd'; });
  afterEach(() => { if (saved === undefined) delete process.env.SPECGATE_TOKEN; else process.env.SPECGATE_TOKEN = saved; });

  it('every specgate command not marked illustrative runs or parses', async () => {
    const commands = userDocuments().flatMap((file) => shownCommands(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(commands.length, 'commands found').toBeGreaterThan(20);
    const kinds = new Set(commands.map((c) => c.args[0]));
    for (const kind of ['run', 'list', 'merge', 'doctor', 'serve']) expect(kinds, kind).toContain(kind);
    const problems: string[] = [];
    for (const command of commands) {
      const problem = await problemOf(command.args);
      if (problem) problems.push(`${command.file}:${command.line}: specgate ${command.args.join(' ')}: ${problem}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('a misspelt option, a missing adapter and an unknown command are found, and an illustrative block is skipped (the check can fail)', async () => {
    const text = [
      '```sh', 'npx specgate run --suite storage --adapter ./examples/no-such-adapter.ts', 'npx specgate list --suite storage --area kvv',
      'specgate merge a b --outt c', 'node bin/specgate.mjs frobnicate', 'npm test', '```', '',
      '<!-- illustrative: placeholders -->', '```sh', 'npx specgate run --targett https://x.test', '```',
    ].join('\n');
    const commands = shownCommands('made-up.md', text);
    expect(commands.map((c) => c.args[0])).toEqual(['run', 'list', 'merge', 'frobnicate']);
    const problems = await Promise.all(commands.map((c) => problemOf(c.args)));
    expect(problems[0]).toMatch(/no file at/);
    expect(problems[1]).toMatch(/unknown area "kvv" \(did you mean kv\?\)/);
    expect(problems[2]).toMatch(/--outt/);
    expect(problems[3]).toMatch(/unknown command/);
    expect(relative(ROOT, join(ROOT, 'docs'))).toBe('docs');
  });
});
