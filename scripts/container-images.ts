// `npm run container-images`: the reference server's image, built without an image registry.
//
// Where Docker Hub is out of reach (this project's CI), FROM node:24-bookworm-slim cannot be pulled.
// Three images are made instead, the first two tagged with a hash of their inputs and skipped when
// present:
//
// 1. specgate-node-base: the machine's own node binary (the one running this script) and the shared
//    libraries `ldd` lists for it, an /etc/passwd with the user `node` (1000) of the official
//    images, and /tmp. Chosen over a debootstrap'd Debian: seconds instead of minutes, 100 MB, no
//    network, and exactly the node the host's node_modules were built for. It has no shell, npm or
//    compiler: enough to run node, not to install packages in (a native addon that needs a library
//    node itself does not link would not load; better-sqlite3 links only libc and libstdc++).
// 2. specgate-node-deps: the same plus the production dependencies of package.json in
//    /app/node_modules, taken from the host's node_modules (which `npm ci` built: better-sqlite3
//    compiled for this node and this C library). Installing them inside an image would need npm,
//    python3, make and g++ there, and better-sqlite3's prebuilt binaries come from GitHub.
// 3. specgate-reference: the repository's Dockerfile, target `prebuilt`, on specgate-node-deps:
//    the same image settings (user, port, command) as the default build for registry users. The
//    classic builder's layer cache makes a rebuild of unchanged sources take about a second.
//
// The first two are `docker import`s of a tar stream (one layer, written once): the 240 MB of
// node_modules took 45 s through `docker build` (context, COPY, commit) and 6 s imported.
//
// Exported for the container tests (test/container-engine.test.ts), which build once per run.

import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const run = promisify(execFile);

export const NODE_BASE_IMAGE = 'specgate-node-base';
export const NODE_DEPS_IMAGE = 'specgate-node-deps';
export const REFERENCE_IMAGE = 'specgate-reference';

export interface BuiltImage { tag: string; built: boolean; seconds: number }
type Log = (line: string) => void;

