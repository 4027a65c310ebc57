// What a spec file declares, recorded without vitest: while specs are only listed (`specgate
// list`), this module stands in for 'vitest' in the spec files and the spec kit (list-hooks.mjs
// redirects the import). `describe` and `test` record what is declared and nothing runs; no
// target, no adapter, no test worker. Starting vitest to collect the same (a server, a transform
// pipeline, a pool of workers) took 15 to 35 s on this machine under load.
//
// Names and order follow vitest's collector (@vitest/runner): a describe block's body runs after
// the module that declares it has finished loading, its own blocks after it, and a test's name is
// its blocks' names and its title joined with " > ". test/cli-conventions.test.ts holds this listing
// equal to vitest's own collection of the suites. What vitest would name by a format (`test.each`,
// `describe.for`) is refused with a clear error rather than named differently.

type Meta = Record<string, unknown>;

interface DeclaredTest { kind: 'test'; name: string; meta: Meta }
interface DeclaredBlock { kind: 'block'; name: string; meta: Meta; body: (() => unknown) | undefined; children: Declared[] }
type Declared = DeclaredTest | DeclaredBlock;

/**
 * A test as a spec file declared it: its full name (blocks and title joined by " > "), the name
 * --grep matches (joined by spaces, as vitest's testNamePattern sees it: core/records.ts grepName)
 * and its metadata.
 */
export interface DeclaredSpec { name: string; grepName: string; meta: Meta }

let current: DeclaredBlock | undefined;

function currentBlock(): DeclaredBlock {
  if (!current) throw new Error('a spec was declared outside the loading of a spec file (specs are being listed, not run)');
  return current;
}

/** vitest's formatName: a string as it is, a function or class by its name. */
const nameOf = (name: unknown): string =>
  (typeof name === 'string' ? name : typeof name === 'function' ? (name as { name?: string }).name || '<anonymous>' : String(name));

/** vitest's arguments: (name, options, body) or (name, body, timeout). */
function parse(optionsOrBody: unknown, bodyOrTimeout: unknown): { options: { meta?: Meta }; body: (() => unknown) | undefined } {
  const options = optionsOrBody !== null && typeof optionsOrBody === 'object' ? optionsOrBody as { meta?: Meta } : {};
  const body = [optionsOrBody, bodyOrTimeout].find((arg) => typeof arg === 'function') as (() => unknown) | undefined;
  return { options, body };
}

function declareTest(name: unknown, optionsOrBody?: unknown, bodyOrTimeout?: unknown): void {
  const block = currentBlock();
  const { options } = parse(optionsOrBody, bodyOrTimeout);
  block.children.push({ kind: 'test', name: nameOf(name), meta: { ...block.meta, ...options.meta } });
}

function declareBlock(name: unknown, optionsOrBody?: unknown, bodyOrTimeout?: unknown): void {
  const block = currentBlock();
  const { options, body } = parse(optionsOrBody, bodyOrTimeout);
  block.children.push({ kind: 'block', name: nameOf(name), meta: { ...block.meta, ...options.meta }, body, children: [] });
}

const unsupported = (what: string) => () => {
  throw new Error(`${what} is not supported while specs are listed: declare each spec with spec(), datedSpec() or storageSpec()`);
};

type Declarer = typeof declareTest;
/**
 * vitest's chainable API: every modifier declares the same test or block (a skipped or todo test
 * is listed too, as vitest lists it); `extend` gives a test function with fixtures, here the same.
 */
function chainable<T extends Declarer>(declare: T, kind: string): T & Record<string, unknown> {
  const fn = ((...args: Parameters<Declarer>) => declare(...args)) as T & Record<string, unknown>;
  for (const modifier of ['skip', 'only', 'todo', 'concurrent', 'sequential', 'fails', 'shuffle']) {
    Object.defineProperty(fn, modifier, { get: () => chainable(declare, kind) });
  }
  const same = () => chainable(declare, kind);
  return Object.assign(fn, { runIf: same, skipIf: same, extend: same, each: unsupported(`${kind}.each`), for: unsupported(`${kind}.for`) });
}

export const test = chainable(declareTest, 'test');
export const it = test;
export const describe = chainable(declareBlock, 'describe');
export const suite = describe;

// What a spec file or the spec kit may call while it loads; nothing of it runs while listing.
const nothing = (): void => {};
export const beforeAll = nothing;
export const afterAll = nothing;
export const beforeEach = nothing;
export const afterEach = nothing;
export const onTestFailed = nothing;
export const onTestFinished = nothing;
/** No run provides anything: the spec kit takes that as "specs are only listed". */
export const inject = (_key: string): undefined => undefined;
export const expect = Object.assign(unsupported('expect outside a test'), { soft: unsupported('expect.soft outside a test') });

/**
 * The specs a spec file declares: `load` imports it (its top-level describe and test calls land
 * in a fresh root), then the blocks' bodies run, each after its parent's, as vitest collects them.
 */
export async function declaredSpecs(load: () => Promise<unknown>): Promise<DeclaredSpec[]> {
  const root: DeclaredBlock = { kind: 'block', name: '', meta: {}, body: undefined, children: [] };
  current = root;
  try {
    await load();
    await collect(root);
  } finally {
    current = undefined;
  }
  return flatten(root.children, []);
}

async function collect(block: DeclaredBlock): Promise<void> {
  if (block.body) {
    const parent = current;
    current = block;
    try {
      await block.body();
    } finally {
      current = parent;
    }
  }
  for (const child of block.children) if (child.kind === 'block') await collect(child);
}

function flatten(children: Declared[], path: string[]): DeclaredSpec[] {
  return children.flatMap((child) => (child.kind === 'test'
    ? [{ name: [...path, child.name].join(' > '), grepName: [...path, child.name].join(' '), meta: child.meta }]
    : flatten(child.children, [...path, child.name])));
}
