// The two authentication schemes of the spec, checked against the credentials configured at
// start. Malformed headers, missing headers and wrong credentials are told apart, with the codes
// the production service is seen to use (reference-notes.md).

import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ControlUser } from '../../contract/control.js';
import { ApiError, codes } from './errors.js';

export interface Credentials {
  token?: string;
  email?: string;
  key?: string;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const API_KEY = /^[A-Za-z0-9]+$/;
export const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/**
 * Compares secrets in constant time: every character of the given secret is visited whatever the
 * expected one holds, so the time depends only on the given length (which the client knows), never
 * on where the two differ nor on the expected secret's length. No hash: one was computed per
 * request (createHash, a few microseconds of a request of tens; bench/server-throughput.ts).
 */
function sameSecret(given: string, expected: string | undefined): boolean {
  if (expected === undefined || expected.length === 0) return false;
  let difference = given.length ^ expected.length;
  for (let i = 0; i < given.length; i++) difference |= given.charCodeAt(i) ^ expected.charCodeAt(i % expected.length);
  return difference === 0;
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function malformed(code: number, message: string): ApiError {
  return new ApiError(400, { code: codes.invalidHeaders, message: 'Invalid request headers', error_chain: [{ code, message }] });
}

const authenticationError = () => new ApiError(403, { code: codes.authentication, message: 'Authentication error' });

/**
 * The users the server knows: the operator's credentials given at start, and the users the control
 * API adds (test mode), each with a token and a key pair of its own. A key pair authenticates only
 * as a pair: the key must be the key of the user whose email it comes with.
 */
export class Users {
  private readonly added: ControlUser[] = [];
  constructor(private readonly operator: Credentials) {}

  add(user: ControlUser): void { this.added.push(user); }
  /** Forgets the users the control API added (the control API's reset). */
  clear(): void { this.added.length = 0; }
  /** Every user: the operator first, then those the control API added. */
  all(): Credentials[] { return [this.operator, ...this.added]; }

  /** Whether a user has this token. Every user's token is compared (no early return), so timing tells nothing. */
  tokenMatches(token: string): boolean {
    return this.all().reduce((found, user) => sameSecret(token, user.token) || found, false);
  }

  /** Whether one user has both this email and this key. Replaced by broken variants that misread the pair. */
  keyPairMatches(email: string, key: string): boolean {
    return this.all().reduce((found, user) => {
      const emailMatches = user.email !== undefined && email.toLowerCase() === user.email.toLowerCase();
      // Evaluate both comparisons so that timing does not reveal which half was wrong.
      const keyMatches = sameSecret(key, user.key);
      return (emailMatches && keyMatches) || found;
    }, false);
  }
}

/** A user of its own: an email no other user has, a key and a token (control API POST /users). */
export function generateUser(): ControlUser {
  return {
    email: `user-${randomBytes(6).toString('hex')}@specgate.test`,
    key: randomBytes(19).toString('hex').slice(0, 37),
    token: randomBytes(30).toString('base64url'),
  };
}

/** Throws an ApiError unless the request carries valid credentials of either scheme. */
export function authenticate(headers: IncomingHttpHeaders, users: Users): void {
  const authorization = single(headers.authorization);
  if (authorization !== undefined) {
    const match = BEARER.exec(authorization);
    if (!match) throw malformed(codes.badAuthorizationHeader, 'Invalid format for Authorization header');
    if (!users.tokenMatches(match[1]!)) throw authenticationError();
    return;
  }
  const email = single(headers['x-auth-email']);
  const key = single(headers['x-auth-key']);
  if (email === undefined && key === undefined) {
    throw new ApiError(401, { code: codes.authentication, message: 'Authentication error: missing X-Auth-Email and X-Auth-Key, or Authorization headers' });
  }
  if (email === undefined || !EMAIL.test(email)) throw malformed(codes.badEmailHeader, 'Invalid format for X-Auth-Email header');
  if (key === undefined || !API_KEY.test(key)) throw malformed(codes.badKeyHeader, 'Invalid format for X-Auth-Key header');
  if (!users.keyPairMatches(email, key)) throw authenticationError();
}

/**
 * Which user an authenticated request is of (its place among the users), for what counts per user
 * over all of the user's credentials (the global rate limit, request-quota.ts).
 */
export function userOf(headers: IncomingHttpHeaders, users: Users): string {
  const token = BEARER.exec(single(headers.authorization) ?? '')?.[1];
  const email = single(headers['x-auth-email'])?.toLowerCase();
  const key = single(headers['x-auth-key']);
  const index = users.all().findIndex((user) => (token !== undefined ? user.token === token : user.email?.toLowerCase() === email && user.key === key));
  return `user ${index}`;
}

/** Why the server could never accept these credentials (their own format is refused), or undefined. */
export function unusableCredentials(credentials: Credentials): string | undefined {
  if (credentials.email !== undefined && !EMAIL.test(credentials.email)) return 'the email is not an email address';
  if (credentials.key !== undefined && !API_KEY.test(credentials.key)) return 'the API key may hold only letters and digits';
  if (credentials.token !== undefined && !BEARER.test(`Bearer ${credentials.token}`)) return 'the token may hold only letters, digits and ._~+/=-';
  return undefined;
}
