import fs from "node:fs";
import { expect, test } from "./fixtures";
import { startServer, type RunningServer } from "./server";

/*
 * server/main.ts serves the device API itself (server/device-api.ts) with the same route handlers
 * Next.js serves; DEVICE_API_VIA_NEXT=1 hands it back to Next.js. Both must answer every request
 * alike: the protocol is one contract, whichever layer speaks it.
 */
const pollBody = {
  device: { id: "transport-phone", model: "iPhone 15 Pro", os: "iOS 26.1" },
  build: { commit: "3f2c1e9", app: "0.7.0", runtime: "react-native-executorch 0.10.4", model: "gemma-4-e2b" },
  state: { thermal: "nominal" },
};

/** `mib` MiB of a JSON string, streamed in 64 KiB chunks (so fetch sends it chunked). */
function chunked(mib: number): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (sent === 0) c.enqueue(new TextEncoder().encode('{"pad":"'));
      if (sent >= mib * 16) {
        c.enqueue(new TextEncoder().encode('"}'));
        return c.close();
      }
      sent++;
      c.enqueue(piece);
    },
  });
}

interface Answer {
  status: number;
  allow: string | null;
  type: string | null;
  body: unknown;
  connection?: string | null;
}

async function exchange(server: RunningServer): Promise<Record<string, Answer>> {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
  const { token } = await (await post("/api/devices", JSON.stringify({ name: "p" }))).json();
  const auth = { authorization: `Bearer ${token}` };
  const session = await (
    await post(
      "/api/sessions",
      JSON.stringify({ name: "transport", configs: ["bash"], tasks: ["wifi-password-search"], repeats: 1, seed: 1 }),
    )
  ).json();
  expect(session.session.jobs).toBe(1);

  const answers: Record<string, Response> = {
    "GET poll (405)": await fetch(`${server.base}/api/device/v1/poll`),
    "PUT heartbeat (405)": await fetch(`${server.base}/api/device/v1/jobs/job_x/heartbeat`, { method: "PUT" }),
    "poll without token (401)": await post("/api/device/v1/poll", JSON.stringify(pollBody)),
    "poll, wait out of range (400)": await post("/api/device/v1/poll?wait=99", JSON.stringify(pollBody), auth),
    "poll, not JSON (400)": await post("/api/device/v1/poll", "{nope", auth),
    "poll, wrong content type (415)": await post("/api/device/v1/poll", JSON.stringify(pollBody), {
      ...auth,
      "content-type": "text/plain",
    }),
    "result, not a trace (400)": await post("/api/device/v1/jobs/job_nope/result", JSON.stringify({}), auth),
    "heartbeat for an unknown job (404)": await post(
      "/api/device/v1/jobs/job_nope/heartbeat",
      JSON.stringify({ leaseToken: "lease_x" }),
      auth,
    ),
    "trace over 5 MiB (413)": await post(
      "/api/device/v1/jobs/job_nope/result",
      JSON.stringify({ pad: "x".repeat(5 * 1024 * 1024 + 10) }),
      auth,
    ),
  };
  const poll = await post("/api/device/v1/poll?wait=0", JSON.stringify(pollBody), auth);
  const job = (await poll.clone().json()).job;
  answers["poll leases the job (200)"] = poll;
  answers["heartbeat, forged lease (409)"] = await post(
    `/api/device/v1/jobs/${job.id}/heartbeat`,
    JSON.stringify({ leaseToken: "lease_forged" }),
    auth,
  );
  answers["poll, queue empty (204)"] = await post("/api/device/v1/poll?wait=1", JSON.stringify(pollBody), auth);
  // Sent chunked, without Content-Length: refused once 5 MiB have arrived, not buffered whole. Last,
  // because Next.js leaves that connection unusable for a next request (server/main.ts closes it).
  answers["chunked trace over 5 MiB (413)"] = await fetch(`${server.base}/api/device/v1/jobs/job_nope/result`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: chunked(6),
    duplex: "half",
  } as RequestInit);

  const out: Record<string, Answer> = {};
  for (const [name, res] of Object.entries(answers)) {
    const text = await res.text();
    let body: unknown = text || null;
    try {
      body = JSON.parse(text);
    } catch {}
    // What differs between two servers by nature: ids, tokens, times.
    if (name.startsWith("poll leases")) body = { jobTask: (body as { job: { task: { id: string } } }).job.task.id };
    out[name] = { status: res.status, allow: res.headers.get("allow"), type: res.headers.get("content-type"), body };
    if (name.startsWith("chunked")) out[name].connection = res.headers.get("connection");
  }
  return out;
}

test("the device API answers alike whether server/main.ts or Next.js serves it", async () => {
  test.setTimeout(90_000);
  const direct = await startServer();
  const viaNext = await startServer({ DEVICE_API_VIA_NEXT: "1" });
  try {
    const a = await exchange(direct);
    // The connection that carried the refused chunked body is closed, so a phone's next request
    // does not land on a connection with half a body still in it.
    expect(a["chunked trace over 5 MiB (413)"].connection).toBe("close");
    // Issue 32.5: /api/health answers from server/main.ts itself, as soon as the database does,
    // never waiting for Next.js to load its first route (Next.js marks what it serves with `Vary: rsc…`).
    const health = await fetch(`${direct.base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get("vary") ?? "").not.toMatch(/rsc/i);
    expect(await health.json()).toMatchObject({ ok: true, engine: "sqlite" });
    const b = await exchange(viaNext);
    // DEVICE_API_VIA_NEXT=1 hands health to Next.js too, with the same answer.
    const nextHealth = await fetch(`${viaNext.base}/api/health`);
    expect(nextHealth.headers.get("vary") ?? "").toMatch(/rsc/i);
    expect(await nextHealth.json()).toMatchObject({ ok: true, engine: "sqlite" });
    expect(Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v.status]))).toEqual({
      "GET poll (405)": 405,
      "PUT heartbeat (405)": 405,
      "poll without token (401)": 401,
      "poll, wait out of range (400)": 400,
      "poll, not JSON (400)": 400,
      "poll, wrong content type (415)": 415,
      "result, not a trace (400)": 400,
      "heartbeat for an unknown job (404)": 404,
      "trace over 5 MiB (413)": 413,
      "chunked trace over 5 MiB (413)": 413,
      "poll leases the job (200)": 200,
      "heartbeat, forged lease (409)": 409,
      "poll, queue empty (204)": 204,
    });
    // How the connection ends after a refused chunked body is the transport's own (see above).
    const same = (x: Record<string, Answer>) => ({
      ...x,
      "chunked trace over 5 MiB (413)": { ...x["chunked trace over 5 MiB (413)"], connection: undefined },
    });
    expect(same(a)).toEqual(same(b));
  } finally {
    for (const s of [direct, viaNext]) {
      try {
        process.kill(-s.child.pid!, "SIGKILL");
      } catch {}
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  }
});
