import { describe, expect, it } from "vitest";
import { findChromium, launchChromium } from "@/server/report/chromium";

describe("the report's Chromium", () => {
  it("prefers CHROMIUM_PATH, then Debian's chromium, and finds none when nothing exists", () => {
    expect(
      findChromium({ CHROMIUM_PATH: "/opt/c/chrome" }, (p) => p === "/opt/c/chrome" || p === "/usr/bin/chromium"),
    ).toBe("/opt/c/chrome");
    expect(findChromium({ CHROMIUM_PATH: "/opt/missing" }, (p) => p === "/usr/bin/chromium")).toBe("/usr/bin/chromium");
    expect(findChromium({}, () => false)).toBeNull();
  });

  it("says how to get one when there is none, or when it does not start", async () => {
    await expect(launchChromium(null)).rejects.toMatchObject({
      code: "unavailable",
      status: 503,
      message: expect.stringMatching(/install one .*or set CHROMIUM_PATH/),
    });
    await expect(launchChromium("/bin/false")).rejects.toMatchObject({
      code: "unavailable",
      message: expect.stringMatching(/^Chromium at \/bin\/false did not start .*set CHROMIUM_PATH/),
    });
  });
});
