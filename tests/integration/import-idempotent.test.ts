import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDashboard, type TestDashboard } from "../support/server";

/** A runs.json of two sessions (5 runs and 1). */
const file = () => JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "export", "runs.json"), "utf8"));
const post = (dash: TestDashboard, body: unknown, query = "") =>
  dash.call("POST", `/api/import/runs${query}`, {
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
const ids = (r: { body: { sessions: { id: string }[] } }) => r.body.sessions.map((s) => s.id);
const stored = async (dash: TestDashboard) => ({
  sessions: (await dash.call("GET", "/api/sessions")).body.sessions.length as number,
  runs: await dash.count("SELECT COUNT(*) AS n FROM runs"),
});

describe("runs.json import is idempotent (issue 32.3)", () => {
  it("answers the same file again with the sessions it made (200, alreadyImported), storing nothing", async () => {
    const dash = await testDashboard();
    const first = await post(dash, file());
    expect(first.status).toBe(201);
    expect(first.body.alreadyImported).toBe(false);
    expect(first.body.message).toBeUndefined();
    expect(first.body.sessions.map((s: { runs: number }) => s.runs)).toEqual([5, 1]);
    expect(await stored(dash)).toEqual({ sessions: 2, runs: 6 });

    // The answer was lost; the same file is sent again, re-serialised with its keys in another order.
    dash.advance(60_000);
    const { runs, version } = file();
    const retry = await post(dash, { runs, version });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ ...first.body, alreadyImported: true, message: expect.any(String) });
    expect(retry.body.message).toMatch(/imported before.*nothing was stored again/);
    expect(await stored(dash)).toEqual({ sessions: 2, runs: 6 });

    // Another name does not make other runs: the same sessions, and the message says the name was not applied.
    const renamed = await post(dash, file(), "?name=week");
    expect(renamed.status).toBe(200);
    expect(ids(renamed)).toEqual(ids(first));
    expect(renamed.body.message).toMatch(/The name "week" was not applied/);
    expect(await stored(dash)).toEqual({ sessions: 2, runs: 6 });

    // One value of one run changed: another file, imported as new (its taken run ids replaced).
    const changed = file();
    changed.runs[0].loadMs += 1;
    const other = await post(dash, changed);
    expect(other.status).toBe(201);
    expect(other.body.alreadyImported).toBe(false);
    expect(ids(other)).not.toEqual(ids(first));
    expect(await stored(dash)).toEqual({ sessions: 4, runs: 12 });
    dash.close();
  });

  it("stores two identical imports sent at once only once: one 201, one 200 naming the same sessions", async () => {
    const dash = await testDashboard();
    const [a, b] = await Promise.all([post(dash, file()), post(dash, file())]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(ids(a)).toEqual(ids(b));
    expect([a.body.alreadyImported, b.body.alreadyImported].sort()).toEqual([false, true]);
    expect(await stored(dash)).toEqual({ sessions: 2, runs: 6 });
    dash.close();
  });

  it("warns a selection that pools the same file imported twice before imports were idempotent", async () => {
    const dash = await testDashboard();
    const first = await post(dash, file());
    // What an import made before migration 0014 looks like: its sessions carry no key.
    await dash.exec("UPDATE sessions SET import_key = NULL");
    dash.advance(60_000);
    const second = await post(dash, file());
    expect(second.status).toBe(201);
    const [a1, a2] = ids(first);
    const [b1, b2] = ids(second);
    const q = [a1, a2, b1, b2].map((id) => `session=${id}`).join("&");
    const sel = (await dash.call("GET", `/api/analytics/selection?${q}`)).body;
    // The selection counts neither the superseded retry nor the trial session's run, so 4 of the 5 runs.
    expect(sel.duplicates).toEqual([{ of: a1, copy: b1, runs: 4 }]);
    expect(sel.warnings[0]).toBe(
      `“Imported: =Step 1, "files" vs bash” repeats 4 runs of “Imported: =Step 1, "files" vs bash” (same task, config, repeat, device and start time, as an imported copy would): those runs are counted twice; untick one of the two sessions.`,
    );
    dash.close();
  });
});
