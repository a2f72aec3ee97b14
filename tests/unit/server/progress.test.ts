/**
 * Issue 35, point 6: `npm start` on a fresh clone printed one line and then nothing for minutes
 * while npm ci and next build ran. What it says now, and the estimates it gives, are pure
 * functions of what it can see (the lock file, npm's cache, node_modules, next build's lines).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MEASURED,
  buildDoneLine,
  buildPhase,
  buildProgressLine,
  buildStartLine,
  cachePath,
  fitsMachine,
  formatDuration,
  installPlan,
  installProgressLine,
  installStartLine,
  isRouteTableLine,
  remaining,
  startTimes,
  typicalInstall,
} from "../../../scripts/lib/progress.mjs";

const LINUX = { platform: "linux", arch: "x64", libc: "glibc" };

describe("formatDuration", () => {
  it.each([
    [0, "0 s"],
    [8.4, "8 s"],
    [44.6, "45 s"],
    [60, "1 min"],
    [80, "1 min 20 s"],
    [599, "9 min 59 s"],
    [629, "10 min"],
    [631, "11 min"],
    [-3, "0 s"],
  ])("%s s → %s", (s, text) => expect(formatDuration(s)).toBe(text));
});

describe("remaining", () => {
  it("counts down what is left of the measured time, rounded up to 5 s", () => {
    expect(remaining(0, 80)).toBe("about 1 min 20 s left");
    expect(remaining(30, 80)).toBe("about 50 s left");
    expect(remaining(62, 80)).toBe("about 20 s left");
  });

  it("rounds to the minute past five minutes", () => {
    expect(remaining(0, 400)).toBe("about 7 min left");
  });

  it("never counts below zero: past the measured time it says so", () => {
    for (const elapsed of [76, 80, 300]) {
      expect(remaining(elapsed, 80)).toBe("past the 1 min 20 s it took on a quiet 2-core machine, still going");
    }
  });
});

describe("fitsMachine", () => {
  it("keeps what names no platform and what names this one", () => {
    expect(fitsMachine({}, LINUX)).toBe(true);
    expect(fitsMachine({ os: ["linux"], cpu: ["x64"], libc: ["glibc"] }, LINUX)).toBe(true);
    expect(fitsMachine({ os: ["!win32"] }, LINUX)).toBe(true);
  });

  it("leaves out other platforms' binaries, the musl ones on glibc included", () => {
    expect(fitsMachine({ os: ["darwin"] }, LINUX)).toBe(false);
    expect(fitsMachine({ cpu: ["arm64"] }, LINUX)).toBe(false);
    expect(fitsMachine({ os: ["linux"], cpu: ["x64"], libc: ["musl"] }, LINUX)).toBe(false);
    expect(fitsMachine({ os: ["!linux"] }, LINUX)).toBe(false);
    expect(fitsMachine({ libc: ["glibc"] }, { platform: "darwin", arch: "arm64" })).toBe(false);
  });
});

describe("installPlan", () => {
  const lock = {
    packages: {
      "": {
        name: "app",
        workspaces: ["packages/*"],
        dependencies: { a: "1", "@s/native": "1" },
        devDependencies: { d: "1" },
      },
      "packages/proto": { name: "@app/proto", dependencies: { z: "1" }, devDependencies: { t: "1" } },
      "node_modules/@app/proto": { resolved: "packages/proto", link: true },
      "node_modules/a": {
        integrity: "sha512-AA==",
        dependencies: { b: "2" },
        peerDependencies: { p: "1", q: "1" },
        peerDependenciesMeta: { q: { optional: true } },
      },
      "node_modules/a/node_modules/b": { integrity: "sha512-Bg==" },
      "node_modules/b": { integrity: "sha512-Bw==" },
      "node_modules/p": { integrity: "sha512-cA==" },
      "node_modules/q": { integrity: "sha512-cQ==", optional: true },
      "node_modules/@s/native": {
        integrity: "sha512-bg==",
        hasInstallScript: true,
        optionalDependencies: { "@s/native-linux-x64": "1", "@s/native-darwin-arm64": "1", "@s/native-wasm": "1" },
      },
      "node_modules/@s/native-linux-x64": { integrity: "sha512-bA==", os: ["linux"], cpu: ["x64"], optional: true },
      "node_modules/@s/native-darwin-arm64": {
        integrity: "sha512-ZA==",
        os: ["darwin"],
        cpu: ["arm64"],
        optional: true,
      },
      "node_modules/@s/native-wasm": {
        integrity: "sha512-dw==",
        cpu: ["wasm32"],
        optional: true,
        dependencies: { w: "1" },
      },
      "node_modules/w": { integrity: "sha512-dA==", optional: true },
      "node_modules/d": { integrity: "sha512-ZA==", dev: true },
      "node_modules/z": { integrity: "sha512-eg==" },
      "node_modules/t": { integrity: "sha512-dQ==", dev: true },
      "node_modules/d/node_modules/x": { integrity: "sha512-eA==", dev: true },
    },
  };
  const paths = installPlan(lock, LINUX).map((e) => e.path);

  it("lists what npm ci puts in node_modules on this machine, nested copies resolved the way Node does", () => {
    expect(paths.sort()).toEqual(
      [
        "node_modules/@app/proto",
        "node_modules/@s/native",
        "node_modules/@s/native-linux-x64",
        "node_modules/a",
        "node_modules/a/node_modules/b",
        "node_modules/d",
        "node_modules/p",
        "node_modules/t",
        "node_modules/z",
      ].sort(),
    );
  });

  it("leaves out other platforms' binaries, what only they need, optional peers and orphans", () => {
    for (const absent of [
      "node_modules/@s/native-darwin-arm64",
      "node_modules/@s/native-wasm",
      "node_modules/w",
      "node_modules/q",
      "node_modules/b", // a uses its own nested b
      "node_modules/d/node_modules/x", // nothing needs it
    ]) {
      expect(paths).not.toContain(absent);
    }
  });

  it("marks the packages that run a script as they install", () => {
    expect(
      installPlan(lock, LINUX)
        .filter((e) => e.installScript)
        .map((e) => e.path),
    ).toEqual(["node_modules/@s/native"]);
  });

  it("on this repository's lock file, installs better-sqlite3 and Next.js's glibc compiler, not the musl or macOS ones", () => {
    const real = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "..", "package-lock.json"), "utf8"));
    const plan = installPlan(real, LINUX).map((e) => e.path);
    expect(plan).toContain("node_modules/better-sqlite3");
    expect(plan).toContain("node_modules/next");
    expect(plan).toContain("node_modules/@next/swc-linux-x64-gnu");
    expect(plan).not.toContain("node_modules/@next/swc-linux-x64-musl");
    expect(plan).not.toContain("node_modules/@next/swc-darwin-arm64");
    expect(installPlan(real, { platform: "darwin", arch: "arm64" }).map((e) => e.path)).toContain(
      "node_modules/@next/swc-darwin-arm64",
    );
  });
});

describe("cachePath", () => {
  it("finds a tarball in npm's cache by its integrity, as cacache lays it out", () => {
    const integrity = "sha512-yIPol6P4EQmsAUsb27donJf7iADrM31Ei/WkvhkZpSscjhEErYsuF19lsJ/qz5mUWxsKFQpLdjvrlhPQnMTBqw==";
    const hex = Buffer.from(integrity.slice("sha512-".length), "base64").toString("hex");
    expect(cachePath(integrity)).toBe(`content-v2/sha512/${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex.slice(4)}`);
    expect(cachePath(`${integrity} sha1-AAAA`)).toBe(cachePath(integrity));
  });
});

describe("what npm start says while it installs", () => {
  it("says how many packages, how many npm's cache holds and the time measured for that case", () => {
    const warm = installStartLine({ packages: 372, cached: 372 });
    expect(warm).toContain("npm ci: 372 packages, all already in npm's cache");
    expect(warm).toContain(`about ${formatDuration(MEASURED.installWarm)} on a quiet 2-core machine`);
    expect(installStartLine({ packages: 372, cached: 360 })).toContain("all but 12 already in npm's cache");
    const cold = installStartLine({ packages: 372, cached: 0 });
    expect(cold).toContain("none in npm's cache yet, so each is downloaded first");
    expect(cold).toContain(`about ${formatDuration(MEASURED.installCold)}`);
    expect(installStartLine({ packages: 372, cached: 100 })).toContain("100 in npm's cache, the rest downloaded first");
    expect(typicalInstall({ packages: 372, cached: 372 })).toBe(MEASURED.installWarm);
    expect(typicalInstall({ packages: 372, cached: 10 })).toBe(MEASURED.installCold);
  });

  const line = (o: Partial<Parameters<typeof installProgressLine>[0]>) =>
    installProgressLine({ elapsed: 15, present: 200, before: 0, packages: 372, typical: 80, compiling: false, ...o });

  it("counts the packages in node_modules while npm unpacks them", () => {
    expect(line({})).toBe("  still installing, 15 s: 200 of 372 packages in node_modules so far; about 1 min 5 s left");
  });

  it("says install scripts are running once every package is unpacked or the count stops growing", () => {
    expect(line({ elapsed: 45, present: 372, before: 372 })).toBe(
      "  still installing, 45 s: 372 of 372 packages unpacked, running their install scripts; about 35 s left",
    );
    expect(line({ elapsed: 15, present: 372, before: 0 })).toContain("372 of 372 packages unpacked, running");
    // one optional package whose install failed is removed again: the count stops one short
    expect(line({ elapsed: 60, present: 371, before: 371 })).toContain("371 of 372 packages unpacked, running");
  });

  it("names better-sqlite3's compile from source, the long one, while it runs", () => {
    const text = line({ elapsed: 45, present: 372, before: 372, compiling: true });
    expect(text).toContain("better-sqlite3 is compiling its SQLite driver (no prebuilt binary could be downloaded");
    expect(text).toContain(`~${formatDuration(MEASURED.sqliteCompile)} on a quiet 2-core machine`);
  });
});

describe("what npm start says while it builds", () => {
  it.each([
    ["   Creating an optimized production build ...", "compiling"],
    ["\u001b[32m✓\u001b[39m Compiled successfully in 15.9s", "compiled"],
    ["  Running TypeScript ...", "checking types"],
    ["  Collecting page data using 1 worker ...", "collecting page data"],
    ["  Generating static pages using 1 worker (11/47) ", "generating static pages"],
    ["├ ƒ /analytics", undefined],
  ])("%j → %s", (text, phase) => expect(buildPhase(text)).toBe(phase));

  it("counts next build's route table instead of printing its eighty lines", () => {
    for (const text of [
      "Route (app)",
      "┌ ƒ /",
      "├ ○ /_not-found",
      "└ ƒ /suites/[id]",
      "○  (Static)   prerendered as static content",
      "ƒ  (Dynamic)  server-rendered on demand",
    ]) {
      expect(isRouteTableLine(text)).toBe(true);
    }
    for (const text of ["✓ Compiled successfully in 15.9s", "  Running TypeScript ...", "Error: Type error", ""]) {
      expect(isRouteTableLine(text)).toBe(false);
    }
    expect(buildDoneLine({ routes: 76, seconds: 45.2 })).toBe("  built in 45 s: 76 pages and API routes");
    expect(buildDoneLine({ routes: 0, seconds: 45.2 })).toBe("  built in 45 s");
  });

  it("says what the build does, how long it has run, in which phase, and what is left", () => {
    expect(buildStartLine()).toContain(`about ${formatDuration(MEASURED.build)} on a quiet 2-core machine`);
    expect(buildProgressLine({ elapsed: 30, phase: "checking types" })).toBe(
      `  still building, 30 s (checking types); ${remaining(30, MEASURED.build)}`,
    );
    expect(buildProgressLine({ elapsed: 15 })).toBe(`  still building, 15 s; ${remaining(15, MEASURED.build)}`);
  });
});

describe("startTimes", () => {
  it("sums the steps npm start ran and names each", () => {
    expect(startTimes({ install: 80.1, build: 45.2, server: 1.62 })).toBe(
      "2 min 7 s (install 1 min 20 s, build 45 s, server 1.6 s)",
    );
    expect(startTimes({ build: 45, server: 1.6 })).toBe("47 s (build 45 s, server 1.6 s)");
  });

  it("is the server's time alone when nothing was installed or built", () => {
    expect(startTimes({ server: 1.62 })).toBe("1.6 s");
  });
});
