import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIELDS,
  ParseError,
  parseExpression,
  type Expression,
  type FieldType,
  type Literal,
} from '../reference-impl/zone-api/firewall/expression.js';

interface ExpressionFixtures {
  valid: string[];
  invalid: { expression: string; why: string }[];
}

const fixtures = JSON.parse(
  readFileSync(new URL('../fixtures/expressions.json', import.meta.url), 'utf8'),
) as ExpressionFixtures;

const SEED = 20261121;

/** The ParseError that parsing `source` throws; fails the test if it parses or throws anything else. */
function parseError(source: string): ParseError {
  try {
    parseExpression(source);
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(source)} to be rejected, but it parsed`);
}

const field = (name: string): Expression => ({ kind: 'field', field: name });
const and = (left: Expression, right: Expression): Expression => ({ kind: 'logical', op: 'and', left, right });
const or = (left: Expression, right: Expression): Expression => ({ kind: 'logical', op: 'or', left, right });
const xor = (left: Expression, right: Expression): Expression => ({ kind: 'logical', op: 'xor', left, right });
const not = (operand: Expression): Expression => ({ kind: 'not', operand });

describe('expression fixtures', () => {
  it('has a healthy number of cases and no duplicates', () => {
    expect(fixtures.valid.length).toBeGreaterThanOrEqual(20);
    expect(fixtures.invalid.length).toBeGreaterThanOrEqual(20);
    const all = [...fixtures.valid, ...fixtures.invalid.map((c) => c.expression)];
    expect(new Set(all).size).toBe(all.length);
    for (const { why } of fixtures.invalid) expect(why.trim()).not.toBe('');
  });

  it.each(fixtures.valid)('accepts %j', (source) => {
    expect(() => parseExpression(source)).not.toThrow();
  });

  it.each(fixtures.invalid)('rejects $expression ($why)', ({ expression }) => {
    const error = parseError(expression);
    expect(error.message).toMatch(/^Filter parsing error/);
    expect(error.column).toBeGreaterThanOrEqual(1);
    expect(error.column).toBeLessThanOrEqual(expression.length + 1);
  });
});

describe('error positions', () => {
  it.each([
    ['http.request.uri.paths eq "/"', 1],
    ['http.host equals "example.com"', 11],
    ['ip.src eq "192.0.2.1"', 11],
    ['http.host eq "example.com', 14],
    ['ssl and', 8],
    ['ssl and cf.client.bot)', 22],
    ['ip.src in {192.0.2.0/33}', 12],
    ['http.host eq "example.com" #', 28],
    ['', 1],
  ] as const)('reports %j at column %i', (source, column) => {
    const error = parseError(source);
    expect(error.column).toBe(column);
    expect(error.message).toMatch(new RegExp(`^Filter parsing error \\(1:${column}\\)`));
  });
});

describe('error messages', () => {
  // The reference's own wording (the spec and reference-notes fix only the "Filter parsing error"
  // prefix): each message names the column and what the parser expected or found, so a client can
  // tell one mistake from another. One case per place the parser gives up.
  it.each([
    ['', 'expression is empty', 1],
    ['http.host eq "a\\x"', 'invalid escape sequence in string', 16],
    ['"x" eq "y"', 'expected a field name, found the string "x"', 1],
    ['ssl and', 'expected a field name, found the end of the expression', 8],
    ['ssl and )', 'expected a field name, found ")"', 9],
    ['ssl 80', 'unexpected "80" after a complete expression', 5],
    ['ip.src contains "x"', 'operator "contains" cannot be used with ip field "ip.src"', 8],
    ['tcp.dstport eq 1..5', 'unexpected ".." after a complete expression', 17],
    ['tcp.dstport in {1 2', 'unterminated set, expected "}"', 20],
    ['http.host eq 5', 'expected a quoted string, found "5"', 14],
    ['ip.src eq "x"', 'expected an IP address or CIDR, found the string "x"', 11],
    ['ip.src eq 1.2.3', 'expected an IP address or CIDR, found "1.2.3"', 11],
    ['ip.src in {1.2.3.4/8/9}', 'expected an IP address or CIDR, found "1.2.3.4/8/9"', 12],
    ['ip.src in {10.0.0.0/8a}', 'invalid CIDR prefix length "/8a"', 12],
    ['ip.src in {10.0.0.0/a8}', 'invalid CIDR prefix length "/a8"', 12],
    ['tcp.dstport eq "x"', 'expected an integer, found the string "x"', 16],
    ['tcp.dstport eq 1.5', 'expected an integer, found "1.5"', 16],
    ['tcp.dstport eq 2001:db8::1', 'expected an integer, found "2001:db8::1"', 16],
    ['tcp.dstport in {1..x}', 'expected the integer ending the range', 20],
    ['tcp.dstport in {1..1.5}', 'expected the integer ending the range', 20],
    ['tcp.dstport in {1..::1}', 'expected the integer ending the range', 20],
    ['tcp.dstport in {443..80}', 'range 443..80 ends before it starts', 17],
    ['(ssl', 'expected ")", found the end of the expression', 5],
    ['ip.src in 1.2.3.4', 'expected "{", found "1.2.3.4"', 11],
    ['http.host matches "("', 'invalid regular expression "("', 11],
    [`${'('.repeat(300)}ssl`, 'expression is nested more than 256 levels deep', 257],
  ] as const)('%j: %s (column %i)', (source, detail, column) => {
    const error = parseError(source);
    expect(error.name).toBe('ParseError');
    expect(error.column).toBe(column);
    expect(error.message).toBe(`Filter parsing error (1:${column}): ${detail}`);
  });

  it('counts nesting depth per group: many groups side by side are not nested', () => {
    const groups = 300;
    expect(() => parseExpression(Array.from({ length: groups }, () => '(ssl)').join(' and '))).not.toThrow();
    expect(() => parseExpression(Array.from({ length: groups }, () => 'not ssl').join(' or '))).not.toThrow();
  });
});

describe('syntax tree', () => {
  const [a, b, c, d] = ['ssl', 'cf.client.bot', 'cf.tls_client_auth.cert_verified', 'ssl'] as const;

  it('binds and tighter than or', () => {
    expect(parseExpression(`${a} or ${b} and ${c}`)).toEqual(or(field(a), and(field(b), field(c))));
    expect(parseExpression(`${a} and ${b} or ${c}`)).toEqual(or(and(field(a), field(b)), field(c)));
  });

  it('places xor between and and or', () => {
    expect(parseExpression(`${a} or ${b} xor ${c} and ${d}`)).toEqual(or(field(a), xor(field(b), and(field(c), field(d)))));
  });

  it('binds not tighter than and', () => {
    expect(parseExpression(`not ${a} and ${b}`)).toEqual(and(not(field(a)), field(b)));
    expect(parseExpression(`not (${a} and ${b})`)).toEqual(not(and(field(a), field(b))));
  });

  it('associates to the left and lets parentheses override precedence', () => {
    expect(parseExpression(`${a} and ${b} and ${c}`)).toEqual(and(and(field(a), field(b)), field(c)));
    expect(parseExpression(`(${a} or ${b}) and ${c}`)).toEqual(and(or(field(a), field(b)), field(c)));
  });

  it('treats symbolic operators as aliases of the words', () => {
    expect(parseExpression(`!${a} && ${b} || ${c} ^^ ${d}`)).toEqual(parseExpression(`not ${a} and ${b} or ${c} xor ${d}`));
    expect(parseExpression('tcp.dstport >= 1024')).toEqual(parseExpression('tcp.dstport ge 1024'));
    expect(parseExpression('http.host ~ "^a"')).toEqual(parseExpression('http.host matches "^a"'));
  });

  it('parses comparisons with typed values', () => {
    expect(parseExpression('http.host eq "a\\"b\\\\c"')).toEqual({
      kind: 'compare', field: 'http.host', op: 'eq', value: { kind: 'string', value: 'a"b\\c' },
    });
    expect(parseExpression('tcp.dstport != 22')).toEqual({
      kind: 'compare', field: 'tcp.dstport', op: 'ne', value: { kind: 'int', value: 22 },
    });
  });

  it('parses sets with integer ranges', () => {
    expect(parseExpression('tcp.dstport in {80 443 8000..8999}')).toEqual({
      kind: 'in',
      field: 'tcp.dstport',
      values: [{ kind: 'int', value: 80 }, { kind: 'int', value: 443 }, { kind: 'range', from: 8000, to: 8999 }],
    });
    expect(parseExpression('tcp.dstport in {1 .. 5}')).toEqual(parseExpression('tcp.dstport in {1..5}'));
    expect(parseExpression('ip.geoip.country in {"CN" "RU"}')).toEqual({
      kind: 'in', field: 'ip.geoip.country', values: [{ kind: 'string', value: 'CN' }, { kind: 'string', value: 'RU' }],
    });
  });

  it('parses IPv4 and IPv6 addresses and CIDRs', () => {
    expect(parseExpression('ip.src in {192.0.2.0/24 2001:db8::/32 ::1 fe80::/10}')).toEqual({
      kind: 'in',
      field: 'ip.src',
      values: [
        { kind: 'ip', value: '192.0.2.0', prefix: 24 },
        { kind: 'ip', value: '2001:db8::', prefix: 32 },
        { kind: 'ip', value: '::1' },
        { kind: 'ip', value: 'fe80::', prefix: 10 },
      ],
    });
    expect(parseExpression('ip.src eq 2001:db8::1')).toEqual({
      kind: 'compare', field: 'ip.src', op: 'eq', value: { kind: 'ip', value: '2001:db8::1' },
    });
    expect(parseError('ip.src in {2001:db8::/129}').message).toContain('/129');
  });
});

describe('regressions', () => {
  it('does not find fields or operators on Object.prototype', () => {
    for (const source of ['constructor eq 1', '__proto__', 'toString', 'http.host valueOf "x"', 'ssl hasOwnProperty']) {
      expect(parseError(source).message).toMatch(/^Filter parsing error/);
    }
  });

  it('terminates on a ".." right after an address (IP range syntax)', () => {
    expect(parseError('ip.src in {::1..::2}').column).toBe(15);
    expect(parseError('..:').column).toBe(1);
  });

  it('rejects integer ranges whose end is below their start', () => {
    expect(parseError('tcp.dstport in {443..80}').message).toContain('443..80');
    expect(parseExpression('tcp.dstport in {80..80}')).toMatchObject({ values: [{ kind: 'range', from: 80, to: 80 }] });
  });

  it('rejects integers that cannot be represented exactly', () => {
    expect(parseError('tcp.dstport eq 9007199254740993').column).toBe(16);
    expect(parseError('tcp.dstport in {1..9007199254740993}').column).toBe(20);
  });

  it('turns very deep nesting into a ParseError instead of a stack overflow', () => {
    expect(() => parseExpression(`${'('.repeat(256)}ssl${')'.repeat(256)}`)).not.toThrow();
    expect(() => parseExpression(`${'not '.repeat(256)}ssl`)).not.toThrow();
    expect(parseError(`${'('.repeat(100_000)}ssl`).message).toContain('nested');
    expect(parseError(`${'!'.repeat(100_000)}ssl`).message).toContain('nested');
  });

  it('rejects an empty set (this implementation is stricter than open-source wirefilter here)', () => {
    expect(parseError('ip.src in {}').column).toBe(12);
  });
});

// ---- Property tests -------------------------------------------------------------------------

interface Generated {
  text: string;
  ast: Expression;
}

const fieldsOfType = (type: FieldType): string[] => Object.keys(FIELDS).filter((name) => FIELDS[name] === type);

const quote = (value: string): string => `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;

const stringLiteral = fc.string({ maxLength: 12 }).map((value): [string, Literal] => [quote(value), { kind: 'string', value }]);
const intLiteral = fc.nat(65535).map((value): [string, Literal] => [String(value), { kind: 'int', value }]);
const rangeLiteral = fc.tuple(fc.nat(65535), fc.nat(65535)).map(([x, y]): [string, Literal] => {
  const [from, to] = x <= y ? [x, y] : [y, x];
  return [`${from}..${to}`, { kind: 'range', from, to }];
});
const address = fc.oneof(fc.ipV4().map((value) => ({ value, max: 32 })), fc.ipV6().map((value) => ({ value, max: 128 })));
const ipLiteral = address.map(({ value }): [string, Literal] => [value, { kind: 'ip', value }]);
const cidrLiteral = address.chain(({ value, max }) =>
  fc.integer({ min: 0, max }).map((prefix): [string, Literal] => [`${value}/${prefix}`, { kind: 'ip', value, prefix }]),
);

/** Operator spellings (word and symbol) for each canonical comparison operator. */
const SPELLINGS = {
  eq: ['eq', '=='], ne: ['ne', '!='], lt: ['lt', '<'], le: ['le', '<='], gt: ['gt', '>'], ge: ['ge', '>='],
  contains: ['contains'], matches: ['matches', '~'],
} as const;
type CompareOp = keyof typeof SPELLINGS;

const REGEXES = ['^/api/', 'bot|crawler', '[0-9]{3}$', '^(GET|HEAD)$', '.*'];

function compare(names: string[], ops: CompareOp[], literal: fc.Arbitrary<[string, Literal]>): fc.Arbitrary<Generated> {
  return fc.record({
    name: fc.constantFrom(...names),
    op: fc.constantFrom(...ops),
    literal,
    spelling: fc.nat(1),
  }).map(({ name, op, literal: [text, value], spelling }) => {
    const spellings: readonly string[] = SPELLINGS[op];
    const written = spellings[spelling % spellings.length]!;
    return { text: `${name} ${written} ${text}`, ast: { kind: 'compare', field: name, op, value } };
  });
}

function membership(names: string[], item: fc.Arbitrary<[string, Literal]>): fc.Arbitrary<Generated> {
  return fc.tuple(fc.constantFrom(...names), fc.array(item, { minLength: 1, maxLength: 4 })).map(([name, items]) => ({
    text: `${name} in {${items.map(([text]) => text).join(' ')}}`,
    ast: { kind: 'in', field: name, values: items.map(([, value]) => value) },
  }));
}

const regexLiteral = fc.constantFrom(...REGEXES).map((value): [string, Literal] => [quote(value), { kind: 'string', value }]);

const leaf: fc.Arbitrary<Generated> = fc.oneof(
  compare(fieldsOfType('string'), ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'contains'], stringLiteral),
  compare(fieldsOfType('string'), ['matches'], regexLiteral),
  membership(fieldsOfType('string'), stringLiteral),
  compare(fieldsOfType('ip'), ['eq', 'ne'], ipLiteral),
  membership(fieldsOfType('ip'), fc.oneof(ipLiteral, cidrLiteral)),
  compare(fieldsOfType('int'), ['eq', 'ne', 'lt', 'le', 'gt', 'ge'], intLiteral),
  membership(fieldsOfType('int'), fc.oneof(intLiteral, rangeLiteral)),
  fc.constantFrom(...fieldsOfType('bool')).map((name) => ({ text: name, ast: field(name) })),
);

