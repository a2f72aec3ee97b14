import { describe, expect, it } from "vitest";
import { canonicalJson, type Plan } from "@/domain/study/plan";
import { planSha256 } from "@/server/sessions/planHash";
import { dashboardPerTest, pollBody, runQueue, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const queue = (json: Record<string, unknown>) =>
  dash.call("POST", "/api/sessions", { json: { name: "planned", suite: "mini", configs: ["files", "bash"], ...json } });

describe("a pre-registered plan (issue 36.3)", () => {
  it("is saved with the session, completed from it, and read back with its hash", async () => {
    const r = await queue({ repeats: 2, plan: { a: "files", b: "bash", alpha: 0.1, latencyMarginPct: 10 } });
    expect(r.status).toBe(201);
    const expected: Plan = {
      a: "files",
      b: "bash",
      metric: "pass_rate",
      alpha: 0.1,
      latencyMarginPct: 10,
      minRepeats: 2,
      maxRepeats: 2,
      stoppingRule: "anytime-betting-cs",
    };
    const sha256 = planSha256(expected);
    expect(r.body.session.planSha256).toBe(sha256);
    const got = await dash.call("GET", `/api/sessions/${r.body.session.id}`);
    expect(got.body.session.plan).toEqual({ ...expected, sha256 });
    // The stored text is the canonical JSON the hash was taken over.
    const [row] = (await dash.rows("SELECT plan, plan_sha256 AS h FROM sessions WHERE id = ?", r.body.session.id)) as {
      plan: string;
      h: string;
    }[];
    expect(row.plan).toBe(canonicalJson(expected));
    expect(row.h).toBe(sha256);
  });

  it("refuses configs outside the session, a == b and repeats other than the session's, naming each field", async () => {
    const r = await queue({ repeats: 3, plan: { a: "files", b: "nope", maxRepeats: 2 } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_request");
    expect(r.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["plan.b", "plan.maxRepeats"]);
    const same = await queue({ plan: { a: "files", b: "files" } });
    expect(same.status).toBe(400);
    const alpha = await queue({ plan: { a: "files", b: "bash", alpha: 0.7 } });
    expect(alpha.status).toBe(400);
    expect((await dash.call("GET", "/api/sessions")).body.sessions).toEqual([]);
  });

  it("can be saved later only once and only before the first lease", async () => {
    const none = await queue({ repeats: 1 });
    const id = none.body.session.id as string;
    expect(none.body.session.planSha256).toBeNull();
    expect((await dash.call("GET", `/api/sessions/${id}`)).body.session.plan).toBeNull();

    const saved = await dash.call("POST", `/api/sessions/${id}/plan`, { json: { plan: { a: "bash", b: "files" } } });
    expect(saved.status).toBe(200);
    expect(saved.body.plan).toMatchObject({ a: "bash", b: "files", minRepeats: 1, maxRepeats: 1 });
    expect((await dash.call("GET", `/api/sessions/${id}`)).body.session.plan).toEqual(saved.body.plan);

    const again = await dash.call("POST", `/api/sessions/${id}/plan`, { json: { plan: { a: "files", b: "bash" } } });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("already saved");

    const missing = await dash.call("POST", "/api/sessions/ses_nope/plan", {
      json: { plan: { a: "files", b: "bash" } },
    });
    expect(missing.status).toBe(404);
  });

  it("is refused once a phone has leased one of the session's jobs", async () => {
    const id = (await queue({ repeats: 1 })).body.session.id as string;
    expect((await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).status).toBe(200);
    const late = await dash.call("POST", `/api/sessions/${id}/plan`, { json: { plan: { a: "files", b: "bash" } } });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("already leased");
    expect((await dash.call("GET", `/api/sessions/${id}`)).body.session.plan).toBeNull();
  });

  it("is carried by the gate, which labels any other comparison exploratory", async () => {
    const id = (await queue({ repeats: 1, plan: { a: "files", b: "bash" } })).body.session.id as string;
    await runQueue(dash, token, () => ({}));
    const sha256 = (await dash.call("GET", `/api/sessions/${id}`)).body.session.plan.sha256 as string;
    const gate = await dash.call("GET", `/api/gate?baseline=${id}:files&candidate=${id}:bash`);
    expect(gate.status).toBe(200);
    expect(gate.body.plan).toMatchObject({ session: id, sha256, a: "files", b: "bash", planned: true });
    expect(gate.body.markdown).toContain(`sha256 ${sha256}`);
    expect(gate.body.markdown).toContain("the plan's primary one");
    const otherAlpha = await dash.call("GET", `/api/gate?baseline=${id}:files&candidate=${id}:bash&alpha=0.1`);
    expect(otherAlpha.body.plan.planned).toBe(false);
    expect(otherAlpha.body.markdown).toContain("Exploratory: this comparison is not the plan's");
  });
});
