/**
 * The desktop device: runs Harness Lab jobs on this computer against a local OpenAI-compatible
 * model server (llama.cpp, Ollama, LM Studio, vLLM), speaking the phone's device protocol.
 *
 *   npm run device -- --url http://127.0.0.1:3000 --token T --model-url http://127.0.0.1:8080/v1 --model gemma
 */
import os from "node:os";
import { USAGE, parseDeviceArgs } from "../src/desktop/cli";
import { runDesktopDevice } from "../src/desktop/device";

async function main() {
  const parsed = parseDeviceArgs(process.argv.slice(2), process.env, {
    hostname: os.hostname(),
    cpu: os.cpus()[0]?.model?.trim() ?? "desktop",
    os: `${os.type()} ${os.release()} (${os.arch()})`,
  });
  if ("help" in parsed) {
    console.log(USAGE);
    return;
  }
  if ("errors" in parsed) {
    console.error(`device: ${parsed.errors.join("\n        ")}\n\n${USAGE}`);
    process.exit(2);
  }
  const o = parsed.options;
  // A server that is not running yet is waited for (the device leases nothing meanwhile); say how to start one.
  const up = await fetch(o.modelUrl.replace(/\/+$/, "") + "/models", {
    headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {},
    signal: AbortSignal.timeout(5000),
  }).then(
    () => true,
    () => false,
  );
  if (!up) {
    console.error(`device: nothing answers at ${o.modelUrl} yet; waiting for it. Start one, e.g.  llama-server -m gemma-3-4b-it-Q4_K_M.gguf --port 8080 --jinja -c 4096
                  or  OLLAMA_CONTEXT_LENGTH=4096 ollama serve   (then --model-url http://127.0.0.1:11434/v1 --model gemma3:4b)`);
  }
  const stop = new AbortController();
  process.on("SIGINT", () => {
    if (stop.signal.aborted) process.exit(130);
    console.error("device: stopping (the job in progress is abandoned; its lease expires and it is queued again)");
    stop.abort();
  });
  console.error(
    `device: ${o.device.id} → ${o.url}, model ${o.model} at ${o.modelUrl}${o.stream ? "" : " (not streamed)"}${o.sessions.length ? `, sessions ${o.sessions.join(", ")} only` : ""}`,
  );
  const reports = await runDesktopDevice({
    url: o.url,
    token: o.token,
    device: o.device,
    build: o.build,
    model: o.model,
    stream: o.stream,
    history: o.history,
    endpoint: { baseUrl: o.modelUrl, apiKey: o.apiKey, timeoutMs: o.requestTimeoutMs, stallMs: o.stallTimeoutMs },
    sessions: o.sessions,
    waitSeconds: o.waitSeconds,
    stopWhenIdle: o.untilIdle,
    maxJobs: o.maxJobs,
    maxTurns: o.maxTurns,
    signal: stop.signal,
    log: (line) => console.error(`device: ${line}`),
  });
  const by = (s: string) => reports.filter((r) => r.status === s).length;
  console.error(
    `device: ${reports.length} jobs: ${by("submitted")} submitted (${reports.filter((r) => r.passed).length} passed), ${by("failed")} failed, ${by("abandoned")} abandoned, ${by("rejected")} refused`,
  );
}

main().catch((e) => {
  console.error(`device: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
