import { describe, expect, it } from "vitest";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { openApiDocument } from "@/contracts/openapi";

type Param = { name: string; in: string; schema: { type?: string; items?: { type?: string }; enum?: string[] } };
const doc = openApiDocument();
const op = (path: string, method = "get") =>
  (doc.paths[path] as Record<string, { parameters: Param[]; security: object[] }>)[method];
const param = (path: string, name: string) => op(path).parameters.find((p) => p.name === name)!.schema;

describe("the OpenAPI document as other tools read it (issue 35.1)", () => {
  // The same engine and rules as `npx @redocly/cli lint --extends recommended`.
  it("passes Redocly's recommended rules: no errors, and no warning but the licence", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/openapi.json", config });
    const seen = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    // The project has not chosen a licence for itself (the protocol package has its own).
    expect(seen).toEqual(["warn info-license: Info object should contain `license` field. at #/info"]);
  });

  it("declares numbers as numbers and yes/no parameters as booleans, so generated clients take them typed", () => {
    for (const name of ["psi", "delta", "alpha", "power", "icc"]) expect(param("/api/plan", name).type).toBe("number");
    expect(param("/api/runs", "page").type).toBe("integer");
    expect(param("/api/runs", "pageSize").type).toBe("integer");
    expect(param("/api/runs", "passed").type).toBe("boolean");
    expect(param("/api/analytics/configs", "includeTrial").type).toBe("boolean");
    expect(param("/api/runs", "dir")).toEqual({ type: "string", enum: ["asc", "desc"] });
    expect(param("/api/analytics/configs", "session")).toEqual({ type: "array", items: { type: "string" } });
  });

  it("says where the server is and who may call each operation", () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: "http://{host}:{port}" })]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["adminSession", "deviceToken"]);
    expect(op("/api/sessions", "post").security).toEqual([{ adminSession: [] }, {}]);
    expect(op("/api/device/v1/poll", "post").security).toEqual([{ deviceToken: [] }]);
    expect(op("/api/health").security).toEqual([]);
  });
});
