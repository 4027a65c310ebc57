// A parser and type checker for the ruleset expression language used by filters.
//
// Grammar (precedence from loosest to tightest, as in the production engine):
//   expr       := xorExpr (("or" | "||") xorExpr)*
//   xorExpr    := andExpr (("xor" | "^^") andExpr)*
//   andExpr    := unary (("and" | "&&") unary)*
//   unary      := ("not" | "!") unary | "(" expr ")" | comparison
//   comparison := FIELD [OPERATOR value]          -- a bare field must be boolean
//   value      := STRING | INT | IP | CIDR | "{" setItem+ "}"
//   setItem    := STRING | INT | INT ".." INT | IP | CIDR
// Every error is a ParseError whose message starts with "Filter parsing error", the prefix the
// production service uses, and names the 1-based column where parsing stopped.

import { isIPv4, isIPv6 } from 'node:net';

export type FieldType = 'string' | 'ip' | 'int' | 'bool';

/** The fields a filter may reference, with their types. */
export const FIELDS: Readonly<Record<string, FieldType>> = {
  'http.cookie': 'string',
  'http.host': 'string',
  'http.referer': 'string',
  'http.request.full_uri': 'string',
  'http.request.method': 'string',
  'http.request.uri': 'string',
  'http.request.uri.path': 'string',
  'http.request.uri.query': 'string',
  'http.request.version': 'string',
  'http.user_agent': 'string',
  'http.x_forwarded_for': 'string',
  'ip.geoip.continent': 'string',
  'ip.geoip.country': 'string',
  'ip.geoip.subdivision_1_iso_code': 'string',
  'ip.src': 'ip',
  'ip.geoip.asnum': 'int',
  'cf.threat_score': 'int',
  'cf.bot_management.score': 'int',
  'tcp.dstport': 'int',
  'cf.client.bot': 'bool',
  'cf.tls_client_auth.cert_verified': 'bool',
  'ssl': 'bool',
};

type Operator = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'contains' | 'matches' | 'in';

const OPERATOR_ALIASES: Readonly<Record<string, Operator>> = {
  eq: 'eq', '==': 'eq', ne: 'ne', '!=': 'ne',
  lt: 'lt', '<': 'lt', le: 'le', '<=': 'le', gt: 'gt', '>': 'gt', ge: 'ge', '>=': 'ge',
  contains: 'contains', matches: 'matches', '~': 'matches', in: 'in',
};

/** Which operators each field type accepts. */
const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly Operator[]>> = {
  string: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'contains', 'matches', 'in'],
  ip: ['eq', 'ne', 'in'],
  int: ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'in'],
  bool: [],
};

export type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'int'; value: number }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'ip'; value: string; prefix?: number };

export type Expression =
  | { kind: 'logical'; op: 'and' | 'or' | 'xor'; left: Expression; right: Expression }
  | { kind: 'not'; operand: Expression }
  | { kind: 'field'; field: string }
  | { kind: 'compare'; field: string; op: Exclude<Operator, 'in'>; value: Literal }
  | { kind: 'in'; field: string; values: Literal[] };

export class ParseError extends Error {
  constructor(readonly column: number, detail: string) {
    super(`Filter parsing error (1:${column}): ${detail}`);
    this.name = 'ParseError';
  }
}

type Token =
  | { type: 'word'; text: string; at: number }
  | { type: 'symbol'; text: string; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: 'number'; text: string; at: number }
  | { type: 'end'; at: number };

const SYMBOLS = ['&&', '||', '^^', '==', '!=', '<=', '>=', '..', '(', ')', '{', '}', '!', '<', '>', '~'];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) { i++; continue; }
    if (ch === '"') { const [value, next] = readString(source, i); tokens.push({ type: 'string', value, at: i }); i = next; continue; }
    // Numbers, IPv4/IPv6 addresses and CIDRs all start as a run of these characters; a ".." range
    // separator ends the run so that {80..443} splits into 80, .., 443.
    const text = addressText(source.slice(i));
    if (text && (/[0-9]/.test(ch) || text.includes(':'))) {
      tokens.push({ type: 'number', text, at: i });
      i += text.length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(source.slice(i))?.[0];
    if (word) { tokens.push({ type: 'word', text: word, at: i }); i += word.length; continue; }
    const symbol = SYMBOLS.find((s) => source.startsWith(s, i));
    if (symbol) { tokens.push({ type: 'symbol', text: symbol, at: i }); i += symbol.length; continue; }
    throw new ParseError(i + 1, `unexpected character ${JSON.stringify(ch)}`);
  }
  tokens.push({ type: 'end', at: source.length });
  return tokens;
}

