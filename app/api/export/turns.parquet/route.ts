import { dashboard as contract } from "@/contracts";
import { getContext } from "@/server/context";
import { readQuery, route, otherMethods } from "@/server/http";
import { parquetResponse } from "@/server/export/parquetResponse";

/** turns.parquet (docs/notebook-data.md): turns.csv's rows, typed. */
export const GET = route((req: Request) => {
  const { filter } = readQuery(contract.exportTurnsParquet, req);
  return parquetResponse(getContext(), filter, "turns");
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
