/**
 * Simulated phones for Harness Lab: N devices poll the dashboard, run jobs with the scripted
 * model and submit traces over the real device protocol (protocol.md §1).
 *
 *   npm run sim -- --url http://127.0.0.1:3000 --token T --devices 2 --seed 1 [--speed 200] [--until-idle]
 *                  [--build abc1234 --build-slowdown 1.3] [--no-rest] [--fleet]
 *   (--token may be repeated: phone i uses token i, so each phone is its own device on the fleet page)
 */
import { parseArgs } from "node:util";
import { type JobSummary, type StudyEffect, runDevice } from "../src/sim/device";
import { PROFILES, type Profile } from "../src/sim/model/profiles";
import { fleetPhone } from "../src/sim/fleet";

const USAGE = `usage: npm run sim -- --url URL --token TOKEN [--devices N] [--seed S] [--speed X] [--until-idle]
  --url         dashboard base URL (default http://127.0.0.1:3000)
  --token       device token from the dashboard (or HARNESS_DEVICE_TOKEN); repeat it to give phone i token i
                (one device per token on the fleet page; --devices defaults to the number of tokens)
  --devices     number of concurrent simulated phones (default: the number of --token given, else 1)
  --seed        seed for the traces' content (default 1)
  --speed       simulated time runs X times faster than real time (default 200; 1 = real time)
  --wait        long-poll seconds (0-30, default 10)
  --until-idle  stop each phone when the server has no job for it
  --max-jobs    stop each phone after this many jobs
  --charging    simulate phones on the charger
  --build       the app build's commit the phones report (default sim)
  --build-slowdown  that build runs the model this many times slower (0.1-10, default 1): a regression to find
  --no-rest     ignore the jobs' rest between runs: the phones heat up and slow down (a throttled session to find)
  --fleet       a mix of phones in different states, cycling: rested on battery, on the charger, worked without
                rest (heats and throttles), low battery that plugs in at 20% and unplugs at 80%
  --profile     force one behaviour (${PROFILES.join(", ")})
  --session     lease only this session's jobs (repeatable; default any session's)
  --effect      A,B,SHARE: play a study with a known true effect: config A solves every task, config B
                fails SHARE (0-1) of the tasks (fixed by task id) and solves the rest, e.g. --effect files,bash,0.5
                (an adaptive session on A and B then stops itself once the difference is clear)`;

function fail(message: string): never {
  console.error(`device-sim: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function num(name: string, value: string | undefined, def: number, min: number, max: number): number {
  if (value === undefined) return def;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}, got ${value}`);
  return n;
}

function line(s: JobSummary): string {
  const head = `[${s.deviceId}] ${s.taskId} × ${s.configId} #${s.repeat}${s.attempt > 1 ? ` (attempt ${s.attempt})` : ""}`;
  if (s.status === "failed") return `${head} → reported /fail: ${s.detail}`;
  if (s.status === "abandoned") return `${head} → abandoned (${s.detail})`;
  const body = `${s.profile}: ${s.endReason}, ${s.toolCalls} calls (${s.failedCalls} failed), ${s.turns} turns, peak ${s.peakContextTokens} tok`;
  if (s.status === "rejected") return `${head} → ${body} → server refused: ${s.detail}`;
  const r = s.response;
  return `${head} → ${body}${r ? ` → ${r.outcome}${r.passed ? " ✓" : ""}${r.superseded ? " (superseded)" : ""} ${r.runId}` : ""}`;
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        url: { type: "string", default: "http://127.0.0.1:3000" },
        token: { type: "string", multiple: true },
        devices: { type: "string" },
        seed: { type: "string" },
        speed: { type: "string" },
        wait: { type: "string" },
        "until-idle": { type: "boolean", default: false },
        "max-jobs": { type: "string" },
        charging: { type: "boolean", default: false },
        build: { type: "string" },
        "build-slowdown": { type: "string" },
        "no-rest": { type: "boolean", default: false },
        fleet: { type: "boolean", default: false },
        profile: { type: "string" },
        session: { type: "string", multiple: true },
        effect: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    });
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  const v = parsed.values;
  if (v.help) {
    console.log(USAGE);
    return;
  }
  const tokens = v.token?.length ? v.token : process.env.HARNESS_DEVICE_TOKEN ? [process.env.HARNESS_DEVICE_TOKEN] : [];
  if (!tokens.length) fail("--token is required (create a device in the dashboard to get one)");
  const devices = num("devices", v.devices, tokens.length, 1, 64);
  const seed = num("seed", v.seed, 1, -(2 ** 31), 2 ** 31 - 1);
  const speed = num("speed", v.speed, 200, 0.001, 1e9);
  const wait = num("wait", v.wait, 10, 0, 30);
  const maxJobs = v["max-jobs"] === undefined ? undefined : num("max-jobs", v["max-jobs"], 0, 1, 1e9);
  if (v.profile && !(PROFILES as readonly string[]).includes(v.profile)) fail(`unknown --profile ${v.profile}`);
  const buildFactor = num("build-slowdown", v["build-slowdown"], 1, 0.1, 10);
  if (v.build !== undefined && !/^\S{1,100}$/.test(v.build))
    fail("--build is a commit id: 1-100 characters, no spaces");

  let effect: StudyEffect | undefined;
  if (v.effect !== undefined) {
    const [a, b, share] = v.effect.split(",");
    const failShare = Number(share);
    if (!a || !b || a === b || !(failShare >= 0 && failShare <= 1))
      fail(`--effect is A,B,SHARE: two different config ids and a share from 0 to 1, got ${v.effect}`);
    effect = { a, b, failShare };
  }

  const sessions = v.session ?? [];
  if (sessions.some((s) => !/^\S{1,200}$/.test(s)))
    fail("--session is a session id such as ses_…: 1-200 characters, no spaces");

  const controller = new AbortController();
  process.on("SIGINT", () => {
    console.error("device-sim: stopping (finishing submits)…");
    controller.abort();
  });
  console.error(
    `device-sim: ${devices} phone(s) → ${v.url}, seed ${seed}, speed ×${speed}${v["until-idle"] ? ", until idle" : ""}`,
  );
  const reports = await Promise.all(
    Array.from({ length: devices }, (_, i) =>
      runDevice({
        url: v.url!,
        token: tokens[i % tokens.length],
        deviceId: `sim-iphone15pro-${i + 1}`,
        seed,
        speed,
        waitSeconds: wait,
        stopWhenIdle: v["until-idle"],
        maxJobs,
        charging: v.charging,
        ...(v.fleet ? fleetPhone(i) : {}),
        build: v.build ? { commit: v.build } : undefined,
        buildFactor,
        skipRest: v["no-rest"] || (v.fleet && fleetPhone(i).skipRest),
        profile: v.profile as Profile | undefined,
        effect,
        ...(sessions.length ? { sessions } : {}),
        signal: controller.signal,
        log: (l) => console.error(l),
        onJob: (s) => console.log(line(s)),
      }).catch((e: unknown) => {
        if (controller.signal.aborted) return null;
        console.error(`device-sim: sim-iphone15pro-${i + 1}: ${e instanceof Error ? e.message : String(e)}`);
        process.exitCode = 1;
        return null;
      }),
    ),
  );
  const done = reports.flatMap((r) => r?.jobs ?? []);
  console.error(
    `device-sim: ${done.filter((j) => j.status === "submitted").length} trace(s) submitted, ${done.filter((j) => j.status !== "submitted").length} other`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