/** The number-like run at the start of `rest`, cut before any ".." range separator. */
function addressText(rest: string): string {
  // Stryker disable next-line StringLiteral: equivalent, the fallback is used only when `rest` starts with no address character, and then the caller ignores any fallback without a ':' (its first character is no digit either)
  const run = /^[0-9A-Fa-f:.\/]+/.exec(rest)?.[0] ?? '';
  // A run that starts with ".." (as in "::1..::2" after the first address) yields "", which the
  // caller must not push as a token: it would consume nothing and the loop would never end.
  return run.includes('..') ? run.slice(0, run.indexOf('..')) : run;
}

function readString(source: string, start: number): [string, number] {
  let value = '';
  for (let i = start + 1; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '"') return [value, i + 1];
    if (ch === '\\') {
      const escaped = source[i + 1];
      if (escaped !== '"' && escaped !== '\\') throw new ParseError(i + 1, 'invalid escape sequence in string');
      value += escaped;
      i++;
      continue;
    }
    value += ch;
  }
  throw new ParseError(start + 1, 'unterminated string');
}

/** Own-property lookup, so that names like "constructor" or "__proto__" are not found on Object.prototype. */
function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

// Deeper nesting of "(" and "not" is rejected rather than left to overflow the call stack, which
// would surface as a RangeError instead of a ParseError.
const MAX_NESTING = 256;

class Parser {
  private position = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Expression {
    if (this.peek().type === 'end') throw new ParseError(1, 'expression is empty');
    const expression = this.parseLogical(0);
    const rest = this.peek();
    if (rest.type !== 'end') throw new ParseError(rest.at + 1, `unexpected ${describe(rest)} after a complete expression`);
    return expression;
  }

  private static readonly LEVELS: readonly { op: 'or' | 'xor' | 'and'; words: readonly string[] }[] = [
    { op: 'or', words: ['or', '||'] },
    { op: 'xor', words: ['xor', '^^'] },
    { op: 'and', words: ['and', '&&'] },
  ];

  private parseLogical(level: number): Expression {
    const current = Parser.LEVELS[level];
    if (!current) return this.parseUnary();
    let left = this.parseLogical(level + 1);
    while (this.accept(...current.words)) {
      left = { kind: 'logical', op: current.op, left, right: this.parseLogical(level + 1) };
    }
    return left;
  }

  private parseUnary(): Expression {
    const token = this.peek();
    if (this.accept('not', '!')) return { kind: 'not', operand: this.nested(token, () => this.parseUnary()) };
    if (this.accept('(')) {
      const inner = this.nested(token, () => this.parseLogical(0));
      this.expect(')');
      return inner;
    }
    return this.parseComparison();
  }

