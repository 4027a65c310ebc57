// Vitest's failure messages and diffs arrive with ANSI colours. report.html keeps the colours that
// carry meaning (expected and received, dimmed context) as classes and drops every other escape.

import { escapeHtml } from '../core/markup.js';
import { Html } from './html-template.js';

/** The colour codes kept, as the page's classes (report-page.css styles them). */
const CLASSES: Record<string, string> = { '31': 'ansi-red', '32': 'ansi-green', '33': 'ansi-yellow', '2': 'ansi-dim' };

/** Text with ANSI escapes as escaped markup: the kept colours as spans, the other escapes gone. */
export function ansiToHtml(text: string): Html {
  const withoutOtherEscapes = text.replace(/\x1b\[[0-9;?]*[A-Za-ln-z]/g, '');
  const pieces = withoutOtherEscapes.split(/\x1b\[([0-9;]*)m/);
  let current = '';
  let out = '';
  pieces.forEach((piece, i) => {
    // split's capture group puts each colour code at the odd indexes, the text between at the even.
    if (i % 2 === 1) {
      current = piece.split(';').map((code) => CLASSES[code]).filter(Boolean).join(' ');
      return;
    }
    const escaped = escapeHtml(piece.replace(/\x1b/g, ''));
    out += current && escaped ? `<span class="${current}">${escaped}</span>` : escaped;
  });
  return new Html(out);
}
