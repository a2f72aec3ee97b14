import { describe, expect, it } from "vitest";
import { applyChanges } from "@/domain/scoring";
import { call, del, write, ws } from "./build";

describe("applyChanges", () => {
  it("gives the workspace after each call, leaving the seed untouched", () => {
    const seed = ws({ "/a": "1" });
    const states = applyChanges(seed, [
      call("w", {}, true, { changes: [write("/b", "2")] }),
      call("r", {}),
      call("w", {}, true, { changes: [write("/a", "1b"), del("/b")] }),
    ]);
    expect(states).toEqual([ws({ "/a": "1", "/b": "2" }), ws({ "/a": "1", "/b": "2" }), ws({ "/a": "1b" })]);
    expect(seed).toEqual(ws({ "/a": "1" }));
  });

  it("applies changes within a call in order: delete then recreate, write then delete", () => {
    const [after] = applyChanges(ws({ "/a": "old", "/b": "keep" }), [
      call("mv", {}, true, { changes: [del("/a"), write("/a", "new"), write("/c", "tmp"), del("/c")] }),
    ]);
    expect(after).toEqual(ws({ "/b": "keep", "/a": "new" }));
  });

  it("deleting a file that does not exist is harmless", () => {
    expect(applyChanges(ws({ "/a": "1" }), [call("rm", {}, false, { changes: [del("/zzz")] })])).toEqual([
      ws({ "/a": "1" }),
    ]);
  });

  it("handles unicode paths", () => {
    const [s1, s2] = applyChanges(ws(), [
      call("w", {}, true, { changes: [write("/メモ/歯医者.md", "火曜日")] }),
      call("w", {}, true, { changes: [write("/メモ/歯医者.md", "水曜日"), write("/café/ñ.md", "é")] }),
    ]);
    expect(s1).toEqual(ws({ "/メモ/歯医者.md": "火曜日" }));
    expect(s2).toEqual(ws({ "/メモ/歯医者.md": "水曜日", "/café/ñ.md": "é" }));
  });

  it("no calls → no states", () => {
    expect(applyChanges(ws({ "/a": "1" }), [])).toEqual([]);
  });
});