  private nested(opener: Token, parse: () => Expression): Expression {
    if (++this.depth > MAX_NESTING) throw new ParseError(opener.at + 1, `expression is nested more than ${MAX_NESTING} levels deep`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private parseComparison(): Expression {
    const token = this.next();
    if (token.type !== 'word') throw new ParseError(token.at + 1, `expected a field name, found ${describe(token)}`);
    const type = lookup(FIELDS, token.text);
    if (!type) throw new ParseError(token.at + 1, `unknown identifier "${token.text}"`);
    const opToken = this.peek();
    const op = (opToken.type === 'word' || opToken.type === 'symbol') ? lookup(OPERATOR_ALIASES, opToken.text) : undefined;
    if (!op) {
      if (type === 'bool') return { kind: 'field', field: token.text };
      throw new ParseError(opToken.at + 1, `expected an operator after "${token.text}" (a ${type} field), found ${describe(opToken)}`);
    }
    this.position++;
    if (!OPERATORS_BY_TYPE[type].includes(op)) {
      throw new ParseError(opToken.at + 1, `operator "${opToken.type === 'end' ? '' : (opToken as { text: string }).text}" cannot be used with ${type} field "${token.text}"`);
    }
    if (op === 'in') return { kind: 'in', field: token.text, values: this.parseSet(type) };
    const value = this.parseLiteral(type, false);
    if (op === 'matches') checkRegex(value, opToken.at);
    return { kind: 'compare', field: token.text, op, value };
  }

  private parseSet(type: FieldType): Literal[] {
    this.expect('{');
    const values: Literal[] = [];
    while (!this.accept('}')) {
      if (this.peek().type === 'end') throw new ParseError(this.peek().at + 1, 'unterminated set, expected "}"');
      values.push(this.parseLiteral(type, true));
    }
    if (values.length === 0) throw new ParseError(this.tokens[this.position - 1]!.at + 1, 'a set must contain at least one value');
    return values;
  }

  private parseLiteral(type: FieldType, inSet: boolean): Literal {
    const token = this.next();
    const fail = (expected: string): never => {
      throw new ParseError(token.at + 1, `expected ${expected}, found ${describe(token)}`);
    };
    if (type === 'string') return token.type === 'string' ? { kind: 'string', value: token.value } : fail('a quoted string');
    if (token.type !== 'number') return fail(type === 'ip' ? 'an IP address or CIDR' : 'an integer');
    if (type === 'int') {
      if (!/^\d+$/.test(token.text)) return fail('an integer');
      const from = parseInteger(token.text, token.at);
      if (inSet && this.accept('..')) {
        const end = this.next();
        if (end.type !== 'number' || !/^\d+$/.test(end.text)) throw new ParseError(end.at + 1, 'expected the integer ending the range');
        const to = parseInteger(end.text, end.at);
        // The production engine rejects a range whose bounds are reversed rather than treating it as empty.
        if (to < from) throw new ParseError(token.at + 1, `range ${from}..${to} ends before it starts`);
        return { kind: 'range', from, to };
      }
      return { kind: 'int', value: from };
    }
    return parseAddress(token.text, token.at) ?? fail('an IP address or CIDR');
  }

  private peek(): Token { return this.tokens[this.position]!; }
  private next(): Token { const token = this.peek(); if (token.type !== 'end') this.position++; return token; }

  private accept(...texts: string[]): boolean {
    const token = this.peek();
    if ((token.type === 'word' || token.type === 'symbol') && texts.includes(token.text)) {
      this.position++;
      return true;
    }
    return false;
  }

  private expect(text: string): void {
    if (!this.accept(text)) throw new ParseError(this.peek().at + 1, `expected "${text}", found ${describe(this.peek())}`);
  }
}

/** Digits to a number, refusing values a double cannot hold exactly rather than silently rounding them. */
function parseInteger(digits: string, at: number): number {
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) throw new ParseError(at + 1, `integer ${digits} is out of range`);
  return value;
}

function parseAddress(text: string, at: number): Literal | undefined {
  const [address = '', prefixText, extra] = text.split('/');
  if (extra !== undefined) return undefined;
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  if (family === 0) return undefined;
  if (prefixText === undefined) return { kind: 'ip', value: address };
  const prefix = Number(prefixText);
  const max = family === 4 ? 32 : 128;
  if (!/^\d+$/.test(prefixText) || prefix > max) throw new ParseError(at + 1, `invalid CIDR prefix length "/${prefixText}"`);
  return { kind: 'ip', value: address, prefix };
}

function checkRegex(value: Literal, at: number): void {
  if (value.kind !== 'string') return;
  try {
    new RegExp(value.value);
  } catch {
    throw new ParseError(at + 1, `invalid regular expression ${JSON.stringify(value.value)}`);
  }
}

function describe(token: Token): string {
  switch (token.type) {
    case 'end': return 'the end of the expression';
    case 'string': return `the string ${JSON.stringify(token.value)}`;
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent, without this label a number falls through to default, which describes it the same way
    case 'number':
      return `"${token.text}"`;
    default: return `"${token.text}"`;
  }
}

/** Parses and type-checks an expression; throws ParseError when it is not valid. */
export function parseExpression(source: string): Expression {
  return new Parser(tokenize(source)).parse();
}
