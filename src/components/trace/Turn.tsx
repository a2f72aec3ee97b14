import { duration, integer, percent } from "@/domain/stats/format";
import {
  foldBrief,
  formatSpeed,
  turnSummary,
  type CallRow,
  type EndMarker,
  type IdenticalRun,
  type TurnHead,
  type TurnRow,
  type TurnWindow,
} from "@/domain/trace";
import { DeltaLine } from "./Diff";
import { Inert, LongText } from "./Inert";

/** Context used against the window; red past 80%, where harnesses start eliding. */
function ContextBar({ tokens, fraction }: { tokens: number; fraction: number | null }) {
  return (
    <span className="ctx" title={fraction === null ? "context window unknown" : `${percent(fraction)} of the window`}>
      {fraction !== null && (
        <span className="ctxbar">
          <span className={fraction > 0.8 ? "hot" : ""} style={{ width: `${Math.min(1, fraction) * 100}%` }} />
        </span>
      )}{" "}
      {integer(tokens)} tok{fraction !== null && ` (${percent(fraction)})`}
    </span>
  );
}

function argsText(args: unknown): string {
  return typeof args === "string" ? args : (JSON.stringify(args, null, 2) ?? String(args));
}

export function CallView({ call, milestonesTotal }: { call: CallRow; milestonesTotal: number | null }) {
  return (
    <div className={`call${call.ok ? "" : " failed"}`} data-testid={`call-${call.n}`}>
      <div className="row call-head">
        <b className="mono">
          #{call.n} <Inert text={call.name} />
        </b>
        {call.ok ? <span className="pill pass">ok</span> : <span className="pill fail">error</span>}
        <span className="muted">{duration(call.ms)}</span>
        {call.repeatOf !== null && (
          <span className="pill warn" data-testid="loop-flag" title="same tool and arguments as an earlier call">
            loop: repeats #{call.repeatOf}
          </span>
        )}
        {call.reached.map((l, i) => (
          <span key={i} className="pill pass" data-testid="milestone">
            ✓ <Inert text={l} />
          </span>
        ))}
        {call.progress !== null && milestonesTotal ? (
          <span className="muted">
            milestones {call.progress}/{milestonesTotal}
          </span>
        ) : null}
      </div>
      {call.brief ? null : <LongText text={argsText(call.args)} className="args" />}
      {call.result !== null && (
        <LongText text={call.result} className={call.ok ? "result" : "result err"} testId="call-result" />
      )}
      {call.deltas.map((d, i) => (
        <DeltaLine key={i} delta={d} />
      ))}
    </div>
  );
}

/** Where the run stopped, at the turn it stopped after (a crash or timeout in red). */
export function EndMark({ ending }: { ending: EndMarker }) {
  return (
    <div
      className={`end-mark${ending.abnormal ? " abnormal" : ""}`}
      data-testid="end-marker"
      data-reason={ending.reason}
      role="note"
    >
      {ending.abnormal ? "⚠ " : "■ "}
      <Inert text={ending.text} />
    </div>
  );
}

/** "×12, identical" on the first turn of a run of identical turns (the others fold below it). */
function LoopBadge({ run }: { run: IdenticalRun }) {
  return (
    <span
      className="pill warn"
      data-testid="loop-badge"
      title={`Turns ${run.from}–${run.to} have the same text and tool calls`}
    >
      ×{run.count}, identical
    </span>
  );
}

