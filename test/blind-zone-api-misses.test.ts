// The blind variants the suite misses are real breaks: for each, one scenario against the unhooked
// reference and against the variant, whose answers differ. (A miss recorded in
// test/blind/zone-api/index.ts is then the suite's, not a hook that did nothing.)

import { afterEach, describe, expect, it } from 'vitest';
import { Probe, type Answer } from './blind/zone-api/probe.js';
import type { BlindVariant, Json } from './blind/zone-api/variant.js';
import { BLIND_VARIANTS } from './blind/zone-api/variants.js';
import { BLIND_OUTCOMES } from './blind/zone-api/index.js';

const SSL = { method: 'txt', type: 'dv', certificate_authority: '' };
const T0 = '2026-01-05T00:00:00.000Z';
const variant = (name: string): BlindVariant => BLIND_VARIANTS.find((v) => v.name === name)!;
const result = (answer: Answer) => answer.body.result as Json;

let probes: Probe[] = [];
afterEach(async () => { await Promise.all(probes.map((p) => p.close())); probes = []; });

/** Runs the scenario against the reference and against the variant; returns both observations. */
async function both<T>(name: string, scenario: (probe: Probe) => Promise<T>): Promise<[reference: T, broken: T]> {
  const reference = await Probe.start();
  const broken = await Probe.start(variant(name).customize);
  probes.push(reference, broken);
  return [await scenario(reference), await scenario(broken)];
}

async function hostnames(probe: Probe, zone: string, count: number, prefix = 'h'): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await probe.api('POST', `/zones/${zone}/custom_hostnames`, { hostname: `${prefix}${i}.customer.example`, ssl: SSL })).status);
  return statuses;
}

// Helpers of the third round's scenarios.
const DAY = 24 * 60 * 60 * 1000;
const CUSTOMER = 'customer.example';

/** The zone's name (the CNAME target that validates its custom hostnames). */
async function zoneName(probe: Probe, zone: string): Promise<string> {
  return result(await probe.control('GET', `/zones/${zone}`)).name as string;
}

/** A custom hostname pointing at the zone (active); returns its id. */
async function activeHostname(probe: Probe, zone: string, hostname: string): Promise<string> {
  await probe.control('PUT', `/dns/${hostname}`, { cname: await zoneName(probe, zone) });
  return result(await probe.api('POST', `/zones/${zone}/custom_hostnames`, { hostname, ssl: SSL })).id as string;
}

const moveAway = (probe: Probe, hostname: string) => probe.control('PUT', `/dns/${hostname}`, { cname: 'elsewhere.example' });
const advance = (probe: Probe, zone: string, ms: number) => probe.control('POST', '/clock/advance', { ms, zones: [zone] });
const hostnameStatus = async (probe: Probe, zone: string, id: string) => (await probe.api('GET', `/zones/${zone}/custom_hostnames/${id}`)).status;

/** The managed rules configuration of the zone, as the migration proposes it (phase two). */
async function wafConfig(probe: Probe, zone: string): Promise<Json> {
  return result(await probe.api('GET', `/zones/${zone}/waf_migration/config?phase_two=1`));
}
const ENTRYPOINT = (zone: string, query: string) => `/zones/${zone}/rulesets/phases/http_request_firewall_managed/entrypoint?${query}`;

