// Loaded first in every test worker (--import): a terminal's Ctrl-C reaches every process of its
// group, and a worker that died of it left its specs half done and a raw "Worker exited
// unexpectedly" stack. The run (src/runner/interrupt.ts) decides how the workers stop: it lets the
// specs under way finish, or ends the workers itself on a second Ctrl-C.
process.on('SIGINT', () => {});
