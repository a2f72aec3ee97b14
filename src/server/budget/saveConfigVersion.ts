import "server-only";
import type { Ctx } from "../context";
import type { SaveConfigRequest } from "@/domain/budget/schema";
import { stableJson } from "@/domain/scoring/stable-json";
import type { Suite } from "@/domain/suite/schema";
import { ServiceError } from "../errors";
import { importSuiteAsync } from "../suites/importSuite";

/**
 * Saves an edited system prompt and tool list as a new config version: the suite's newest version
 * is copied with its version + 1 and that config's `version` bumped past every stored version of
 * it (protocol.md §2), then imported through the normal validation (fixtures run, version bumps
 * checked). A suite id alone means its newest version, so sessions created afterwards use it. On either engine.
 */
export async function saveConfigVersion(ctx: Ctx, req: SaveConfigRequest) {
  const suite = await ctx.store.sessions.resolveSuite(req.suite);
  const current = suite.configs.find((c) => c.id === req.configId);
  if (!current)
    throw new ServiceError(
      "not_found",
      `Suite \`${suite.id}\` has no config \`${req.configId}\`; pick one of ${suite.configs.map((c) => c.id).join(", ")}.`,
    );
  if (current.systemPrompt === req.systemPrompt && stableJson(current.tools) === stableJson(req.tools)) {
    throw new ServiceError(
      "conflict",
      `Config \`${current.id}\` version ${current.version} already has this system prompt and these tools; edit something before saving.`,
    );
  }
  const stored = await ctx.store.suites.versions(suite.id);
  const configVersion =
    Math.max(
      current.version,
      ...stored.flatMap((s) => s.configs.filter((c) => c.id === current.id).map((c) => c.version)),
    ) + 1;
  const suiteVersion = Math.max(suite.version, ...stored.map((s) => s.version)) + 1;
  const next: Suite = {
    ...suite,
    version: suiteVersion,
    configs: suite.configs.map((c) =>
      c.id === current.id ? { ...c, version: configVersion, systemPrompt: req.systemPrompt, tools: req.tools } : c,
    ),
  };
  const { suite: summary } = await importSuiteAsync(ctx, next);
  return { suite: summary, config: { id: current.id, version: configVersion, previousVersion: current.version } };
}
