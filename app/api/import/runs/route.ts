import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { MiB, readJson, readQuery, reply, route, otherMethods } from "@/server/http";
import { importRuns } from "@/server/export/importRuns";

/** A published runs.json can be large; it is validated whole before anything is stored. */
const IMPORT_LIMIT = 256 * MiB;

export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, contract.importRuns.body, IMPORT_LIMIT, {
    what: "the runs.json export (runs.csv cannot be imported)",
  });
  const { name } = readQuery(contract.importRuns, req);
  const result = await importRuns(getContext(), data, name);
  // 200, not 201: a file imported before (a retry, a double click) created nothing this time.
  return reply(contract.importRuns, result.alreadyImported ? 200 : 201, result);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
