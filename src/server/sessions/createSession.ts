import "server-only";
import { randomInt } from "node:crypto";
import type { Ctx } from "../context";
import type { CreateSession } from "@/domain/protocol/api";
import { planJobs } from "@/domain/queue";
import { calibrationIssues } from "@/domain/sessions/calibration";
import { planSha256 } from "./planHash";
import { canonicalJson, completePlan } from "@/domain/study/plan";
import { ServiceError } from "../errors";

/**
 * Queues task × config × repeat jobs for a new session, in one transaction (ctx.store.sessions);
 * waiting polls are woken at its commit, on every process on PostgreSQL.
 */
export async function createSession(ctx: Ctx, req: CreateSession) {
  const suite = await ctx.store.sessions.resolveSuite(req.suite);
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
  const configIds = [...new Set(req.configs)];
  if (req.calibration) {
    const wrong = calibrationIssues(configIds.length, req.repeats);
    if (wrong.length)
      throw new ServiceError(
        "invalid_request",
        "An A/A calibration runs one config twice: pick exactly one config and an even number of repeats (2 or more; 6 when left out).",
        wrong,
      );
  }
  const adaptive = req.adaptive ?? null;
  if (adaptive && (!req.plan || req.calibration))
    throw new ServiceError(
      "invalid_request",
      "Adaptive repeats follow a pre-registered comparison: give `plan` with configs a and b (and no calibration).",
      [{ path: req.plan ? "calibration" : "plan", message: "an adaptive session needs a plan naming a and b" }],
    );
  let plan: string | null = null;
  let planHash: string | null = null;
  if (req.plan) {
    const done = completePlan(req.plan, { configIds, repeats: req.repeats, adaptive });
    if (!done.plan)
      throw new ServiceError(
        "invalid_request",
        "The plan must compare two different configs of this session, with the session's repeats.",
        done.issues,
      );
    plan = canonicalJson(done.plan);
    planHash = planSha256(done.plan);
  }
  const pinned = await pinnedDevices(ctx, req.devices);

  const seed = req.seed ?? randomInt(0, 2 ** 31 - 1);
  // An adaptive session queues its minimum now; src/server/sessions/advanceAdaptive.ts queues the rest.
  const planned = planJobs(taskIds, configIds, adaptive ? adaptive.minRepeats : req.repeats, req.order, seed);
  const id = ctx.newId("ses");
  const now = ctx.now();
  await ctx.store.sessions.create(
    {
      id,
      name: req.name,
      suiteId: suite.id,
      suiteVersion: suite.version,
      trial: !!req.trial,
      calibration: req.calibration,
      jobOrder: req.order,
      seed,
      repeats: req.repeats,
      leaseSeconds: req.leaseSeconds,
      maxAttempts: req.maxAttempts,
      notes: req.notes ?? null,
      taskIds,
      configIds,
      createdAt: now,
      deviceIds: pinned,
      plan,
      planSha256: planHash,
      adaptive: adaptive ? JSON.stringify({ minRepeats: adaptive.minRepeats, maxRepeats: adaptive.maxRepeats }) : null,
    },
    planned.map((p, position) => ({
      id: ctx.newId("job"),
      position,
      taskId: p.taskId,
      taskVersion: taskById.get(p.taskId)!.version,
      configId: p.configId,
      configVersion: configById.get(p.configId)!.version,
      repeat: p.repeat,
      queueReason: adaptive ? "minimum" : null,
    })),
  );
  return { session: { id, jobs: planned.length, seed, planSha256: planHash } };
}

/** Issue 20.4: the devices a session is pinned to, each one paired and not revoked (null: not pinned). */
async function pinnedDevices(ctx: Ctx, ids: string[] | undefined): Promise<string[] | null> {
  if (!ids) return null;
  const issues: { path: string; message: string }[] = [];
  const revoked = await ctx.store.sessions.revokedAt(ids);
  ids.forEach((id, i) => {
    const d = revoked.has(id) ? { revokedAt: revoked.get(id) ?? null } : undefined;
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
