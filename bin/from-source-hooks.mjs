// Node module hooks for specgate run from its TypeScript sources (bin/specgate.mjs without dist/):
// every import resolves with the 'specgate-source' condition, under which package.json's exports
// (specgate/config, specgate/storage, specgate/scenarios) name the .ts sources instead of dist/.
// A user's config or adapter in a checkout imports them as it would from the installed package.

export async function resolve(specifier, context, nextResolve) {
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, 'specgate-source'] });
}