export function TurnCard({
  turn,
  milestonesTotal,
  run = null,
  ending = null,
  anchor = true,
}: {
  turn: TurnRow;
  milestonesTotal: number | null;
  run?: IdenticalRun | null;
  ending?: EndMarker | null;
  /** False where the page anchors the turn elsewhere (the side-by-side view anchors each pair of turns). */
  anchor?: boolean;
}) {
  return (
    <section
      className={`turn${ending?.abnormal ? " ended-abnormally" : ""}`}
      data-turn={turn.n}
      data-testid={`turn-${turn.n}`}
      id={anchor ? `turn-${turn.n}` : undefined}
    >
      <div className="row turn-head">
        <b>Turn {turn.n}</b>
        {run && <LoopBadge run={run} />}
        <span title="tokens ingested for this turn">prompt {integer(turn.promptTokens)} tok</span>
        <span title="time to first token">TTFT {duration(turn.ttftMs)}</span>
        <span>out {integer(turn.outputTokens)} tok</span>
        <span title="output tokens / decode time">{formatSpeed(turn.tokensPerSecond)}</span>
        <ContextBar tokens={turn.contextTokens} fraction={turn.contextFraction} />
        {turn.contextEvents.map((e, i) => (
          <span key={i} className="pill" data-testid="context-event">
            {e.kind} {integer(e.tokensBefore)}→{integer(e.tokensAfter)}
          </span>
        ))}
      </div>
      {turn.text !== null && <LongText text={turn.text} model testId="turn-text" />}
      {foldBrief(turn.calls).map((c) =>
        "from" in c ? (
          <div key={`b${c.from}`} className="call brief row" data-testid="calls-brief">
            <b className="mono">
              #{integer(c.from)}
              {c.to > c.from ? `–#${integer(c.to)}` : ""} <Inert text={c.name} />
            </b>
            {c.ok ? <span className="pill pass">ok</span> : <span className="pill fail">error</span>}
            {c.to > c.from && <span className="muted">× {integer(c.to - c.from + 1)}, listed by name</span>}
            {c.reached.map((l, i) => (
              <span key={i} className="pill pass" data-testid="milestone">
                ✓ <Inert text={l} />
              </span>
            ))}
          </div>
        ) : (
          <CallView key={c.n} call={c} milestonesTotal={milestonesTotal} />
        ),
      )}
      {ending && <EndMark ending={ending} />}
    </section>
  );
}

/** A turn of a long run outside the page shown in full: one line that opens its page. */
export function TurnLine({
  turn,
  page,
  run = null,
  ending = null,
  anchor = true,
  pageHref = (p) => `?turns=${p}`,
}: {
  turn: TurnHead;
  page: number;
  run?: IdenticalRun | null;
  ending?: EndMarker | null;
  anchor?: boolean;
  /** The address of a page of turns (`turns` is a page number or "all"): other pages keep their own parameters. */
  pageHref?: (turns: string | number) => string;
}) {
  return (
    <section
      className={`turn compact${ending?.abnormal ? " ended-abnormally" : ""}`}
      data-turn={turn.n}
      data-testid={`turn-${turn.n}`}
      id={anchor ? `turn-${turn.n}` : undefined}
    >
      <a className="turn-line" href={`${pageHref(page)}#turn-${turn.n}`}>
        <b>Turn {turn.n}</b> {run && <LoopBadge run={run} />}{" "}
        <span className="muted">
          <Inert text={turnSummary(turn)} />
        </span>
      </a>
      {ending && <EndMark ending={ending} />}
    </section>
  );
}

/** Which turns of a long run are shown in full; plain links, so opening a page costs no client JavaScript. */
export function TurnPager({
  window: w,
  pageHref = (p) => `?turns=${p}`,
}: {
  window: TurnWindow;
  pageHref?: (turns: string | number) => string;
}) {
  if (!w.pages.length) return null;
  return (
    <nav className="row pager" data-testid="turn-pages">
      <span className="muted">Turns in full:</span>
      {w.pages.map((p) =>
        w.current?.page === p.page ? (
          <b key={p.page}>
            {p.from}–{p.to}
          </b>
        ) : (
          <a key={p.page} href={pageHref(p.page)}>
            {p.from}–{p.to}
          </a>
        ),
      )}
      {w.current === null ? (
        <b>all</b>
      ) : (
        <a href={pageHref("all")} data-testid="all-turns">
          all
        </a>
      )}
    </nav>
  );
}
