import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// What the phone app gets: `npm pack` builds dist/ (prepack) and packs it; a project outside this
// repository installs the tarball and imports it with plain Node, by its package name only.
const root = path.join(__dirname, "..", "..");
const pkgDir = path.join(root, "packages", "protocol");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-pack-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("@harness-lab/protocol as packed", () => {
  it("packs dist/ with declarations (no sources, no tests), and imports by name in a fresh ESM project", () => {
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", tmp], {
      cwd: pkgDir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const [packed] = JSON.parse(out.slice(out.indexOf("["))) as { filename: string; files: { path: string }[] }[];
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        "README.md",
        "package.json",
        "dist/index.js",
        "dist/index.d.ts",
        "dist/client/client.js",
        "dist/schemas/trace.d.ts",
      ]),
    );
    // Beside dist/: its documents, licence and the example device loop (a .ts to copy), nothing else.
    expect(files.filter((f) => !f.startsWith("dist/"))).toEqual([
      "LICENSE",
      "PROTOCOL.md",
      "README.md",
      "examples/device-loop.ts",
      "package.json",
    ]);

    // A consumer project: the tarball unpacked where npm would put it, zod (the peer) beside it.
    const app = path.join(tmp, "app");
    const dest = path.join(app, "node_modules", "@harness-lab");
    fs.mkdirSync(dest, { recursive: true });
    execFileSync("tar", ["-xzf", path.join(tmp, packed.filename), "-C", dest]);
    fs.renameSync(path.join(dest, "package"), path.join(dest, "protocol"));
    fs.symlinkSync(path.join(root, "node_modules", "zod"), path.join(app, "node_modules", "zod"), "dir");
    fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "phone-app", type: "module" }));
    fs.writeFileSync(
      path.join(app, "main.js"),
      `import { Trace, PollRequest, createDeviceClient, ProtocolHttpError } from "@harness-lab/protocol";
const sent = [];
const fetch = async (url, init) => { sent.push(url); return { status: 409, headers: { get: () => null }, text: async () => JSON.stringify({ error: { code: "lease_lost", message: "Abandon the job." } }) }; };
const c = createDeviceClient({ url: "http://dash:3000", token: "t", fetch });
const err = await c.heartbeat("job_1", { leaseToken: "l" }).catch((e) => e);
console.log(JSON.stringify({
  poll: PollRequest.safeParse({ device: { id: "a", model: "b", os: "c" }, build: { commit: "c", app: "a", runtime: "r", model: "m" }, state: { thermal: "fair" }, sessions: ["ses_1"] }).success,
  trace: Trace.safeParse({}).success,
  typed: err instanceof ProtocolHttpError, code: err.code, sent,
}));`,
    );
    const ran = execFileSync(process.execPath, ["main.js"], { cwd: app, encoding: "utf8" });
    expect(JSON.parse(ran)).toEqual({
      poll: true,
      trace: false,
      typed: true,
      code: "lease_lost",
      sent: ["http://dash:3000/api/device/v1/jobs/job_1/heartbeat"],
    });

    // The declarations resolve through `exports` too: a wrong call must be a type error, not `any`.
    fs.writeFileSync(
      path.join(app, "check.ts"),
      `import { createDeviceClient, type Job, type Trace } from "@harness-lab/protocol";
const c = createDeviceClient({ url: "http://dash:3000", token: "t" });
export const next: Promise<Job | null> = c.poll({ device: { id: "a", model: "b", os: "c" }, build: { commit: "c", app: "a", runtime: "r", model: "m" }, state: { thermal: "nominal" } }, { wait: 20 });
export const cached = (t: Trace): number | undefined => t.load.cachedTokens;
// @ts-expect-error thermal is one of nominal | fair | serious | critical
c.poll({ device: { id: "a", model: "b", os: "c" }, build: { commit: "c", app: "a", runtime: "r", model: "m" }, state: { thermal: "warm" } });
`,
    );
    fs.writeFileSync(
      path.join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ["es2022", "dom"],
          types: [],
        },
        files: ["check.ts"],
      }),
    );
    execFileSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", app], {
      cwd: app,
      encoding: "utf8",
    });
  }, 120_000);
});
