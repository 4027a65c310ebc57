// Deliberately broken variants of the reference's custom hostnames, for the default (core) gate:
// each violates a statement of the document that a formerly extended spec now asserts as core,
// made by hooking the real reference (never by editing it). Together with the
// custom hostname variants of zone-api-variants.ts and some blind misreadings, they prove that
// every converted spec gates: test/broken-zone-ch-default.test.ts. setUpRefusedVariants refuse a
// set-up step the document does not show (the payload of a POST) and must leave the run incomplete.

import type { ReferenceApp } from '../../reference-impl/zone-api/app.js';
import { answerInstead, beforeHandler, rewriteAnswers, type Json } from '../blind/zone-api/variant.js';
import type { BrokenVariant } from './zone-api-variants.js';

/** A custom hostname record or list of them (the API path below /client/v4). */
const HOSTNAMES = /^\/zones\/[^/]+\/custom_hostnames(\/[^/]+)?$/;

/** Rewrites every custom hostname record of a successful answer. */
function rewriteHostnames(reference: ReferenceApp, rewrite: (record: Json) => void): void {
  rewriteAnswers(reference, {
    path: HOSTNAMES,
    body: (answer) => {
      if (answer.success !== true || answer.result === null || typeof answer.result !== 'object') return undefined;
      for (const record of [answer.result].flat() as Json[]) if (typeof record.hostname === 'string') rewrite(record);
      return answer;
    },
  });
}

