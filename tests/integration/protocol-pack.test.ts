import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const pkg = path.resolve(__dirname, "..", "..", "packages", "protocol");
const npm = (cwd: string, ...args: string[]) =>
  execFileSync("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_workspaces: "false" },
  });

/**
 * What a phone-app team does with the package, from a copy with nothing of this repository around
 * it (issue 35.2): install its own tools, `npm pack`, install the tarball into an empty project,
 * and compile the shipped example device loop there with `strict`.
 */
describe("@harness-lab/protocol outside this repository", () => {
  it("packs from a clean copy and compiles in a scratch project with strict", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hl-protocol-"));
    const copy = path.join(tmp, "protocol");
    for (const f of ["package.json", "tsconfig.json", "README.md", "PROTOCOL.md", "LICENSE", "src", "examples"])
      fs.cpSync(path.join(pkg, f), path.join(copy, f), { recursive: true });
    npm(copy, "install");
    const tarball = npm(copy, "pack", "--json");
    const { filename, files } = JSON.parse(tarball)[0] as { filename: string; files: { path: string }[] };
    const shipped = files.map((f) => f.path);
    expect(shipped).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "PROTOCOL.md",
        "README.md",
        "examples/device-loop.ts",
        "dist/index.js",
        "dist/index.d.ts",
      ]),
    );
    expect(shipped.some((p) => p.startsWith("src/"))).toBe(false);

    const app = path.join(tmp, "phone-app");
    fs.mkdirSync(path.join(app, "src"), { recursive: true });
    fs.writeFileSync(
      path.join(app, "package.json"),
      JSON.stringify({ name: "phone-app", private: true, type: "module" }),
    );
    npm(app, "install", path.join(copy, filename), "zod@4.6.7", "typescript@5.9.3");
    const installed = path.join(app, "node_modules", "@harness-lab", "protocol");
    expect(JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8")).license).toBe("MIT");
    fs.copyFileSync(path.join(installed, "examples", "device-loop.ts"), path.join(app, "src", "device-loop.ts"));
    fs.writeFileSync(
      path.join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2022", "DOM"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          types: [],
        },
        include: ["src"],
      }),
    );
    // Throws with tsc's errors when the example does not compile against the installed package.
    execFileSync(path.join(app, "node_modules", ".bin", "tsc"), ["-p", app], { encoding: "utf8" });
    fs.rmSync(tmp, { recursive: true, force: true });
  }, 300_000);
});
