import "server-only";
import type { Ctx } from "../context";
import { validateSuite, type SuiteValidation } from "@/domain/suite-validation/validate";
import type { Suite } from "@/domain/suite/schema";
import { ServiceError } from "../errors";
import { saveSuite } from "./storeSuite";

function suiteId(input: unknown): string {
  return typeof input === "object" && input && "id" in input ? String((input as { id: unknown }).id) : "";
}

type Accepted = Extract<SuiteValidation, { ok: true }>;

function accepted(result: SuiteValidation): Accepted {
  if (!result.ok) {
    throw new ServiceError(
      "invalid_suite",
      `The suite has ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}; fix each one listed in \`issues\` and import it again.`,
      result.problems,
    );
  }
  return result;
}

function summary(created: boolean, s: Suite, warnings: Accepted["warnings"]) {
  return {
    created,
    suite: { id: s.id, version: s.version, tasks: s.tasks.length, configs: s.configs.length },
    warnings,
  };
}

/**
 * `POST /api/suites`: validates a suite (schema, ids, regexes, milestones, every fixture's
 * verdict, version bumps against stored versions) and stores it, or refuses it listing every problem.
 * `warnings` (what the fixtures cannot show, e.g. a milestone on tool calls with no right fixture
 * listing calls) come back with a stored suite; they never refuse one. On either engine.
 */
export async function importSuiteAsync(ctx: Ctx, input: unknown) {
  const id = suiteId(input);
  const result = accepted(validateSuite(input, id ? await ctx.store.suites.versions(id) : []));
  return summary(await saveSuite(ctx, result.suite), result.suite, result.warnings);
}
