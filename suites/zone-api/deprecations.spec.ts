// Versioning: the base path carries v4, and nothing outside it answers as an operation. The rows of
// the deprecation table have their specs in the areas they concern (fixtures/deprecations.json
// says which); the rows whose after-date behaviour the spec does not state are catalogued as such.

import { expect } from 'vitest';
import { expectArray, expectFailure } from '../../src/spec-kit/expect.js';
import { spec } from '../../src/spec-kit/spec.js';

const VERSIONED = /\/client\/v4$/;

spec('ZM-DEP-BASE-PATH-V4', 'the base URL ends in /client/v4 and the operations answer under it', async ({ api, target, zone }) => {
  expect(target.baseUrl, 'the base URL of the target').toMatch(VERSIONED);
  expectArray(await api.get(zone.path('/filters')), 'GET {base_url}/zones/{zone_id}/filters');
  // The version is part of the path: the same operation under another version is not this API.
  const v3 = await api.at(target.baseUrl.replace(VERSIONED, '/client/v3')).get(zone.path('/filters'));
  expect(v3.status >= 400 || v3.body?.success !== true, `GET /client/v3/zones/{zone_id}/filters must not be the operation; got HTTP ${v3.status} ${v3.text.slice(0, 300)}`).toBe(true);
});

spec('ZM-DEP-OUTSIDE-BASE-PATH-ENVELOPE', 'a request outside /client/v4 is an error in the envelope', async ({ api, target, zone }) => {
  const root = target.baseUrl.replace(VERSIONED, '');
  for (const base of [`${root}/client/v3`, `${root}/client/v5`, `${root}/client`, root]) {
    const response = await api.at(base).get(zone.path('/filters'));
    expectFailure(response, `GET ${base.slice(root.length) || '(no base path)'}/zones/{zone_id}/filters`);
  }
  expectArray(await api.get(zone.path('/filters')), 'positive control: the same request under /client/v4');
});
