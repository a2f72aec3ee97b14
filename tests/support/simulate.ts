import { runDevice } from "@/sim";
import type { TestDashboard } from "./server";

/**
 * A session created on `dash` with `session` (the POST /api/sessions body), worked through to its
 * end by one simulated phone (device `sim-1`, seed 4) at full speed. Returns the session's id.
 */
export async function simulatedSession(dash: TestDashboard, session: object): Promise<string> {
  const token = (await dash.call("POST", "/api/devices", { json: { name: "sims" } })).body.token;
  const created = await dash.call("POST", "/api/sessions", { json: session });
  if (created.status !== 201) throw new Error(`creating the session: ${JSON.stringify(created.body)}`);
  await runDevice({
    url: "http://127.0.0.1:3000",
    token,
    deviceId: "sim-1",
    seed: 4,
    stopWhenIdle: true,
    waitSeconds: 0,
    speed: 1e9,
    fetch: dash.fetch,
    sleep: () => Promise.resolve(),
  });
  return created.body.session.id;
}
