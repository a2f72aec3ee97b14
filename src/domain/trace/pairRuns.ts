/** A run of one side of a comparison, for one task: which session and repeat it belongs to. */
export interface SideRun {
  id: string;
  sessionId: string;
  repeat: number;
  /** On side a, on side b (a config compared with itself puts a run on both). */
  inA: boolean;
  inB: boolean;
}

export interface SidePick {
  /** The run shown for this side, or null when the side has no run of this task and repeat. */
  run: SideRun | null;
  /** Every run of this side for this task and repeat (several when the selection holds several sessions). */
  candidates: SideRun[];
}

export interface RunPair {
  /** The repeats either side has a run of, ascending: the page's repeat picker. */
  repeats: number[];
  /** The repeat shown: the one asked for when a side has it, else the first. Null when neither side has a run. */
  repeat: number | null;
  a: SidePick;
  b: SidePick;
}

/**
 * Picks the two runs to read side by side for one task: a side's runs of the chosen repeat are its
 * candidates (the selection's non-superseded runs, so at most one per session); with several, the
 * one shown is the first in `runs`' order (the caller sorts the newest session first) whose session
 * also has a run of the other side, when the sides pair within a session (`sameSessions`, as the
 * comparison pairs them), else the first. `chosen` names a run id the reader picked for a side:
 * it is shown when it is one of that side's candidates.
 */
export function pairRuns(
  runs: readonly SideRun[],
  opts: { repeat?: number; sameSessions: boolean; chosen?: { a?: string; b?: string } },
): RunPair {
  const repeats = [...new Set(runs.map((r) => r.repeat))].sort((x, y) => x - y);
  const repeat =
    opts.repeat !== undefined && repeats.includes(opts.repeat) ? opts.repeat : repeats.length ? repeats[0] : null;
  const of = (side: "inA" | "inB") => runs.filter((r) => r[side] && r.repeat === repeat);
  const aRuns = of("inA");
  const bRuns = of("inB");
  const pick = (mine: SideRun[], theirs: SideRun[], chosen: string | undefined): SideRun | null => {
    const picked = chosen ? mine.find((r) => r.id === chosen) : undefined;
    if (picked) return picked;
    if (opts.sameSessions) {
      const paired = mine.find((r) => theirs.some((t) => t.sessionId === r.sessionId));
      if (paired) return paired;
    }
    return mine[0] ?? null;
  };
  const a = pick(aRuns, bRuns, opts.chosen?.a);
  // b follows a's session when it can, so a chosen a run brings its partner.
  const bInASession = opts.sameSessions && a ? bRuns.filter((r) => r.sessionId === a.sessionId) : [];
  const b =
    (opts.chosen?.b ? bRuns.find((r) => r.id === opts.chosen?.b) : undefined) ??
    bInASession[0] ??
    pick(bRuns, aRuns, undefined);
  return { repeats, repeat, a: { run: a, candidates: aRuns }, b: { run: b, candidates: bRuns } };
}
