/**
 * Context management as harness components (docs/desktop-device.md, after the staged tiers of
 * Fan et al. 2026): the history between the preamble (system prompt, task) and the recent
 * turns is the "middle"; `elide` replaces its bulky tool outputs with stubs once the next input
 * passes the soft threshold, `summarize` replaces its turns with a model-written summary once it
 * passes the hard threshold, `staged` elides first and summarises only if that was not enough.
 * These functions only plan; the device's loop carries the plan out on its messages.
 */

export type ContextMode = "none" | "elide" | "summarize" | "staged";

export const CONTEXT_POLICY = {
  /** Elide when the next input would fill more than this share of the window. */
  soft: 0.6,
  /** Summarise when the next input would fill more than this share of the window. */
  hard: 0.85,
  /** The recent turns kept verbatim fill at most this share of the window… */
  recentShare: 0.3,
  /** …but at least this many turns are always kept. */
  minRecentTurns: 2,
  /** Tool outputs smaller than this are not worth a stub. */
  minElideTokens: 40,
  /** A middle region smaller than this is not worth a summary (which may itself take ~200 tokens). */
  minSummaryTokens: 200,
} as const;

export interface TurnSize {
  /** Tokens of the whole turn in the history: the model's message and every observation after it. */
  tokens: number;
  /** Tokens of each tool output of the turn; an already elided output is marked so. */
  outputs: { tokens: number; elided: boolean }[];
}

export interface ContextView {
  window: number;
  /** Tokens the next input would hold: preamble + history turns + the new observations. */
  used: number;
  turns: TurnSize[];
}

export interface ElidePlan {
  targets: { turn: number; output: number }[];
  tokensBefore: number;
  tokensAfter: number;
}

export interface SummaryPlan {
  /** Summarise turns [0, upTo). */
  upTo: number;
  tokensBefore: number;
  /** Tokens once those turns are gone, before the summary itself is added. */
  tokensWithoutTurns: number;
}

/** Index of the first turn of the recent window, which stays verbatim. */
export function recentStart(turns: readonly TurnSize[], window: number): number {
  const budget = CONTEXT_POLICY.recentShare * window;
  let total = 0;
  let i = turns.length;
  while (i > 0) {
    const kept = turns.length - i;
    if (kept >= CONTEXT_POLICY.minRecentTurns && total + turns[i - 1].tokens > budget) break;
    total += turns[i - 1].tokens;
    i--;
  }
  return i;
}

/**
 * Stubs for the middle region's bulky tool outputs, oldest first, until the input is back under
 * the soft threshold (or nothing bulky is left). Null when there is nothing to elide.
 */
export function planElide(view: ContextView, stubTokens: number): ElidePlan | null {
  const target = CONTEXT_POLICY.soft * view.window;
  const end = recentStart(view.turns, view.window);
  const targets: ElidePlan["targets"] = [];
  let used = view.used;
  for (let t = 0; t < end && used > target; t++) {
    view.turns[t].outputs.forEach((o, k) => {
      if (used <= target || o.elided || o.tokens < CONTEXT_POLICY.minElideTokens || o.tokens <= stubTokens) return;
      targets.push({ turn: t, output: k });
      used -= o.tokens - stubTokens;
    });
  }
  return targets.length ? { targets, tokensBefore: view.used, tokensAfter: used } : null;
}

/** The view after an elision (the sizes a stub leaves behind). */
export function applyElide(view: ContextView, plan: ElidePlan, stubTokens: number): ContextView {
  const hit = new Set(plan.targets.map((x) => `${x.turn}:${x.output}`));
  const turns = view.turns.map((turn, t) => {
    let saved = 0;
    const outputs = turn.outputs.map((o, k) => {
      if (!hit.has(`${t}:${k}`)) return o;
      saved += o.tokens - stubTokens;
      return { tokens: stubTokens, elided: true };
    });
    return { tokens: turn.tokens - saved, outputs };
  });
  return { window: view.window, used: plan.tokensAfter, turns };
}

/** Every middle-region turn goes into the summary. Null when the middle is too small to be worth it. */
export function planSummary(view: ContextView): SummaryPlan | null {
  const upTo = recentStart(view.turns, view.window);
  const removed = view.turns.slice(0, upTo).reduce((n, t) => n + t.tokens, 0);
  if (upTo === 0 || removed < CONTEXT_POLICY.minSummaryTokens) return null;
  return { upTo, tokensBefore: view.used, tokensWithoutTurns: view.used - removed };
}

export type ContextStep = { kind: "elide"; plan: ElidePlan } | { kind: "summarize"; plan: SummaryPlan };

/**
 * What a mode does before the next input: nothing under its threshold; `staged` plans the
 * summary on the view its elision leaves, and only if that is still over the hard threshold.
 */
export function planContext(mode: ContextMode, view: ContextView, stubTokens: number): ContextStep[] {
  const over = (v: ContextView, share: number) => v.used > share * v.window;
  const steps: ContextStep[] = [];
  let v = view;
  if ((mode === "elide" || mode === "staged") && over(v, CONTEXT_POLICY.soft)) {
    const plan = planElide(v, stubTokens);
    if (plan) {
      steps.push({ kind: "elide", plan });
      v = applyElide(v, plan, stubTokens);
    }
  }
  if ((mode === "summarize" || mode === "staged") && over(v, CONTEXT_POLICY.hard)) {
    const plan = planSummary(v);
    if (plan) steps.push({ kind: "summarize", plan });
  }
  return steps;
}

/** The stub that replaces an elided tool output (kept short: it is what the model still sees). */
export function elisionStub(tool: string, chars: number): string {
  return `[${tool} output elided to save space (${chars} characters); run the call again if you need it]`;
}

/** The instruction for the separate, tool-free summary call. */
export const SUMMARY_PROMPT =
  "Summarise the work so far in at most 120 words for yourself: what the user asked, which files you found or changed (exact paths), facts you read that you still need, and what is left to do. Write only the summary.";
