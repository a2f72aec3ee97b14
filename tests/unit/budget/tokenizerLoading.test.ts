import { describe, expect, it } from "vitest";
import { tokenizerLoadingView } from "@/domain/budget/tokenizerLoading";

describe("tokenizerLoadingView", () => {
  it("before any load: time so far and the usual range, no progress bar it cannot fill honestly", () => {
    expect(tokenizerLoadingView({ loadingForMs: 6_400, lastLoadMs: null })).toEqual({
      text: "Loading the Gemma tokenizer to count start-up tokens: 6 s so far; a first load usually takes 2–25 s.",
      progress: null,
    });
  });
  it("after a load: time left, measured against the last one, with a bar", () => {
    expect(tokenizerLoadingView({ loadingForMs: 4_000, lastLoadMs: 24_000 })).toEqual({
      text: "Loading the Gemma tokenizer to count start-up tokens: 4 s so far, about 20 s left (the last load took 24 s).",
      progress: { value: 4_000, max: 24_000 },
    });
  });
  it("past the last load's time: any moment now, the bar full rather than past its end", () => {
    const v = tokenizerLoadingView({ loadingForMs: 30_000, lastLoadMs: 24_000 });
    expect(v.text).toBe(
      "Loading the Gemma tokenizer to count start-up tokens: 30 s so far; the last load took 24 s, so it should be ready any moment.",
    );
    expect(v.progress).toEqual({ value: 24_000, max: 24_000 });
  });
});
