// specgate's command line: `run` the conformance suites, `serve` the reference server.
// Exit codes: 0 all passed, 1 some spec failed, 2 bad usage or unreachable target.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { relative } from 'node:path';
import { SUITES, SUITE_NAMES, type SuiteName } from '../catalog/suites.js';
import { PACKAGE_ROOT, runConformance } from '../runner/run.js';
import { UnreachableError, UsageError } from '../targets/zone-target.js';
import { listSpecs } from '../runner/list.js';
import { serve } from './serve.js';

export const HELP = `specgate: conformance suite for the zone-management API and the object storage interface

Usage:
  specgate run [options]      run the conformance suites and write a report
  specgate list [options]     list the specs and the requirements each cites (runs nothing)
  specgate serve [options]    start the bundled reference zone API server
  specgate --help             show this help

run options:
  --suite zone-api|storage|all   suites to run (default: all)
  --target URL                   base URL of the target, ending in /client/v4
                                 (default: the bundled reference, started in-process)
  --token T                      API token (or SPECGATE_TOKEN)
  --email E --key K              key pair (or SPECGATE_EMAIL, SPECGATE_KEY)
  --control URL                  the target's control API, if it has one
  --adapter NAME|PATH            storage adapter: reference (both reference backends, the default),
                                 reference-kv, reference-sqlite, workerd, or a module path
                                 (.ts or .js) whose default export is an adapter
  --report-dir DIR               where to write the report (default: reports/<run-id>/)
  --grep PATTERN                 only specs whose name matches PATTERN (a regular expression)
  --seed N                       seed of the property-based specs (default: 20261121)

list options:
  --suite zone-api|storage|all   suites to list (default: all)
  --json                         print JSON: [{name, file, requirements}]

serve options:
  --port N                       port to listen on (default: 8787; 0 picks a free one)
  --host H                       address to listen on (default: 127.0.0.1)
  --data FILE                    keep state in this SQLite file (default: in memory)
  --test-mode                    enable the control API (reset, clock, zones)
  --token T | --email E --key K  credentials to accept (generated when not given)

Exit codes: 0 all specs passed, 1 some spec failed, 2 bad usage or unreachable target.
`;

const RUN_OPTIONS = {
  suite: { type: 'string', default: 'all' },
  target: { type: 'string' },
  token: { type: 'string' },
  email: { type: 'string' },
  key: { type: 'string' },
  control: { type: 'string' },
  adapter: { type: 'string' },
  'report-dir': { type: 'string' },
  grep: { type: 'string' },
  seed: { type: 'string' },
} satisfies ParseArgsConfig['options'];

const SERVE_OPTIONS = {
  port: { type: 'string', default: '8787' },
  host: { type: 'string', default: '127.0.0.1' },
  data: { type: 'string' },
  'test-mode': { type: 'boolean', default: false },
  token: { type: 'string' },
  email: { type: 'string' },
  key: { type: 'string' },
} satisfies ParseArgsConfig['options'];

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(HELP);
      return command === undefined ? 2 : 0;
    }
    if (command === 'run') return await runCommand(rest);
    if (command === 'serve') return await serveCommand(rest);
    if (command === 'list') return await listCommand(rest);
    throw new UsageError(`unknown command "${command}" (expected run or serve; see specgate --help)`);
  } catch (error) {
    if (error instanceof UsageError || error instanceof UnreachableError || isParseArgsError(error)) {
      process.stderr.write(`specgate: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}

const isParseArgsError = (error: unknown): boolean => typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('ERR_PARSE_ARGS');

async function runCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: RUN_OPTIONS, strict: true, allowPositionals: false });
  const suites = suitesFrom(values.suite);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got "${values.seed}"`);
  const credentials = credentialsFrom(values);
  if (!values.target && (values.control || credentials.token || credentials.key)) {
    throw new UsageError('--token, --email, --key and --control apply to a --target URL; the bundled reference makes its own');
  }
  if (values.grep !== undefined) checkPattern(values.grep);
  const outcome = await runConformance({
    suites,
    ...(values.target !== undefined && { target: values.target }),
    credentials,
    ...(values.control !== undefined && { controlUrl: values.control }),
    ...(values.adapter !== undefined && { adapter: values.adapter }),
    ...(values['report-dir'] !== undefined && { reportDir: values['report-dir'] }),
    ...(values.grep !== undefined && { grep: values.grep }),
    ...(seed !== undefined && { seed }),
  });
  const { summary, coverageProblems } = outcome.report;
  for (const problem of coverageProblems) process.stderr.write(`specgate: catalog and specs out of step: ${problem.detail}\n`);
  const where = relative(process.cwd(), outcome.reportDir) || '.';
  for (const suite of suites.map((name) => SUITES[name]).filter((s) => s.pending)) {
    process.stdout.write(`\nspecgate: suite ${suite.name} not run: ${suite.pending}`);
  }
  process.stdout.write(`\nspecgate: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped; `
    + `requirements ${summary.requirements.passed} passed, ${summary.requirements.failed} failed, ${summary.requirements.skipped} skipped, `
    + `${summary.requirements.pending} pending, ${summary.requirements.unspecified} unspecified\n`
    + `specgate: report in ${where}/ (summary.md, report.json, junit.xml)\n`);
  return outcome.exitCode;
}

function suitesFrom(value: string): SuiteName[] {
  if (value === 'all') return [...SUITE_NAMES];
  if ((SUITE_NAMES as readonly string[]).includes(value)) return [value as SuiteName];
  throw new UsageError(`--suite must be one of ${[...SUITE_NAMES, 'all'].join(', ')}, got "${value}"`);
}

function credentialsFrom(values: { token?: string; email?: string; key?: string }) {
  const token = values.token ?? process.env.SPECGATE_TOKEN;
  const email = values.email ?? process.env.SPECGATE_EMAIL;
  const key = values.key ?? process.env.SPECGATE_KEY;
  if ((email === undefined) !== (key === undefined)) throw new UsageError('the key pair needs both --email and --key');
  return { ...(token && { token }), ...(email && { email }), ...(key && { key }) };
}

function checkPattern(pattern: string): void {
  try {
    new RegExp(pattern);
  } catch {
    throw new UsageError(`--grep is not a valid regular expression: ${pattern}`);
  }
}

async function listCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { suite: { type: 'string', default: 'all' }, json: { type: 'boolean', default: false } }, strict: true, allowPositionals: false });
  const specs = await listSpecs(suitesFrom(values.suite));
  if (values.json) process.stdout.write(`${JSON.stringify(specs, null, 2)}\n`);
  else for (const spec of specs) process.stdout.write(`${spec.file} > ${spec.name}  [${spec.requirements.join(', ')}]\n`);
  return 0;
}

async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: SERVE_OPTIONS, strict: true, allowPositionals: false });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, got "${values.port}"`);
  const credentials = credentialsFrom(values);
  await serve({
    port,
    host: values.host,
    testMode: values['test-mode'],
    ...(values.data !== undefined && { dataFile: values.data }),
    ...(Object.keys(credentials).length > 0 && { credentials }),
  });
  return 0;
}
