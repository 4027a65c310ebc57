// The HTTP client deletes what a spec created from what its suite declares (requirements/declarations.ts,
// requirements/zone-api/cleanup.ts), without knowing the API: objects POSTed to a declared collection,
// and what an object brings with it, deleted after it (a firewall rule before its filter).

import { describe, expect, it } from 'vitest';
import { CreatedObjects } from '../src/spec-kit/api-client.js';
import { CREATING_COLLECTIONS } from '../requirements/zone-api/cleanup.js';
import { SUITES } from '../src/catalog/suites.js';

const ZONE = 'http://target.test/client/v4/zones/z1';

describe('cleanup of what a spec created', () => {
  it('deletes, newest first, every item a declared collection answered, and a rule before the filter it brought', () => {
    const created = new CreatedObjects(CREATING_COLLECTIONS);
    created.noteCreation(`${ZONE}/filters`, [{ id: 'f1' }]);
    created.noteCreation(`${ZONE}/firewall/rules`, [{ id: 'r1', filter: { id: 'f2' } }, { id: 'r2', filter: { id: 'f3' } }]);
    created.noteCreation(`${ZONE}/custom_hostnames`, { id: 'h 1' });
    expect(created.drain()).toEqual([
      `${ZONE}/custom_hostnames/h%201`,
      `${ZONE}/firewall/rules/r2`, `${ZONE}/filters/f3`,
      `${ZONE}/firewall/rules/r1`, `${ZONE}/filters/f2`,
      `${ZONE}/filters/f1`,
    ]);
    expect(created.drain(), 'each is taken once').toEqual([]);
  });

  it('deletes in waves of independent objects: the filters, which rules may protect, after every other object', () => {
    const created = new CreatedObjects(CREATING_COLLECTIONS);
    created.noteCreation(`${ZONE}/filters`, [{ id: 'f1' }]);
    created.noteCreation(`${ZONE}/firewall/rules`, [{ id: 'r1', filter: { id: 'f2' } }]);
    created.noteCreation(`${ZONE}/dns_records`, { id: 'd1' });
    expect(created.drainInWaves()).toEqual([
      [`${ZONE}/dns_records/d1`, `${ZONE}/firewall/rules/r1`],
      [`${ZONE}/filters/f2`, `${ZONE}/filters/f1`],
    ]);
    expect(created.drainInWaves(), 'each is taken once').toEqual([]);
    created.noteCreation(`${ZONE}/filters`, [{ id: 'f3' }]);
    expect(created.drainInWaves(), 'no empty wave').toEqual([[`${ZONE}/filters/f3`]]);
  });

  it('leaves what a zone of the spec\'s own (created through the control API) holds: only the other zones\' objects are deleted', () => {
    const created = new CreatedObjects(CREATING_COLLECTIONS, (zoneId) => zoneId === 'own 1');
    created.noteCreation('http://target.test/client/v4/zones/own%201/filters', [{ id: 'f1' }]);
    created.noteCreation('http://target.test/client/v4/zones/own%201/firewall/rules', [{ id: 'r1', filter: { id: 'f2' } }]);
    created.noteCreation(`${ZONE}/custom_hostnames`, { id: 'h1' });
    expect(created.drain()).toEqual([`${ZONE}/custom_hostnames/h1`]);
  });

  it('ignores what no declared collection answered, and items without an id', () => {
    const created = new CreatedObjects(CREATING_COLLECTIONS);
    created.noteCreation(`${ZONE}/settings/minify`, { id: 'minify' });
    created.noteCreation(`${ZONE}/filters/f1`, { id: 'f1' });
    created.noteCreation(`${ZONE}/filters`, [{ id: '' }, null, { name: 'no id' }]);
    expect(created.drain()).toEqual([]);
    // Positive control: the same client does note a declared collection's answer.
    created.noteCreation(`${ZONE}/dns_records`, { id: 'd1' });
    expect(created.drain()).toEqual([`${ZONE}/dns_records/d1`]);
  });

  it('the zone API suite declares its collections to the spec kit', () => {
    expect(SUITES['zone-api'].cleanup).toBe(CREATING_COLLECTIONS);
    expect(CREATING_COLLECTIONS.map((c) => c.path).sort()).toEqual(['custom_hostnames', 'dns_records', 'filters', 'firewall/rules', 'firewall/waf/overrides']);
  });
});
