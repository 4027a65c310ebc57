// The one redactor: every credential given to a run is replaced by [REDACTED] before any text
// reaches a file, a log or the terminal (reports, the exchanges a failed spec keeps, a container's
// log lines). A secret is looked for in its plain form and in the escaped forms it takes inside
// JSON, HTML and XML, so that a secret holding a quote or an ampersand does not slip through.

import { escapeHtml, escapeXml } from './markup.js';

export const REDACTED = '[REDACTED]';

/**
 * Shorter values are not worth hiding and too common to replace (a container's environment holds
 * values like "1"); no credential is this short (the reference refuses them).
 */
const SHORTEST_SECRET = 4;

/** A function that redacts these secrets from any text. */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const forms = secrets.filter((secret) => secret.length >= SHORTEST_SECRET)
    .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1), escapeHtml(secret), escapeXml(secret)]);
  // Longest first, so that a form containing another is replaced whole.
  const ordered = [...new Set(forms)].sort((a, b) => b.length - a.length);
  return (text) => ordered.reduce((out, form) => out.split(form).join(REDACTED), text);
}

export const redact = (text: string, secrets: readonly string[]): string => redactor(secrets)(text);
