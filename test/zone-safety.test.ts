// The guard of zones the run does not own (src/core/zone-safety.ts) over the zone suite's list of
// guarded requests (requirements/zone-api/zone-safety.ts): which requests it holds back, where, and why.
// The whole-suite proof against the served reference is test/no-control-safety.test.ts.

import { describe, expect, it } from 'vitest';
import { guardedEffect, refusal, type ForeignZone } from '../src/core/zone-safety.js';
import { GUARDED_REQUESTS } from '../requirements/zone-api/zone-safety.js';

const ZONE = 'a'.repeat(32);
const zones = (allow: ForeignZone['allow'] = []): ForeignZone[] => [{ plan: 'enterprise', id: ZONE, name: 'example.test', allow }];
const verdict = (method: string, path: string, body: unknown, allow: ForeignZone['allow'] = []) => {
  const hit = guardedEffect(GUARDED_REQUESTS, method, path, body);
  return hit && refusal(hit, zones(allow));
};

describe('requests a zone the run does not own must not get', () => {
  it('holds back a combined create that makes its filter, not one naming a filter id, nor a filter of the filters endpoint', () => {
    const combined = [{ filter: { expression: 'ip.src eq 192.0.2.1' }, action: 'block' }];
    expect(verdict('POST', `/zones/${ZONE}/firewall/rules`, combined)).toBe(
      'not run in zone example.test (zones.enterprise), which the run does not own: it creates a filter through a combined create, which the API then refuses to delete (combined create, rule 4); to allow it there, add \'undeletable-objects\' to zones.enterprise.allow in specgate.config.ts');
    expect(verdict('POST', `/zones/${ZONE}/firewall/rules`, [{ filter: { id: 'f'.repeat(32) }, action: 'block' }])).toBeUndefined();
    expect(verdict('POST', `/zones/${ZONE}/filters`, [{ expression: 'ip.src eq 192.0.2.1' }])).toBeUndefined();
    expect(verdict('POST', `/zones/${ZONE}/firewall/rules`, combined, ['undeletable-objects']), 'allowed there').toBeUndefined();
    expect(verdict('POST', `/zones/${ZONE}/firewall/rules`, combined, ['cert-quota']), 'another effect allowed is not this one').toMatch(/^not run in zone example\.test/);
  });

  it('holds back custom hostnames (the quota) and settings unless allowed, and names a zone the config does not give by its id', () => {
    expect(verdict('POST', `/zones/${ZONE}/custom_hostnames`, { hostname: 'a.example' })).toMatch(/certificate issuance quota; to allow it there, add 'cert-quota'/);
    expect(verdict('POST', `/zones/${ZONE}/custom_hostnames`, { hostname: 'a.example' }, ['cert-quota'])).toBeUndefined();
    expect(verdict('POST', `/zones/${ZONE}/custom_hostnames/`, { hostname: 'a.example' }), 'with a trailing slash, the same route').toMatch(/certificate issuance quota/);
    expect(verdict('POST', '/accounts/', { name: 'x' }, ['zone-settings', 'cert-quota', 'undeletable-objects'])).toMatch(/creates an account/);
    expect(verdict('PATCH', `/zones/${ZONE}/settings/brotli`, { value: 'on' })).toMatch(/changes a zone-wide setting; to allow it there, add 'zone-settings'/);
    expect(verdict('PATCH', `/zones/${ZONE}/dns_settings`, {}, ['zone-settings'])).toBeUndefined();
    expect(verdict('PATCH', `/zones/${ZONE}/firewall/waf/packages/p1/rules/r1`, { mode: 'block' })).toMatch(/previous WAF managed rules/);
    expect(verdict('GET', `/zones/${ZONE}/settings`, undefined), 'reads are never held back').toBeUndefined();
    expect(verdict('POST', `/zones/${ZONE}/firewall/waf/overrides`, { urls: ['shop.example.com/*'] })).toMatch(/URI-based override .*; to allow it there, add 'zone-settings'/);
    const elsewhere = guardedEffect(GUARDED_REQUESTS, 'POST', `/zones/${'b'.repeat(32)}/custom_hostnames`, {});
    expect(elsewhere && refusal(elsewhere, zones(['cert-quota']))).toMatch(new RegExp(`^not run in zone ${'b'.repeat(32)}, which the run does not own: .*zones\\.<plan>\\.allow`));
  });

  it('never lets the WAF migration or an account through, whatever the zone allows', () => {
    const all: ForeignZone['allow'] = ['zone-settings', 'cert-quota', 'undeletable-objects'];
    const entrypoint = `/zones/${ZONE}/rulesets/phases/http_request_firewall_managed/entrypoint`;
    expect(verdict('PUT', `${entrypoint}?waf_migration=pending&phase_two=1`, { rules: [] }, all)).toMatch(/migrates the zone to the new WAF managed rules, which is one-way and is never started in a zone the run did not create/);
    expect(verdict('PUT', entrypoint, { rules: [] }), 'without waf_migration: the zone\'s entry point, a setting').toMatch(/replaces the zone's managed rules entry point; to allow it there, add 'zone-settings'/);
    expect(verdict('PUT', entrypoint, { rules: [] }, all)).toBeUndefined();
    expect(verdict('POST', '/accounts', { name: 'x' }, all)).toBe('not run on a target without a control API: it creates an account, which the API cannot delete (the target\'s accounts are its owner\'s)');
    expect(verdict('PUT', `/accounts/${ZONE}`, { name: 'x' }, all)).toMatch(/^not run on a target without a control API: it changes an account/);
  });
});
