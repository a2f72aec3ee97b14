import "server-only";
import type { Ctx } from "../context";
import type { Suite } from "@/domain/suite/schema";
import type { SuiteListRow } from "../store/rows";

/** One entry per suite id, describing its newest version (protocol.md §5), from rows by id and newest first. */
function summarise(rows: SuiteListRow[]) {
  // The default flag sits on the version loaded from the repository; later versions of that id are the default too.
  const defaults = new Set(rows.filter((r) => r.isDefault).map((r) => r.id));
  const seen = new Set<string>();
  const out: { id: string; version: number; name: string | null; tasks: number; configs: number; default: boolean }[] =
    [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const doc = JSON.parse(r.doc) as Suite;
    out.push({
      id: r.id,
      version: r.version,
      name: r.name,
      tasks: doc.tasks.length,
      configs: doc.configs.length,
      default: defaults.has(r.id),
    });
  }
  return out;
}

/** The suites list (protocol.md §5), on either engine. */
export async function listSuitesAsync(ctx: Ctx) {
  return summarise(await ctx.store.suites.list());
}
