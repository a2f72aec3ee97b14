import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiErrorBody } from "@/contracts";
import { route } from "@/server/http";
import { ServiceError } from "@/server/errors";

const req = () => new Request("http://127.0.0.1:3000/api/x");

describe("the route handlers' one error mapper", () => {
  it("answers a zod error thrown anywhere with a 400 listing its issues, not a 500", async () => {
    const handler = route(() => {
      z.object({ n: z.number() }).parse({ n: "one" }); // as a service parsing a stored document would
      return new Response("unreachable");
    });
    const res = await handler(req());
    expect(res.status).toBe(400);
    const body = ApiErrorBody.parse(await res.json());
    expect(body.error.code).toBe("invalid_request");
    expect(body.error.issues).toEqual([{ path: "n", message: "Invalid input: expected number, received string" }]);
  });

  it("keeps a service error's code and status, and answers anything else with internal", async () => {
    const lost = await route(() => Promise.reject(new ServiceError("lease_lost", "Gone.")))(req());
    expect([lost.status, (await lost.json()).error.code]).toEqual([409, "lease_lost"]);
    const bug = await route(() => Promise.reject(new TypeError("x is undefined")))(req());
    expect(bug.status).toBe(500);
    expect(ApiErrorBody.parse(await bug.json()).error.code).toBe("internal");
  });
});
