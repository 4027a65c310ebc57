// Why a request got no answer, in words: fetch says only "fetch failed", and its cause is a code
// people must look up (ERR_SSL_WRONG_VERSION_NUMBER, UND_ERR_SOCKET). The two that are a setup
// mistake or a target's fault get a line that names it; every line keeps the original code, for
// searching. No vitest here: the preflight (and so `specgate doctor`) uses it too.

/** TLS records a plain-HTTP server cannot have sent: its answer read as TLS. */
const TLS_ON_PLAIN_HTTP = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'EPROTO']);
/** The connection ended with no (whole) answer. */
const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** The error's cause as one line: a human cause with the code in brackets, else the code, else the message. */
export function transportCause(error: unknown, url: string): string {
  if ((error as Error)?.name === 'TimeoutError') return 'no answer in time';
  // fetch wraps the socket's error as its cause; a socket's own error carries the code itself.
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  if (code !== undefined && TLS_ON_PLAIN_HTTP.has(code) && url.startsWith('https:')) {
    return `the server at ${new URL(url).host} speaks plain HTTP: use http:// (${code})`;
  }
  if (code !== undefined && CLOSED.has(code)) return `the server closed the connection before answering (${code})`;
  return code ?? cause?.message ?? (error as Error)?.message ?? String(error);
}
