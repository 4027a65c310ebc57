// specgate --help: every command and its options, and the exit codes.

import { DIFF_HELP } from './diff.js';
import { MERGE_HELP } from './merge.js';

export const HELP = `specgate: conformance suite for the zone-management API and the object storage interface

Usage:
  specgate run [options]      run the conformance suites and write a report
  specgate list [options]     list the specs and the requirements each cites (runs nothing)
  specgate serve [options]    start the bundled reference zone API server
  specgate diff OLD NEW       compare two reports: improved, regressed, new, removed specs
  specgate merge DIR...       join the reports of the shards of one run
  specgate init [--force]     write a commented starter specgate.config.ts
  specgate --help             show this help

run options:
  --suite zone-api|storage|all   suites to run (default: all)
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
                                 whose clock cannot be moved; slow)
  --adapter NAME|PATH[,...]      storage adapter(s): reference (both reference backends, the default),
                                 reference-kv, reference-sqlite, workerd, workerd@YYYY-MM-DD
                                 (workerd at that compatibility date), miniflare2, or a module
                                 path (.ts or .js) whose default export is an adapter
  --compatibility-date DATE      workerd's compatibility date for --adapter workerd, YYYY-MM-DD
                                 (default: the newest the installed runtime declares)
  --report-dir DIR               where to write the report (default: reports/<run-id>/)
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
                                 1 on a new failure or a listed one that now passes
  --update-baseline              rewrite --baseline FILE to this run's failures
  --seed N                       seed of the property-based specs (default: 20261121)
  --config FILE                  target configuration (default: ./specgate.config.ts if present;
                                 flags override it)
  --timeout S                    seconds a request may go unanswered before its spec fails (15)
  --max-rps N                    at most N requests per second against the target
  --concurrency N                zone API specs each of the 2 workers runs at once on a target
                                 with a control API (default 16; --max-rps still caps the run)
  --as-of DATE                   run at this date (YYYY-MM-DD or ISO 8601): the target's clock
                                 is set there when its control API can; otherwise the date the
                                 target is taken to be at (default: the target's own date)

list options:
  --suite zone-api|storage|all   suites to list (default: all)
  --json                         print JSON: [{name, file, requirements}]

serve options:
  --port N                       port to listen on (default: SPECGATE_PORT, else 8787; 0 picks a free one)
  --host H                       address to listen on (default: 127.0.0.1)
  --data FILE                    keep state in this SQLite file (default: in memory)
  --test-mode                    enable the control API (reset, clock, zones)
  --token T | --email E --key K  credentials to accept (generated when not given)

diff:
${DIFF_HELP}
merge:
${MERGE_HELP}
Exit codes: 0 all specs passed, 1 some spec failed (or a spec file did not load, or its test
worker died), 2 bad usage or unreachable target.
`;