export const customHostnameVariants: BrokenVariant[] = [
  {
    name: 'ssl-method-answered-http',
    misreading: 'ssl.method answers the method the service validates with (http), not the txt asked for',
    customize(reference) { rewriteHostnames(reference, (record) => { (record.ssl as Json).method = 'http'; }); },
    // The spec's one failed check names the three fields of the record's ssl object it reads.
    expectedFailures: ['ZM-CH-SSL-METHOD-TXT', 'ZM-CH-SSL-OBJECT', 'ZM-CH-SSL-TYPE-DV'],
  },
  {
    name: 'default-ca-answered-by-name',
    misreading: 'an empty certificate_authority is answered as the name of the CA the service chose',
    customize(reference) {
      rewriteHostnames(reference, (record) => {
        const ssl = record.ssl as Json;
        if (ssl.certificate_authority === '') ssl.certificate_authority = reference.customHostnames.preferred.name;
      });
    },
    expectedFailures: ['ZM-CH-CA-DEFAULT-EMPTY', 'ZM-CH-PATCH-SSL'],
  },
  {
    name: 'default-prefers-other-ca',
    misreading: 'the default CA starts with the other CA and falls back to the more compatible one',
    customize({ customHostnames: policy }) {
      const candidates = policy.candidateIssuers.bind(policy);
      policy.candidateIssuers = (requested) => (requested === '' ? policy.withFallback(policy.other) : candidates(requested));
    },
    expectedFailures: ['ZM-CH-CA-DEFAULT-PREFERS-COMPATIBLE', 'ZM-CH-CA-NAMED-PINS', 'ZM-CH-PATCH-SSL'],
  },
  {
    name: 'default-ca-never-falls-back',
    misreading: 'the default CA is the more compatible CA or nothing: CAA blocking it is caa_error',
    customize({ customHostnames: policy }) {
      const candidates = policy.candidateIssuers.bind(policy);
      policy.candidateIssuers = (requested) => (requested === '' ? [policy.preferred] : candidates(requested));
    },
    expectedFailures: ['ZM-CH-CA-DEFAULT-CAA-FALLBACK'],
  },
  {
    name: 'caa-error-answered-pending',
    misreading: 'a hostname whose CA CAA blocks is reported as still in validation (pending), not caa_error',
    customize(reference) { rewriteHostnames(reference, (record) => { if (record.status === 'caa_error') record.status = 'pending'; }); },
    expectedFailures: ['ZM-CH-CA-NAMED-PINS', 'ZM-CH-CAA-ERROR-STATUS', 'ZM-CH-CAA-FIX', 'ZM-CH-STATUS-VALUES'],
  },
  {
    name: 'caa-read-once',
    misreading: 'the CAA records are read once, when the hostname is created: adding records that permit the CA changes nothing',
    customize({ state: { customHostnames: store } }) {
      const facts = store.getDnsFacts.bind(store);
      const firstCaa = new Map<string, ReturnType<typeof facts>>();
      store.getDnsFacts = (hostname) => {
        const found = facts(hostname);
        if (!found || found.caa.length === 0) return found;
        if (!firstCaa.has(hostname)) firstCaa.set(hostname, found);
        return { ...found, caa: firstCaa.get(hostname)!.caa };
      };
    },
    expectedFailures: ['ZM-CH-CAA-FIX'],
  },
  {
    name: 'patch-ignores-certificate-authority',
    misreading: 'PATCH restarts validation but keeps the CA asked for at creation',
    customize(reference) {
      beforeHandler(reference, 'PATCH', HOSTNAMES, (request) => {
        const ssl = (request.body as { ssl?: Json } | undefined)?.ssl;
        if (ssl) delete ssl.certificate_authority;
      });
    },
    expectedFailures: ['ZM-CH-CA-NAMED-PINS', 'ZM-CH-PATCH-SSL'],
  },
  {
    name: 'moved-stays-active',
    misreading: 'an Active hostname stays Active when its CNAME stops pointing at the zone (its certificate is still valid)',
    customize({ state: { customHostnames: store } }) {
      const update = store.updateCustomHostname.bind(store);
      store.updateCustomHostname = (row) => update(row.status === 'moved' ? { ...row, status: 'active', moved_at: null } : row);
    },
    expectedFailures: ['ZM-CH-DNS-CHANGE-MOVED', 'ZM-CH-MOVED-DELETED-AFTER-7D', 'ZM-CH-MOVED-PATCH-REACTIVATES', 'ZM-CH-STATUS-VALUES'],
  },
  {
    name: 'reasons-kept-once-active',
    misreading: 'verification_errors keeps the last reason validation gave, also once the hostname is Active',
    customize(reference) {
      rewriteHostnames(reference, (record) => { if (record.status === 'active') record.verification_errors = ['custom hostname does not CNAME to this zone.']; });
    },
    expectedFailures: ['ZM-CH-VERIFICATION-ERRORS'],
  },
  {
    name: 'held-message-generic',
    misreading: 'a Blocked hostname says only that it is blocked, not that it is associated with a held zone',
    customize(reference) {
      rewriteHostnames(reference, (record) => {
        record.verification_errors = (record.verification_errors as string[]).map((e) => (/held zone/i.test(e) ? 'This hostname is blocked.' : e));
      });
    },
    expectedFailures: ['ZM-CH-HOLD-BLOCKED-MESSAGE'],
  },
  {
    name: 'raised-rate-limit-ignored',
    misreading: 'the issuance limit is 15 per minute for every zone, whatever was agreed through the account contact',
    customize({ state: { zones } }) { zones.getCertificateRateLimit = () => null; },
    expectedFailures: ['ZM-CH-CERT-RATE-RAISABLE'],
  },
  {
    name: 'moved-deleted-strictly-after-7-days',
    misreading: '"deleted after 7 days" read as strictly after: at exactly 7 days the Moved hostname is still there',
    customize({ customHostnames: policy }) { policy.isExpired = (movedAt, now) => now - movedAt > policy.movedLifetimeMs; },
    expectedFailures: ['ZM-CH-MOVED-DELETED-AFTER-7D'],
  },
];

/** The set-up steps refused: every spec that needs them is "not verified", none failed (exit 3). */
export const setUpRefusedVariants: (BrokenVariant & { setUp: string; area: string })[] = [
  {
    name: 'custom-hostname-payload-refused',
    misreading: 'POST /custom_hostnames wants another payload than {hostname, ssl} (the document does not show it)',
    customize(reference) {
      answerInstead(reference, 'POST', /^\/zones\/[^/]+\/custom_hostnames$/, () => ({
        status: 400, body: { result: null, success: false, errors: [{ code: 1409, message: 'custom_metadata is required' }], messages: [] },
      }));
    },
    expectedFailures: [],
    setUp: 'a custom hostname created through POST /custom_hostnames',
    area: 'custom-hostnames',
  },
];
