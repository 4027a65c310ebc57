// Why a request got no answer, in words: fetch says only "fetch failed", and its cause is a code
// people must look up (ERR_SSL_WRONG_VERSION_NUMBER, UND_ERR_SOCKET). The two that are a setup
// mistake or a target's fault get a line that names it; every line keeps the original code, for
// searching. No vitest here: the preflight (and so `specgate doctor`) uses it too.

/** TLS records a plain-HTTP server cannot have sent: its answer read as TLS. */
const TLS_ON_PLAIN_HTTP = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'EPROTO']);
/** The connection ended with no (whole) answer. */
const CLOSED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** What Node and undici put on the cause of a failed request. */
interface TransportErrorCause { code?: string; syscall?: string; message?: string }

/**
 * The error's cause as one line: a human cause with the code (and what else the cause says) in
 * brackets, else the code, the system call and the message: "ECONNREFUSED (syscall connect):
 * connect ECONNREFUSED 127.0.0.1:9".
 */
export function transportCause(error: unknown, url: string): string {
  if ((error as Error)?.name === 'TimeoutError') return 'no answer in time';
  // fetch and node:http wrap the socket's error as its cause; a socket's own error carries the code itself.
  const wrapped = (error as { cause?: TransportErrorCause })?.cause;
  const cause: TransportErrorCause | undefined = wrapped ?? ((error as TransportErrorCause)?.code !== undefined ? error as TransportErrorCause : undefined);
  const code = cause?.code;
  if (code !== undefined && TLS_ON_PLAIN_HTTP.has(code) && url.startsWith('https:')) {
    return `the server at ${new URL(url).host} speaks plain HTTP: use http:// (${code === 'EPROTO' ? [code, openSslReason(cause?.message)].filter(Boolean).join(': ') : code})`;
  }
  if (code !== undefined && CLOSED.has(code)) return `the server closed the connection before answering (${causeDetail(cause!)})`;
  return cause ? causeDetail(cause) : (error as Error)?.message ?? String(error);
}

/**
 * OpenSSL's reason in a TLS error's message ("...:SSL routines:ssl3_get_record:wrong version
 * number:..."): node:http reports the error as EPROTO (fetch as ERR_SSL_WRONG_VERSION_NUMBER),
 * and the reason is what says which.
 */
const openSslReason = (message: string | undefined): string | undefined => /:SSL routines:[^:]*:([^:]+):/.exec(message ?? '')?.[1];

/** Code, system call and message of a cause, each where present; the message only when it adds to the code. */
export function causeDetail(cause: TransportErrorCause): string {
  const head = [cause.code, cause.syscall !== undefined ? `(syscall ${cause.syscall})` : undefined].filter((part) => part !== undefined).join(' ');
  const message = cause.message !== undefined && cause.message !== '' && cause.message !== cause.code ? cause.message : undefined;
  if (head === '') return message ?? 'unknown cause';
  return message === undefined ? head : `${head}: ${message}`;
}
