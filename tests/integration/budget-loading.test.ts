import { afterEach, describe, expect, it } from "vitest";
import { budgetCountsReady } from "@/server/budget/budgetCountsReady";
import { warmBudgetCounts } from "@/server/budget/warmBudgetCounts";
import { cachedCount, setTokenizerLoader, tokenizerProgress } from "@/server/budget/tokenizer";
import { renderStartup } from "@/domain/budget/render";
import { testDashboard, type TestDashboard } from "../support/server";

/** A stand-in tokenizer whose load finishes when the test says so. */
function slowLoader() {
  let finish!: () => void;
  const loaded = new Promise<void>((r) => (finish = r));
  let loads = 0;
  const loader = async () => {
    loads++;
    await loaded;
    return { encode: (text: string) => new Array(Math.ceil(text.length / 3)).fill(0) };
  };
  return { loader, finish, loads: () => loads };
}

let dash: TestDashboard;
afterEach(() => {
  dash.close();
  setTokenizerLoader(undefined);
});

describe("the budget page while the tokenizer loads (issue 34.11)", () => {
  it("says it is loading instead of waiting, starts the load once, and is ready when it is loaded", async () => {
    const slow = slowLoader();
    setTokenizerLoader(slow.loader);
    dash = await testDashboard();
    expect(tokenizerProgress().state).toBe("idle");

    const first = await budgetCountsReady(dash.ctx, { suite: "mini" });
    expect(first).toMatchObject({ ready: false, lastLoadMs: null });
    expect(tokenizerProgress().state).toBe("loading");
    // A second visit meanwhile does not start another load.
    expect(await budgetCountsReady(dash.ctx, { suite: "mini" })).toMatchObject({ ready: false });
    expect(slow.loads()).toBe(1);

    slow.finish();
    await expect.poll(() => tokenizerProgress().state).toBe("loaded");
    expect(await budgetCountsReady(dash.ctx, { suite: "mini" })).toEqual({ ready: true });
    // The page it then renders answers with counted tokens.
    const r = await dash.call("GET", "/api/budget?suite=mini");
    expect(r.status).toBe(200);
    expect(r.body.configs.every((c: { method: string }) => c.method === "gemma3")).toBe(true);
  });

  it("a tokenizer that cannot load ends the wait: the page shows the estimate, said as such", async () => {
    let fail!: (e: Error) => void;
    setTokenizerLoader(() => new Promise((_, reject) => (fail = reject)));
    dash = await testDashboard();
    expect(await budgetCountsReady(dash.ctx, { suite: "mini" })).toMatchObject({ ready: false });
    fail(new Error("no vocabulary"));
    await expect.poll(() => tokenizerProgress().state).toBe("failed");
    expect(await budgetCountsReady(dash.ctx, { suite: "mini" })).toEqual({ ready: true });
    const r = await dash.call("GET", "/api/budget?suite=mini");
    expect(r.body.tokenizer).toMatchObject({ method: "estimate", error: "no vocabulary" });
  });

  it("an unknown suite is left to the page's own sentence", async () => {
    setTokenizerLoader(slowLoader().loader);
    dash = await testDashboard();
    expect(await budgetCountsReady(dash.ctx, { suite: "nope" })).toEqual({ ready: true });
    expect(tokenizerProgress().state).toBe("idle");
  });

  it("warming at start counts the suite's start-up texts, so a first visit finds them counted", async () => {
    const slow = slowLoader();
    setTokenizerLoader(slow.loader);
    dash = await testDashboard();
    const suite = await dash.ctx.store.sessions.resolveSuite("mini");
    expect(suite.configs.map((c) => cachedCount(renderStartup(c)))).toEqual(suite.configs.map(() => undefined));
    slow.finish();
    await warmBudgetCounts(dash.ctx, "mini");
    expect(suite.configs.every((c) => cachedCount(renderStartup(c)) !== undefined)).toBe(true);
    expect(await budgetCountsReady(dash.ctx, { suite: "mini" })).toEqual({ ready: true });
  });
});