const cases: [name: string, observe: (probe: Probe) => Promise<unknown>][] = [
  ['rate limit: an issuance exactly a minute old still counts', async (p) => {
    const zone = await p.zone({ now: T0 });
    await hostnames(p, zone, 15);
    await p.control('POST', '/clock/advance', { ms: 60_000, zones: [zone] });
    return (await hostnames(p, zone, 1, 'late'))[0];
  }],
  ['dns: zone_id and zone_name returned through 2024-11-30', async (p) => {
    const zone = await p.zone({ now: '2024-11-30T12:00:00.000Z' });
    return 'zone_id' in result(await p.api('POST', `/zones/${zone}/dns_records`, { type: 'A', name: 'www', content: '192.0.2.1', ttl: 1 }));
  }],
  ['dns: SRV data.service refused before 2024-05-31', async (p) => {
    const zone = await p.zone({ now: '2024-05-01T00:00:00.000Z' });
    const data = { service: '_sip', proto: '_tcp', name: 'www', priority: 1, weight: 2, port: 5060, target: 'sip.example.com' };
    return (await p.api('POST', `/zones/${zone}/dns_records`, { type: 'SRV', data, ttl: 1 })).status;
  }],
  // The third round (test/blind/zone-api/variants/round3.ts).
  ['auth: bearer token refused on account-scoped paths', async (p) => (await p.api('GET', '/accounts')).status],
  ['moved: a PATCH that leaves it moved restarts the 7 days', async (p) => {
    const zone = await p.zone({ now: T0 });
    const id = await activeHostname(p, zone, `shop.${CUSTOMER}`);
    await moveAway(p, `shop.${CUSTOMER}`);
    await advance(p, zone, 6 * DAY);
    await p.api('PATCH', `/zones/${zone}/custom_hostnames/${id}`, { ssl: SSL });
    await advance(p, zone, DAY);
    return hostnameStatus(p, zone, id);
  }],
  ['moved: every DNS change restarts the 7 days', async (p) => {
    const zone = await p.zone({ now: T0 });
    const id = await activeHostname(p, zone, `shop.${CUSTOMER}`);
    await moveAway(p, `shop.${CUSTOMER}`);
    await advance(p, zone, 6 * DAY);
    await p.control('PUT', `/dns/shop.${CUSTOMER}`, { cname: 'another.example' });
    await advance(p, zone, DAY);
    return hostnameStatus(p, zone, id);
  }],
  ['moved: a second move keeps the date of the first', async (p) => {
    const zone = await p.zone({ now: T0 });
    const id = await activeHostname(p, zone, `shop.${CUSTOMER}`);
    await moveAway(p, `shop.${CUSTOMER}`);
    await advance(p, zone, 3 * DAY);
    await p.control('PUT', `/dns/shop.${CUSTOMER}`, { cname: await zoneName(p, zone) });
    await p.api('PATCH', `/zones/${zone}/custom_hostnames/${id}`, { ssl: SSL });
    await advance(p, zone, DAY);
    await moveAway(p, `shop.${CUSTOMER}`);
    await advance(p, zone, 3 * DAY);
    return hostnameStatus(p, zone, id);
  }],
  ['hold: releasing the hold leaves the hostname blocked until a PATCH', async (p) => {
    const zone = await p.zone();
    await p.control('POST', '/holds', { domain: CUSTOMER, include_subdomains: true });
    const id = await activeHostname(p, zone, `shop.${CUSTOMER}`);
    await p.control('DELETE', `/holds/${CUSTOMER}`);
    return result(await p.api('GET', `/zones/${zone}/custom_hostnames/${id}`)).status;
  }],
  ['rate limit: a PATCH counts as an issuance', async (p) => {
    const zone = await p.zone({ now: T0 });
    const id = await activeHostname(p, zone, `shop.${CUSTOMER}`);
    for (let i = 0; i < 14; i++) await p.api('PATCH', `/zones/${zone}/custom_hostnames/${id}`, { ssl: SSL });
    return (await hostnames(p, zone, 1, 'after-patches'))[0];
  }],
  ['filters: PUT refused on every filter a rule uses', async (p) => {
    const zone = await p.zone();
    const [filter] = result(await p.api('POST', `/zones/${zone}/filters`, [{ expression: 'ip.src eq 192.0.2.1' }])) as unknown as Json[];
    await p.api('POST', `/zones/${zone}/firewall/rules`, [{ filter: { id: filter!.id }, action: 'block' }]);
    return (await p.api('PUT', `/zones/${zone}/filters/${filter!.id}`, { expression: 'ip.src eq 192.0.2.2' })).status;
  }],
  ['waf: a refused validation PUT still enters validation mode', async (p) => {
    const zone = await p.zone();
    const config = await wafConfig(p, zone);
    await p.api('POST', `/zones/${zone}/firewall/waf/overrides`, { urls: ['shop.example/*'] });
    await p.api('PUT', ENTRYPOINT(zone, 'waf_migration=validation&phase_two=1'), config);
    return result(await p.api('GET', `/zones/${zone}/waf_migration/status`)).migration_state;
  }],
  ['waf: 4 KB counted over all expressions together', async (p) => {
    const zone = await p.zone();
    const expression = `http.request.uri.path eq "/${'a'.repeat(2990)}"`;
    await p.control('PUT', `/zones/${zone}/waf_legacy`, { firewall_rules: [{ expression }, { expression }] });
    return result(await p.api('GET', `/zones/${zone}/waf_migration/check?phase_two=1`)).compatible;
  }],
  ['zone settings: cname_flattening left out of /settings after 2025-03-21', async (p) => {
    const zone = await p.zone({ now: '2025-04-07T00:00:00.000Z' });
    return (result(await p.api('GET', `/zones/${zone}/settings`)) as unknown as Json[]).map((s) => s.id);
  }],
  ['zone settings: privacy_pass still listed in /settings after 2024-03-31', async (p) => {
    const zone = await p.zone({ now: '2024-04-08T00:00:00.000Z' });
    return (result(await p.api('GET', `/zones/${zone}/settings`)) as unknown as Json[]).map((s) => s.id);
  }],
];

describe('every blind variant the suite misses differs from the reference', () => {
  it('covers exactly the variants recorded as missed', () => {
    const missed = Object.entries(BLIND_OUTCOMES).filter(([, outcome]) => 'missed' in outcome).map(([name]) => name).sort();
    expect(cases.map(([name]) => name).sort()).toEqual(missed);
  });

  it.each(cases)('%s', async (name, observe) => {
    const [reference, broken] = await both(name, observe);
    expect(broken).not.toEqual(reference);
  });
});
