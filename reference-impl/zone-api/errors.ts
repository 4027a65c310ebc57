// Every failure of the reference server is an ApiError, rendered as the error envelope.
// Codes follow what the production service is seen to send (reference-notes.md); where it has
// no known code, the reference uses its own in the 10xxx range and lists it here, in one place.

export interface ErrorDetail {
  code: number;
  message: string;
  error_chain?: { code: number; message: string }[];
}

export class ApiError extends Error {
  readonly errors: ErrorDetail[];
  constructor(readonly status: number, errors: ErrorDetail | ErrorDetail[]) {
    const list = Array.isArray(errors) ? errors : [errors];
    // Stryker disable next-line StringLiteral,ArrowFunction: equivalent, an ApiError's own message is never shown: app.ts toFailure answers its errors
    super(list.map((e) => e.message).join('; '));
    this.errors = list;
  }
}

export const codes = {
  authentication: 10000,
  invalidHeaders: 6003,
  malformedJson: 6007,
  invalidContentType: 6105,
  badEmailHeader: 6102,
  badKeyHeader: 6103,
  badAuthorizationHeader: 6111,
  noRoute: 7000,
  methodNotAllowed: 7001,
  unknownIdentifier: 7003,
  bodyTooLarge: 6100,
  badRequest: 10001,
  validation: 10014,
  filterParse: 10015,
  quotaExceeded: 10020,
  featureMissing: 10021,
  filterProtected: 10022,
  filterInUse: 10023,
  notFound: 10024,
  transferEncodingWithLength: 6010,
  // Custom hostnames (codes seen from the production service, reference-notes.md).
  duplicateCustomHostname: 1406,
  certificateRateLimited: 1407,
  // The global rate limit's refusal (request-quota.ts); the notes give no code for it, nothing asserts one.
  rateLimited: 971,
  unknownCustomHostname: 1436,
  // WAF migration (the reference's own codes; docs/waf-migration-contract.md).
  wafMigrationIncompatible: 10040,
  wafMigrationNeedsSupport: 10041,
  wafValidationEnterpriseOnly: 10042,
  wafAlreadyMigrated: 10043,
  wafPreviousVersionRetired: 10044,
  wafNotMigrated: 10045,
} as const;

export const notFound = (what: string, id: string): ApiError =>
  new ApiError(404, { code: codes.notFound, message: `${what} ${id} not found` });

export const invalid = (message: string, code: number = codes.validation): ErrorDetail => ({ code, message });

export function badRequest(message: string, code: number = codes.badRequest): ApiError {
  return new ApiError(400, { code, message });
}

/** The envelope of every response: result on success, errors on failure. */
export function successEnvelope(result: unknown, extra: Record<string, unknown> = {}) {
  return { result, success: true, errors: [], messages: [], ...extra };
}

export function failureEnvelope(errors: ErrorDetail[]) {
  return { result: null, success: false, errors, messages: [] };
}
