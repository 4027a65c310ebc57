// Lingering close (as Apache's lingering_close): a server that answers before it has read the whole
// request (a 413, a 403 before the body, a request its parser declines) and then closes at once
// closes on unread input. The kernel then sends a reset, and a client still writing its body gets
// EPIPE or ECONNRESET and loses the answer it was sent. So every close here first sends the
// answer and a FIN, then reads and discards what still comes, and lets go once the client has
// closed its side, has sent nothing for a moment, or has had long enough.

import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a lingering socket may stay silent before it is let go. */
const LINGER_IDLE_MS = 2_000;
/** How long a lingering socket is kept at most, whatever it still sends. */
const LINGER_MAX_MS = 30_000;

/** Ends the socket after what has been written, reading and discarding the rest of the request first. */
export function closeLingering(socket: Socket): void {
  if (socket.destroyed) return;
  if (socket.writable) socket.end();
  const letGo = () => socket.destroy();
  let idle = setTimeout(letGo, LINGER_IDLE_MS);
  const cap = setTimeout(letGo, LINGER_MAX_MS);
  idle.unref();
  cap.unref();
  socket.on('data', () => { clearTimeout(idle); idle = setTimeout(letGo, LINGER_IDLE_MS); idle.unref(); });
  socket.once('end', letGo);
  socket.once('close', () => { clearTimeout(idle); clearTimeout(cap); });
  socket.resume();
}

/**
 * Makes every close of the server's HTTP connections linger. Node ends a connection after its
 * last answer (the client asked for Connection: close, or the answer said so) through the
 * socket's destroySoon, which destroys it as soon as the answer is written, read or not.
 */
export function lingerOnClose(server: Server): void {
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = () => closeLingering(socket);
  });
}
