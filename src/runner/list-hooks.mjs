// Node module hooks for `specgate list` (registered by list.ts): the spec files' and the spec
// kit's import of 'vitest' resolves to declarations.ts, which records what they declare. Plain
// JavaScript: a hooks module is loaded before, and apart from, tsx's TypeScript loader.

let standIn;
let importers = [];

/** data: { standIn: URL of declarations.ts, importers: URL prefixes whose 'vitest' is redirected }. */
export function initialize(data) {
  standIn = data.standIn;
  importers = data.importers;
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'vitest' && importers.some((prefix) => context.parentURL?.startsWith(prefix))) {
    return { url: standIn, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
