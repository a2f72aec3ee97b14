/**
 * Issue 32, point 4: a JSON body with no `Content-Type` was taken as JSON. The dashboard's JSON
 * routes now refuse it with the 415 they give any other type that is not JSON, so the media type
 * check holds by itself and not only behind the Origin check. The device API keeps accepting it
 * (protocol.md does not require the header of phones), and requests without a body still work.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTokenizerLoader } from "@/server/budget/tokenizer";
import { setDemoPhoneLauncher } from "@/server/demo/startDemo";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
const enc = new TextEncoder();
const BASE = "http://127.0.0.1:3000";
const session = {
  name: "untyped",
  suite: "mini",
  tasks: ["dentist-todo"],
  configs: ["files"],
  repeats: 1,
  order: "blocked",
};
const stored = async () =>
  Number(
    (
      await dash.row(
        "SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM devices) + (SELECT count(*) FROM suites) + (SELECT count(*) FROM runs) AS n",
      )
    ).n,
  );

/** A POST whose body is bytes, so that nothing adds a Content-Type (a string body would get text/plain). */
async function post(
  url: string,
  body?: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array<ArrayBuffer>>,
  headers: Record<string, string> = {},
) {
  const init: RequestInit & { duplex?: "half" } = { method: "POST", headers, body };
  if (body instanceof ReadableStream) init.duplex = "half";
  const res = await dash.fetch(new Request(new URL(url, BASE), init));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const bytes = (value: unknown) => enc.encode(JSON.stringify(value));

beforeAll(async () => {
  setTokenizerLoader(async () => ({ encode: (text: string) => new Array(Math.ceil(text.length / 3)).fill(0) }));
  dash = await testDashboard();
  token = (await dash.call("POST", "/api/devices", { json: { name: "typed phone" } })).body.token;
});
afterAll(() => {
  dash?.close();
  setTokenizerLoader(undefined);
});

describe("a body without Content-Type", () => {
  it("is refused with 415 unsupported_media_type on every dashboard JSON route, storing nothing", async () => {
    const exported = await (await dash.fetch(`${BASE}/api/export/runs.json`)).json();
    const suite = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "suites", "mini.json"), "utf8"));
    const routes: [string, unknown][] = [
      ["/api/devices", { name: "phone" }],
      ["/api/sessions", session],
      ["/api/suites", suite],
      ["/api/import/runs", { version: 1, runs: exported.runs }],
      ["/api/budget/count", { systemPrompt: "Be brief.", tools: [] }],
    ];
    for (const [url, value] of routes) {
      const before = await stored();
      // Length unknown to the headers (read, then refused), declared, and chunked.
      const body = bytes(value);
      const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
        start(c) {
          c.enqueue(body);
          c.close();
        },
      });
      for (const [label, r] of [
        ["no length", await post(url, body)],
        ["declared length", await post(url, body, { "content-length": String(body.length) })],
        ["chunked", await post(url, stream, { "transfer-encoding": "chunked" })],
      ] as const) {
        expect(r.status, `${url}, ${label}`).toBe(415);
        expect(r.body.error.code).toBe("unsupported_media_type");
        expect(r.body.error.message).toContain("Content-Type: application/json");
      }
      expect(await stored(), `${url}: a refused request stored rows`).toBe(before);
      // The same body as JSON gets past the type check (the import repeats stored runs: not a 2xx).
      const typed = await post(url, body, { "content-type": "application/json" });
      if (url === "/api/import/runs") expect(typed.body?.error?.code, url).not.toBe("unsupported_media_type");
      else expect(typed.status, url).toBeLessThan(300);
    }
  });

  it("is still JSON on the device API, which protocol.md does not ask to send the header", async () => {
    await dash.call("POST", "/api/sessions", { json: session });
    const poll = await post("/api/device/v1/poll", bytes(pollBody), { authorization: `Bearer ${token}` });
    expect(poll.status).toBe(200);
    const job = poll.body.job;
    const auth = { authorization: `Bearer ${token}` };
    expect(
      (await post(`/api/device/v1/jobs/${job.id}/heartbeat`, bytes({ leaseToken: job.lease.token, turn: 1 }), auth))
        .status,
    ).toBe(200);
    expect((await post(`/api/device/v1/jobs/${job.id}/result`, bytes(traceFor(job)), auth)).status).toBe(201);
  });

  it("does not touch requests without a body: cancel and the demo", async () => {
    const s = (await dash.call("POST", "/api/sessions", { json: session })).body.session;
    expect((await post(`/api/sessions/${s.id}/cancel`)).status).toBe(200);
    setDemoPhoneLauncher(() => ({ running: () => false, stop: () => {} }));
    try {
      // Past the body reader: this dashboard has no default suite to demo (404), not a 400 or 415.
      expect((await post("/api/demo")).status).toBe(404);
      expect((await post("/api/demo", new Uint8Array(), { "content-length": "0" })).status).toBe(404);
      expect((await post("/api/demo", bytes({}))).status).toBe(415);
    } finally {
      setDemoPhoneLauncher(undefined);
    }
  });
});

describe("a body of another type", () => {
  it("a CSV sent to the import is named as CSV, with what the import takes (issue 34.11)", async () => {
    const before = await stored();
    const csv = enc.encode("run_id,session_id,task_id\nrun_1,ses_1,dentist-todo\n");
    const r = await post("/api/import/runs", csv, { "content-type": "text/csv" });
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe("unsupported_media_type");
    expect(r.body.error.message).toMatch(/^This is CSV \(text\/csv\); send the runs\.json export/);
    expect(await stored()).toBe(before);
    // Another route, another type: the general sentence.
    const other = await post("/api/sessions", enc.encode("name=x"), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(other.status).toBe(415);
    expect(other.body.error.message).toBe("Send the body as JSON with `Content-Type: application/json`.");
  });
});