/** docker CLI, its stdout; the error carries docker's own last line. */
async function docker(args: string[], input?: string): Promise<string> {
  if (input !== undefined) return pipeInto(['docker', ...args], input);
  try {
    return (await run('docker', args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`docker ${args.slice(0, 2).join(' ')} failed: ${stderr.split('\n').pop() || (error as Error).message}`);
  }
}

function pipeInto(command: string[], input: string | NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command.slice(0, 3).join(' ')} exited ${code}: ${(stderr.trim() || stdout.trim()).split('\n').pop()}`))));
    if (typeof input === 'string') child.stdin.end(input);
    else input.pipe(child.stdin);
  });
}

/** The image's ID, or undefined when the engine has no such image. */
async function imageId(tag: string): Promise<string | undefined> {
  return run('docker', ['image', 'inspect', '--format', '{{.Id}}', tag]).then(({ stdout }) => stdout.trim(), () => undefined);
}

export const imageExists = async (tag: string): Promise<boolean> => (await imageId(tag)) !== undefined;

/** Removes an image this script made before, now replaced (best effort: one a container uses stays). */
async function removeReplaced(id: string | undefined, by: string | undefined): Promise<void> {
  if (id !== undefined && id !== by) await run('docker', ['image', 'rm', id]).catch(() => undefined);
}

/** Builds `tag` unless present (its name carries the hash of its inputs), then points `name:latest` at it. */
async function buildIfAbsent(tag: string, log: Log, build: (tag: string) => Promise<void>): Promise<BuiltImage> {
  const started = Date.now();
  const present = await imageExists(tag);
  const latest = `${tag.split(':')[0]}:latest`;
  const previous = await imageId(latest);
  if (!present) await build(tag);
  await docker(['tag', tag, latest]);
  await removeReplaced(previous, await imageId(tag));
  const seconds = (Date.now() - started) / 1000;
  log(`${tag}: ${present ? 'present' : `built in ${seconds.toFixed(1)} s`}`);
  return { tag, built: !present, seconds };
}

const hashOf = (...parts: (string | Buffer)[]): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 12);
};

/** sha256 of a file's content, once per process (node's binary is 100 MB, and both images hash it). */
const digests = new Map<string, string>();
const fileDigest = (file: string): string => {
  if (!digests.has(file)) digests.set(file, createHash('sha256').update(readFileSync(file)).digest('hex'));
  return digests.get(file)!;
};

/** The shared libraries the dynamic linker loads for these binaries (ldd), the loader included. */
async function sharedLibraries(binaries: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const binary of binaries) {
    // A file named .node that is not a dynamic object (sharp's stub.node) needs no library.
    const { stdout } = await run('ldd', [binary]).catch((error: { stdout?: string; stderr?: string }) => {
      if (/not a dynamic executable/.test(`${error.stdout ?? ''}${error.stderr ?? ''}`)) return { stdout: '' };
      throw error;
    });
    for (const match of stdout.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)) found.add(match[1]!);
  }
  return [...found].sort();
}

/** Settings of the imported images (an import has no Dockerfile). */
const IMPORT_CHANGES = ['ENV PATH=/usr/local/bin:/usr/bin:/bin', 'CMD ["node"]'];
const PASSWD = 'root:x:0:0:root:/root:/usr/sbin/nologin\nnode:x:1000:1000::/home/node:/usr/sbin/nologin\n';
const GROUP = 'root:x:0:\nnode:x:1000:\n';

/** What goes into an image's root filesystem besides node_modules: node, libraries, users. */
interface NodeRootfs { node: string; libraries: string[]; hash: string }

async function nodeRootfs(addons: string[] = []): Promise<NodeRootfs> {
  const node = process.execPath;
  const libraries = await sharedLibraries([node, ...addons]);
  const hash = hashOf(IMPORT_CHANGES.join('\n'), PASSWD, GROUP, ...[node, ...libraries].flatMap((file) => [file, fileDigest(file)]));
  return { node, libraries, hash };
}

/** `docker import` of the rootfs, plus the given node_modules directories as /app/node_modules. */
async function importImage(tag: string, rootfs: NodeRootfs, packages: string[] = []): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'specgate-node-rootfs-'));
  try {
    const place = (from: string, to: string) => { mkdirSync(dirname(join(dir, to)), { recursive: true }); copyFileSync(from, join(dir, to)); };
    place(rootfs.node, '/usr/local/bin/node');
    // copyFileSync follows the .so symlinks. Libraries inside the project (sharp's libvips, next to
    // its addon) come with node_modules, and may live under /tmp (a clone there).
    for (const library of rootfs.libraries.filter((path) => !path.startsWith(ROOT))) place(library, library);
    mkdirSync(join(dir, 'etc'));
    writeFileSync(join(dir, 'etc/passwd'), PASSWD);
    writeFileSync(join(dir, 'etc/group'), GROUP);
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    chmodSync(join(dir, 'tmp'), 0o1777);
    const args = ['--create', '--file=-', '--owner=0', '--group=0', '--numeric-owner', '-C', dir, '.'];
    if (packages.length > 0) args.push('--transform', 's,^node_modules/,app/node_modules/,', '-C', ROOT, ...packages);
    const tar = spawn('tar', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    await pipeInto(['docker', 'import', ...IMPORT_CHANGES.flatMap((change) => ['--change', change]), '-', tag], tar.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 1. The machine's node in an image of its own. */
export async function buildNodeBaseImage(log: Log = () => {}): Promise<BuiltImage> {
  const rootfs = await nodeRootfs();
  return buildIfAbsent(`${NODE_BASE_IMAGE}:${process.version.slice(1)}-${rootfs.hash}`, log, (tag) => importImage(tag, rootfs));
}

/** Directories of the production dependencies in the host's node_modules (npm's own view), outermost only. */
async function productionPackages(): Promise<string[]> {
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const paths = stdout.split('\n').map((line) => relative(ROOT, line.trim())).filter((path) => path.startsWith('node_modules/')).sort();
  // A tar must not hold a directory twice (docker refuses it): nested packages go with their parent.
  return paths.filter((path, i) => !paths.slice(0, i).some((outer) => path.startsWith(`${outer}/`)));
}

/** Native addons (*.node) under these directories: their libraries go into the image too (rolldown's needs librt). */
function nativeAddons(directories: string[]): string[] {
  return directories.flatMap((directory) => (readdirSync(join(ROOT, directory), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.node') && !file.includes('obj.target'))
    .map((file) => join(ROOT, directory, file)));
}

/** 2. The base's files plus the host's production node_modules in /app/node_modules. */
export async function buildNodeDepsImage(log: Log = () => {}): Promise<BuiltImage> {
  const packages = await productionPackages();
  const rootfs = await nodeRootfs(nativeAddons(packages));
  // npm's record of what is installed (version and integrity of every package), not the sources.
  const installed = readFileSync(join(ROOT, 'node_modules/.package-lock.json'));
  const tag = `${NODE_DEPS_IMAGE}:${process.version.slice(1)}-${hashOf(rootfs.hash, installed, packages.join('\n'))}`;
  return buildIfAbsent(tag, log, (name) => importImage(name, rootfs, packages));
}

/** 3. The repository's Dockerfile, target prebuilt, on the deps image; docker's layer cache does the rest. */
export async function buildReferenceImage(deps: string, log: Log = () => {}): Promise<BuiltImage> {
  const started = Date.now();
  const tag = `${REFERENCE_IMAGE}:latest`;
  const previous = await imageId(tag);
  const id = (await docker(['build', '--quiet', '--target', 'prebuilt', '--build-arg', `NODE_IMAGE=${deps}`, '--tag', tag, ROOT])).trim();
  await removeReplaced(previous, id);
  const seconds = (Date.now() - started) / 1000;
  log(`${tag} (${id.replace(/^sha256:/, '').slice(0, 12)}): built from the Dockerfile in ${seconds.toFixed(1)} s`);
  return { tag, built: true, seconds };
}

/** An image made of a Dockerfile alone (no context), e.g. FROM the base with another CMD: for tests. */
export async function buildFromDockerfileText(tag: string, dockerfile: string): Promise<void> {
  const previous = await imageId(tag);
  await removeReplaced(previous, (await docker(['build', '--quiet', '--tag', tag, '-'], dockerfile)).trim());
}

export interface ReferenceImages { base: BuiltImage; deps: BuiltImage; reference: BuiltImage }

export async function buildReferenceImages(log: Log = () => {}): Promise<ReferenceImages> {
  const base = await buildNodeBaseImage(log);
  const deps = await buildNodeDepsImage(log);
  const reference = await buildReferenceImage(deps.tag, log);
  return { base, deps, reference };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  buildReferenceImages((line) => process.stdout.write(`container-images: ${line}\n`)).then(
    () => process.stdout.write(`container-images: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`),
    (error: Error) => { process.stderr.write(`container-images: ${error.message}\n`); process.exitCode = 1; },
  );
}
