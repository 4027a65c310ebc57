// Removes the containers specgate started for a run, from a process of its own: run by
// container-exit.ts (synchronously, with spawnSync) while specgate's process is exiting, when
// nothing asynchronous runs there any more. Every container carrying the label is removed (force:
// killed first, with its volumes), and each removal is said on stderr.
//
//   node container-cleanup.mjs '{"engine":{"socketPath":"/var/run/docker.sock","https":false},"label":"org.specgate.target=<id>"}'
//
// Plain JavaScript on node's own modules: it runs from the sources and from the package alike, and
// loads nothing that could be slow while a process waits for it to end.

const { engine, label } = JSON.parse(process.argv[2] ?? '{}');
const { request } = await import(engine.https ? 'node:https' : 'node:http');
const { https: _, ...where } = engine;

/** One call to the engine's HTTP API; its status and body. */
const call = (method, path) => new Promise((resolve, reject) => {
  const req = request({ ...where, method, path, timeout: 10_000 }, (res) => {
    let body = '';
    res.on('data', (d) => { body += d; });
    res.on('end', () => resolve({ status: res.statusCode, body }));
  });
  req.on('timeout', () => req.destroy(new Error('no answer in 10 s')));
  req.on('error', reject);
  req.end();
});

try {
  const list = await call('GET', `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify({ label: [label] }))}`);
  for (const { Id } of JSON.parse(list.body)) {
    const removed = await call('DELETE', `/containers/${Id}?force=1&v=1`);
    process.stderr.write(`specgate: exiting: container ${Id.slice(0, 12)}${removed.status < 300 ? ' removed' : ` not removed: ${removed.body.trim()}`}\n`);
  }
} catch (error) {
  process.stderr.write(`specgate: exiting: could not remove the target container: ${error.message}\n`);
  process.exitCode = 1;
}
