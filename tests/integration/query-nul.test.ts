import { afterEach, expect, it } from "vitest";
import { testDashboard } from "../support/server";

let dash: Awaited<ReturnType<typeof testDashboard>> | undefined;
afterEach(async () => dash?.close());

// PostgreSQL's text cannot hold U+0000: a parameter with one reached the query and failed with a 500 there.
it("refuses a query parameter holding NUL with a 400 that names it, on every engine", async () => {
  dash = await testDashboard();
  for (const url of ["/api/runs?session=%2Fa%2F%00%2Fb", "/api/analytics/configs?session=ses_%00"]) {
    const r = await dash.call("GET", url);
    expect(r.status, url).toBe(400);
    expect(r.body.error.issues, url).toEqual([{ path: "session", message: "holds a NUL character (%00)" }]);
  }
  const name = await dash.call("POST", "/api/import/runs?name=%00", { json: { runs: [] } });
  expect(name.status).toBe(400);
  expect(name.body.error.issues[0].path).toBe("name");
  expect((await dash.call("GET", "/api/runs?session=ses_x")).status).toBe(200);
});
