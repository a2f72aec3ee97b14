import { notFound } from "next/navigation";
import "./trace.css";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { getRunView } from "@/server/runs/getRunView";
import { CALLS_IN_FULL, CHARS_PER_TEXT, pageOf, showsInFull, type IdenticalRun } from "@/domain/trace";
import { RunHeader } from "@/components/trace/RunHeader";
import { CallView, EndMark, TurnCard, TurnLine, TurnPager } from "@/components/trace/Turn";
import { LoopFold } from "@/components/trace/LoopFold";
import { WorkspaceView } from "@/components/trace/Diff";
import { LongText } from "@/components/trace/Inert";
import { TraceKeys } from "@/components/trace/TraceKeys";

export const dynamic = "force-dynamic";

async function load(id: string, turns: string | undefined) {
  try {
    return await getRunView(getContext(), id, turns);
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") notFound();
    throw err;
  }
}

export default async function RunPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ turns?: string | string[] }>;
}) {
  const { id } = await params;
  const { turns: requested } = await searchParams;
  const {
    data,
    read,
    seed,
    milestonesTotal,
    turnCount,
    shown,
    turns,
    lines,
    looseCalls,
    callCount,
    listedByName,
    callsInFull,
    labelsNotStored,
    timeline,
    ending,
  } = await load(id, typeof requested === "string" ? requested : undefined);
  // Turn n in full (its row is built) or as one line; the run it starts (if any) and the end mark at its turn.
  const turn = (n: number, run: IdenticalRun | null = null) => {
    const end = ending && ending.turn === n ? ending : null;
    if (showsInFull(shown, n))
      return <TurnCard key={n} turn={turns[n - 1]} milestonesTotal={milestonesTotal} run={run} ending={end} />;
    const head = n <= turns.length ? turns[n - 1] : lines[n - 1 - turns.length];
    return <TurnLine key={n} turn={head} page={pageOf(shown, n)} run={run} ending={end} />;
  };

  return (
    <>
      <TraceKeys previous={data.neighbours.previous} next={data.neighbours.next} />
      <RunHeader data={data} read={read} />
      {read.kind === "invalid" && (
        <div className="error">
          This run&apos;s stored trace does not match the current trace format ({read.error}), so its timeline cannot be
          drawn. The export still has its numbers.
        </div>
      )}
      {read.kind === "imported" && (
        <div className="notice" data-testid="imported-trace">
          Imported from a runs.json: it keeps per-turn timings, the tool calls and the final reply, but no turn texts,
          tool results or workspace.
        </div>
      )}

      <h2>
        Timeline{" "}
        <span className="hint">
          {turnCount} turn{turnCount === 1 ? "" : "s"}, {callCount} tool call{callCount === 1 ? "" : "s"}
        </span>
      </h2>
      <p className="section-guide">
        Each turn: tokens in, time to first token, tokens out and decode speed, context in use; then the raw model text
        (tool-call syntax highlighted) and what each call did.
        {shown.pages.length > 0 &&
          ` A long run shows ${shown.pages[0].to} turns in full at a time and the others as one line: click a line to open its page, or show all.`}
      </p>
      {listedByName > 0 && (
        <p className="notice" data-testid="calls-listed-by-name">
          This page shows {callsInFull.toLocaleString("en-US")} calls in full (at most {CALLS_IN_FULL}); the other{" "}
          {listedByName.toLocaleString("en-US")} in its turns are listed by name only, and long texts are cut at{" "}
          {CHARS_PER_TEXT.toLocaleString("en-US")} characters. Every call is in the raw trace:{" "}
          <a href={`/api/runs/${encodeURIComponent(id)}`}>GET /api/runs/…</a>.
        </p>
      )}
      {labelsNotStored && (
        <p className="notice" data-testid="milestone-labels-not-stored">
          This score was written before Harness Lab kept which call reached each milestone, so the calls carry no
          milestone labels (the counts are right). Rescore{" "}
          <a href={`/sessions/${encodeURIComponent(String(data.run.sessionId))}`}>its session</a> to show them.
        </p>
      )}
      <TurnPager window={shown} />
      {turnCount === 0 ? (
        <>
          <p className="muted" data-testid="turns-empty">
            This run has no turns: the model never produced output.
          </p>
          {ending && <EndMark ending={ending} />}
        </>
      ) : (
        <div className="timeline">
          {timeline.map((item) =>
            item.kind === "turn" ? (
              turn(item.n, item.run)
            ) : (
              <LoopFold key={`fold-${item.run.from}`} run={item.run} ending={ending}>
                {item.turns.map((n) => turn(n))}
              </LoopFold>
            ),
          )}
        </div>
      )}

      {looseCalls.length > 0 && (
        <>
          <h2>Tool calls</h2>
          <p className="section-guide">In call order; repeats of an earlier call are flagged as a loop.</p>
          {looseCalls.map((c) => (
            <CallView key={c.n} call={c} milestonesTotal={milestonesTotal} />
          ))}
        </>
      )}

      {read.kind === "imported" && read.reply !== null && (
        <>
          <h2>Final reply</h2>
          <LongText text={read.reply} testId="reply" />
        </>
      )}
      {read.kind === "full" && (
        <>
          <h2>Final reply</h2>
          <LongText text={read.trace.reply} testId="reply" />
          <h2>Final workspace</h2>
          <p className="section-guide">
            The files the run left behind against the task&apos;s seed: open a file to see its diff.
          </p>
          {seed ? (
            <WorkspaceView seed={seed} final={read.trace.workspace} />
          ) : (
            <p className="muted">The task version is unknown, so there is no seed to compare with.</p>
          )}
        </>
      )}
    </>
  );
}
