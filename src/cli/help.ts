// The help of specgate and of each of its commands (`specgate --help`, `specgate COMMAND --help`),
// and the options each command takes, as the help shows them: main.ts prints these without loading
// the command, and suggests the nearest of them for an unknown option or command. A command that is
// not here handles --help itself. test/cli-conventions.test.ts holds each command's options (its
// parser's table) and its help to the same list; docs/cli.md is generated from these texts
// (scripts/docs.ts) and test/docs.test.ts holds it to them.

import { reportFileList } from '../report/files.js';

const EXIT_CODES = `Exit codes: 0 all specs passed, 1 some spec failed (or a spec file did not load, or its test
worker died), 2 bad usage, unreachable target or a failed preflight check, 3 incomplete: nothing
failed, but gated specs were not verified for reasons the target did not declare (no control API,
no zone, a credential not given; --accept-incomplete accepts it), 130 interrupted (Ctrl-C: the
report holds the specs that finished).`;

export const HELP = `specgate: conformance suite for the zone-management API and the object storage interface

Usage:
  specgate run [options]      run the conformance suites and write a report
  specgate list [options]     list the specs and the requirements each cites (runs nothing)
  specgate serve [options]    start the bundled reference zone API server
  specgate diff OLD NEW       compare two reports: improved, regressed, new, removed specs
  specgate merge DIR...       join the reports of the shards of one run
  specgate init [FILE]        write a commented starter specgate.config.ts
  specgate doctor [options]   the checks run makes before any spec, each printed with its fix
  specgate check-host HOST    a storage protocol host's answers, checked against the protocol's schema
  specgate --version          print specgate's version (also: specgate version, -v)
  specgate --help             show this help (also: specgate help COMMAND)

Each command's options: specgate COMMAND --help (or -h).

${EXIT_CODES}
`;

