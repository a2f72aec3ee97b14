import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Ctx } from "./context";
import { validateSuite } from "@/domain/suite-validation/validate";
import { saveSuite } from "./suites/storeSuite";
import { expireLeases } from "./queue/expireLeases";

export const DEFAULT_SUITE_ID = "phone-20";

/**
 * Loads every `*.json` suite in `dir` (default `./suites`, or `SUITES_DIR`); the one whose id is
 * `DEFAULT_SUITE` (default `phone-20`) becomes the default. A broken file is reported, not fatal,
 * so one bad suite never keeps the dashboard from starting. Several processes may load the same
 * folder at once (PostgreSQL): storing a version already stored is a no-op. `warnings` are a loaded suite's
 * validation warnings (e.g. a milestone on tool calls no right fixture lists calls for), per file.
 */
export async function loadRepositorySuites(
  ctx: Ctx,
  dir = process.env.SUITES_DIR || path.join(/*turbopackIgnore: true*/ process.cwd(), "suites"),
) {
  const defaultId = process.env.DEFAULT_SUITE || DEFAULT_SUITE_ID;
  const loaded: string[] = [];
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!fs.existsSync(/*turbopackIgnore: true*/ dir))
    return { loaded, problems: [`no suites folder at ${dir}`], warnings };
  for (const file of fs
    .readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    try {
      const doc = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, file), "utf8")) as {
        id?: unknown;
      };
      const result = validateSuite(doc, await ctx.store.suites.versions(String(doc.id)));
      if (!result.ok) {
        const list = result.problems
          .slice(0, 10)
          .map((p) => `${p.path}: ${p.message}`)
          .join("; ");
        problems.push(`${file}: ${result.problems.length} problem(s): ${list}`);
        continue;
      }
      await saveSuite(ctx, result.suite, { isDefault: result.suite.id === defaultId });
      for (const w of result.warnings) warnings.push(`${file}: ${w.message}`);
      loaded.push(`${result.suite.id}@${result.suite.version}`);
    } catch (err) {
      problems.push(`${file}: ${err instanceof Error ? err.message.slice(0, 500) : String(err)}`);
    }
  }
  return { loaded, problems, warnings };
}

const g = globalThis as unknown as { __harnessLabSweeper?: NodeJS.Timeout };

/** Starts the timer that expires leases with no request needed. Idempotent. */
export function startLeaseSweeper(ctx: Ctx, everyMs = 1000) {
  if (g.__harnessLabSweeper) return;
  g.__harnessLabSweeper = setInterval(() => {
    expireLeases(ctx).catch((err: unknown) => console.error("[harness-lab] lease sweep failed", err));
  }, everyMs);
  g.__harnessLabSweeper.unref();
}
