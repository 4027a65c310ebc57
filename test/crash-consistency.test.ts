// Crash consistency of the file-backed reference: the server, or the storage
// runtime, is killed with SIGKILL while it writes (after a given number of acknowledged writes,
// never after a sleep), restarted on the same file, and what it kept is checked: no partial state
// (a combined create is whole, or absent, or the spec's exception: filters kept when the rules
// were refused for quota; a storage batch is all or nothing) and every acknowledged write present.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { ObjectRuntime } from '../reference-impl/storage/index.js';
import { ControlClient } from '../src/spec-kit/control.js';
import { ROOT, tempDir } from './helpers/cli.js';
import { BATCH_KEYS, SHARED_KEYS, batchKey, batchKind, sharedKey } from './helpers/crash-children.js';
import { RESTORED_BATCH, ROWS } from './helpers/crash-pitr-child.js';

const CHILD = join(ROOT, 'test/helpers/crash-children.ts');
const PITR_CHILD = join(ROOT, 'test/helpers/crash-pitr-child.ts');
const BIN = join(ROOT, 'bin/specgate.mjs');
const REQUEST_TIMEOUT_MS = 10_000;

const children: ChildProcess[] = [];
afterEach(() => { for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); });

/**
 * Starts a child; `onLine` sees each stdout line, and the child (lines of one chunk come before the
 * returned promise's continuation runs). Resolves with the child once `ready` matches a line.
 */
