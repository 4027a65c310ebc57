// "Did you mean ...?": the known names nearest to a misspelt one. The CLI's parser errors use it
// (cli/usage.ts), and so does every layer that refuses a name it does not know (an adapter, a suite).

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
