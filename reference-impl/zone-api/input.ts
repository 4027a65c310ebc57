// Checks of request bodies that every area's input checks build on: the body is a JSON object, or
// an array of them, and the problems of one request are collected and refused all at once.

import { ApiError, codes, invalid, type ErrorDetail } from './errors.js';

export type Json = Record<string, unknown>;

/** Collects the errors of one request; each message ends by naming the item it concerns. */
export class Problems {
  readonly list: ErrorDetail[] = [];
  add(where: string, message: string, code: number = codes.validation): void {
    this.list.push(invalid(`${message} (at ${where})`, code));
  }
  throwIfAny(status = 400): void {
    if (this.list.length > 0) throw new ApiError(status, this.list);
  }
}

export function requireArray(body: unknown, what: string): Json[] {
  if (!Array.isArray(body)) throw new ApiError(400, invalid(`request body must be a JSON array of ${what}`));
  if (body.length === 0) throw new ApiError(400, invalid(`request body must contain at least one of ${what}`));
  return body.map((item, i) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw new ApiError(400, invalid(`[${i}]: each of ${what} must be a JSON object`));
    }
    return item as Json;
  });
}

export function requireObject(body: unknown, what: string): Json {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, invalid(`request body must be a JSON object (${what})`));
  }
  return body as Json;
}

