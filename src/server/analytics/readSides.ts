import "server-only";
import { ServiceError } from "../errors";
import type { Side } from "./sides";

/** The two sides of a comparison from `?a=&b=[&aSession=&bSession=]`, or a 400 naming what is missing. */
export function readSides(req: Request): { a: Side; b: Side } {
  const q = new URL(req.url).searchParams;
  const a = q.get("a");
  const b = q.get("b");
  const issues = [
    ...(a ? [] : [{ path: "a", message: "name the baseline config" }]),
    ...(b ? [] : [{ path: "b", message: "name the config to compare with it" }]),
  ];
  if (issues.length) throw new ServiceError("invalid_request", "Give two configs to compare as `?a=<configId>&b=<configId>`.", issues);
  return { a: { config: a!, session: q.get("aSession") || undefined }, b: { config: b!, session: q.get("bSession") || undefined } };
}
