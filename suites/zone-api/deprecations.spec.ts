// Versioning: the base path carries v4, and nothing outside it answers as an operation. The rows of
// the deprecation table have their specs in the areas they concern (fixtures/deprecations.json
// says which); the rows whose after-date behaviour the spec does not state are catalogued as such.

import { expect } from 'vitest';
import { expectFailure, expectSuccess } from '../../src/spec-kit/expect.js';
import { spec } from '../../src/spec-kit/spec.js';

const VERSIONED = /\/client\/v4$/;

spec('ZM-DEP-BASE-PATH-V4', 'the base URL ends in /client/v4 and the operations answer under it', async ({ api, target, zone }) => {
  expect(target.baseUrl, 'the base URL of the target').toMatch(VERSIONED);
  expectSuccess(await api.get(zone.path('/filters')), 'GET {base_url}/zones/{zone_id}/filters');
});

spec('ZM-DEP-OUTSIDE-BASE-PATH-ENVELOPE', 'a request outside /client/v4 is an error in the envelope', async ({ api, target, zone }) => {
  const root = target.baseUrl.replace(VERSIONED, '');
  for (const base of [`${root}/client/v3`, `${root}/client/v5`, `${root}/client`, root]) {
    const response = await api.at(base).get(zone.path('/filters'));
    expectFailure(response, `GET ${base.slice(root.length) || '(no base path)'}/zones/{zone_id}/filters`);
  }
});
