import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { MiB, readJson, reply, route, otherMethods } from "@/server/http";
import { importSuiteAsync } from "@/server/suites/importSuite";
import { listSuitesAsync } from "@/server/suites/listSuites";

export const GET = route(async () => reply(contract.listSuites, 200, { suites: await listSuitesAsync(getContext()) }));

/** Suites carry full fixture workspaces, so they may be large. */
const SUITE_LIMIT = 16 * MiB;

export const POST = route(async (req: Request) => {
  const { data } = await readJson(req, contract.importSuite.body, SUITE_LIMIT);
  const { created, suite, warnings } = await importSuiteAsync(getContext(), data);
  return reply(contract.importSuite, created ? 201 : 200, { suite, warnings });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET, POST });
