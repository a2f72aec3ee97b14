import { test, expect } from "@playwright/test";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { freePort } from "./server";

const root = path.resolve(__dirname, "..", "..");
const WORKFLOW = path.join(root, "docs", "ci", "harness-lab-gate.yml");

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  if?: string;
  run?: string;
  env?: Record<string, string>;
}

/** `${{ … }}` as a runner fills it, for the few expressions the workflow uses. */
function expand(text: string, ctx: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    if (!(expr in ctx)) throw new Error(`the test runner does not know the expression ${expr}`);
    return ctx[expr];
  });
}

/** Reads `NAME=value` lines a step wrote to $GITHUB_ENV or $GITHUB_OUTPUT. */
const keyValues = (file: string) =>
  Object.fromEntries(
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

/**
 * The copy-paste GitHub Actions workflow of docs/ci/harness-lab-gate.yml, run step by step as a
 * runner runs them (bash -eo pipefail, $GITHUB_ENV, $GITHUB_OUTPUT, `${{ }}` expressions, `if:`),
 * on a free port instead of 3000 (issue 35.3). Not run: the `uses:` steps and `npm ci` (this
 * checkout is installed), and the `gh pr comment` step, whose body file is checked instead.
 */
test("the gate's GitHub Actions recipe runs as written: start, two sessions on simulated phones, gate, comment body, exit code", async () => {
  test.setTimeout(600_000);
  // The recipe's `npm start` would build a stale build itself, under the other specs' servers.
  // Asked of scripts/lib/setup.mjs in a process of its own: the spec is compiled to CommonJS, the module is ESM.
  const stale = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      'import("./scripts/lib/setup.mjs").then((m) => process.stdout.write(String(m.buildNeeded())))',
    ],
    { cwd: root, encoding: "utf8" },
  );
  expect(stale, "the build is missing or older than the sources: run `npx next build` first").toBe("false");
  // Nor its install: `npm start` runs `npm ci` when node_modules is older than the lock file (a
  // checkout that moved package-lock.json), and that pulls modules from under the specs the other
  // worker runs meanwhile (seen: "Cannot find module" in their servers and in Playwright's worker).
  const mtime = (file: string) => fs.statSync(path.join(root, file)).mtimeMs;
  expect(
    mtime("node_modules/.package-lock.json") >= mtime("package-lock.json"),
    "node_modules is older than package-lock.json: run `npm ci` first",
  ).toBe(true);
  const job = (
    parse(fs.readFileSync(WORKFLOW, "utf8")) as { jobs: { gate: { env: Record<string, string>; steps: Step[] } } }
  ).jobs.gate;
  const port = await freePort();
  const runnerTemp = fs.mkdtempSync(path.join(os.tmpdir(), "hl-gate-workflow-"));
  const jobEnv = { ...job.env, PORT: String(port), HL: `http://127.0.0.1:${port}` };
  const ctx: Record<string, string> = {
    "github.event.number": "7",
    "github.event_name": "pull_request",
    "github.repository": "lab/phone-app",
    "github.token": "",
  };
  let githubEnv: Record<string, string> = {};
  const groups: number[] = [];
  const ran: { name: string; code: number }[] = [];
  try {
    for (const [i, step] of job.steps.entries()) {
      const name = step.name ?? step.uses ?? `step ${i + 1}`;
      if (step.uses || name === "Install") continue;
      if (step.if && step.if !== "always()") {
        expect(step.if).toBe("github.event_name == 'pull_request'");
        expect(step.run).toContain('--body-file "$RUNNER_TEMP/gate.md"');
        continue;
      }
      const files = { GITHUB_ENV: "env", GITHUB_OUTPUT: "output", GITHUB_STEP_SUMMARY: "summary" };
      const stepFiles = Object.fromEntries(
        Object.entries(files).map(([k, f]) => {
          const file = path.join(runnerTemp, `${i}-${f}`);
          fs.writeFileSync(file, "");
          return [k, file];
        }),
      );
      const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", expand(step.run!, ctx)], {
        cwd: root,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          ...jobEnv,
          ...githubEnv,
          ...step.env,
          ...stepFiles,
          RUNNER_TEMP: runnerTemp,
          NEXT_TELEMETRY_DISABLED: "1",
        },
      });
      groups.push(child.pid!);
      let out = "";
      child.stdout!.on("data", (d) => (out += d));
      child.stderr!.on("data", (d) => (out += d));
      const code: number = await new Promise((resolve) => child.on("close", (c) => resolve(c ?? 1)));
      ran.push({ name, code });
      githubEnv = { ...githubEnv, ...keyValues(stepFiles.GITHUB_ENV) };
      if (step.id)
        for (const [k, v] of Object.entries(keyValues(stepFiles.GITHUB_OUTPUT)))
          ctx[`steps.${step.id}.outputs.${k}`] = v;
      if (name !== "Fail on a significant regression") expect(code, `${name} failed:\n${out}`).toBe(0);
    }

    expect(ran.map((r) => r.name)).toEqual([
      "Start the dashboard",
      "Sessions",
      "Gate",
      "Stop the dashboard",
      "Fail on a significant regression",
    ]);
    // The job fails on the regression the candidate carries, and the comment says what it is.
    expect(ran.at(-1)!.code).toBe(1);
    expect(ctx["steps.gate.outputs.status"]).toBe("1");
    const comment = fs.readFileSync(path.join(runnerTemp, "gate.md"), "utf8");
    expect(comment).toMatch(/^### ❌ Harness Lab gate: \d+ significant regressions?\n/);
    expect(comment).toMatch(/\| Model load \|.*❌ regression \|/);
    expect(comment).toContain(`](http://127.0.0.1:${port}/analytics/compare?session=${githubEnv.BASELINE}`);
    expect(comment).not.toContain("> harness-lab@");
    // The dashboard the recipe started is gone once it says so: wait for that state.
    await expect
      .poll(
        async () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            () => "up",
            () => "down",
          ),
        { timeout: 30_000 },
      )
      .toBe("down");
  } finally {
    for (const pgid of groups) {
      try {
        process.kill(-pgid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }
});
