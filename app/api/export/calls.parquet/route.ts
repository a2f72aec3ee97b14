import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, route, otherMethods } from "@/server/http";
import { parquetResponse } from "@/server/export/parquetResponse";

/** calls.parquet (docs/notebook-data.md): calls.csv's rows, typed. */
export const GET = route((req: Request) => {
  const { filter } = readQuery(contract.exportCallsParquet, req);
  return parquetResponse(getContext(), filter, "calls");
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
