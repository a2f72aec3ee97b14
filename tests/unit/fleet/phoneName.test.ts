import { describe, expect, it } from "vitest";
import { deviceMismatchNotice, phoneAnchor, phoneHref, phoneLabel } from "@/domain/fleet";

describe("phoneLabel: the token's name, with the reported id beside it where it helps", () => {
  it("puts the reported id beside the token's name", () => {
    expect(phoneLabel("Pixel 8 (lab A)", "sim-iphone15pro-1")).toBe("Pixel 8 (lab A) · sim-iphone15pro-1");
  });
  it("says a name once when the token is named after the id its phone reports", () => {
    expect(phoneLabel("iphone15pro-a", "iphone15pro-a")).toBe("iphone15pro-a");
  });
  it("shows the name alone when the reported id is not known", () => {
    expect(phoneLabel("Pixel 8 (lab A)", null)).toBe("Pixel 8 (lab A)");
  });
  it("shows the reported id of an imported run, which has no token", () => {
    expect(phoneLabel(null, "iphone15pro-a")).toBe("iphone15pro-a");
    expect(phoneLabel([], "iphone15pro-a")).toBe("iphone15pro-a");
    expect(phoneLabel(null, null)).toBe("unknown phone");
  });
  it("lists every token that reported one id, sorted, each once", () => {
    expect(phoneLabel(["lab B", null, "lab A", "lab B"], "shared-id")).toBe("lab A / lab B · shared-id");
    expect(phoneLabel(["shared-id", "lab A"], "shared-id")).toBe("lab A / shared-id · shared-id");
  });
});

describe("a phone's row on Devices", () => {
  it("is addressed by its token's id", () => {
    expect(phoneAnchor("dev_01")).toBe("device-dev_01");
    expect(phoneHref("dev_01")).toBe("/devices#device-dev_01");
  });
});

describe("deviceMismatchNotice", () => {
  it("is silent without such runs and counts them otherwise", () => {
    expect(deviceMismatchNotice(0)).toBeNull();
    expect(deviceMismatchNotice(1)).toMatch(/^1 run in this selection was submitted with a device id that differs/);
    expect(deviceMismatchNotice(3)).toMatch(/^3 runs in this selection were submitted/);
    expect(deviceMismatchNotice(3)).toMatch(/give each phone its own token on Devices/);
  });
});