const LOGICAL = [['and', 'and'], ['&&', 'and'], ['or', 'or'], ['||', 'or'], ['xor', 'xor'], ['^^', 'xor']] as const;

/**
 * Random well-formed expressions. Every binary node is parenthesized, so the expected tree is
 * independent of precedence and the parser's tree must match it exactly.
 */
const { expression } = fc.letrec<{ expression: Generated }>((tie) => ({
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.tuple(fc.constantFrom('not ', '!'), tie('expression')).map(([word, inner]): Generated => ({
      text: `${word}(${inner.text})`,
      ast: not(inner.ast),
    })),
    fc.tuple(tie('expression'), fc.constantFrom(...LOGICAL), tie('expression')).map(([left, [word, op], right]): Generated => ({
      text: `(${left.text}) ${word} (${right.text})`,
      ast: { kind: 'logical', op, left: left.ast, right: right.ast },
    })),
  ),
}));

describe('properties', () => {
  it('parses random well-formed expressions into the tree they were built from', () => {
    fc.assert(
      fc.property(expression, ({ text, ast }) => {
        expect(parseExpression(text)).toEqual(ast);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('parses the same expressions without parentheses around comparisons', () => {
    const flat = fc.array(fc.tuple(leaf, fc.constantFrom(...LOGICAL)), { minLength: 1, maxLength: 6 }).map((parts) =>
      parts.map(([item, [word]], i) => (i === 0 ? item.text : `${word} ${item.text}`)).join(' '),
    );
    fc.assert(
      fc.property(flat, (text) => {
        expect(() => parseExpression(text)).not.toThrow();
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('round-trips any string value through a quoted literal', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        expect(parseExpression(`http.host eq ${quote(value)}`)).toMatchObject({ value: { kind: 'string', value } });
      }),
      { seed: SEED },
    );
  });

  const rejectsOnlyWithParseError = (source: string): void => {
    try {
      parseExpression(source);
    } catch (error) {
      expect(error).toBeInstanceOf(ParseError);
      expect((error as ParseError).message).toMatch(/^Filter parsing error \(1:\d+\)/);
    }
  };

  it('never throws anything but ParseError on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), rejectsOnlyWithParseError), { seed: SEED, numRuns: 1000 });
  });

  it('never throws anything but ParseError on token soup', () => {
    const pieces = [
      ...Object.keys(FIELDS), 'and', 'or', 'xor', 'not', '&&', '||', '^^', '!', '(', ')', '{', '}', '..', 'eq', '==', 'ne',
      '!=', '<', '<=', '>', '>=', 'contains', 'matches', '~', 'in', '"x"', '"', '\\', '80', '443', '1.2.3.4', '10.0.0.0/8',
      '::1', '2001:db8::/32', '/', ':', '.', 'constructor', '__proto__', '#', '$list', ',', '-1', '0x10',
    ];
    const soup = fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).chain((parts) =>
      fc.constantFrom(' ', '').map((sep) => parts.join(sep)),
    );
    fc.assert(fc.property(soup, rejectsOnlyWithParseError), { seed: SEED, numRuns: 2000 });
  });
});
