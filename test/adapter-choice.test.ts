// --adapter's names are parsed against one list, BUILTIN_ADAPTER_NAMES (core/adapter-module.ts): a
// bundled adapter added there is accepted by name, with nothing else to keep in step (a second,
// hand-written list of names once refused a newly added adapter with "did you mean" itself).

import { describe, expect, it } from 'vitest';
import { parseAdapterChoices } from '../src/core/adapter-choice.js';
import { BUILTIN_ADAPTER_NAMES } from '../src/core/adapter-module.js';

describe('--adapter names', () => {
  it('accepts every built-in adapter by name, as that adapter', () => {
    for (const name of BUILTIN_ADAPTER_NAMES) {
      const [choice] = parseAdapterChoices(name);
      expect(choice, name).toEqual(name === 'workerd' ? { kind: 'workerd', given: name } : { kind: 'builtin', name, given: name });
    }
  });

  it('(control) refuses a name no list has, naming the known ones', () => {
    expect(() => parseAdapterChoices('reference-kw')).toThrow(/no built-in adapter named "reference-kw" \(did you mean reference-kv\?\)/);
  });

  it('reference is both reference backends; workerd@DATE is workerd at that date', () => {
    expect(parseAdapterChoices('reference').map((c) => c.kind === 'builtin' && c.name)).toEqual(['reference-kv', 'reference-sqlite']);
    expect(parseAdapterChoices('workerd@2025-07-18')).toEqual([{ kind: 'workerd', date: '2025-07-18', given: 'workerd@2025-07-18' }]);
  });
});
