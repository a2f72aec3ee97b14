import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { int } from "../store/columns";
import { ServiceError } from "../errors";
import { evaluateGate } from "@/domain/gate/evaluate";
import { gateMarkdown } from "@/domain/gate/markdown";
import { DEFAULT_MARGINS, parseMargins } from "@/domain/gate/margins";
import { parseSideSpec, sideText } from "@/domain/gate/spec";
import type { GateSide } from "@/domain/gate/types";
import { gateFacts } from "./gateFacts";
import { planStanding } from "@/domain/study/plan";
import { sessionPlans } from "../sessions/sessionPlans";

export interface GateQuery {
  baseline: string;
  candidate: string;
  alpha: number;
  /** `load=0.1,turn=0.1,ttft=0.05`: margins over the defaults. */
  margin?: string;
}

/** Refuses a side whose session does not exist or has no scored runs (of its config). */
async function checkSide(ctx: Ctx, s: GateSide, role: string): Promise<void> {
  const { sql } = ctx.store;
  if (!(await sql.get(z.object({ one: int }), `SELECT 1 AS "one" FROM sessions WHERE id = ?`, [s.session]))) {
    throw new ServiceError(
      "not_found",
      `There is no session ${s.session} (the ${role}): copy its id from the Sessions page or \`GET /api/sessions\` and run the gate again.`,
    );
  }
  const runs = await sql.get(
    z.object({ n: int }),
    `SELECT COUNT(*) AS "n" FROM runs r JOIN scores sc ON sc.run_id = r.id AND sc.current = TRUE
      WHERE r.session_id = ? AND r.superseded = FALSE${s.config ? " AND r.config_id = ?" : ""}`,
    s.config ? [s.session, s.config] : [s.session],
  );
  if (!runs?.n) {
    throw new ServiceError(
      "invalid_request",
      `The ${role} ${sideText(s)} has no scored runs yet: wait until its phone has finished, or name another session or config.`,
      [{ path: role, message: "no scored runs" }],
    );
  }
}

/**
 * `GET /api/gate` and `npx harness-lab-gate`: the candidate checked against the baseline
 * (src/domain/gate/evaluate.ts), with the markdown for a pull request comment. A config named on
 * one side only applies to both. `origin` is where the compare link points.
 */
export async function runGate(ctx: Ctx, q: GateQuery, origin: string) {
  const issues = [
    ...(parseSideSpec(q.baseline) ? [] : [{ path: "baseline", message: "give SESSION or SESSION:CONFIG" }]),
    ...(parseSideSpec(q.candidate) ? [] : [{ path: "candidate", message: "give SESSION or SESSION:CONFIG" }]),
  ];
  const margins = parseMargins(q.margin ?? "");
  if ("error" in margins) issues.push({ path: "margin", message: margins.error });
  if (issues.length)
    throw new ServiceError(
      "invalid_request",
      "Name both sides as `baseline=SESSION[:CONFIG]&candidate=SESSION[:CONFIG]`, and give margins as `margin=load=0.1,turn=0.1,ttft=0.05`.",
      issues,
    );
  let baseline = parseSideSpec(q.baseline)!;
  let candidate = parseSideSpec(q.candidate)!;
  if (baseline.config && !candidate.config) candidate = { ...candidate, config: baseline.config };
  if (candidate.config && !baseline.config) baseline = { ...baseline, config: candidate.config };
  await checkSide(ctx, baseline, "baseline");
  await checkSide(ctx, candidate, "candidate");
  const report = evaluateGate(await gateFacts(ctx, baseline, candidate), {
    alpha: q.alpha,
    margins: "margins" in margins ? margins.margins : DEFAULT_MARGINS,
  });
  const link = new URLSearchParams([
    ["session", baseline.session],
    ["session", candidate.session],
    ["includeTrial", "1"],
  ]);
  if (baseline.config) {
    link.set("a", baseline.config);
    link.set("b", candidate.config!);
  }
  if (baseline.session !== candidate.session) {
    link.set("aSession", baseline.session);
    link.set("bSession", candidate.session);
  }
  const compareUrl = `${origin}/analytics/compare?${link}`;
  const standing = planStanding(await sessionPlans(ctx, [baseline.session, candidate.session]), baseline, candidate, {
    alpha: q.alpha,
  });
  const plan = standing
    ? {
        session: standing.sessionId,
        sha256: standing.sha256,
        ...standing.plan,
        planned: standing.planned,
        text: standing.text,
      }
    : null;
  return { ...report, plan, compareUrl, markdown: gateMarkdown(report, compareUrl, standing?.text ?? null) };
}
