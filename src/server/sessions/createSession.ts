import "server-only";
import { randomInt } from "node:crypto";
import type { Ctx } from "../context";
import { jobs, sessions } from "@db/schema";
import type { CreateSession } from "@/domain/protocol/api";
import { planJobs } from "@/domain/queue";
import { ServiceError } from "../errors";
import { resolveSuite } from "../suites/catalog";

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
      if (!taskById.has(id)) issues.push({ path: `tasks.${i}`, message: `suite ${suite.id} has no task ${JSON.stringify(id)}` });
    });
    taskIds = [...new Set(req.tasks)];
  } else {
    const groups = new Set<string>(req.tasks.groups);
    taskIds = suite.tasks.filter((t) => groups.has(t.group)).map((t) => t.id);
    if (!taskIds.length) issues.push({ path: "tasks.groups", message: "no task of the suite is in these groups" });
  }
  req.configs.forEach((id, i) => {
    if (!configById.has(id)) issues.push({ path: `configs.${i}`, message: `suite ${suite.id} has no config ${JSON.stringify(id)}` });
  });
  if (issues.length) {
    throw new ServiceError("invalid_request", "Some tasks or configs are not in the suite; pick ids from GET /api/suites/{id}.", issues);
  }
  const configIds = [...new Set(req.configs)];

  const seed = req.seed ?? randomInt(0, 2 ** 31 - 1);
  const planned = planJobs(taskIds, configIds, req.repeats, req.order, seed);
  const id = ctx.newId("ses");
  const now = ctx.now();
  ctx.db.transaction((tx) => {
    tx.insert(sessions)
      .values({
        id, name: req.name, suiteId: suite.id, suiteVersion: suite.version, trial: req.trial, jobOrder: req.order, seed,
        repeats: req.repeats, leaseSeconds: req.leaseSeconds, maxAttempts: req.maxAttempts, notes: req.notes ?? null,
        taskIds: JSON.stringify(taskIds), configIds: JSON.stringify(configIds), createdAt: now,
      })
      .run();
    const rows = planned.map((p, position) => ({
      id: ctx.newId("job"), sessionId: id, position, taskId: p.taskId, taskVersion: taskById.get(p.taskId)!.version,
      configId: p.configId, configVersion: configById.get(p.configId)!.version, repeat: p.repeat, state: "queued", attempt: 1, updatedAt: now,
    }));
    // Chunked so a 100-repeat session stays under SQLite's bound-parameter limit.
    for (let i = 0; i < rows.length; i += 500) tx.insert(jobs).values(rows.slice(i, i + 500)).run();
  });
  ctx.events.emit("jobs");
  return { session: { id, jobs: planned.length, seed } };
}
