import { dashboard as contract } from "@/contracts";
import { openApiDocument } from "@/contracts/openapi";
import { reply, route, otherMethods } from "@/server/http";

// Built once per process: the contract does not change while the server runs.
let doc: ReturnType<typeof openApiDocument> | undefined;

/** The OpenAPI 3.1 document of every route, generated from src/contracts. */
export const GET = route(() => {
  doc ??= openApiDocument();
  return reply(contract.openapi, 200, doc);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });
