import { describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { zipReport, zipReportOffThread } from "@/server/report/packReport";

describe("zipReportOffThread", () => {
  it("gives the same files as the synchronous zip, compressed off the request thread", async () => {
    const files = new Map([
      ["index.html", "<h1>Report</h1>".repeat(5000)],
      ["runs/run_1.html", "<p>trace</p>".repeat(20000)],
    ]);
    const off = await zipReportOffThread(files);
    const sync = zipReport(files);
    const read = (z: Uint8Array) =>
      Object.fromEntries(Object.entries(unzipSync(z)).map(([name, bytes]) => [name, strFromU8(bytes)]));
    expect(read(off)).toEqual(read(sync));
    expect(Object.keys(read(off)).sort()).toEqual(["report/index.html", "report/runs/run_1.html"]);
  });
});
