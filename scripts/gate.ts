/**
 * The regression gate for CI: checks a candidate session against a baseline through a running
 * dashboard's `GET /api/gate` and exits 0 (no significant regression), 1 (a significant
 * regression; each is named with its p-value and effect) or 2 (a usage or connection error).
 *
 *   npx harness-lab-gate --url http://127.0.0.1:3000 --baseline ses_A[:config] --candidate ses_B[:config]
 *     [--alpha 0.05] [--margin load=0.1,turn=0.1,ttft=0.05] [--config gate.json] [--format markdown|json]
 *
 * (`npx harness-lab-gate` is bin/harness-lab-gate.mjs: stdout holds only the gate's output; `npm run gate`
 * prints npm's banner first.) `--config` reads `{"alpha": 0.05, "margins": {"load": 0.1, "turn": 0.1, "ttft": 0.05}}` from a file
 * a CI job keeps beside its workflow; `--alpha` and `--margin` given on the command line win.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEFAULT_MARGINS, GateConfigFile, parseMargins } from "../src/domain/gate/margins";

const USAGE =
  "usage: npx harness-lab-gate --url URL --baseline SESSION[:CONFIG] --candidate SESSION[:CONFIG] [--alpha 0.05] [--margin load=0.1,turn=0.1,ttft=0.05] [--config FILE] [--format markdown|json]";

/** Exit 2 with a sentence saying what to fix (and the usage line when the arguments are wrong). */
function fail(message: string, usage = false): never {
  process.stderr.write(`gate: ${message}\n${usage ? `${USAGE}\n` : ""}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        url: { type: "string" },
        baseline: { type: "string" },
        candidate: { type: "string" },
        alpha: { type: "string" },
        margin: { type: "string" },
        config: { type: "string" },
        format: { type: "string" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (err) {
    fail(`${(err as Error).message}.`, true);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const missing = (["url", "baseline", "candidate"] as const).filter((k) => !values[k]);
  if (missing.length) fail(`give ${missing.map((k) => `--${k}`).join(", ")}.`, true);
  const format = values.format ?? "markdown";
  if (format !== "markdown" && format !== "json") fail(`--format is markdown or json, not ${format}.`, true);
  if (values.alpha !== undefined && !(Number(values.alpha) > 0 && Number(values.alpha) < 1))
    fail(`--alpha must be a number between 0 and 1, not ${values.alpha}.`, true);
  let file: GateConfigFile = {};
  if (values.config !== undefined) {
    let text: string;
    try {
      text = readFileSync(values.config, "utf8");
    } catch (err) {
      fail(
        `could not read --config ${values.config} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): check the path.`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      fail(
        `--config ${values.config} is not JSON: write {"alpha": 0.05, "margins": {"load": 0.1, "turn": 0.1, "ttft": 0.05}}.`,
      );
    }
    const r = GateConfigFile.safeParse(parsed);
    if (!r.success)
      fail(
        `--config ${values.config}: ${r.error.issues.map((i) => `${i.path.join(".") || "the file"}: ${i.message}`).join("; ")}. Write {"alpha": 0.05, "margins": {"load": 0.1, "turn": 0.1, "ttft": 0.05}}.`,
      );
    file = r.data;
  }
  const margins = parseMargins(values.margin ?? "", { ...DEFAULT_MARGINS, ...file.margins });
  if ("error" in margins) fail(`--margin: ${margins.error}`, true);
  const alpha = values.alpha ?? (file.alpha === undefined ? undefined : String(file.alpha));
  let base: URL;
  try {
    base = new URL(values.url!);
  } catch {
    fail(`--url ${values.url} is not a URL: give the dashboard's address, e.g. http://127.0.0.1:3000.`);
  }
  const q = new URLSearchParams({ baseline: values.baseline!, candidate: values.candidate!, format: "json" });
  if (alpha !== undefined) q.set("alpha", alpha);
  const m = margins.margins;
  q.set("margin", `load=${m.load},turn=${m.turn},ttft=${m.ttft}`);
  const target = new URL(`/api/gate?${q}`, base);
  let res: Response;
  try {
    res = await fetch(target, { signal: AbortSignal.timeout(120_000) });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    fail(
      `could not reach the dashboard at ${base.origin} (${cause?.code ?? cause?.message ?? (err as Error).message}): check --url and that the dashboard is running.`,
    );
  }
  const text = await res.text();
  let body: { regression?: boolean; markdown?: string; error?: { message?: string } };
  try {
    body = JSON.parse(text);
  } catch {
    fail(
      `the dashboard at ${base.origin} answered ${res.status} with something that is not JSON: is --url a Harness Lab dashboard?`,
    );
  }
  if (!res.ok) fail(`the dashboard answered ${res.status}: ${body.error?.message ?? text}`);
  process.stdout.write(format === "json" ? `${JSON.stringify(body, null, 2)}\n` : body.markdown!);
  process.exitCode = body.regression ? 1 : 0;
}

main().catch((err) => fail(`unexpected error: ${(err as Error).message}`));
