import { OUTCOMES, type Outcome } from "../scoring/types";

/** Paired runs (same task and repeat) counted by a's outcome and b's, as SQL groups them. */
export interface TransitionFacts {
  from: string;
  to: string;
  n: number;
}

export interface TransitionMatrix {
  /** Row and column order: every outcome label, in the protocol's order. */
  outcomes: Outcome[];
  /** counts[a's outcome][b's outcome] = paired runs; every cell present, 0 when none. */
  counts: Record<Outcome, Record<Outcome, number>>;
  /** Per a's outcome, its paired runs (row sums), and per b's (column sums). */
  rowTotals: Record<Outcome, number>;
  columnTotals: Record<Outcome, number>;
  total: number;
}

/**
 * The outcome transition matrix of two configs over paired runs: how many runs that finished
 * under a hit the tool limit under b, and so on, with row and column totals. Rows are a's
 * outcome, columns b's; the diagonal is runs that ended the same way. An unknown label throws
 * (scores only hold the protocol's seven).
 */
export function transitionMatrix(facts: readonly TransitionFacts[]): TransitionMatrix {
  const zero = () => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, zero()])) as Record<Outcome, Record<Outcome, number>>;
  const rowTotals = zero();
  const columnTotals = zero();
  let total = 0;
  const known = (o: string): o is Outcome => (OUTCOMES as readonly string[]).includes(o);
  for (const f of facts) {
    if (!known(f.from) || !known(f.to)) throw new RangeError(`unknown outcome ${f.from} → ${f.to}`);
    counts[f.from][f.to] += f.n;
    rowTotals[f.from] += f.n;
    columnTotals[f.to] += f.n;
    total += f.n;
  }
  return { outcomes: [...OUTCOMES], counts, rowTotals, columnTotals, total };
}
