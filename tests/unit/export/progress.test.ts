import { describe, expect, it } from "vitest";
import { createRecordCounter } from "@/domain/export/progress";

describe("createRecordCounter", () => {
  it("counts CSV records after the header, even with CRLF split across chunks", () => {
    const c = createRecordCounter("csv");
    expect(c.add("run_id,session_id\r")).toBe(0);
    expect(c.add("\nrun_1,s\r\nrun_2,s\r")).toBe(1);
    expect(c.add("\n")).toBe(2);
    expect(c.add("run_3,s\r\n")).toBe(3);
  });
  it("counts runs.json runs by their first field, split across chunks", () => {
    const c = createRecordCounter("json");
    expect(c.add('{"version":1,"runs":[\n{"runId":"a","x":1},\n{"run')).toBe(1);
    expect(c.add('Id":"b"}\n]}\n')).toBe(2);
  });
  it("does not count a marker twice when the carried tail is rescanned", () => {
    const c = createRecordCounter("json");
    expect(c.add('{"runId":')).toBe(1);
    expect(c.add('"a"}')).toBe(1);
  });
});