/** The options of run, which doctor takes too. */
const RUN_OPTIONS_TABLE = `  --suite zone-api|storage|all   suites to run (default: all)
  --target URL[,URL...]          base URL of the target, with or without /client/v4; several,
                                 comma-separated, run side by side (one --control URL each)
                                 (default: the bundled reference, started in-process)
  --token T                      API token (or SPECGATE_TOKEN)
  --email E --key K              key pair (or SPECGATE_EMAIL, SPECGATE_KEY)
  --target-image NAME:TAG        start this container image as the target (needs a Docker
                                 engine), run against it, stop it
  --target-port N                the port the image listens on, told to it as SPECGATE_PORT
                                 (default: 8787; 0: a free port of this machine)
  --target-env K=V               environment of the container (repeatable)
  --target-network host|bridge   the container's network (default: host when the engine has
                                 no bridge network, else bridge with the port published)
  --target-startup-timeout S     seconds the image may take to answer (default: 60)
  --control URL                  the target's control API, if it has one
  --real-time                    where specs need time to pass, wait for real (for targets
                                 whose clock cannot be moved; slow). Storage: on an adapter
                                 without a virtual clock (workerd) the alarm specs of seconds
                                 always run in real time; this adds the retry schedule's
                                 (about 2.5 minutes)
  --adapter NAME|PATH[,...]      storage adapter(s): reference (both reference backends, the default),
                                 reference-kv, reference-sqlite, workerd, workerd@YYYY-MM-DD
                                 (workerd at that compatibility date), miniflare2, or a module
                                 path (.ts or .js) whose default export is an adapter, or a host
                                 of the storage protocol (docs/storage-protocol.md): its URL
                                 (http://127.0.0.1:8787) or 'stdio:COMMAND', which specgate starts
                                 and stops (stdio: takes the rest of the list, commas included)
  --share-workers                the storage adapters share one pool of test workers (one import
                                 of the specs for all): much cheaper for many in-process adapters;
                                 an adapter that kills its worker takes the others' specs along
  --startup-timeout S            seconds a storage adapter's runtime (workerd) may take to start,
                                 before any spec and counted in none (default: 180)
  --compatibility-date DATE      workerd's compatibility date for --adapter workerd, YYYY-MM-DD
                                 (default: the newest the workerd binary accepts)
  --miniflare DIR                the miniflare that runs workerd: a folder it is installed in
                                 (npm install --prefix DIR miniflare@VERSION; 3, 4 or 5), or its
                                 package folder (default: the working directory's, else specgate's)
  --workerd PATH                 the workerd binary to run (default: MINIFLARE_WORKERD_PATH, else
                                 the one of miniflare's workerd package)
  --report-dir DIR               where to write the report (default: reports/<run-id>/ in the
                                 working directory)
  --grep PATTERN                 only specs whose name matches PATTERN (a regular expression)
  --profile core|extended        core: only specs of what the spec states; extended: also the
                                 conventions it leaves open (default: extended, everything)
  --gate core|extended           the verdict the exit code gates on: core (default: conformance
                                 to the documents) or extended (production conventions too);
                                 both verdicts are always reported
  --area A[,A...]                only specs of these areas (e.g. firewall-rules,kv)
  --requirement ID[,ID...]       only specs citing these requirements (globs: ZM-FW-*)
  --level must|should|may[,...]  only specs citing requirements of these levels
  --shard I/N                    run shard I of N (for CI matrices; join with specgate merge)
  --baseline FILE                gate on known failures: exit 0 if every failure is listed,
                                 1 on a new failure or a listed one that now passes; an ID no
                                 catalog has is refused (exit 2)
  --update-baseline              rewrite (or create, or fill an empty) --baseline FILE with this
                                 run's failures
  --seed N                       seed of the property-based specs (default: 20261121)
  --config FILE                  target configuration (default: the nearest specgate.config.*
                                 in this directory or one above it, up to the repository's
                                 root; flags override it)
  --timeout S                    seconds a request, or a call into a storage adapter, may go
                                 unanswered before its spec fails, naming it (15)
  --spec-timeout S               seconds of its own time a spec may take (60); its waits on
                                 the target (answers, --max-rps pacing, retry-after, real
                                 time, calls into a storage adapter) are not counted
  --max-rps N                    at most N requests per second against the target; a target's
                                 Ratelimit / Ratelimit-Policy headers are kept besides: no
                                 request goes past the quota they declare (the run waits for
                                 the window), and a 429's retry-after is waited out once
  --budget N                     API requests a core run of the zone suite may send: the model
                                 and property specs are sized to it (edge cases first); default
                                 1200 (production's 5-minute quota) for a target given by URL
                                 or image, unbounded for the bundled reference; or unbounded
  --concurrency N                zone API specs each of the 2 workers runs at once on a target
                                 with a control API (default 16; --max-rps still caps the run)
  --as-of DATE                   run at this date (YYYY-MM-DD or ISO 8601): the target's clock
                                 is set there when its control API can; otherwise the date the
                                 target is taken to be at (default: the target's own date)
  --accept-incomplete            a run that left gated specs unverified for reasons the target
                                 did not declare (no control API, no zone, a credential not
                                 given) passes (exit 0) instead of incomplete (exit 3)
  --no-preflight                 skip the checks made before any spec (credentials, control API,
                                 a zone, adapters): for debugging what a mistake does to the specs
  --bail                         stop at the first gated failure (--max-failures 1)
  --max-failures N               stop the run after N gated failures; the report says it stopped
                                 early and holds only the specs that ran
  --reporter NAME                what the terminal shows: default; github (default plus an
                                 ::error annotation per gated failure, and summary.md appended
                                 to $GITHUB_STEP_SUMMARY when set); json (as --json)
  --json                         print the report's summary as JSON on stdout (the rest goes
                                 to stderr); the same as --reporter json
`;

const RUN_HELP = `Usage: specgate run [options]

Runs the conformance suites against a target (default: the bundled reference) and writes a report:
${reportFileList()} in --report-dir.

Options:
${RUN_OPTIONS_TABLE}
${EXIT_CODES}
`;

const DOCTOR_HELP = `Usage: specgate doctor [options]

Makes the checks specgate run makes before any spec (the target answers, its control API answers,
a zone to work in, each credential accepted; each adapter loads and a fresh object's storage
answers) and prints each with ok or FAIL and its fix. For setting up CI: run it with the options
the run will have.

Options (those of specgate run):
${RUN_OPTIONS_TABLE}
Exit codes: 0 every check passed, 2 bad usage or a check failed.
`;

const CHECK_HOST_HELP = `Usage: specgate check-host HOST [options]

Sends a host of the storage protocol (docs/storage-protocol.md) one request of every form its
manifest supports and checks each answer against the protocol's schema
(docs/schema/storage-protocol.schema.json), naming the answer that is wrong. HOST is its URL
(http://127.0.0.1:8787) or 'stdio:COMMAND' (specgate starts the command and stops it).

Options:
  --timeout S                    seconds each answer may take (default 30)
  --startup-timeout S            seconds the manifest may take, the host's start included (default 60)

Exit codes: 0 every answer is right, 2 bad usage or a wrong answer.
`;

