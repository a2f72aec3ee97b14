import "server-only";
import { desc } from "drizzle-orm";
import type { Ctx } from "../context";
import { suites } from "@db/schema";
import type { Suite } from "@/domain/suite/schema";

/** One entry per suite id, describing its newest version (protocol.md §5). */
export function listSuites(ctx: Ctx) {
  const rows = ctx.db.select().from(suites).orderBy(suites.id, desc(suites.version)).all();
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
