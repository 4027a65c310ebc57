// The blind variants the suite misses are real breaks: for each, one scenario against the unhooked
// reference and against the variant, whose answers differ. (A miss recorded in
// test/blind/zone-api/index.ts is then the suite's, not a hook that did nothing.)

import { afterEach, describe, expect, it } from 'vitest';
import { Probe, type Answer } from './blind/zone-api/probe.js';
import type { BlindVariant, Json } from './blind/zone-api/variant.js';
import { BLIND_VARIANTS } from './blind/zone-api/variants.js';
import { BLIND_OUTCOMES } from './blind/zone-api/index.js';

const DAY = 24 * 60 * 60 * 1000;
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

/** An active custom hostname (its CNAME points at the zone) in a zone whose clock stands at T0. */
async function activeHostname(probe: Probe, hostname: string): Promise<{ zone: string; id: string; zoneName: string }> {
  const zone = await probe.zone({ now: T0 });
  const zoneName = (result(await probe.control('GET', `/zones/${zone}`)).name as string);
  await probe.control('PUT', `/dns/${hostname}`, { cname: zoneName });
  const id = result(await probe.api('POST', `/zones/${zone}/custom_hostnames`, { hostname, ssl: SSL })).id as string;
  return { zone, id, zoneName };
}

async function moved(probe: Probe): Promise<{ zone: string; id: string; zoneName: string }> {
  const hostname = await activeHostname(probe, 'app.customer.example');
  await probe.control('PUT', '/dns/app.customer.example', { cname: 'elsewhere.example' });
  return hostname;
}

const cases: [name: string, observe: (probe: Probe) => Promise<unknown>][] = [
  ['rate limit: an issuance exactly a minute old still counts', async (p) => {
    const zone = await p.zone({ now: T0 });
    await hostnames(p, zone, 15);
    await p.control('POST', '/clock/advance', { ms: 60_000, zones: [zone] });
    return (await hostnames(p, zone, 1, 'late'))[0];
  }],
  ['rate limit: penalty still on at exactly 30 s', async (p) => {
    const zone = await p.zone({ now: T0 });
    await hostnames(p, zone, 15);
    // The refusal 31 s after the 15: at its 30 s the 15 are out of the minute.
    await p.control('POST', '/clock/advance', { ms: 31_000, zones: [zone] });
    await hostnames(p, zone, 1, 'refused');
    await p.control('POST', '/clock/advance', { ms: 30_000, zones: [zone] });
    return (await hostnames(p, zone, 1, 'late'))[0];
  }],
  ['moved: still there at exactly 7 days', async (p) => {
    const { zone, id } = await moved(p);
    await p.control('POST', '/clock/advance', { ms: 7 * DAY, zones: [zone] });
    return (await p.api('GET', `/zones/${zone}/custom_hostnames/${id}`)).status;
  }],
  ['caa: issuewild entries ignored', async (p) => {
    const zone = await p.zone({ now: T0 });
    const zoneName = result(await p.control('GET', `/zones/${zone}`)).name as string;
    const { preferred } = result(await p.control('GET', '/certificate_authorities')) as { preferred: { caa_domain: string } };
    await p.control('PUT', '/dns/*.shop.example', { cname: zoneName, caa: [{ tag: 'issue', value: preferred.caa_domain }, { tag: 'issuewild', value: 'nobody.example' }] });
    return result(await p.api('POST', `/zones/${zone}/custom_hostnames`, { hostname: '*.shop.example', ssl: SSL })).status;
  }],
  ['wildcard: shadowed only by a standalone zone of exactly that name', async (p) => {
    const { zone } = await activeHostname(p, '*.brand.example');
    await p.control('PUT', `/zones/${zone}/fallback_origin`, { origin: 'origin.example', dns_record: true });
    await p.control('POST', '/standalone_zones', { domain: 'brand.example' });
    return result(await p.control('GET', '/route/shop.brand.example'));
  }],
  ['wildcard: names nested below a standalone zone not shadowed', async (p) => {
    const { zone } = await activeHostname(p, '*.eu.brand.example');
    await p.control('PUT', `/zones/${zone}/fallback_origin`, { origin: 'origin.example', dns_record: true });
    await p.control('POST', '/standalone_zones', { domain: 'brand.example' });
    return result(await p.control('GET', '/route/shop.eu.brand.example'));
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