function startChild(args: string[], ready: RegExp, onLine: (line: string, child: ChildProcess) => void = () => {}): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = ready.exec(line);
      if (match) resolve({ child, match });
      onLine(line, child);
    });
    child.on('exit', (code, signal) => reject(new Error(`child exited (${code ?? signal}) before it was ready: ${stderr.slice(-2000)}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) resolve();
  else child.once('exit', () => resolve());
});

// ---- zone API -----------------------------------------------------------------------------------

interface Api { origin: string; token: string }

async function api(target: Api, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${target.origin}/client/v4${path}`, {
    method,
    headers: { authorization: `Bearer ${target.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, json: await response.json() };
}

/** Every item of a list, page by page. */
async function listAll(target: Api, path: string): Promise<any[]> {
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const { status, json } = await api(target, 'GET', `${path}?per_page=100&page=${page}`);
    expect(status, `GET ${path} page ${page}: ${JSON.stringify(json).slice(0, 300)}`).toBe(200);
    items.push(...json.result);
    if (page >= json.result_info.total_pages) return items;
  }
}

async function startServe(file: string, token: string): Promise<{ child: ChildProcess; target: Api }> {
  const { child, match } = await startChild([BIN, 'serve', '--data', file, '--test-mode', '--port', '0', '--token', token], /base URL:\s+(http:\/\/\S+)\/client\/v4/);
  return { child, target: { origin: match[1]!, token } };
}

/** One combined create a client sent: its expressions, and what became of it. */
interface Sent { zone: string; expressions: string[]; kind: 'valid' | 'invalid' | 'over-quota'; acked?: { ruleIds: string[]; filterIds: string[] } }

/**
 * What a restarted server must hold after a crash, for the combined creates `sent`: every rule's
 * filter exists; each request's rules and filters are all there or none (the spec's one exception:
 * the filters of a request refused for the rule quota may stay without their rules); every
 * acknowledged create is there, as acknowledged; no invalid request left anything.
 */
async function checkNoPartialState(target: Api, zones: string[], sent: Sent[]): Promise<void> {
  const rules = (await Promise.all(zones.map((z) => listAll(target, `/zones/${z}/firewall/rules`)))).flat();
  const filters = (await Promise.all(zones.map((z) => listAll(target, `/zones/${z}/filters`)))).flat();
  const filterById = new Map(filters.map((f) => [f.id, f]));
  for (const rule of rules) {
    expect(filterById.get(rule.filter.id), `rule ${rule.id}: its filter ${rule.filter.id} exists`).toBeDefined();
    expect(filterById.get(rule.filter.id).expression).toBe(rule.filter.expression);
  }
  const ruleByExpression = new Map(rules.map((r) => [r.filter.expression, r]));
  const filterByExpression = new Map(filters.map((f) => [f.expression, f]));
  const ruleIds = new Set(rules.map((r) => r.id));
  expect(ruleIds.size, 'no rule listed twice').toBe(rules.length);
  for (const request of sent) {
    const withRule = request.expressions.filter((e) => ruleByExpression.has(e)).length;
    const withFilter = request.expressions.filter((e) => filterByExpression.has(e)).length;
    const what = `${request.kind} request ${request.expressions[0]} (${request.acked ? 'acknowledged' : 'not acknowledged'})`;
    if (request.kind === 'invalid') {
      expect([withRule, withFilter], `${what}: nothing created`).toEqual([0, 0]);
    } else if (request.kind === 'over-quota') {
      expect(withRule, `${what}: no rule`).toBe(0);
      expect([0, request.expressions.length], `${what}: its filters all kept or none`).toContain(withFilter);
    } else {
      expect([0, request.expressions.length], `${what}: all its rules or none`).toContain(withRule);
      expect(withFilter, `${what}: a filter for each of its rules, and no filter without its rule`).toBe(withRule);
    }
    if (request.acked) {
      expect(withRule, `${what}: durable`).toBe(request.expressions.length);
      request.acked.ruleIds.forEach((id) => expect(ruleIds.has(id), `${what}: rule ${id}`).toBe(true));
      request.acked.filterIds.forEach((id) => expect(filterById.has(id), `${what}: filter ${id}`).toBe(true));
    }
  }
  // Nothing the clients did not send: every rule and filter of these zones is one of theirs.
  const sentExpressions = new Set(sent.flatMap((r) => r.expressions));
  for (const filter of filters) expect(sentExpressions.has(filter.expression), `filter ${filter.id} ${filter.expression} was sent`).toBe(true);
}

/**
 * `clients` loops of combined creates against `zone` (and, every few requests, an over-quota one
 * against `fullZone`, and an invalid one), until `stop()`; each request is recorded in `sent`.
 */
async function stream(target: Api, zone: string, fullZone: string, client: number, sent: Sent[], onAck: () => void, stopped: () => boolean): Promise<void> {
  for (let i = 0; !stopped(); i++) {
    const tag = `${randomBytes(4).toString('hex')}-c${client}-${i}`;
    const size = 1 + (i % 4);
    const kind: Sent['kind'] = i % 9 === 4 ? 'invalid' : i % 7 === 3 ? 'over-quota' : 'valid';
    const expressions = Array.from({ length: size }, (_, k) => `http.host eq "${tag}-${k}.crash.test"`);
    const items = expressions.map((expression) => ({ filter: { expression }, action: 'block', description: tag }));
    // An invalid item last: nothing of the request may be created (combined create, rule 2).
    if (kind === 'invalid') items.push({ filter: { expression: `http.host eq "${tag}-bad` }, action: 'block', description: tag });
    const request: Sent = { zone: kind === 'over-quota' ? fullZone : zone, expressions, kind };
    sent.push(request);
    let answer: { status: number; json: any };
    try {
      answer = await api(target, 'POST', `/zones/${request.zone}/firewall/rules`, items);
    } catch {
      return; // the server is gone
    }
    if (kind === 'valid') {
      expect(answer.status, JSON.stringify(answer.json).slice(0, 300)).toBe(200);
      request.acked = { ruleIds: answer.json.result.map((r: any) => r.id), filterIds: answer.json.result.map((r: any) => r.filter.id) };
      onAck();
    } else {
      expect(answer.json.success).toBe(false);
    }
  }
}

describe('zone API: kill -9 in the middle of a stream of combined creates', () => {
  it('after a restart on the same data file: no partial state, every acknowledged create kept (3 kill points)', async () => {
    const file = join(tempDir('crash-zone'), 'zone.sqlite');
    const token = randomBytes(24).toString('base64url');
    const sent: Sent[] = [];
    let server = await startServe(file, token);
    const control = () => new ControlClient(`${server.target.origin}/__control`);
    const zone = (await control().createZone({ plan: 'enterprise', rule_quota: 100_000 })).id;
    const fullZone = (await control().createZone({ plan: 'enterprise', rule_quota: 0 })).id;
    for (const killAfter of [10, 40, 80]) {
      let acks = 0;
      let stop = false;
      const current = server;
      const clients = Array.from({ length: 4 }, (_, c) => stream(current.target, zone, fullZone, c, sent, () => {
        if (++acks === killAfter) current.child.kill('SIGKILL');
      }, () => stop || acks >= killAfter));
      await exited(current.child);
      stop = true;
      await Promise.all(clients);
      expect(acks).toBeGreaterThanOrEqual(killAfter);
      server = await startServe(file, token);
      await checkNoPartialState(server.target, [zone, fullZone], sent);
    }
    expect(sent.filter((r) => r.acked).length).toBeGreaterThanOrEqual(10 + 40 + 80);
    server.child.kill('SIGTERM');
    await exited(server.child);
  });

  it('killed inside a combined create, between its filters and its rules: neither is kept', async () => {
    // A deterministic kill point: the server kills itself in its k-th rule insert, after the
    // filters of that request are written. The request is not acknowledged; after the restart its
    // filters must not remain without their rules (the quota exception does not apply).
    const file = join(tempDir('crash-zone-inside'), 'zone.sqlite');
    const token = randomBytes(24).toString('base64url');
    const sent: Sent[] = [];
    for (const killAt of [1, 6]) {
      const { child, match } = await startChild(['--import', 'tsx', CHILD, 'zone', file, token, String(killAt)], /^LISTENING (\S+) (\S+)$/);
      const target = { origin: match[1]!, token };
      const zone = match[2]!;
      let stopped = false;
      void exited(child).then(() => { stopped = true; });
      await stream(target, zone, zone, 0, sent, () => {}, () => stopped);
      await exited(child);
      expect(child.signalCode).toBe('SIGKILL');
      // Restarted by the same script, which never kills itself this time (k = 0).
      const restarted = await startChild(['--import', 'tsx', CHILD, 'zone', file, token, '0'], /^LISTENING (\S+)/);
      await checkNoPartialState({ origin: restarted.match[1]!, token }, [zone], sent.filter((r) => r.kind !== 'over-quota'));
      restarted.child.kill('SIGKILL');
      await exited(restarted.child);
    }
  });
});

// ---- storage runtime ----------------------------------------------------------------------------

describe('storage runtime (SQLite backend, file-backed): kill -9 in the middle of batches', () => {
  it('after reopening the file: each batch all or nothing, acknowledged batches present, in order (3 kill points)', async () => {
    const file = join(tempDir('crash-storage'), 'storage.sqlite');
    let next = 0;
    let lastAcked = -1;
    for (const killAfter of [3, 25, 60]) {
      let acks = 0;
      const { child } = await startChild(['--import', 'tsx', CHILD, 'storage', file, String(next)], /^ACK /, (line, running) => {
        const acked = /^ACK (\d+)$/.exec(line);
        if (!acked) return;
        lastAcked = Number(acked[1]);
        if (++acks === killAfter) running.kill('SIGKILL');
      });
      await exited(child);
      expect(child.signalCode).toBe('SIGKILL');

      const runtime = new ObjectRuntime({ backend: 'sqlite', sqliteFile: file });
      try {
        const all = await runtime.storage.list();
        const batches = new Map<number, number>();
        for (const key of all.keys()) {
          const m = /^batch\/(\d+)\//.exec(key);
          if (m) batches.set(Number(m[1]), (batches.get(Number(m[1])) ?? 0) + 1);
        }
        const present = [...batches.keys()].sort((a, b) => a - b);
        for (const n of present) expect(batches.get(n), `batch ${n} (${batchKind(n)}): all its keys or none`).toBe(BATCH_KEYS);
        // Batches are written one after the other: what is kept is batches 0..m, no gap.
        expect(present, 'the batches kept are a prefix of those written').toEqual(present.map((_, i) => i));
        const last = present.at(-1) ?? -1;
        expect(last, 'every acknowledged batch is kept').toBeGreaterThanOrEqual(lastAcked);
        for (let j = 0; j < BATCH_KEYS; j += 13) expect(all.get(batchKey(last, j))).toMatchObject({ n: last, j });
        // The shared keys all hold the number of the last batch kept (no batch torn).
        for (let j = 0; j < SHARED_KEYS; j++) expect(all.get(sharedKey(j)), `shared key ${j}`).toBe(last);
        // The transactions' counter counts the transactions kept.
        expect(all.get('counter') ?? 0).toBe(present.filter((n) => batchKind(n) === 'transaction').length);
        // The history agrees with the data: its latest version is what the file holds.
        await runtime.storage.onNextSessionRestoreBookmark(await runtime.storage.getCurrentBookmark());
        runtime.restart();
        expect(await runtime.storage.list(), 'restoring the current bookmark changes nothing').toEqual(all);
        next = last + 1;
      } finally {
        runtime.destroy();
      }
    }
    expect(next).toBeGreaterThanOrEqual(3 + 25 + 60);
  });
});

describe('storage runtime (SQLite backend, file-backed): kill -9 between the PITR history\'s commit and the data\'s', () => {
  /** Starts the child of crash-pitr-child.ts; resolves with the bookmarks it acknowledged (and its UNDO line) once it is dead. */
  async function killedChild(file: string, mode: 'kv' | 'sql' | 'restore', k: number): Promise<{ acked: string[]; undo?: string }> {
    const acked: string[] = [];
    let undo: string | undefined;
    const child = spawn(process.execPath, ['--import', 'tsx', PITR_CHILD, file, mode, String(k)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d) => { stderr += d; });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const ack = /^ACK (\d+) (\S+)$/.exec(line);
      if (ack) acked[Number(ack[1])] = ack[2]!;
      const undone = /^UNDO (\S+)$/.exec(line);
      if (undone) undo = undone[1];
    });
    await exited(child);
    expect(child.signalCode, `the child killed itself (stderr: ${stderr.slice(-1000)})`).toBe('SIGKILL');
    return { acked, undo };
  }

  const open = (file: string) => new ObjectRuntime({ backend: 'sqlite', sqliteFile: file });
  const batchesOf = async (runtime: ObjectRuntime, mode: 'kv' | 'sql' | 'restore'): Promise<number[]> => {
    if (mode === 'sql') {
      const rows = await runtime.deliver((storage: any) => storage.sql.exec('SELECT n, count(*) AS c FROM t GROUP BY n ORDER BY n').toArray()) as { n: number; c: number }[];
      for (const { n, c } of rows) expect(c, `batch ${n}: all its rows or none`).toBe(ROWS);
      return rows.map((row) => row.n);
    }
    const counts = new Map<number, number>();
    for (const [key, value] of await runtime.storage.list({ prefix: 'row/' })) {
      const n = Number(/^row\/(\d+)\//.exec(key)![1]);
      expect(value).toEqual({ n, j: Number(key.slice(-2)) });
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    for (const [n, c] of counts) expect(c, `batch ${n}: all its keys or none`).toBe(ROWS);
    return [...counts.keys()].sort((a, b) => a - b);
  };
  const upTo = (n: number) => Array.from({ length: n + 1 }, (_, i) => i);

  async function restored(runtime: ObjectRuntime, bookmark: string): Promise<void> {
    await runtime.storage.onNextSessionRestoreBookmark(bookmark);
    runtime.restart();
  }

  for (const mode of ['kv', 'sql'] as const) {
    it(`${mode === 'kv' ? 'a put() flush' : 'a sql.exec() write'}: its version, which the data never got, is dropped; every acknowledged bookmark restores (2 kill points)`, async () => {
      for (const k of [1, 4]) {
        const file = join(tempDir(`crash-pitr-${mode}`), 'storage.sqlite');
        const { acked } = await killedChild(file, mode, k);
        expect(acked.length, 'batches acknowledged before the killed one').toBe(k - 1);
        const runtime = open(file);
        try {
          // The killed batch is absent; its version too: the current bookmark is the last acknowledged one.
          expect(await batchesOf(runtime, mode)).toEqual(upTo(k - 2));
          const current = await runtime.storage.getCurrentBookmark();
          if (k > 1) expect(current).toBe(acked.at(-1));
          // Each acknowledged bookmark restores exactly its batches.
          for (let n = acked.length - 1; n >= 0; n--) {
            await restored(runtime, acked[n]!);
            expect(await batchesOf(runtime, mode), `restored to batch ${n}`).toEqual(upTo(n));
          }
          // The history goes on: a write after all this is a later point, which restores.
          await runtime.storage.put('after', 1);
          const after = await runtime.storage.getCurrentBookmark();
          expect(after > current).toBe(true);
          await restored(runtime, current);
          expect(await runtime.storage.get('after')).toBeUndefined();
          await restored(runtime, after);
          expect(await runtime.storage.get('after')).toBe(1);
        } finally {
          runtime.destroy();
        }
      }
    });
  }

  it('a restore: the restored state\'s version is in the history, the file not yet replaced; the next open finishes the restore', async () => {
    const file = join(tempDir('crash-pitr-restore'), 'storage.sqlite');
    const { acked, undo } = await killedChild(file, 'restore', 5);
    expect(acked.length).toBe(5);
    expect(undo).toBeDefined();
    const runtime = open(file);
    try {
      expect(await batchesOf(runtime, 'restore'), 'the restore happened').toEqual(upTo(RESTORED_BATCH));
      expect(await runtime.storage.getCurrentBookmark() > undo!, 'the restored state is a later point than the undo bookmark').toBe(true);
      await restored(runtime, undo!);
      expect(await batchesOf(runtime, 'restore'), 'the undo bookmark brings back what was written before').toEqual(upTo(4));
    } finally {
      runtime.destroy();
    }
  });
});
