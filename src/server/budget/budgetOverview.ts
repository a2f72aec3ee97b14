import "server-only";
import type { Ctx } from "../context";
import { prefillModel } from "@/domain/budget/latency";
import type { BudgetQuery } from "@/domain/budget/schema";
import { budgetRows, type CountedConfig } from "@/domain/budget/table";
import { resolveContrast } from "../analytics/resolveContrast";
import { fitMoments } from "../analytics/ttft";
import { filterOptions } from "../analytics/filterOptions";
import { listSuitesAsync } from "../suites/listSuites";
import { countStartup } from "./countStartup";
import { measuredByConfig } from "./measured";
import { tokenizerStatus } from "./tokenizer";
import { budgetSelection } from "./budgetSelection";

/**
 * `GET /api/budget`: each config of the suite's newest version with its start-up tokens counted by
 * the Gemma tokenizer, beside what the phones measured; the prefill line of the chosen device and
 * build; each config's predicted load against the measured median; and one pair's predicted
 * against measured difference.
 */
export async function budgetOverview(ctx: Ctx, q: BudgetQuery) {
  const suite = await ctx.store.sessions.resolveSuite(q.suite);
  const counted: CountedConfig[] = [];
  for (const c of suite.configs) {
    const n = await countStartup(c);
    counted.push({
      configId: c.id,
      version: c.version,
      label: c.label,
      contextWindow: c.contextWindow,
      tokens: n.tokens,
      method: n.method,
    });
  }
  // The fit is the device's and build's in the selected sessions, over every suite; measured
  // medians are this suite's runs. No session named: the suite's newest, as analytics would.
  const selected = await budgetSelection(ctx, q, suite.id);
  const filter = selected.filter;
  const [moments, measured, options] = await Promise.all([
    fitMoments(ctx, filter, q.points),
    measuredByConfig(ctx, filter, suite.id),
    filterOptions(ctx),
  ]);
  const model = prefillModel(moments);
  const rows = budgetRows(counted, measured, model);
  // The contrast is over the counted tokens: what the planner edits, known even without runs.
  const contrast = resolveContrast(
    rows.map((r) => ({ configId: r.configId, startupTokens: r.tokens, measuredLoadMs: r.measuredLoadMs })),
    model,
    q.a,
    q.b,
  );
  return {
    suite: { id: suite.id, version: suite.version },
    selection: { device: q.device ?? null, build: q.build ?? null, points: q.points, sessions: filter.sessions },
    /** For the page's selection line and mix warnings; the route leaves it out. */
    selected,
    tokenizer: {
      ...tokenizerStatus(),
      method: counted.some((c) => c.method === "estimate") ? ("estimate" as const) : ("gemma3" as const),
    },
    fit: model
      ? {
          n: model.n,
          slopeMsPerToken: model.slopeMsPerToken,
          slopeCi: model.slopeCi,
          interceptMs: model.interceptMs,
          interceptCi: model.interceptCi,
        }
      : null,
    model,
    configs: rows,
    contrast,
    options: {
      suites: (await listSuitesAsync(ctx)).map((s) => s.id),
      devices: options.devices,
      builds: options.builds,
    },
  };
}
