// The cursor sql.exec() returns. Rows come from one RowSource, which the cursor and every raw()
// iterator share, so they share one position. A read-only query steps SQLite lazily (rowsRead
// grows while iterating); better-sqlite3 lets nothing else use the connection meanwhile, so
// before anything else does, the source drains its remaining rows into memory.

import type { SqlRawIterator, SqlRow, SqlStorageCursor, SqlValue } from '../../contract/storage.js';

const NO_RESULTS = 'Expected exactly one result from SQL query, but got no results.';
const MULTIPLE_RESULTS = 'Expected exactly one result from SQL query, but got multiple results.';

/** The rows of one statement, read once, in order. */
export class RowSource {
  private readonly buffered: unknown[][] = [];
  private pending: Iterator<unknown[]> | null;
  private read = 0;

  /**
   * `rows`: SQLite's rows as arrays, still to be stepped (lazy) or already read; `rowsWritten`
   * is final when the source is made (writes run to completion before).
   */
  constructor(readonly columnNames: string[], rows: Iterator<unknown[]> | unknown[][], readonly rowsWritten: number) {
    if (Array.isArray(rows)) {
      this.buffered.push(...rows);
      this.read = rows.length;
      this.pending = null;
    } else {
      this.pending = rows;
      this.step(); // as workerd does, the first row is read when the query runs
    }
  }

  get rowsRead(): number {
    return this.read;
  }

  get isLazy(): boolean {
    return this.pending !== null;
  }

  /** The next row, or undefined once every row was taken. */
  take(): SqlValue[] | undefined {
    if (this.buffered.length === 0) this.step();
    const row = this.buffered.shift();
    return row === undefined ? undefined : row.map(toSqlValue);
  }

  /** Reads every remaining row now, so that the connection is free for other statements. */
  drain(): void {
    while (this.pending !== null) this.step();
  }

  /** The object is gone: stop stepping, without reading what is left. */
  abandon(): void {
    this.pending?.return?.();
    this.pending = null;
  }

  private step(): void {
    if (this.pending === null) return;
    const result = this.pending.next();
    if (result.done) {
      this.pending = null;
      return;
    }
    this.read++;
    this.buffered.push(result.value);
  }
}

/** BLOBs reach code as ArrayBuffers (a copy, never a view of SQLite's memory). */
function toSqlValue(value: unknown): SqlValue {
  if (Buffer.isBuffer(value)) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  return value as SqlValue;
}

/** Row object keyed by column name; with duplicate names the last column wins (as in workerd). */
function toRow(columnNames: string[], values: SqlValue[]): SqlRow {
  const row: SqlRow = {};
  columnNames.forEach((name, index) => { row[name] = values[index]!; });
  return row;
}

/** next/toArray/one over the source, each row shaped by `shape`. */
function readerOver<T>(source: RowSource, shape: (values: SqlValue[]) => T) {
  const next = (): IteratorResult<T> => {
    const values = source.take();
    // Once consumed: {done: true} with no value at all, as the spec says.
    return values === undefined ? ({ done: true } as IteratorReturnResult<undefined>) : { done: false, value: shape(values) };
  };
  const toArray = (): T[] => {
    const rows: T[] = [];
    for (let values = source.take(); values !== undefined; values = source.take()) rows.push(shape(values));
    return rows;
  };
  const one = (): T => {
    const first = source.take();
    if (first === undefined) throw new Error(NO_RESULTS);
    if (source.take() !== undefined) throw new Error(MULTIPLE_RESULTS);
    return shape(first);
  };
  return { next, toArray, one };
}

export class SqlCursor implements SqlStorageCursor {
  readonly next: () => IteratorResult<SqlRow>;
  readonly toArray: () => SqlRow[];
  readonly one: () => SqlRow;

  constructor(private readonly source: RowSource) {
    const reader = readerOver(source, (values) => toRow(source.columnNames, values));
    this.next = reader.next;
    this.toArray = reader.toArray;
    this.one = reader.one;
  }

  /** A copy: code that changes it does not change the cursor's. */
  get columnNames(): string[] {
    return [...this.source.columnNames];
  }

  get rowsRead(): number {
    return this.source.rowsRead;
  }

  get rowsWritten(): number {
    return this.source.rowsWritten;
  }

  raw(): SqlRawIterator {
    const reader = readerOver(this.source, (values) => values);
    const iterator: SqlRawIterator = { ...reader, [Symbol.iterator]: () => iterator };
    return iterator;
  }

  [Symbol.iterator](): this {
    return this;
  }
}
