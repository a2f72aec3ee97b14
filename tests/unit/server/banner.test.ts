/**
 * Issue 32, point 4: on a loopback HOST the start banner offered a LAN address to pair a phone
 * with and said "except the device API", though nothing but this machine could reach the server.
 */
import { describe, expect, it } from "vitest";
import {
  databaseLabel,
  healthUrl,
  isLoopbackHost,
  localOrigin,
  notAnsweringLine,
  listeningLine,
  readyBanner,
  reachableAddresses,
} from "../../../scripts/lib/banner.mjs";

const LAN = ["192.168.1.20", "10.0.0.7"];
const banner = (host: string, adminPassword = false) =>
  readyBanner({
    seconds: 2.34,
    port: "3000",
    host,
    database: "./data/harness-lab.db",
    adminPassword,
    lanAddresses: LAN,
  });

describe("isLoopbackHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["::1", true],
    ["[::1]", true],
    ["localhost", true],
    ["LOCALHOST", true],
    ["lab.localhost", true],
    ["0.0.0.0", false],
    ["::", false],
    ["192.168.1.20", false],
    ["lab.example", false],
  ] as const)("%s → %s", (host, loopback) => expect(isLoopbackHost(host)).toBe(loopback));
});

describe("the ready banner", () => {
  it.each(["127.0.0.1", "localhost", "::1"])(
    "on HOST=%s offers no LAN address and says how to let phones in",
    (host) => {
      const text = banner(host);
      for (const address of LAN) expect(text).not.toContain(address);
      expect(text).not.toContain("except the device API");
      expect(text).not.toContain("reach only the device API");
      expect(text).toContain("not even the device API");
      expect(text).toContain("HOST=0.0.0.0");
      expect(text).toContain(`${localOrigin(host, "3000")}/devices`);
    },
  );

  it("names the address the server listens on, where a browser on this machine reaches it (issue 35.6)", () => {
    expect(banner("127.0.0.1")).toContain("ready in 2.3 s: http://127.0.0.1:3000\n");
    expect(banner("::1")).toContain("ready in 2.3 s: http://[::1]:3000\n");
    expect(banner("localhost")).toContain("ready in 2.3 s: http://localhost:3000\n");
    expect(banner("0.0.0.0")).toContain("ready in 2.3 s: http://localhost:3000\n");
    expect(banner("192.168.1.20")).toContain("open http://192.168.1.20:3000/devices");
  });

  it("on HOST=0.0.0.0 offers every LAN address and says other machines reach only the device API", () => {
    const text = banner("0.0.0.0");
    expect(text).toContain("(http://192.168.1.20:3000, http://10.0.0.7:3000)");
    expect(text).toContain("Other machines reach only the device API (set ADMIN_PASSWORD");
    expect(banner("0.0.0.0", true)).toContain("browsers elsewhere log in with ADMIN_PASSWORD");
    expect(text).toContain("ready in 2.3 s");
  });

  it("says how long each step of npm start took when it installed and built (issue 35.6)", () => {
    const text = readyBanner({
      seconds: 1.62,
      install: 80.1,
      build: 45.2,
      port: "3000",
      host: "127.0.0.1",
      database: "./data/harness-lab.db",
      adminPassword: false,
      lanAddresses: LAN,
    });
    expect(text).toContain(
      "Harness Lab is ready in 2 min 7 s (install 1 min 20 s, build 45 s, server 1.6 s): http://127.0.0.1:3000",
    );
  });

  it("on one interface's address offers that address only", () => {
    expect(reachableAddresses("192.168.1.20", LAN)).toEqual(["192.168.1.20"]);
    expect(reachableAddresses("::", LAN)).toEqual(LAN);
    expect(reachableAddresses("127.0.0.1", LAN)).toEqual([]);
    expect(banner("192.168.1.20")).not.toContain("10.0.0.7");
  });
});

describe("where npm start looks for the server", () => {
  it.each([
    ["0.0.0.0", "http://127.0.0.1:3000/api/health"],
    ["::", "http://127.0.0.1:3000/api/health"],
    ["", "http://127.0.0.1:3000/api/health"],
    ["127.0.0.1", "http://127.0.0.1:3000/api/health"],
    ["127.0.0.2", "http://127.0.0.2:3000/api/health"],
    ["::1", "http://[::1]:3000/api/health"],
    ["[::1]", "http://[::1]:3000/api/health"],
    ["localhost", "http://localhost:3000/api/health"],
    ["192.168.1.20", "http://192.168.1.20:3000/api/health"],
  ])("asks HOST=%j at %s", (host, url) => expect(healthUrl(host, 3000)).toBe(url));

  it("says once, when the server is slow to answer, where it asked and that it keeps waiting", () => {
    const text = notAnsweringLine({ url: "http://[::1]:3000/api/health", seconds: 60.4 });
    expect(text).toContain("has not answered http://[::1]:3000/api/health after 60 s");
    expect(text).toContain("Still waiting; Ctrl-C stops it.");
  });
});

describe("the server's listening line", () => {
  it("says 'except the device API' only when the device API is reachable from elsewhere", () => {
    expect(listeningLine({ host: "0.0.0.0", port: 3000, adminPassword: false })).toBe(
      "[harness-lab] listening on http://0.0.0.0:3000 (loopback only, except the device API)",
    );
    expect(listeningLine({ host: "0.0.0.0", port: 3000, adminPassword: true })).toBe(
      "[harness-lab] listening on http://0.0.0.0:3000 (admin login enabled)",
    );
    for (const adminPassword of [false, true]) {
      const line = listeningLine({ host: "127.0.0.1", port: 3000, adminPassword });
      expect(line).not.toContain("except the device API");
      expect(line).toContain("this machine only");
      expect(line).toContain("HOST=0.0.0.0");
    }
    expect(listeningLine({ host: "::1", port: 3000, adminPassword: false })).toContain("http://[::1]:3000");
  });
});

describe("databaseLabel (issue 35.6)", () => {
  it("names PostgreSQL's host and database, never the password, and SQLite's file otherwise", () => {
    expect(databaseLabel({ DATABASE_URL: "postgres://lab:s3cret@db.lab:5433/harness" })).toBe(
      "PostgreSQL, database harness on db.lab:5433",
    );
    expect(databaseLabel({ DATABASE_URL: "postgresql://lab@/harness?host=/tmp/pg" })).toBe(
      "PostgreSQL, database harness on socket /tmp/pg",
    );
    expect(databaseLabel({ DATABASE_URL: "postgres://lab:s3cret@db.lab:5433/harness" })).not.toContain("s3cret");
    expect(databaseLabel({ DB_PATH: "/data/lab.db" })).toBe("/data/lab.db");
    expect(databaseLabel({})).toBe("./data/harness-lab.db");
    // A DATABASE_URL that is not PostgreSQL's is not what the server uses either.
    expect(databaseLabel({ DATABASE_URL: "mysql://x", DB_PATH: "/d.db" })).toBe("/d.db");
  });
});
