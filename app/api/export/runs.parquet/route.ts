import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, route, otherMethods } from "@/server/http";
import { parquetResponse } from "@/server/export/parquetResponse";

/** runs.parquet (docs/notebook-data.md): runs.csv's rows, typed. */
export const GET = route((req: Request) => {
  const { filter } = readQuery(contract.exportRunsParquet, req);
  return parquetResponse(getContext(), filter, "runs");
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
