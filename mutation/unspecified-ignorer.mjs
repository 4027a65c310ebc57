// A Stryker ignorer plugin (registered in stryker.config.mjs as "unspecified"): leaves out of the
// mutation score the code whose behaviour neither document states, so that no conformance spec
// may assert it (the core suite asserts only what the spec states). Each rule gives its reason,
// which Stryker reports with every mutant it ignores.
//
// - The text of an error: the zone API spec fixes each error's `code`, and shows a message only
//   for the DNS validation wrapper ("DNS Validation Error", kept mutable here); the storage spec
//   says "Exception types and messages: not shown". So the `message` of a {code, message} detail
//   and the message arguments of a thrown exception are not mutated; the throw itself, its
//   condition and the code still are.
// - Diagnostics on the server's own console (console.error of an internal error): not part of
//   either interface.

import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

const STATED_MESSAGES = new Set(['DNS Validation Error']);

const isText = (node) => node.type === 'StringLiteral' || node.type === 'TemplateLiteral'
  || (node.type === 'BinaryExpression' && node.operator === '+' && (isText(node.left) || isText(node.right)));

const propertyName = (node) => (node.key?.type === 'Identifier' ? node.key.name : node.key?.type === 'StringLiteral' ? node.key.value : undefined);

/** The value of `message` in an object literal that also has a `code`: an error detail of the envelope. */
function isErrorDetailMessage(path) {
  const parent = path.parentPath;
  if (!parent?.isObjectProperty() || parent.node.value !== path.node || propertyName(parent.node) !== 'message') return false;
  const object = parent.parentPath;
  if (!object?.isObjectExpression() || !object.node.properties.some((p) => p.type === 'ObjectProperty' && propertyName(p) === 'code')) return false;
  return !(path.node.type === 'StringLiteral' && STATED_MESSAGES.has(path.node.value));
}

const calleeName = (callee) => (callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && callee.property.type === 'Identifier' ? callee.property.name : undefined);

/**
 * A text argument of an exception: of `throw new X(...)`, or of `new SomethingError(...)`,
 * `new DOMException(...)` or a helper named like one (validationError(`...`)).
 */
function isExceptionText(path) {
  const parent = path.parentPath;
  if (!parent || !(parent.isNewExpression() || parent.isCallExpression()) || !parent.node.arguments.includes(path.node)) return false;
  if (!isText(path.node)) return false;
  const thrown = parent.isNewExpression() && parent.parentPath?.isThrowStatement();
  return thrown || /(Error|Exception)$/.test(calleeName(parent.node.callee) ?? '');
}

/**
 * The reference builds error messages through a few helpers (each takes a message and a code:
 * errors.ts invalid/badRequest/notFound, auth.ts malformed, app.ts fail, dns-records conflict):
 * their text arguments, and the
 * `where` locations (`rules[${i}]`, `${where}.filter`) that only ever end up inside a message.
 */
const MESSAGE_HELPERS = new Set(['requireArray', 'requireObject', 'requireBody', 'notFound', 'invalid', 'badRequest', 'malformed', 'fail', 'conflict']);

function isMessageHelperText(path) {
  if (!isText(path.node)) return false;
  const parent = path.parentPath;
  if ((parent?.isCallExpression() || parent?.isNewExpression()) && parent.node.arguments.includes(path.node)) {
    const callee = parent.node.callee;
    if (MESSAGE_HELPERS.has(calleeName(callee) ?? '')) return true;
    if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'problems') return true;
  }
  if (parent?.isVariableDeclarator() && parent.node.id.type === 'Identifier' && parent.node.id.name === 'where') return true;
  return isLocationBelow(path.node);
}

/** `${where}.filter`, `${where}[0]`: a location below `where` (SQL that interpolates a `where` clause is not one). */
function isLocationBelow(node) {
  if (node.type !== 'TemplateLiteral' || node.quasis[0].value.raw !== '') return false;
  const [first] = node.expressions;
  return first?.type === 'Identifier' && first.name === 'where' && /^[.[]/.test(node.quasis[1]?.value.raw ?? '');
}

function isConsoleCall(path) {
  if (!path.isExpressionStatement()) return false;
  const call = path.node.expression;
  return call.type === 'CallExpression' && call.callee.type === 'MemberExpression'
    && call.callee.object.type === 'Identifier' && call.callee.object.name === 'console';
}

class UnspecifiedIgnorer {
  shouldIgnore(path) {
    if (isErrorDetailMessage(path)) return 'error message text: the spec states error codes, not messages';
    if (isExceptionText(path)) return 'exception message text: "Exception types and messages: not shown" (storage) / not stated (zone API)';
    if (isMessageHelperText(path)) return 'error message text built by a message helper (problems.add, requireObject, notFound, a `where` location): not stated by the spec';
    if (isConsoleCall(path)) return 'diagnostics on the server console: not part of either interface';
    return undefined;
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, 'unspecified', UnspecifiedIgnorer)];
