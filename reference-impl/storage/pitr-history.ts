// The history behind point-in-time recovery (design: docs/pitr-design.md). Every change of the
// object's SQLite database (a key-value flush, a SQL write, a restore) becomes a *version*: the
// database pages it changed, compared with the previous image. A full image (snapshot) is kept
// for the oldest version and again whenever the diffs since the last snapshot add up to more
// than an image, so rebuilding any version reads at most about two images. Versions whose state
// was replaced more than 30 days ago (virtual clock) are pruned, so what is kept is bounded by
// the changes of the retention window. Kept in its own SQLite database next to the object's, so
// that restoring the object's database never touches its history.

import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { StatementCache } from '../sqlite-statements.js';
import { BookmarkCodec, END_OF_GENERATION, type BookmarkPoint } from './bookmarks.js';

export const HISTORY_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS versions (seq INTEGER PRIMARY KEY, generation INTEGER NOT NULL, time INTEGER NOT NULL, size INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS pages (seq INTEGER NOT NULL, page INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (seq, page)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS snapshots (seq INTEGER PRIMARY KEY, image BLOB NOT NULL);
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
  -- Performance only: prune() looks up the newest version before the cutoff on every change;
  -- without this index that read every version of the window (bench/storage-ops.ts).
  CREATE INDEX IF NOT EXISTS versions_time ON versions (time);
`;

interface Version { seq: number; generation: number; time: number; size: number }

export interface HistoryStats {
  versions: number;
  snapshots: number;
  diffPages: number;
  /** Bytes of images and pages kept. */
  bytes: number;
  oldestTime: number | null;
}

export class PitrHistory {
  private readonly db: Database.Database;
  private readonly codec: BookmarkCodec;
  /** The database as of the latest version: what the next change is compared with. */
  private lastImage: Buffer;

  /** `file`: where the history lives (in memory when omitted); `image`: the database now. */
  constructor(file: string | undefined, image: Buffer, private readonly now: () => number) {
    this.db = new Database(file ?? ':memory:');
    // Pruning frees pages; give them back to the file system so the file shrinks with the window.
    this.db.pragma('auto_vacuum = FULL');
    this.db.pragma('synchronous = OFF');
    this.db.exec(SCHEMA);
    this.codec = new BookmarkCodec(this.secret());
    this.lastImage = image;
    if (this.latest() === undefined) this.record(image, { force: true });
  }

  /** The database changed to `image`: a new version, unless nothing differs (or `force`). */
  record(image: Buffer, { force = false } = {}): void {
    const pages = changedPages(this.lastImage, image);
    if (!force && pages.length === 0 && image.length === this.lastImage.length) return;
    const seq = (this.latest()?.seq ?? 0) + 1;
    this.db.transaction(() => {
      this.prepare('INSERT INTO versions (seq, generation, time, size) VALUES (?, ?, ?, ?)').run(seq, this.generation(), this.now(), image.length);
      if (this.snapshotDue(image)) this.prepare('INSERT INTO snapshots (seq, image) VALUES (?, ?)').run(seq, image);
      else for (const [page, data] of pages) this.prepare('INSERT INTO pages (seq, page, data) VALUES (?, ?, ?)').run(seq, page, data);
    })();
    this.lastImage = image;
    this.prune();
  }

  currentBookmark(): string {
    this.prune();
    return this.bookmarkOf(this.latest()!);
  }

  /** The latest version at or before `time` (the oldest kept one for a time before it). */
  bookmarkForTime(time: number): string {
    const now = this.now();
    if (!(time >= now - HISTORY_WINDOW_MS && time <= now)) {
      throw new RangeError(`getBookmarkForTime(): the time must be within the last 30 days (${new Date(now - HISTORY_WINDOW_MS).toISOString()} to ${new Date(now).toISOString()}), got ${new Date(time).toISOString()}.`);
    }
    this.prune();
    const at = this.prepare('SELECT * FROM versions WHERE time <= ? ORDER BY seq DESC LIMIT 1').get(time) as Version | undefined;
    return this.bookmarkOf(at ?? this.oldest()!);
  }

  /** Remembers the restore for the next restart; answers the bookmark of the moment just before it. */
  requestRestore(bookmark: string): string {
    const point = this.codec.decode(bookmark);
    if (point === undefined) throw new TypeError('onNextSessionRestoreBookmark(): not a bookmark of this object.');
    this.prune();
    if (this.resolve(point) === undefined) throw new RangeError('onNextSessionRestoreBookmark(): the bookmark is older than the 30-day history window.');
    this.setMeta('pending', bookmark);
    return this.codec.encode({ generation: this.generation(), seq: END_OF_GENERATION });
  }

  /** At a restart: the image to restore when a restore is pending (a new generation starts). */
  takePendingRestore(): Buffer | undefined {
    const target = this.pendingTarget();
    if (target === undefined) return undefined;
    const image = this.reconstruct(target);
    this.prepare("DELETE FROM meta WHERE key = 'pending'").run();
    this.setMeta('generation', this.generation() + 1);
    return image;
  }

  stats(): HistoryStats {
    const count = (table: string) => Number(this.prepare(`SELECT count(*) FROM ${table}`).pluck().get());
    const bytes = Number(this.prepare('SELECT (SELECT COALESCE(SUM(length(image)), 0) FROM snapshots) + (SELECT COALESCE(SUM(length(data)), 0) FROM pages)').pluck().get());
    return { versions: count('versions'), snapshots: count('snapshots'), diffPages: count('pages'), bytes, oldestTime: this.oldest()?.time ?? null };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * Drops what only served states replaced before the window: the newest version at or before
   * the cutoff (the state at the cutoff) becomes the oldest, kept as a snapshot. A pending
   * restore's target is kept whatever its age.
   */
  private prune(): void {
    let base = this.prepare('SELECT MAX(seq) FROM versions WHERE time <= ?').pluck().get(this.now() - HISTORY_WINDOW_MS) as number | null;
    if (base === null) return;
    base = Math.min(base, this.pendingTarget() ?? base);
    if (base <= this.oldest()!.seq) return;
    const image = this.hasSnapshot(base) ? undefined : this.reconstruct(base);
    this.db.transaction(() => {
      if (image) this.prepare('INSERT INTO snapshots (seq, image) VALUES (?, ?)').run(base, image);
      this.prepare('DELETE FROM snapshots WHERE seq < ?').run(base);
      this.prepare('DELETE FROM pages WHERE seq <= ?').run(base);
      this.prepare('DELETE FROM versions WHERE seq < ?').run(base);
    })();
  }

  /** The database as of version `seq`: the snapshot before it, then the diffs up to it. */
  private reconstruct(seq: number): Buffer {
    const snapshot = this.prepare('SELECT seq, image FROM snapshots WHERE seq <= ? ORDER BY seq DESC LIMIT 1').get(seq) as { seq: number; image: Buffer };
    let image: Buffer = Buffer.from(snapshot.image);
    const versions = this.prepare('SELECT * FROM versions WHERE seq > ? AND seq <= ? ORDER BY seq').all(snapshot.seq, seq) as Version[];
    const pagesOf = this.prepare('SELECT page, data FROM pages WHERE seq = ?');
    for (const version of versions) {
      image = resized(image, version.size);
      for (const { page, data } of pagesOf.all(version.seq) as { page: number; data: Buffer }[]) data.copy(image, page * data.length);
    }
    return image;
  }

  /** The version a bookmark marks, if it is still kept. */
  private resolve(point: BookmarkPoint): number | undefined {
    const seq = point.seq === END_OF_GENERATION
      ? this.prepare('SELECT MAX(seq) FROM versions WHERE generation = ?').pluck().get(point.generation)
      : this.prepare('SELECT seq FROM versions WHERE seq = ? AND generation = ?').pluck().get(point.seq, point.generation);
    return typeof seq === 'number' ? seq : undefined;
  }

  private pendingTarget(): number | undefined {
    const pending = this.getMeta('pending');
    if (typeof pending !== 'string') return undefined;
    const point = this.codec.decode(pending);
    return point === undefined ? undefined : this.resolve(point);
  }

  /** Replaying the diffs since the last snapshot would read more than one image: take one. */
  private snapshotDue(image: Buffer): boolean {
    const since = this.prepare('SELECT COALESCE(SUM(length(data)), 0) FROM pages WHERE seq > (SELECT COALESCE(MAX(seq), -1) FROM snapshots)').pluck().get() as number;
    return !this.hasAnySnapshot() || since >= image.length;
  }

  private hasAnySnapshot(): boolean {
    return this.prepare('SELECT 1 FROM snapshots LIMIT 1').get() !== undefined;
  }

  private hasSnapshot(seq: number): boolean {
    return this.prepare('SELECT 1 FROM snapshots WHERE seq = ?').get(seq) !== undefined;
  }

  private bookmarkOf(version: Version): string {
    return this.codec.encode({ generation: version.generation, seq: version.seq });
  }

  private latest(): Version | undefined {
    return this.prepare('SELECT * FROM versions ORDER BY seq DESC LIMIT 1').get() as Version | undefined;
  }

  private oldest(): Version | undefined {
    return this.prepare('SELECT * FROM versions ORDER BY seq LIMIT 1').get() as Version | undefined;
  }

  private generation(): number {
    return Number(this.getMeta('generation') ?? 1);
  }

  private secret(): Buffer {
    const kept = this.getMeta('secret');
    if (Buffer.isBuffer(kept)) return kept;
    const secret = randomBytes(32);
    this.setMeta('secret', secret);
    return secret;
  }

  private readonly statements = new StatementCache(() => this.db);

  /** The compiled statement for this SQL text (see sqlite-statements.ts); a text is always used in one mode. */
  private prepare(sql: string): Database.Statement { return this.statements.get(sql); }

  private getMeta(key: string): unknown {
    return this.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key);
  }

  private setMeta(key: string, value: unknown): void {
    this.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }
}

/** Page size of a SQLite image, from its header (1 means 65,536). */
function pageSizeOf(image: Buffer): number {
  const size = image.length >= 18 ? image.readUInt16BE(16) : 0;
  return size === 1 ? 65536 : size || 4096;
}

/** The pages of `next` that differ from `previous` (or lie beyond it), by page number. */
function changedPages(previous: Buffer, next: Buffer): [number, Buffer][] {
  const size = pageSizeOf(next);
  const changed: [number, Buffer][] = [];
  for (let page = 0; page * size < next.length; page++) {
    const data = next.subarray(page * size, (page + 1) * size);
    if (!data.equals(previous.subarray(page * size, (page + 1) * size))) changed.push([page, Buffer.from(data)]);
  }
  return changed;
}

function resized(image: Buffer, size: number): Buffer {
  if (image.length === size) return image;
  if (image.length > size) return Buffer.from(image.subarray(0, size));
  return Buffer.concat([image, Buffer.alloc(size - image.length)]);
}
