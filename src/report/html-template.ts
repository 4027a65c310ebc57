// The template tag report.html is written with: every interpolated value is escaped unless it is
// already markup. Everything in a report may come from a target (errors quote what it sent), so no
// report text reaches the page unescaped.

import { escapeHtml } from '../core/markup.js';

/** Markup made by `html` (or by a converter that escaped its text itself, report/ansi.ts). */
export class Html {
  constructor(readonly markup: string) {}
}

export type Part = Html | string | number | null | undefined | false | Part[];

/** A part as markup: text escaped, markup as it is, nothing for null, undefined and false. */
export const toMarkup = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(toMarkup).join('');
  return part instanceof Html ? part.markup : escapeHtml(String(part));
};

/** Template tag: interpolated values are escaped unless they are already markup (`Html`). */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < parts.length ? toMarkup(parts[i]!) : ''), ''));
}
