import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, traceFor, type TestDashboard } from "../support/server";
import { parseFilter } from "@/domain/analytics/filter";
import { getSideBySide } from "@/server/runs/getSideBySide";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const turn = (text: string, calls: unknown[]) => ({
  promptTokens: 45,
  contextTokens: 380,
  ttftMs: 320,
  outputTokens: 40,
  decodeMs: 2000,
  text,
  toolCalls: calls,
});
const read = (path: string) => ({ name: "read_file", args: { path }, ok: true, result: "…" });

/** files reads /a.md then /b.md; bash reads /a.md then, on repeat 1, /c.md (repeat 2 matches files). */
const shape = (job: any) => ({
  ...traceFor(job),
  turns: [
    turn(`${job.config.id} looks`, [read("/a.md")]),
    turn("then", [read(job.config.id === "bash" && job.repeat === 1 ? "/c.md" : "/b.md")]),
  ],
});

async function session(name: string) {
  const r = await dash.call("POST", "/api/sessions", {
    json: { name, suite: "mini", configs: ["files", "bash"], tasks: "all", repeats: 2, order: "blocked" },
  });
  expect(r.status).toBe(201);
  await runQueue(dash, token, shape);
  return r.body.session.id as string;
}

const filterOf = (query: string) => {
  const f = parseFilter(new URLSearchParams(query));
  if (!f.success) throw new Error("filter");
  return f.data;
};

describe("getSideBySide", () => {
  it("picks each side's run of the task and repeat, pages them alike and finds where they diverge", async () => {
    const s1 = await session("one");
    const q = { filter: filterOf(`session=${s1}`), a: { config: "files" }, b: { config: "bash" }, task: "sum" };
    const r1 = await getSideBySide(dash.ctx, q);
    expect(r1.repeats).toEqual([1, 2]);
    expect(r1.repeat).toBe(1);
    expect([r1.a.view?.data.run.configId, r1.b.view?.data.run.configId]).toEqual(["files", "bash"]);
    expect([r1.a.view?.data.run.repeat, r1.b.view?.data.run.repeat]).toEqual([1, 1]);
    expect(r1.turnCount).toBe(2);
    expect(r1.divergence).toMatchObject({ kind: "diverge", turn: 2, textsDifferAt: 1 });
    const r2 = await getSideBySide(dash.ctx, { ...q, repeat: 2 });
    expect(r2.divergence).toEqual({ kind: "same", turns: 2, textsDifferAt: 1 });

    // A second session: each side has two runs of the repeat; the newest session's pair is shown,
    // and a chosen run of the other session brings its partner.
    const s2 = await session("two");
    const both = { ...q, filter: filterOf(`session=${s1}&session=${s2}`) };
    const r3 = await getSideBySide(dash.ctx, both);
    expect(r3.a.candidates.map((c) => c.sessionName)).toEqual(["two", "one"]);
    expect([r3.a.view?.data.run.sessionId, r3.b.view?.data.run.sessionId]).toEqual([s2, s2]);
    const older = r3.a.candidates[1].id;
    const r4 = await getSideBySide(dash.ctx, { ...both, aRun: older });
    expect([r4.a.view?.data.run.runId, r4.b.view?.data.run.sessionId]).toEqual([older, s1]);

    // A side with no run of the task: no view, nothing to align.
    const none = await getSideBySide(dash.ctx, { ...q, b: { config: "files-plan" } });
    expect(none.b.view).toBeNull();
    expect(none.divergence).toBeNull();

    // Two run ids alone.
    const direct = await getSideBySide(dash.ctx, {
      aRun: String(r1.a.view?.data.run.runId),
      bRun: String(r1.b.view?.data.run.runId),
    });
    expect(direct.task).toBe("sum");
    expect(direct.divergence).toMatchObject({ kind: "diverge", turn: 2 });
    await expect(getSideBySide(dash.ctx, { aRun: "x" })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("pages a long run and a short one alike, so turn n of each stands in the same form", async () => {
    const r = await dash.call("POST", "/api/sessions", {
      json: { name: "long", suite: "mini", configs: ["files", "bash"], tasks: ["sum"], repeats: 1, order: "blocked" },
    });
    await runQueue(dash, token, (job: any) => ({
      turns:
        job.config.id === "files"
          ? Array.from({ length: 45 }, (_, i) => turn(`t${i}`, [read(`/${i}.md`)]))
          : [turn("t0", [read("/0.md")]), turn("t1", [read("/x.md")])],
    }));
    const q = {
      filter: filterOf(`session=${r.body.session.id}`),
      a: { config: "files" },
      b: { config: "bash" },
      task: "sum",
    };
    const first = await getSideBySide(dash.ctx, q);
    expect(first.turnCount).toBe(45);
    expect(first.a.view?.shown.current).toEqual({ page: 1, from: 1, to: 25 });
    expect(first.b.view?.shown.current).toEqual({ page: 1, from: 1, to: 25 });
    expect([first.a.view?.turns.length, first.b.view?.turns.length]).toEqual([25, 2]);
    expect(first.divergence).toMatchObject({ kind: "diverge", turn: 2 });
    const second = await getSideBySide(dash.ctx, { ...q, turns: "2" });
    expect(second.b.view?.shown.current).toEqual({ page: 2, from: 26, to: 45 });
    expect([second.a.view?.turns.length, second.b.view?.turns.length]).toEqual([45, 2]);
    expect(second.b.view?.lines).toEqual([]);
  });
});
