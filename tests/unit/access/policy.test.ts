import { describe, expect, it } from "vitest";
import { decideAccess, isCrossSite, isLoopback, requestScheme, type AccessRequest } from "@/domain/access/policy";

const req = (over: Partial<AccessRequest>): AccessRequest => ({
  method: "GET",
  pathname: "/",
  remote: "127.0.0.1",
  origin: null,
  host: "localhost:3000",
  adminConfigured: false,
  adminSession: false,
  ...over,
});

describe("isLoopback", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.5.6.7", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["192.168.1.20", false],
    ["10.0.0.1", false],
    ["::ffff:192.168.1.20", false],
    ["fe80::1", false],
    ["", false],
    ["127.0.0.1.evil", false],
  ])("%s → %s", (a, yes) => expect(isLoopback(a)).toBe(yes));
});

describe("decideAccess", () => {
  it("lets phones on the LAN reach the device API and health, and anyone reach the login", () => {
    for (const pathname of [
      "/api/device/v1/poll",
      "/api/device/v1/jobs/j/result",
      "/api/health",
      "/login",
      "/api/auth/login",
    ]) {
      expect(decideAccess(req({ remote: "192.168.1.20", pathname, method: "POST" }))).toBe("allow");
    }
  });
  it("serves everything else to the machine itself", () => {
    expect(decideAccess(req({ pathname: "/analytics" }))).toBe("allow");
    expect(decideAccess(req({ pathname: "/api/sessions", method: "POST", remote: "::1" }))).toBe("allow");
  });
  it("refuses other addresses without an admin password, and asks them to log in with one", () => {
    expect(decideAccess(req({ remote: "192.168.1.20", pathname: "/api/export/runs.csv" }))).toBe("forbidden");
    expect(decideAccess(req({ remote: "192.168.1.20", pathname: "/", adminConfigured: true }))).toBe("login");
    expect(
      decideAccess(req({ remote: "192.168.1.20", pathname: "/", adminConfigured: true, adminSession: true })),
    ).toBe("allow");
  });
  it("treats loopback as remote when told to (a reverse proxy or tunnel on the same machine)", () => {
    expect(decideAccess(req({ pathname: "/analytics", loopbackTrusted: false }))).toBe("forbidden");
    expect(
      decideAccess(req({ pathname: "/analytics", loopbackTrusted: false, adminConfigured: true, adminSession: true })),
    ).toBe("allow");
    expect(decideAccess(req({ pathname: "/api/device/v1/poll", method: "POST", loopbackTrusted: false }))).toBe(
      "allow",
    );
  });
  it("refuses a state-changing request from another site, even on loopback", () => {
    expect(decideAccess(req({ method: "POST", pathname: "/api/sessions", origin: "https://evil.example" }))).toBe(
      "cross_site",
    );
    expect(decideAccess(req({ method: "DELETE", pathname: "/api/devices/d", origin: "null" }))).toBe("cross_site");
    expect(decideAccess(req({ method: "POST", pathname: "/api/sessions", origin: "http://localhost:3000" }))).toBe(
      "allow",
    );
    expect(decideAccess(req({ method: "GET", pathname: "/api/sessions", origin: "https://evil.example" }))).toBe(
      "allow",
    );
  });
  it("leaves the device API to its bearer tokens whatever the Origin", () => {
    expect(isCrossSite("POST", "https://evil.example", "localhost:3000")).toBe(true);
    expect(decideAccess(req({ method: "POST", pathname: "/api/device/v1/poll", origin: "https://evil.example" }))).toBe(
      "allow",
    );
  });
});

describe("the Origin check compares scheme, host and port (issue 32)", () => {
  it.each([
    ["http://127.0.0.1:3000", "127.0.0.1:3000", "http", false],
    ["https://127.0.0.1:3000", "127.0.0.1:3000", "http", true],
    ["http://127.0.0.1:3001", "127.0.0.1:3000", "http", true],
    ["http://127.0.0.2:3000", "127.0.0.1:3000", "http", true],
    ["ws://127.0.0.1:3000", "127.0.0.1:3000", "http", true],
    ["http://LOCALHOST:3000", "localhost:3000", "http", false],
    ["http://localhost", "localhost:80", "http", false],
    ["http://localhost:80", "localhost", "http", false],
    ["https://lab.example", "lab.example", "https", false],
    ["http://lab.example", "lab.example", "https", true],
    ["https://lab.example", "lab.example", "http", true],
    ["http://localhost:3000", null, "http", true],
  ] as const)("%s to Host %s over %s: cross-site %s", (origin, host, scheme, cross) => {
    expect(isCrossSite("POST", origin, host, scheme)).toBe(cross);
  });
  it("refuses an https Origin on the plain-HTTP server", () => {
    expect(
      decideAccess(
        req({ method: "POST", pathname: "/api/sessions", host: "127.0.0.1:3000", origin: "https://127.0.0.1:3000" }),
      ),
    ).toBe("cross_site");
  });
  it("takes https from X-Forwarded-Proto only from a proxy on this machine with TRUST_LOOPBACK=0", () => {
    expect(requestScheme({ remote: "127.0.0.1", loopbackTrusted: false, forwardedProto: "https" })).toBe("https");
    expect(requestScheme({ remote: "::1", loopbackTrusted: false, forwardedProto: " HTTPS " })).toBe("https");
    expect(requestScheme({ remote: "127.0.0.1", loopbackTrusted: true, forwardedProto: "https" })).toBe("http");
    expect(requestScheme({ remote: "192.168.1.9", loopbackTrusted: false, forwardedProto: "https" })).toBe("http");
    expect(requestScheme({ remote: "127.0.0.1", loopbackTrusted: false, forwardedProto: null })).toBe("http");
  });
});
