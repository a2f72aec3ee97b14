import { parseArgs } from "node:util";
import type { Build, Device } from "@/domain/protocol";

export const USAGE = `usage: npm run device -- --url DASHBOARD --token TOKEN --model-url URL --model NAME [options]
  --url              dashboard base URL, e.g. http://127.0.0.1:3000
  --token            device token (or HARNESS_DEVICE_TOKEN); create one on the dashboard's /devices page
  --model-url        OpenAI-compatible endpoint ending in /v1 (llama.cpp: http://127.0.0.1:8080/v1,
                     Ollama: http://127.0.0.1:11434/v1, LM Studio: http://127.0.0.1:1234/v1)
  --model            model name sent to the endpoint and recorded as build.model (e.g. gemma-3-4b-it)
  --api-key          bearer key for the endpoint, if it needs one (or OPENAI_API_KEY)
  --quantization     recorded as build.quantization (e.g. Q4_K_M)
  --no-stream        ask for whole replies instead of a stream (TTFT then covers the whole reply)
  --history          how tool calls and results go back to the model: native (tool_calls and tool
                     messages, default) or text (as written, results as user messages; for chat
                     templates without a tool role, such as Gemma 3's)
  --device-id        device id in traces (default desktop-<hostname>)
  --device-model     device model in traces (default the CPU's name)
  --commit           harness build commit recorded in traces (default "desktop")
  --wait             long-poll seconds, 0-30 (default 20)
  --until-idle       stop when the dashboard has no job
  --max-jobs         stop after this many jobs
  --max-turns        model turns per run before turn_limit (default 64)
  --request-timeout  seconds one model reply may take before the run ends with timeout (default 600)
  --stall-timeout    seconds a streamed reply may send nothing before the run ends with timeout (default 120)
  --session          lease only this session's jobs (repeatable; default any session's)`;

export interface DeviceCliOptions {
  url: string;
  token: string;
  modelUrl: string;
  model: string;
  apiKey?: string;
  stream: boolean;
  history: "native" | "text";
  device: Device;
  build: Build;
  waitSeconds: number;
  untilIdle: boolean;
  maxJobs?: number;
  maxTurns: number;
  requestTimeoutMs: number;
  stallTimeoutMs: number;
  sessions: string[];
}

export interface Host {
  hostname: string;
  cpu: string;
  os: string;
}

const httpUrl = (name: string, value: string): string | null => {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? null : `--${name} must be an http(s) URL, got ${value}`;
  } catch {
    return `--${name} must be a URL such as http://127.0.0.1:3000, got ${value}`;
  }
};

/** Parses and checks the command line; every problem is one sentence that says what to pass. */
export function parseDeviceArgs(
  argv: string[],
  env: Record<string, string | undefined>,
  host: Host,
): { options: DeviceCliOptions } | { errors: string[] } | { help: true } {
  let v: Record<string, string | boolean | string[] | undefined>;
  try {
    v = parseArgs({
      args: argv,
      options: {
        url: { type: "string" },
        token: { type: "string" },
        "model-url": { type: "string" },
        model: { type: "string" },
        "api-key": { type: "string" },
        quantization: { type: "string" },
        "no-stream": { type: "boolean", default: false },
        history: { type: "string" },
        "device-id": { type: "string" },
        "device-model": { type: "string" },
        commit: { type: "string" },
        wait: { type: "string" },
        "until-idle": { type: "boolean", default: false },
        "max-jobs": { type: "string" },
        "max-turns": { type: "string" },
        "request-timeout": { type: "string" },
        "stall-timeout": { type: "string" },
        session: { type: "string", multiple: true },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }).values;
  } catch (e) {
    return { errors: [e instanceof Error ? e.message : String(e)] };
  }
  if (v.help) return { help: true };
  const errors: string[] = [];
  const str = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
  const url = str("url");
  const token = str("token") ?? env.HARNESS_DEVICE_TOKEN;
  const modelUrl = str("model-url");
  const model = str("model");
  if (!url) errors.push("--url is required: the dashboard's address, e.g. --url http://127.0.0.1:3000");
  else if (httpUrl("url", url)) errors.push(httpUrl("url", url)!);
  if (!token)
    errors.push(
      `--token is required: create a device on ${url ? url.replace(/\/+$/, "") : "the dashboard"}/devices and pass the token it shows once`,
    );
  if (!modelUrl)
    errors.push(
      "--model-url is required: the endpoint's /v1 address, e.g. http://127.0.0.1:8080/v1 (llama.cpp) or http://127.0.0.1:11434/v1 (Ollama)",
    );
  else if (httpUrl("model-url", modelUrl)) errors.push(httpUrl("model-url", modelUrl)!);
  if (!model)
    errors.push(
      "--model is required: the model name the endpoint serves, e.g. --model gemma3:4b (Ollama) or any name for llama.cpp",
    );
  const num = (k: string, def: number, min: number, max: number): number => {
    const raw = str(k);
    if (raw === undefined) return def;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      errors.push(`--${k} must be a whole number from ${min} to ${max}, got ${raw}`);
    return n;
  };
  const history = str("history") ?? "native";
  if (history !== "native" && history !== "text") errors.push(`--history must be native or text, got ${history}`);
  const waitSeconds = num("wait", 20, 0, 30);
  const maxJobs = str("max-jobs") === undefined ? undefined : num("max-jobs", 0, 1, 1_000_000);
  const maxTurns = num("max-turns", 64, 1, 1000);
  const timeout = num("request-timeout", 600, 1, 86_400);
  const stall = num("stall-timeout", 120, 1, 86_400);
  const sessions = Array.isArray(v.session) ? (v.session as string[]) : [];
  for (const s of sessions)
    if (!/^\S{1,200}$/.test(s))
      errors.push(`--session takes a session id such as ses_… (1-200 characters, no spaces), got ${JSON.stringify(s)}`);
  if (errors.length) return { errors };
  return {
    options: {
      url: url!,
      token: token!,
      modelUrl: modelUrl!,
      model: model!,
      apiKey: str("api-key") ?? env.OPENAI_API_KEY,
      stream: !v["no-stream"],
      history: history as "native" | "text",
      device: {
        id: (str("device-id") ?? `desktop-${host.hostname.replace(/[^A-Za-z0-9._:-]/g, "-")}`).slice(0, 128),
        model: (str("device-model") ?? host.cpu).slice(0, 200) || "desktop",
        os: host.os.slice(0, 200) || "unknown",
      },
      build: {
        commit: str("commit") ?? "desktop",
        app: "harness-lab-desktop 0.1.0",
        runtime: `openai-compatible ${new URL(modelUrl!).host}${v["no-stream"] ? " (not streamed)" : ""}`,
        model: model!,
        ...(str("quantization") ? { quantization: str("quantization") } : {}),
      },
      waitSeconds,
      untilIdle: v["until-idle"] === true,
      maxJobs,
      maxTurns,
      requestTimeoutMs: timeout * 1000,
      stallTimeoutMs: stall * 1000,
      sessions,
    },
  };
}
