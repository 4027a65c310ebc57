// Violates: "prefix | string | Only keys beginning with the prefix" with "limit | number | Maximum pairs returned" (list options).
// Misreading: limit bounds the pairs read from the range, and the prefix then filters those, so
// fewer than limit pairs come back while more keys with the prefix exist.
import { blindVariant, kvEverywhere, listRules, listSelecting } from './support.js';

function select(ascending: string[], o: any): string[] {
  const inRange = ascending.filter((key) => listRules.afterStart(key, o) && listRules.beforeEnd(key, o));
  return listRules.orderAndLimit(inRange, o).filter((key) => listRules.hasPrefix(key, o));
}

export default blindVariant('list-limit-before-prefix', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
