// Violates: "Value | any type supported by the structured clone algorithm, at most 128 KiB".
// Misreading: values are serialized as JSON, so a Date comes back as a string, a Map as {}, and
// so on (what JSON keeps is kept).
import { blindVariant, kvEverywhere, putArguments } from './support.js';

const throughJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value) ?? 'null'));

export default blindVariant('value-json-not-clone', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      const { entries, options, single } = putArguments(first, second, third);
      const converted = entries.map(([key, value]): [string, unknown] => [key, throughJson(value)]);
      return single ? base.put(converted[0]![0], converted[0]![1], options) : base.put(Object.fromEntries(converted), options);
    },
  })),
});
