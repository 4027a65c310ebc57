// "Did you mean ...?": the known names nearest to a misspelt one. The CLI's parser errors use it
// (cli/usage.ts), and so does every layer that refuses a name it does not know (an adapter, a suite,
// a requirement ID, a --grep pattern that selects nothing: runner/run.ts).

/**
 * The known names nearest to `name`, if any is near enough to be what was meant: at most one edit
 * (insertion, deletion, substitution or swap of neighbours) per three characters, and at least one.
 */
export function nearest(name: string, known: readonly string[]): string[] {
  const bare = (text: string) => text.replace(/^-+/, '');
  const allowed = Math.max(1, Math.floor(bare(name).length / 3));
  const scored = known.map((candidate) => ({ candidate, distance: editDistance(bare(name), bare(candidate)) }))
    .filter((s) => s.distance <= allowed);
  const best = Math.min(...scored.map((s) => s.distance));
  return scored.filter((s) => s.distance === best).map((s) => s.candidate);
}

/** " (did you mean X?)", " (did you mean X or Y?)", or nothing. */
export function didYouMean(name: string, known: readonly string[]): string {
  const near = nearest(name, known);
  return near.length === 0 ? '' : ` (did you mean ${near.join(' or ')}?)`;
}

/**
 * The names holding a stretch nearest to `pattern` (a --grep that matches nothing): a name that
 * holds it in another case first; else the names with a stretch of its length at most one edit per
 * three characters away, best first; at most `limit`.
 */
export function nearestContaining(pattern: string, names: readonly string[], limit = 3): string[] {
  const lower = pattern.toLowerCase();
  const inAnotherCase = names.filter((name) => name.toLowerCase().includes(lower));
  if (inAnotherCase.length > 0) return inAnotherCase.slice(0, limit);
  const allowed = Math.max(1, Math.floor(pattern.length / 3));
  const scored = names.map((name) => ({ name, distance: nearestStretch(lower, name.toLowerCase()) })).filter((s) => s.distance <= allowed);
  return scored.sort((a, b) => a.distance - b.distance).slice(0, limit).map((s) => s.name);
}

/** The edit distance from `pattern` to the stretch of `text` nearest it (stretches of its length, one longer or shorter). */
function nearestStretch(pattern: string, text: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (const length of [pattern.length - 1, pattern.length, pattern.length + 1].filter((n) => n > 0)) {
    for (let start = 0; start + length <= text.length; start++) best = Math.min(best, editDistance(pattern, text.slice(start, start + length)));
  }
  return best;
}

/**
 * Optimal string alignment distance (Levenshtein plus the swap of two neighbours, so that `rnu`
 * is one edit from `run`).
 */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => rows[i]![j]!;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, at(i - 2, j - 2) + 1);
      rows[i]![j] = distance;
    }
  }
  return at(a.length, b.length);
}
