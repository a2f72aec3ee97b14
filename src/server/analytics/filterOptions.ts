import "server-only";
import type { Ctx } from "../context";

/** What the filter bar offers: sessions (newest first), builds and devices seen in runs. */
export function filterOptions(ctx: Ctx) {
  const sqlite = ctx.db.$client;
  const sessions = sqlite
    .prepare("SELECT id, name, trial, created_at AS createdAt FROM sessions ORDER BY created_at DESC, id DESC")
    .all() as { id: string; name: string; trial: number; createdAt: number }[];
  const builds = (
    sqlite.prepare("SELECT DISTINCT build_commit AS b FROM runs ORDER BY 1").all() as { b: string }[]
  ).map((r) => r.b);
  const devices = (sqlite.prepare("SELECT DISTINCT device_id AS d FROM runs ORDER BY 1").all() as { d: string }[]).map(
    (r) => r.d,
  );
  const tasks = (sqlite.prepare("SELECT DISTINCT task_id AS t FROM runs ORDER BY 1").all() as { t: string }[]).map(
    (r) => r.t,
  );
  const configs = (sqlite.prepare("SELECT DISTINCT config_id AS c FROM runs ORDER BY 1").all() as { c: string }[]).map(
    (r) => r.c,
  );
  return {
    sessions: sessions.map((s) => ({ id: s.id, name: s.name, trial: !!s.trial })),
    builds,
    devices,
    tasks,
    configs,
  };
}
