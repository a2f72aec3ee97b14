import { z } from "zod";
import { getContext } from "@/server/context";
import { MiB, json, readJson, route, otherMethods } from "@/server/http";
import { importRuns } from "@/server/export/importRuns";

/** A published runs.json can be large; it is validated whole before anything is stored. */
const IMPORT_LIMIT = 256 * MiB;

export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, z.unknown(), IMPORT_LIMIT);
  const name = new URL(req.url).searchParams.get("name") ?? undefined;
  return json(importRuns(getContext(), data, name), 201);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
