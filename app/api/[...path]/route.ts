import { errorResponse } from "@/server/http";
import { ServiceError } from "@/server/errors";

/** Unknown API paths answer with the same JSON error body as every other route. */
function notFound(req: Request) {
  const path = new URL(req.url).pathname;
  return errorResponse(
    new ServiceError(
      "not_found",
      `There is no API route ${path}; see docs/api.md for the routes this dashboard serves.`,
    ),
  );
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
