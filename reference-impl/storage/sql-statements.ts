// Splits a query given to sql.exec() into its statements, and finds what the runtime refuses in
// them. better-sqlite3 prepares one statement at a time and offers no authorizer hook, so this is
// done on tokens: strings, quoted names and comments are skipped correctly, and a CREATE TRIGGER
// body (whose statements end in `;`) ends only at `END;`, as sqlite3_complete() decides.

export interface SqlStatement {
  text: string;
  /** Upper-cased keywords and names, in order; strings and comments are left out. */
  words: string[];
  /** Names (bare or quoted) used as identifiers, with their preceding word, to find reserved ones. */
  names: { name: string; after: string | undefined }[];
}

type Token = { kind: 'word' | 'quoted' | 'string' | 'semicolon' | 'other'; text: string };

const TOKEN = /\s+|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`(?:[^`]|``)*`?|\[[^\]]*\]?|[\p{L}\p{N}_$]+|;|./gu;

function tokenize(query: string): { token: Token; start: number }[] {
  const tokens: { token: Token; start: number }[] = [];
  for (const match of query.matchAll(TOKEN)) {
    const text = match[0];
    const kind = classify(text);
    if (kind !== undefined) tokens.push({ token: { kind, text }, start: match.index });
  }
  return tokens;
}

/** The token's kind; undefined for whitespace and comments. */
function classify(text: string): Token['kind'] | undefined {
  if (/^\s/u.test(text) || text.startsWith('--') || text.startsWith('/*')) return undefined;
  if (text === ';') return 'semicolon';
  if (text.startsWith("'")) return 'string';
  if (/^["`[]/u.test(text)) return 'quoted';
  if (/^[\p{L}\p{N}_$]/u.test(text)) return 'word';
  return 'other';
}

function unquote(text: string): string {
  const open = text[0]!;
  const close = open === '[' ? ']' : open;
  const inner = text.slice(1, text.endsWith(close) && text.length > 1 ? -1 : undefined);
  return open === '[' ? inner : inner.replaceAll(close + close, close);
}

/** The statements of a query, without empty ones (a trailing `;`, comments only). */
export function splitStatements(query: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let current: Token[] = [];
  let start = -1;
  const finish = (end: number) => {
    if (current.length > 0) statements.push(describe(query.slice(start, end), current));
    current = [];
    start = -1;
  };
  for (const { token, start: at } of tokenize(query)) {
    if (token.kind === 'semicolon' && !insideTriggerBody(current)) {
      finish(at);
      continue;
    }
    if (start < 0) start = at;
    current.push(token);
  }
  finish(query.length);
  return statements;
}

/** A CREATE TRIGGER statement whose body has not reached END yet: its `;` do not end it. */
function insideTriggerBody(tokens: Token[]): boolean {
  const words = tokens.filter((t) => t.kind === 'word').map((t) => t.text.toUpperCase());
  const isTrigger = words[0] === 'CREATE' && (words[1] === 'TRIGGER' || (/^TEMP(ORARY)?$/.test(words[1] ?? '') && words[2] === 'TRIGGER'));
  if (!isTrigger) return false;
  const last = tokens.filter((t) => t.kind !== 'semicolon').at(-1);
  return last?.kind !== 'word' || last.text.toUpperCase() !== 'END';
}

function describe(text: string, tokens: Token[]): SqlStatement {
  const words: string[] = [];
  const names: SqlStatement['names'] = [];
  let previous: string | undefined;
  for (const token of tokens) {
    if (token.kind === 'word') {
      words.push(token.text.toUpperCase());
      names.push({ name: token.text, after: previous });
    } else if (token.kind === 'quoted') {
      names.push({ name: unquote(token.text), after: previous });
    }
    previous = token.kind === 'word' ? token.text.toUpperCase() : token.text;
  }
  return { text, words, names };
}

/** Names starting with this prefix belong to the runtime (the hidden key-value table _cf_KV...). */
export const RESERVED_PREFIX = '_cf_';

/** Why the runtime refuses to run this statement, if it does. */
export function refusal(statement: SqlStatement): Error | undefined {
  const first = statement.words[0];
  if (first !== undefined && TRANSACTION_CONTROL.has(first)) return new Error(USE_TRANSACTION_API);
  // A column alias (`AS _cf_x`) names no object of the database; everything else may.
  const reserved = statement.names.find(({ name, after }) => name.toLowerCase().startsWith(RESERVED_PREFIX) && after !== 'AS');
  if (reserved !== undefined) return new Error(`access to ${reserved.name} is not authorized (names starting with ${RESERVED_PREFIX} are reserved): SQLITE_AUTH`);
  return undefined;
}

/** Statements that would open, close or nest a transaction behind the runtime's back. */
const TRANSACTION_CONTROL = new Set(['BEGIN', 'SAVEPOINT', 'RELEASE', 'COMMIT', 'END', 'ROLLBACK']);

/** workerd's message, word for word. */
export const USE_TRANSACTION_API = 'To execute a transaction, please use the state.storage.transaction() or state.storage.transactionSync() APIs '
  + 'instead of the SQL BEGIN TRANSACTION or SAVEPOINT statements. The JavaScript API is safer because it will automatically roll back '
  + "on exceptions, and because it interacts correctly with Durable Objects' automatic atomic write coalescing.";
