import { describe, expect, it } from "vitest";
import { failingAnchor, reportHref, type ReportLinkMap } from "@/domain/report/links";

const map: ReportLinkMap = {
  pages: { "/analytics": "overview.html", "/analytics/latency": "latency.html" },
  runs: new Set(["run_1"]),
  failing: new Set(["t1--files"]),
};

describe("reportHref", () => {
  it("maps analytics pages to report files, dropping their query", () => {
    expect(reportHref("/analytics?session=ses_1", map)).toBe("overview.html");
    expect(reportHref("/analytics/latency?session=ses_1&points=all", map, "../")).toBe("../latency.html");
  });

  it("maps a failing run to its trace page and leaves other runs unlinked", () => {
    expect(reportHref("/runs/run_1", map)).toBe("runs/run_1.html");
    expect(reportHref("/runs/run_1", map, "../")).toBe("../runs/run_1.html");
    expect(reportHref("/runs/run_2", map)).toBeNull();
  });

  it("maps a runs-explorer count to the failing runs of its task and config", () => {
    expect(reportHref("/runs?session=ses_1&task=t1&config=files&passed=false", map)).toBe(
      `index.html#${failingAnchor("t1", "files")}`,
    );
    expect(reportHref("/runs?task=t1&config=bash", map)).toBeNull();
    expect(reportHref("/runs?config=files&looping=true", map)).toBe("index.html#failing");
    expect(reportHref("/runs?task=t1&config=files&passed=true", map)).toBeNull();
    expect(reportHref("/runs?config=files", { ...map, failing: new Set() })).toBeNull();
  });

  it("drops links to pages the report does not have and to other hosts", () => {
    expect(reportHref("/sessions/ses_1", map)).toBeNull();
    expect(reportHref("/api/export/runs.csv?session=ses_1", map)).toBeNull();
    expect(reportHref("https://example.org/analytics", map)).toBeNull();
    expect(reportHref("http://127.0.0.1:3000/analytics", map)).toBe("overview.html");
    expect(reportHref("#top", map)).toBe("#top");
  });
});
