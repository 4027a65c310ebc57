// Misreadings of the custom hostname parts of the document: the issuance limit, Moved hostnames,
// holds, CAA, wildcards and standalone zones, the fallback origin, verification_errors.

import type { ReferenceApp } from '../../../../reference-impl/zone-api/app.js';
import { isWithin, parentDomain } from '../../../../reference-impl/zone-api/custom-hostnames/hostname.js';
import { codes } from '../../../../reference-impl/zone-api/errors.js';
import { apiPath, beforeHandler, refuse, rewriteAnswers, rewriteHostnameWrites, zoneIdOf, type BlindVariant, type Json } from '../variant.js';

const HOSTNAMES = /^\/zones\/[^/]+\/custom_hostnames(\/[^/]+)?$/;
const HOSTNAME = /^\/zones\/[^/]+\/custom_hostnames\/[^/]+$/;
const MINUTE = 60_000;
const DAY = 24 * 60 * 60 * 1000;

/** Rewrites every custom hostname record the API answers with (one or a list). */
function rewriteHostnames(reference: ReferenceApp, change: (hostname: Json) => void): void {
  rewriteAnswers(reference, {
    path: HOSTNAMES,
    body: (answer) => {
      const { result } = answer;
      const records = Array.isArray(result) ? result : result && typeof result === 'object' ? [result] : [];
      for (const record of records as Json[]) if ('status' in record) change(record);
      return answer;
    },
  });
}

const LIMIT = '| Certificate issuance rate | 15 certificates per minute by default; higher on request through the account contact |';
const COUNTS = '| What counts | Only successful submissions (POST returning 200) |';
const PENALTY = '| Penalty when exceeded | No new certificates for 30 seconds |';
const MOVED_LIFETIME = '| Moved | 7 days elapse | No reactivation | deleted | |';
const HELD = '| validation | Zone hold with the option to also prevent subdomains is enabled on the domain | Hold in place | Blocked | Message says the hostname is associated with a held zone; the zone owner must release the hold before the hostname can activate |';
const DEFAULT_CA = 'An empty string selects the default CA (the service chooses, preferring the more compatible CA, and falls back to the other CA only when a CAA record blocks the preferred one). A named-CA identifier (written <named_ca> here; its value holds a brand and is not reproduced) pins that CA';
const STANDALONE = 'When a requested hostname belongs to a domain that exists as its own standalone zone, the standalone zone takes precedence over the wildcard custom hostname, even when that standalone zone has no DNS record for the hostname.';

