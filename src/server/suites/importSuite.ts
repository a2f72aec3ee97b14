import "server-only";
import type { Ctx } from "../context";
import { validateSuite } from "@/domain/suite/validate";
import { ServiceError } from "../errors";
import { storedVersions } from "./catalog";
import { storeSuite } from "./storeSuite";

/**
 * `POST /api/suites`: validates a suite (schema, ids, regexes, milestones, every fixture's
 * verdict, version bumps against stored versions) and stores it, or refuses it listing every problem.
 * `warnings` (what the fixtures cannot show, e.g. a milestone on tool calls with no right fixture
 * listing calls) come back with a stored suite; they never refuse one.
 */
export function importSuite(ctx: Ctx, input: unknown) {
  const id = typeof input === "object" && input && "id" in input ? String((input as { id: unknown }).id) : "";
  const result = validateSuite(input, id ? storedVersions(ctx, id) : []);
  if (!result.ok) {
    throw new ServiceError(
      "invalid_suite",
      `The suite has ${result.problems.length} problem${result.problems.length === 1 ? "" : "s"}; fix each one listed in \`issues\` and import it again.`,
      result.problems,
    );
  }
  const created = storeSuite(ctx, result.suite);
  const s = result.suite;
  return {
    created,
    suite: { id: s.id, version: s.version, tasks: s.tasks.length, configs: s.configs.length },
    warnings: result.warnings,
  };
}
