// Which specs a run selects: by profile, area, requirement (ID or glob), level, and shard.
// Decided per spec from the requirements it cites, in the test worker when the spec is declared,
// so a spec left out is not run at all (and not reported), exactly like one left out by --grep.

import type { Requirement } from '../../requirements/model.js';

/** Which verdict a run's exit code (and badge) gates on. */
export type Gate = 'core' | 'extended';

/** Which specs a run selected (all of them when every list is empty and there is no shard). */
export interface Selection {
  /** core: only specs all of whose requirements are stated by the spec; extended: all specs. */
  profile: 'core' | 'extended';
  areas: string[];
  /** Requirement IDs or globs (`ZM-FW-*`). */
  requirements: string[];
  levels: string[];
  /** This run is shard `index` of `total` (1-based). */
  shard: { index: number; total: number } | null;
}

export const EVERYTHING: Selection = { profile: 'extended', areas: [], requirements: [], levels: [], shard: null };

export const isEverything = (selection: Selection): boolean =>
  selection.profile === 'extended' && selection.areas.length === 0 && selection.requirements.length === 0
  && selection.levels.length === 0 && selection.shard === null;

export interface SelectableSpec {
  title: string;
  requirements: string[];
  /** Declared extended by the spec itself (it depends on something the spec does not show). */
  extended?: boolean;
}

export function selects(selection: Selection, spec: SelectableSpec, catalog: ReadonlyMap<string, Requirement>): boolean {
  const cited = spec.requirements.map((id) => catalog.get(id)).filter((r): r is Requirement => r !== undefined);
  if (selection.profile === 'core' && (spec.extended || cited.some((r) => r.profile !== 'core'))) return false;
  if (selection.areas.length > 0 && !cited.some((r) => selection.areas.includes(r.area))) return false;
  if (selection.levels.length > 0 && !cited.some((r) => selection.levels.includes(r.level))) return false;
  if (selection.requirements.length > 0) {
    const patterns = selection.requirements.map(globToRegExp);
    if (!spec.requirements.some((id) => patterns.some((p) => p.test(id)))) return false;
  }
  if (selection.shard) return shardOf(`${spec.title}|${spec.requirements.join(',')}`, selection.shard.total) === selection.shard.index;
  return true;
}

/**
 * Whether a run reports the conventions a selected spec checks besides what it asserts (their
 * record is of the extended profile, core/records.ts conventionRecordOf): as if they were a spec
 * of their own in the same shard. `--profile core` leaves them out, and `--requirement ZM-FW-*`
 * keeps them only when one of them matches.
 */
export function selectsConventions(selection: Selection, conventions: string[], catalog: ReadonlyMap<string, Requirement>): boolean {
  return selects({ ...selection, shard: null }, { title: '', requirements: conventions }, catalog);
}

/** `ZM-FW-*` → /^ZM-FW-.*$/ (only `*` is special). */
export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

/** A stable 1-based shard for a spec: FNV-1a of its key, so every machine of a matrix agrees. */
export function shardOf(key: string, total: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % total) + 1;
}
