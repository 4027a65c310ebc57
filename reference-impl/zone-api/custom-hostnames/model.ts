// The custom hostname record: its statuses, how it is evaluated against the facts around it
// (CNAME, CAA, holds) and its JSON. Pure functions: the lifecycle feeds them and stores results.

import type { CertificateAuthority } from '../../../contract/control.js';
import { isWildcard } from './hostname.js';
import type { CustomHostnamePolicy } from './policy.js';
import type { CaaRecord, CustomHostnameRow } from './store.js';

export type HostnameStatus = 'pending' | 'active' | 'moved' | 'blocked' | 'caa_error';

export const MESSAGES = {
  notCnamed: 'custom hostname does not CNAME to this zone.',
  held: 'This hostname is associated with a held zone. The zone owner must release the hold before the hostname can activate.',
  caa: (tried: CertificateAuthority[]) => tried.length === 0
    ? 'No certificate authority can issue for this hostname.'
    : `CAA records on this hostname do not permit ${tried.map((ca) => `${ca.name} (${ca.caa_domain})`).join(' or ')} to issue a certificate.`,
} as const;

/** What the evaluation reads about one hostname. */
export interface Circumstances {
  /** The CNAME target equals the zone's name. */
  pointsAtZone: boolean;
  /** The CAA records that apply to the hostname. */
  caa: CaaRecord[];
  /** A hold covers the hostname. */
  held: boolean;
}

/** The fields evaluation decides. */
export type Evaluation = Pick<CustomHostnameRow, 'status' | 'issuer' | 'verification_errors' | 'moved_at'>;

/** A CAA value is `domain[; parameters]`; a CA is permitted when the domain is its caa_domain. */
const caaDomain = (value: string): string => (value.split(';')[0] ?? '').trim().toLowerCase();

/** The issue records (for a wildcard its issuewild records if any) permit the CA; none permit all. */
export function caaPermits(records: CaaRecord[], wildcard: boolean, ca: CertificateAuthority): boolean {
  const issuewild = records.filter((r) => r.tag === 'issuewild');
  const relevant = wildcard && issuewild.length > 0 ? issuewild : records.filter((r) => r.tag === 'issue');
  return relevant.length === 0 || relevant.some((r) => caaDomain(r.value) === ca.caa_domain.toLowerCase());
}

/** Full validation from the start: hold, CNAME, then the choice of CA. */
export function validate(row: CustomHostnameRow, facts: Circumstances, policy: CustomHostnamePolicy): Evaluation {
  const errors = [...(facts.held ? [MESSAGES.held] : []), ...(facts.pointsAtZone ? [] : [MESSAGES.notCnamed])];
  const unissued = (status: HostnameStatus): Evaluation => ({ status, issuer: null, verification_errors: errors, moved_at: null });
  if (facts.held) return unissued('blocked');
  if (!facts.pointsAtZone) return unissued('pending');
  const wildcard = isWildcard(row.hostname);
  const issuer = policy.chooseIssuer(row.certificate_authority, (ca) => caaPermits(facts.caa, wildcard, ca));
  if (!issuer) {
    return { status: 'caa_error', issuer: null, verification_errors: [MESSAGES.caa(policy.candidateIssuers(row.certificate_authority))], moved_at: null };
  }
  return { status: 'active', issuer: issuer.name, verification_errors: [], moved_at: null };
}

/**
 * After a change around the hostname (DNS facts, a hold placed or released): an active hostname
 * only notices its CNAME leaving (moved); a moved one waits for a PATCH or its deletion; every
 * other status is still in validation and is validated again.
 */
export function reconsider(row: CustomHostnameRow, facts: Circumstances, policy: CustomHostnamePolicy, now: number): Evaluation {
  const current: Evaluation = { status: row.status, issuer: row.issuer, verification_errors: row.verification_errors, moved_at: row.moved_at };
  if (row.status === 'moved') return current;
  if (row.status === 'active') return facts.pointsAtZone ? current : { ...current, status: 'moved', verification_errors: [MESSAGES.notCnamed], moved_at: now };
  return validate(row, facts, policy);
}

/**
 * A PATCH restarts validation. A moved hostname whose CNAME still points elsewhere is not
 * reactivated: it stays moved, and its 7 days keep running.
 */
export function revalidate(row: CustomHostnameRow, facts: Circumstances, policy: CustomHostnamePolicy): Evaluation {
  const next = validate(row, facts, policy);
  if (row.status === 'moved' && next.status === 'pending') return { ...next, status: 'moved', issuer: row.issuer, moved_at: row.moved_at };
  return next;
}

export const sameEvaluation = (a: Evaluation, b: Evaluation): boolean =>
  a.status === b.status && a.issuer === b.issuer && a.moved_at === b.moved_at
  && JSON.stringify(a.verification_errors) === JSON.stringify(b.verification_errors);

export function customHostnameJson(row: CustomHostnameRow) {
  return {
    id: row.id,
    hostname: row.hostname,
    ssl: { method: row.method, type: row.type, certificate_authority: row.certificate_authority, issuer: row.issuer },
    status: row.status,
    verification_errors: row.verification_errors,
    created_at: row.created_at,
  };
}
