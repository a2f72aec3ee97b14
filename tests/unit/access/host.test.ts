import { describe, expect, it } from "vitest";
import { decideHost, parseAllowedHosts, parseHost, type HostPolicy } from "@/domain/access/host";

const policy: HostPolicy = {
  interfaces: ["127.0.0.1", "192.168.1.20", "::1", "fe80::1c2d:3e4f:fe5a:6b7c%wlan0", "2001:db8::7"],
  allowed: ["lab.example.org", "*.tunnel.test", " ", "10.9.8.7"],
};
const decide = (h: string | null) => decideHost(h, policy).kind;

describe("parseHost", () => {
  it.each([
    ["localhost:3000", "localhost"],
    ["LOCALHOST", "localhost"],
    ["localhost.", "localhost"],
    ["127.1", "127.0.0.1"],
    ["2130706433:80", "127.0.0.1"],
    ["[::1]:3000", "[::1]"],
    ["[0:0:0:0:0:0:0:1]", "[::1]"],
    ["Lab.Example.org:65535", "lab.example.org"],
    ["a_b", "a_b"],
  ])("%s → %s", (h, name) => expect(parseHost(h)).toBe(name));
  it.each([
    "",
    "x:99999",
    "[",
    "a b",
    "%",
    "a@b",
    "::1",
    "x:-1",
    "x:",
    ":3000",
    "[::1",
    "[::1]x",
    "[zz::1]",
    "a/b",
    "a\\b",
    "a?b",
    "a#b",
    "x:80:80",
    "[fe80::1%25eth0]",
    "\u00e9.test",
    "a\tb",
  ])("refuses %j", (h) => expect(parseHost(h)).toBeNull());
});

describe("decideHost", () => {
  it("answers loopback names and addresses, with or without a port", () => {
    for (const h of [
      "localhost",
      "localhost:3000",
      "dev.localhost:3000",
      "127.0.0.1:3000",
      "127.8.9.10",
      "[::1]:3000",
      "[::ffff:127.0.0.1]:3000",
    ])
      expect(decide(h), h).toBe("allow");
  });
  it("answers this machine's own interface addresses (phones on the LAN), IPv6 without its scope id", () => {
    for (const h of ["192.168.1.20:3000", "[fe80::1c2d:3e4f:fe5a:6b7c]:3000", "[2001:db8:0:0:0:0:0:7]"])
      expect(decide(h), h).toBe("allow");
  });
  it("answers configured names, exact or as subdomains of a `*.` entry", () => {
    for (const h of ["lab.example.org:443", "LAB.example.org", "a.tunnel.test", "a.b.tunnel.test:8080", "10.9.8.7"])
      expect(decide(h), h).toBe("allow");
  });
  it("refuses every other name: a rebinding page's, lookalikes, other addresses", () => {
    for (const h of [
      "attacker.test:3000",
      "localhost.attacker.test",
      "127.0.0.1.nip.io",
      "tunnel.test",
      "xtunnel.test",
      "example.org",
      "lab.example.org.evil",
      "192.168.1.21",
      "[::2]",
      "0.0.0.0:3000",
    ]) {
      expect(decideHost(h, policy), h).toEqual({ kind: "unknown", name: parseHost(h) });
    }
  });
  it("calls a Host that is not host[:port] malformed, and lets a request without one through", () => {
    for (const h of ["x:99999", "[", "a b", "%", "a@b", "::1", "x:-1"]) expect(decide(h), h).toBe("malformed");
    expect(decide(null)).toBe("allow");
  });
  it("refuses everything but loopback when nothing else is known", () => {
    expect(decideHost("192.168.1.20", { interfaces: [], allowed: [] }).kind).toBe("unknown");
    expect(decideHost("localhost", { interfaces: [], allowed: [] }).kind).toBe("allow");
  });
});

describe("parseAllowedHosts", () => {
  it("splits on commas and drops blanks", () => {
    expect(parseAllowedHosts(" a.test, ,b.test:80 ,")).toEqual(["a.test", "b.test:80"]);
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });
});
