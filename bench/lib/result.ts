// One measured figure of the benchmark run, as written to bench/results.json.

export interface Result {
  name: string;
  value: number;
  unit: string;
  /** The same work done by the baseline (raw node:http, raw better-sqlite3), measured in the same run. */
  baseline?: number;
  /** value / baseline (higher is better for rates). */
  ratio?: number;
  /** What `pass` checks, in words (e.g. ">= 0.5", "< 30 s"). */
  target?: string;
  pass: boolean;
  /** Anything else worth keeping with the figure (query plans, memory, counts). */
  detail?: Record<string, unknown>;
}

export type Bench = () => Promise<Result[]>;

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** Ops per second of `count` operations done in `ms`. */
export const perSecond = (count: number, ms: number): number => round((count * 1000) / ms, 0);

export const mib = (bytes: number): number => round(bytes / (1024 * 1024), 1);
