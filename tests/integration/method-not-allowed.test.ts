/**
 * Every route module under app/api, found by walking the folder (so a new route cannot be
 * forgotten), answers each of GET/POST/PUT/PATCH/DELETE it does not implement with 405, the one
 * error body of protocol.md and an `Allow` header naming what it does implement; OPTIONS answers
 * 204 with the same `Allow`. Called in-process through the test server's dispatcher, which must
 * know the route too.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "@/domain/protocol/errors";
import { isRefusal, METHODS } from "@/server/http";
import { testDashboard, type TestDashboard } from "../support/server";

const API = path.join(__dirname, "..", "..", "app", "api");
const files = (fs.readdirSync(API, { recursive: true }) as string[])
  .filter((f) => path.basename(f) === "route.ts" && !f.includes("[..."))
  .sort();

let dash: TestDashboard;
beforeAll(async () => void (dash = await testDashboard()));
afterAll(() => dash?.close());

describe("methods a route does not implement", () => {
  it("finds the route modules", () => {
    expect(files.length).toBeGreaterThanOrEqual(36);
  });

  it.each(files)("app/api/%s", async (file) => {
    const mod = (await import(path.join(API, file))) as Record<string, unknown>;
    const url = `/api/${path
      .dirname(file)
      .split(path.sep)
      .join("/")
      .replace(/\[id\]/g, "x_unknown")}`;
    for (const m of METHODS)
      expect(typeof mod[m], `${file} exports no ${m}: end it with otherMethods(…)`).toBe("function");
    const real = METHODS.filter((m) => !isRefusal(mod[m]));
    expect(real.length, `${file} implements no method`).toBeGreaterThan(0);
    const allow = [...real, ...(real.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");

    for (const m of METHODS.filter((x) => !real.includes(x))) {
      const res = await dash.fetch(`http://127.0.0.1:3000${url}`, {
        method: m,
        body: m === "GET" ? undefined : "{}",
        headers: { "content-type": "application/json" },
      });
      const what = `${m} ${url}`;
      expect(res.status, what).toBe(405);
      expect(res.headers.get("allow"), what).toBe(allow);
      const body = ErrorBody.parse(await res.json());
      expect(body.error.code, what).toBe("method_not_allowed");
      for (const r of real) expect(body.error.message, what).toContain(r);
      expect(body.error.message, what).toMatch(/send the request with/);
    }
    const options = await dash.fetch(`http://127.0.0.1:3000${url}`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe(allow);
  });

  it("names the allowed methods in a sentence that says what to do", async () => {
    const r = await dash.call("GET", "/api/device/v1/poll");
    expect(r).toEqual({
      status: 405,
      body: {
        error: { code: "method_not_allowed", message: "This route accepts POST, not GET; send the request with POST." },
      },
    });
    const s = await dash.call("PUT", "/api/sessions");
    expect(s.body.error.message).toBe("This route accepts GET or POST, not PUT; send the request with GET or POST.");
  });
});
