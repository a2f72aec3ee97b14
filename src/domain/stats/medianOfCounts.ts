/**
 * Medians per group from value counts: `rows` are (group, value, n) sorted by group, then value
 * (SQL's `GROUP BY g, x ORDER BY g, x`). The median of a group is the mean of its values at the
 * 1-based positions ⌊(N+1)/2⌋ and ⌊(N+2)/2⌋, exactly as the window-function medians computed it
 * (one value for odd N, the two middle ones averaged for even N), but a count per distinct value
 * is far fewer rows to sort and hand over than one row per run (ADR 10).
 */
export function medianOfCounts<G>(rows: readonly { g: G; x: number; n: number }[]): Map<G, number> {
  const out = new Map<G, number>();
  let i = 0;
  while (i < rows.length) {
    const g = rows[i].g;
    let j = i;
    let total = 0;
    while (j < rows.length && rows[j].g === g) total += rows[j++].n;
    const lo = Math.floor((total + 1) / 2);
    const hi = Math.floor((total + 2) / 2);
    let seen = 0;
    let a: number | null = null;
    let b: number | null = null;
    for (let k = i; k < j && b === null; k++) {
      seen += rows[k].n;
      if (a === null && seen >= lo) a = rows[k].x;
      if (seen >= hi) b = rows[k].x;
    }
    out.set(g, (a! + b!) / 2);
    i = j;
  }
  return out;
}
