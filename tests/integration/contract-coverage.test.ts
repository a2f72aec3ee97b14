/**
 * The contract (src/contracts) and app/api cannot drift: every method a route file implements
 * has a contract entry for its path, and every contract entry (but the two server/main.ts
 * answers itself) has a route file implementing its method.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES, routeFile } from "@/contracts";
import { isRefusal, METHODS } from "@/server/http";

const root = path.join(__dirname, "..", "..");
const API = path.join(root, "app", "api");
const files = (fs.readdirSync(API, { recursive: true }) as string[])
  .filter((f) => path.basename(f) === "route.ts" && !f.includes("[..."))
  .map((f) => path.join("app", "api", f).split(path.sep).join("/"))
  .sort();

describe("the contract covers app/api", () => {
  it("has one entry per method and path", () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
  });

  it("lists every method every route file implements", async () => {
    const implemented: string[] = [];
    for (const file of files) {
      const mod = (await import(path.join(root, file))) as Record<string, unknown>;
      for (const m of METHODS) if (typeof mod[m] === "function" && !isRefusal(mod[m])) implemented.push(`${m} ${file}`);
    }
    const documented = ROUTES.filter((r) => !r.servedBy).map((r) => `${r.method} ${routeFile(r.path)}`);
    expect(implemented.length).toBeGreaterThanOrEqual(39);
    expect([...documented].sort()).toEqual([...implemented].sort());
  });

  it("names the routes server/main.ts serves itself", () => {
    const main = fs.readFileSync(path.join(root, "server", "main.ts"), "utf8");
    for (const r of ROUTES.filter((x) => x.servedBy))
      expect(main).toContain(`url.pathname === "${r.path}" && req.method === "${r.method}"`);
  });
});
