/**
 * `GET /api/health` names the storage engine that answered (issue 18.5), so an operator can tell a
 * SQLite deployment from a PostgreSQL one without reading its environment.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { setContext } from "@/server/context";
import { HealthResponse } from "@/contracts/schemas/dashboard";
import { TEST_ENGINE, testDashboard, type TestDashboard } from "../support/server";

let dash: TestDashboard;
beforeEach(async () => {
  dash = await testDashboard();
});
afterEach(() => dash.close());

it("reports the engine of the dashboard's database, in the contract's shape", async () => {
  const r = await dash.call("GET", "/api/health");
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ ok: true, engine: TEST_ENGINE });
  expect(HealthResponse.parse(r.body)).toEqual(r.body);
});

it("says what answers the analytics: the database until the columnar copy has loaded, then DuckDB (ADR 12)", async () => {
  const before = (await dash.call("GET", "/api/health")).body;
  expect(before.analytics).toMatchObject({ engine: TEST_ENGINE, state: "idle", runs: null });
  expect((await dash.call("GET", "/api/analytics/configs")).status).toBe(200);
  const after = (await dash.call("GET", "/api/health")).body;
  expect(after.analytics).toMatchObject({ engine: "duckdb", state: "ready", runs: 0 });
  expect(after.analytics.loadMs).toBeGreaterThan(0);
});

it("reports the engine of the store it runs on, not a fixed answer", async () => {
  // The same database behind a store that names the other engine: the route must read ctx.store.engine.
  const other = TEST_ENGINE === "sqlite" ? "postgres" : "sqlite";
  // Not spread: a PostgreSQL context's `db` is a getter that throws (the analytics are not ported).
  setContext(Object.create(dash.ctx, { store: { value: { ...dash.ctx.store, engine: other } } }));
  const r = await dash.call("GET", "/api/health");
  expect(r.status).toBe(200);
  expect(r.body.engine).toBe(other);
});
