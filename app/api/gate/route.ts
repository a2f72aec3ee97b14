import { z } from "zod";
import { getContext } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { json, route, otherMethods } from "@/server/http";
import { runGate } from "@/server/gate/runGate";
import { toValidationIssues } from "@/domain/protocol/errors";

const Query = z.object({
  baseline: z.string().min(1).max(210),
  candidate: z.string().min(1).max(210),
  alpha: z.coerce.number().gt(0).lt(1).default(0.05),
  format: z.enum(["json", "markdown"]).default("json"),
});

export const GET = route((req: Request) => {
  const url = new URL(req.url);
  const raw = Object.fromEntries([...url.searchParams].filter(([k, v]) => ["baseline", "candidate", "alpha", "format"].includes(k) && v !== ""));
  const q = Query.safeParse(raw);
  if (!q.success) {
    throw new ServiceError("invalid_request", "Give `baseline=SESSION[:CONFIG]&candidate=SESSION[:CONFIG]`, optionally `alpha` (0–1) and `format=json|markdown`.", toValidationIssues(q.error));
  }
  const result = runGate(getContext(), q.data, url.origin);
  if (q.data.format === "markdown") {
    return new Response(result.markdown, { headers: { "content-type": "text/markdown; charset=utf-8", "cache-control": "no-store" } });
  }
  return json(result);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