const LIST_HELP = `Usage: specgate list [options]

Lists every spec with the requirement IDs it cites, running nothing (no target is contacted).

Options:
  --suite zone-api|storage|all   suites to list (default: all)
  --area A[,A...]                only specs of these areas
  --requirement ID[,ID...]       only specs citing these requirements (globs: ZM-FW-*)
  --level must|should|may[,...]  only specs citing requirements of these levels
  --profile core|extended        core: only specs of what the spec states (default: extended)
  --grep PATTERN                 only specs whose name matches PATTERN (a regular expression)
  --budget N|unbounded           estimate the requests within a run's request budget of N API
                                 requests (default: 1200, a target given by URL or image)
  --json                         print JSON: [{name, file, requirements, dated?, extended?,
                                 requests?, budgetShare?}]

The selection is the one specgate run makes with the same options; the listing ends with the
total (not with --json), after, for zone API specs, the requests they sent against the bundled
reference (suites/zone-api/requests.json; per spec as requests: {api, control} in --json), and
what they would send within the budget, where it sizes the model and property specs (their
budgetShare: {share, floor}): what a run of the selection sends, about, before it runs (a
production account allows 1,200 API requests per 5 minutes).

Exit codes: 0 listed, 1 a spec file did not load, 2 bad usage.
`;

const SERVE_HELP = `Usage: specgate serve [options]

Starts the bundled reference zone API server in the foreground, until SIGINT or SIGTERM.

Options:
  --port N                       port to listen on (default: SPECGATE_PORT, else 8787; 0 picks a free one)
  --host H                       address to listen on (default: 127.0.0.1)
  --data FILE                    keep state in this SQLite file (default: in memory)
  --test-mode                    enable the control API (reset, clock, zones)
  --token T | --email E --key K  credentials to accept (generated when not given)
  --rate-limit N/Ws              enforce the production API's rate limit: N requests per W
                                 seconds per user (e.g. 1200/300s), with Ratelimit and
                                 Ratelimit-Policy headers; past it 429 with retry-after, and
                                 the user blocked for one window (default: no limit)

Exit codes: 0 stopped by a signal, 2 bad usage (a busy port among them).
`;

const DIFF_HELP = `Usage: specgate diff OLD NEW [options]

Compares two reports: which specs improved, regressed, appeared or disappeared, per area.

  OLD, NEW                       report.json files, or report directories holding one
  --json                         print the differences as JSON instead of text
  --allow-different-targets      compare runs over different targets (adapters, base URLs,
                                 suites); without it such reports are refused

Exit codes: 0 nothing regressed, 1 some spec regressed (passed or skipped → failed), 2 bad usage,
an invalid report, or reports of runs over different targets.
`;

const MERGE_HELP = `Usage: specgate merge DIR... [options]

Joins the reports of the shards of one run (--shard I/N, or one job per adapter) into one report:
${reportFileList()} (from the merged report: only the specs that ran).

  DIR                            report directories (or report.json files) of the shards
  --out DIR                      where to write the merged report (default: reports/merged-<timestamp>/)
  --allow-partial                merge although shards are missing (a warning says which); without
                                 it a missing shard is refused

Every shard I/N of a sharded run must be there, each once; a report given twice is refused.
Exit codes: 0 the merged run has no failure (or, for shards gated on a baseline, passes the gate),
1 otherwise, 3 incomplete (as for run), 2 bad usage, reports that cannot be merged, or an
incomplete set of shards.
`;

const INIT_HELP = `Usage: specgate init [FILE] [options]

Writes a commented starter configuration (default: specgate.config.ts in this directory).

  --force                        overwrite FILE if it exists

Exit codes: 0 written, 2 bad usage or the file exists.
`;

/** Each command's help, by command. */
export const COMMAND_HELP: Record<string, string> = {
  run: RUN_HELP,
  list: LIST_HELP,
  serve: SERVE_HELP,
  diff: DIFF_HELP,
  merge: MERGE_HELP,
  init: INIT_HELP,
  doctor: DOCTOR_HELP,
  'check-host': CHECK_HOST_HELP,
};

/**
 * The options a command's help lists (`--suite`, `--json`...), which are the ones it takes: the
 * flags at the start of each line of its table of options, before the description.
 */
export function optionsIn(help: string): string[] {
  const columns = help.split('\n').filter((line) => line.startsWith('  --')).map((line) => line.slice(2).split(/\s{2,}/)[0]!);
  return [...new Set(columns.flatMap((column) => column.match(/--[a-z][a-z0-9-]*/g) ?? []))];
}