export const CUSTOM_HOSTNAME_VARIANTS: BlindVariant[] = [
  {
    name: 'rate limit: 16 per minute',
    sentence: LIMIT,
    misreading: '"15 per minute" read as 15 more after the first, so the 16th certificate of a minute is still issued.',
    customize: (r) => { r.customHostnames.defaultRateLimit = 16; },
  },
  {
    name: 'rate limit: 14 per minute',
    sentence: LIMIT,
    misreading: 'The limit is read as "fewer than 15", so the 15th certificate of a minute is already refused.',
    customize: (r) => { r.customHostnames.defaultRateLimit = 14; },
  },
  {
    name: 'rate limit: fixed calendar minute',
    sentence: LIMIT,
    misreading: '"Per minute" read as per clock minute: the count starts again at every whole minute instead of over the last 60 seconds.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const count = store.countIssuances.bind(store);
      // since = now - window: count what falls in the current calendar minute instead.
      store.countIssuances = (zoneId, since) => count(zoneId, Math.floor((since + MINUTE) / MINUTE) * MINUTE - 1);
    },
  },
  {
    name: 'rate limit: an issuance exactly a minute old still counts',
    sentence: LIMIT,
    misreading: 'The minute is taken as closed at both ends, so a certificate issued exactly 60 s ago still uses up the limit.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const count = store.countIssuances.bind(store);
      store.countIssuances = (zoneId, since) => count(zoneId, since - 1);
    },
  },
  {
    name: 'rate limit: failed POSTs count',
    sentence: COUNTS,
    misreading: 'Every submission counts toward the 15, also one refused as invalid.',
    customize: (r) => { r.customHostnames.countsTowardLimit = () => true; },
  },
  {
    name: 'rate limit: no penalty, only the window',
    sentence: PENALTY,
    misreading: 'The 30 seconds are read as an example of waiting for the window: a POST is refused only while 15 are in the last minute.',
    customize: (r) => { r.customHostnames.penaltyMs = 0; },
  },
  {
    name: 'rate limit: penalty of a minute',
    sentence: PENALTY,
    misreading: 'The penalty is taken to last until the minute of the limit is over (60 s), not 30 s.',
    customize: (r) => { r.customHostnames.penaltyMs = MINUTE; },
  },
  {
    name: 'rate limit: refusals during the penalty extend it',
    sentence: PENALTY,
    misreading: '"No new certificates for 30 seconds" read as 30 s of quiet: every refused POST starts the 30 s again.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const get = store.getPenaltyEnd.bind(store);
      store.getPenaltyEnd = (zoneId) => {
        const end = get(zoneId);
        const now = r.clocks.of(zoneId).now();
        if (end === undefined || now >= end) return end;
        store.setPenaltyEnd(zoneId, now + r.customHostnames.penaltyMs);
        return now + r.customHostnames.penaltyMs;
      };
    },
  },
  {
    name: 'rate limit: penalty still on at exactly 30 s',
    sentence: PENALTY,
    misreading: '"For 30 seconds" is taken to include the 30th second: a POST exactly 30 s after the refusal is still refused.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const get = store.getPenaltyEnd.bind(store);
      store.getPenaltyEnd = (zoneId) => { const end = get(zoneId); return end === undefined ? end : end + 1; };
    },
  },
  {
    name: 'rate limit: check-then-create race near the limit',
    sentence: LIMIT,
    misreading: 'The count is checked before the (slow) creation and not again, so POSTs arriving together at 14 issuances all get certificates.',
    customize: (r) => {
      const policy = r.customHostnames;
      const store = r.state.customHostnames;
      const limitOf = (zoneId: string) => r.state.zones.getCertificateRateLimit(zoneId) ?? 15;
      policy.defaultRateLimit = Number.MAX_SAFE_INTEGER;
      r.app.addHook('preHandler', async (request) => {
        const zoneId = zoneIdOf(request);
        if (request.method !== 'POST' || zoneId === undefined || !/^\/zones\/[^/]+\/custom_hostnames$/.test(apiPath(request))) return;
        const now = r.clocks.of(zoneId).now();
        const penalty = store.getPenaltyEnd(zoneId);
        if (penalty !== undefined && now < penalty) refuse(429, { code: codes.certificateRateLimited, message: 'Certificate issuance rate limit exceeded' });
        if (store.countIssuances(zoneId, now - MINUTE) >= limitOf(zoneId)) {
          store.setPenaltyEnd(zoneId, now + policy.penaltyMs);
          refuse(429, { code: codes.certificateRateLimited, message: 'Certificate issuance rate limit exceeded' });
        }
        // The certificate order: long enough for concurrent POSTs to pass the check together.
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    },
  },
  {
    name: 'moved: 7 days counted from creation',
    sentence: MOVED_LIFETIME,
    misreading: 'The 7 days are the hostname\'s age: a moved hostname created more than 7 days ago is deleted at once.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const all = store.allCustomHostnames.bind(store);
      store.allCustomHostnames = (zoneId) => all(zoneId).map((row) => (row.status === 'moved' ? { ...row, moved_at: Date.parse(row.created_at) } : row));
    },
  },
  {
    name: 'moved: deleted only after 8 days',
    sentence: `${MOVED_LIFETIME} / | Moved custom hostname lifetime | Deleted after 7 days |`,
    misreading: '"7 days elapse" counted as 7 whole days after the day of the move, so deletion comes a day late.',
    customize: (r) => { r.customHostnames.movedLifetimeMs = 8 * DAY; },
  },
  {
    name: 'moved: still there at exactly 7 days',
    sentence: '| Moved custom hostname lifetime | Deleted after 7 days |',
    misreading: '"After 7 days" read as strictly after: at exactly 7 days the hostname still exists.',
    customize: (r) => { r.customHostnames.isExpired = (movedAt, now) => now - movedAt > r.customHostnames.movedLifetimeMs; },
  },
  {
    name: 'moved: PATCH restarts validation but leaves it pending',
    sentence: '| Moved | PATCH on the custom hostname | Restarts validation | Active | |',
    misreading: '"Restarts validation" read as putting the hostname back into validation, where it waits instead of becoming Active.',
    customize: (r) => {
      // The hostname waits in validation until a later PATCH validates it again: the reference's
      // looking again at every hostname (after any DNS fact or hold changes, another spec's too)
      // does not activate it, so what a run sees does not depend on other specs' requests.
      const waiting = new Set<string>();
      const movedThisTurn = new Set<string>();
      let patching: string | undefined;
      beforeHandler(r, 'PATCH', HOSTNAME, (request) => {
        patching = decodeURIComponent(apiPath(request).split('/').pop() ?? '');
        queueMicrotask(() => { patching = undefined; });
      });
      rewriteHostnameWrites(r, (next) => {
        const stored = r.state.customHostnames.getCustomHostname(next.zone_id, next.id);
        const waits = { ...next, status: 'pending' as const, issuer: null };
        if (stored?.status === 'moved' && next.status === 'active') {
          waiting.add(next.id);
          movedThisTurn.add(next.id);
          queueMicrotask(() => movedThisTurn.delete(next.id));
          return waits;
        }
        if (waiting.has(next.id) && next.status === 'active') {
          if (patching !== next.id || movedThisTurn.has(next.id)) return waits;
          waiting.delete(next.id);
        }
        return next;
      });
      // The PATCH answers what was stored.
      rewriteAnswers(r, {
        method: 'PATCH', path: HOSTNAMES,
        body: (answer, request) => {
          const hostname = answer.result as Json | null;
          const stored = hostname && r.state.customHostnames.getCustomHostname(zoneIdOf(request)!, String(hostname.id));
          if (hostname && stored) Object.assign(hostname, { status: stored.status, ssl: { ...(hostname.ssl as Json), issuer: stored.issuer } });
          return answer;
        },
      });
    },
  },
  {
    name: 'hold: blocks without subdomain prevention',
    sentence: HELD,
    misreading: 'Any hold on the domain blocks its custom hostnames, whether or not it also prevents subdomains.',
    customize: (r) => { r.customHostnames.holdCovers = (hold, hostname) => isWithin(hostname, hold.domain); },
  },
  {
    name: 'hold: blocked hostname reported as pending',
    sentence: HELD,
    misreading: 'The hold is taken as one more reason validation has not completed: the status stays pending, with the message.',
    customize: (r) => rewriteHostnames(r, (h) => { if (h.status === 'blocked') h.status = 'pending'; }),
  },
  {
    name: 'hold: blocked without the held-zone message',
    sentence: HELD,
    misreading: 'The held-zone message is taken to be the error of a refused request, so verification_errors does not carry it.',
    customize: (r) => rewriteHostnames(r, (h) => {
      if (h.status === 'blocked') h.verification_errors = (h.verification_errors as string[]).filter((m) => !/held zone/i.test(m));
    }),
  },
  {
    name: 'verification_errors: TXT wording instead of the CNAME message',
    sentence: '| verification_errors | array of string | Reasons validation has not completed; one documented message says the custom hostname does not CNAME to this zone |',
    misreading: 'With ssl.method txt, the pending reason is worded as a missing TXT record rather than the hostname not CNAMEing to the zone.',
    customize: (r) => rewriteHostnames(r, (h) => {
      h.verification_errors = (h.verification_errors as string[]).map((m) => (/CNAME/.test(m) ? 'TXT ownership record not found for this hostname' : m));
    }),
  },
  {
    name: 'verification_errors: omitted when empty',
    sentence: '| verification_errors | array of string | Reasons validation has not completed; one documented message says the custom hostname does not CNAME to this zone |',
    misreading: 'With no reason left, the field is left out instead of being an empty array.',
    customize: (r) => rewriteHostnames(r, (h) => { if ((h.verification_errors as string[]).length === 0) delete h.verification_errors; }),
  },
  {
    name: 'caa: blocked issuance reported as pending',
    sentence: 'The status caa_error means CAA records on the domain prevented the CA from issuing the certificate',
    misreading: 'A CAA refusal is taken as one more validation reason: the status stays pending with a CAA message.',
    customize: (r) => rewriteHostnames(r, (h) => { if (h.status === 'caa_error') h.status = 'pending'; }),
  },
  {
    name: 'caa: the default CA never falls back',
    sentence: DEFAULT_CA,
    misreading: 'The default CA is read as one fixed CA (the more compatible one): a CAA record blocking it means caa_error.',
    customize: (r) => {
      const policy = r.customHostnames;
      const candidates = policy.candidateIssuers.bind(policy);
      policy.candidateIssuers = (requested) => (requested === '' ? [policy.preferred] : candidates(requested));
    },
  },
  {
    name: 'caa: a pinned CA falls back to the other',
    sentence: DEFAULT_CA,
    misreading: 'The fallback on CAA is taken to apply to every request, a named CA being only the first choice.',
    customize: (r) => { r.customHostnames.pinnedCandidates = (ca) => r.customHostnames.withFallback(ca); },
  },
  {
    name: 'caa: the default prefers the other CA',
    sentence: DEFAULT_CA,
    misreading: '"The more compatible CA" is taken to be the other one, which the default then tries first.',
    customize: (r) => {
      const policy = r.customHostnames;
      const candidates = policy.candidateIssuers.bind(policy);
      policy.candidateIssuers = (requested) => (requested === '' ? [policy.other, policy.preferred] : candidates(requested));
    },
  },
  {
    name: 'caa: issuewild entries ignored',
    sentence: '| CAA records block the CA | Status caa_error; fix by adding CAA records permitting the chosen CA (issue and issuewild entries) |',
    misreading: 'Only issue entries are read, so a wildcard hostname whose issuewild entry permits no CA is still issued.',
    customize: (r) => {
      const store = r.state.customHostnames;
      const facts = store.getDnsFacts.bind(store);
      store.getDnsFacts = (hostname) => {
        const found = facts(hostname);
        return found && { ...found, caa: found.caa.filter((record) => record.tag !== 'issuewild') };
      };
    },
  },
  {
    name: 'wildcard: wins over a standalone zone',
    sentence: STANDALONE,
    misreading: 'The more specific-looking wildcard custom hostname is taken to serve the name, the standalone zone being only DNS.',
    customize: (r) => { r.customHostnames.isShadowedByZone = () => false; },
  },
  {
    name: 'wildcard: shadowed only by a standalone zone of exactly that name',
    sentence: STANDALONE,
    misreading: '"Belongs to a domain that exists as its own standalone zone" read as the hostname being the standalone zone itself.',
    customize: (r) => { r.customHostnames.isShadowedByZone = (hostname, world) => world.standaloneZones().includes(hostname); },
  },
  {
    name: 'wildcard: names nested below a standalone zone not shadowed',
    sentence: STANDALONE,
    misreading: 'Only names directly below the standalone zone\'s domain are taken to belong to it, not names nested further down.',
    customize: (r) => {
      r.customHostnames.isShadowedByZone = (hostname, world) => world.standaloneZones().some((domain) => hostname === domain || parentDomain(hostname) === domain);
    },
  },
  {
    name: 'fallback origin: the setting alone is enough',
    sentence: 'A fallback origin requires both a DNS record for it and the fallback origin setting itself.',
    misreading: 'The DNS record is taken as what the setting creates, so a set fallback origin routes without one.',
    customize: (r) => {
      const policy = r.customHostnames;
      const resolve = policy.resolveRoute.bind(policy);
      policy.resolveRoute = (hostname, world) => resolve(hostname, {
        ...world,
        fallbackOrigin: (zoneId) => { const found = world.fallbackOrigin(zoneId); return found?.origin ? { ...found, dns_record: true } : found; },
      });
    },
  },
  {
    name: 'routing: a hostname still in validation is routed',
    sentence: '| Custom hostname cannot be routed or proxied | Error 1016 (origin DNS error) at the hostname. Causes: (1) ownership validation incomplete (verification_errors says the hostname does not CNAME to this zone); (2) fallback origin record or setting missing; (3) wildcard custom hostname shadowed by a standalone zone |',
    misreading: 'Ownership validation is taken to concern only the certificate: traffic is proxied while the hostname is pending.',
    customize: (r) => {
      const policy = r.customHostnames;
      const resolve = policy.resolveRoute.bind(policy);
      policy.resolveRoute = (hostname, world) => resolve(hostname, {
        ...world,
        customHostname: (name) => { const found = world.customHostname(name); return found && found.status === 'pending' ? { ...found, status: 'active' } : found; },
      });
    },
  },
];
