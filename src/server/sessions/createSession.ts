import "server-only";
import { randomInt } from "node:crypto";
import type { Ctx } from "../context";
import type { CreateSession } from "@/domain/protocol/api";
import { planJobs } from "@/domain/queue";
import { ServiceError } from "../errors";
import { resolveSuite } from "../suites/catalog";
import { stmt } from "../statements";

/** Queues task × config × repeat jobs for a new session, in one transaction. */
export function createSession(ctx: Ctx, req: CreateSession) {
  const suite = resolveSuite(ctx, req.suite);
  const taskById = new Map(suite.tasks.map((t) => [t.id, t]));
  const configById = new Map(suite.configs.map((c) => [c.id, c]));

  const issues: { path: string; message: string }[] = [];
  let taskIds: string[];
  if (req.tasks === "all") taskIds = suite.tasks.map((t) => t.id);
  else if (Array.isArray(req.tasks)) {
    req.tasks.forEach((id, i) => {
      if (!taskById.has(id))
        issues.push({ path: `tasks.${i}`, message: `suite ${suite.id} has no task ${JSON.stringify(id)}` });
    });
    taskIds = [...new Set(req.tasks)];
  } else {
    const groups = new Set<string>(req.tasks.groups);
    taskIds = suite.tasks.filter((t) => groups.has(t.group)).map((t) => t.id);
    if (!taskIds.length) issues.push({ path: "tasks.groups", message: "no task of the suite is in these groups" });
  }
  req.configs.forEach((id, i) => {
    if (!configById.has(id))
      issues.push({ path: `configs.${i}`, message: `suite ${suite.id} has no config ${JSON.stringify(id)}` });
  });
  if (issues.length) {
    throw new ServiceError(
      "invalid_request",
      "Some tasks or configs are not in the suite; pick ids from GET /api/suites/{id}.",
      issues,
    );
  }
  const pinned = pinnedDevices(ctx, req.devices);
  const configIds = [...new Set(req.configs)];

  const seed = req.seed ?? randomInt(0, 2 ** 31 - 1);
  const planned = planJobs(taskIds, configIds, req.repeats, req.order, seed);
  const id = ctx.newId("ses");
  const now = ctx.now();
  const sqlite = ctx.db.$client;
  // Prepared statements, one row at a time: building one multi-row INSERT through the query
  // builder took ~11 ms for a 240-job session, on the thread that answers phones (docs/benchmarks.md).
  const insertJob = stmt(
    ctx,
    `INSERT INTO jobs (id, session_id, position, task_id, task_version, config_id, config_version, repeat, state, attempt, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', 1, ?)`,
  );
  sqlite
    .transaction(() => {
      stmt(
        ctx,
        `INSERT INTO sessions (id, name, suite_id, suite_version, trial, job_order, seed, repeats, lease_seconds, max_attempts, notes,
         task_ids, config_ids, created_at, device_ids) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        req.name,
        suite.id,
        suite.version,
        req.trial ? 1 : 0,
        req.order,
        seed,
        req.repeats,
        req.leaseSeconds,
        req.maxAttempts,
        req.notes ?? null,
        JSON.stringify(taskIds),
        JSON.stringify(configIds),
        now,
        pinned ? JSON.stringify(pinned) : null,
      );
      planned.forEach((p, position) => {
        insertJob.run(
          ctx.newId("job"),
          id,
          position,
          p.taskId,
          taskById.get(p.taskId)!.version,
          p.configId,
          configById.get(p.configId)!.version,
          p.repeat,
          now,
        );
      });
    })
    .immediate();
  ctx.events.emit("jobs");
  return { session: { id, jobs: planned.length, seed } };
}

/** Issue 20.4: the devices a session is pinned to, each one paired and not revoked (null: not pinned). */
function pinnedDevices(ctx: Ctx, ids: string[] | undefined): string[] | null {
  if (!ids) return null;
  const issues: { path: string; message: string }[] = [];
  ids.forEach((id, i) => {
    const d = stmt(ctx, "SELECT revoked_at AS revokedAt FROM devices WHERE id = ?").get(id) as
      { revokedAt: number | null } | undefined;
    if (!d) issues.push({ path: `devices.${i}`, message: `no device has the id ${JSON.stringify(id)}` });
    else if (d.revokedAt !== null)
      issues.push({ path: `devices.${i}`, message: `device ${JSON.stringify(id)} is revoked and can lease nothing` });
  });
  if (issues.length) {
    throw new ServiceError(
      "invalid_request",
      "A session can be pinned only to paired, unrevoked devices; pick ids from GET /api/devices.",
      issues,
    );
  }
  return [...new Set(ids)];
}
