import { z } from "zod";
import { getContext } from "@/server/context";
import { MiB, json, readJson, route, otherMethods } from "@/server/http";
import { importSuite } from "@/server/suites/importSuite";
import { listSuites } from "@/server/suites/listSuites";

export const GET = route(() => json({ suites: listSuites(getContext()) }));

/** Suites carry full fixture workspaces, so they may be large. */
const SUITE_LIMIT = 16 * MiB;

export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, z.unknown(), SUITE_LIMIT);
  const { created, suite, warnings } = importSuite(getContext(), data);
  return json({ suite, warnings }, created ? 201 : 200);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
