import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { STUDY, studyContrastSentence } from "@/domain/study/reference";
import { LoadContrastLine } from "@/components/analytics/LoadContrastLine";

const root = path.join(__dirname, "..", "..", "..");
const seed = fs.readFileSync("/work/shared/seeds/000_5fad89cc8ffd7ebf.txt", "utf8");

describe("the study's reference figures", () => {
  it("agree with each other: 1,351 − 300 = 1,051 tokens, × 5.2 ms ≈ 5.5 s; 7.8 s − 2.2 s = 5.6 s", () => {
    const c = STUDY.loadContrast;
    expect(c.a.startupTokens - c.b.startupTokens).toBe(c.tokenDiff);
    expect(Math.round((c.tokenDiff * STUDY.ttftMsPerToken) / 100) * 100).toBe(c.predictedDiffMs);
    expect(c.a.loadMs - c.b.loadMs).toBe(c.measuredDiffMs);
  });

  it("are the ones the cited seed document states", () => {
    expect(seed).toContain("5.2 s per 1,000 prompt tokens (R² = 1.000)");
    expect(seed).toContain("(1,351 → 300 tokens)");
    expect(seed).toContain(
      "differ by 1,051 tokens, which predicts 5.5 s, and the measured load times differ by 5.6 s (7.8 s and 2.2 s)",
    );
  });

  it("is said once, from the constant", () => {
    expect(studyContrastSentence()).toBe(
      "The study: file tools with planning (1,351 tokens) vs one bash tool (300): 1,051 tokens predicted 5.5 s, measured 5.6 s.",
    );
    const html = renderToStaticMarkup(
      createElement(LoadContrastLine, {
        tokens: "median",
        testId: "t",
        contrast: {
          a: "x",
          b: "y",
          aTokens: 500,
          bTokens: 100,
          tokenDiff: 400,
          predicted: { ms: 2000, ci: [1900, 2100] },
          measuredDiffMs: 2100,
        },
      }),
    );
    expect(html).toContain(studyContrastSentence());
    expect(html).toContain('+400 median start-up tokens predict <b data-testid="contrast-predicted">+2.0 s</b>');
  });

  it("appear in no page or component of their own (grep of app/ and src/components/)", () => {
    // The figures as a page would write them; any of them in JSX means a second, uncited copy.
    const figures = /\b5\.5 s\b|\b5\.6 s\b|\b1,351\b|\b1,051\b|\b5\.2 ms\b|\b7\.8 s\b/;
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
        );
    const offenders = [...files(path.join(root, "app")), ...files(path.join(root, "src", "components"))]
      .filter((f) => figures.test(fs.readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(offenders).toEqual([]);
  });
});
