// A protocol host that does one thing wrong, chosen by its argument, for the host fault tests:
//   version  states protocol 2 in its manifest
//   garbage  answers the manifest with a line that is not JSON
//   hang     reads requests and answers none
//   dies     answers the manifest, create and two calls (the preflight's among them), then exits
//            with code 3 on the next call: mid-run
//   badvalue answers every call with a reply without value (check-host names it)
import { createInterface } from 'node:readline';

const fault = process.argv[2];
const supports = { kv: true, alarms: false, clock: false, faults: false, restart: false, sql: false, pitr: false };
const manifest = { protocol: fault === 'version' ? 2 : 1, name: `faulty-${fault}`, supports, outOfScope: ['sql', 'pitr'], scenarios: [] };
const send = (reply) => process.stdout.write(`${JSON.stringify(reply)}\n`);
let objects = 0;
let calls = 0;

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  if (fault === 'hang') continue;
  if (fault === 'garbage') {
    process.stdout.write('<html>Bad Gateway</html>\n');
    continue;
  }
  if (request.op === 'manifest') send({ id: request.id, ok: true, manifest });
  else if (request.op === 'create') send({ id: request.id, ok: true, object: `o${++objects}` });
  else if (request.op === 'call' && fault === 'dies' && ++calls > 2) {
    process.stderr.write('faulty host: giving up\n');
    process.exit(3);
  } else if (request.op === 'call' || request.op === 'run') send({ id: request.id, ok: true, ...(fault === 'badvalue' ? {} : { value: { $: 'u' } }) });
  else send({ id: request.id, ok: true });
}
