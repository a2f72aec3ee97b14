import type { LoadContrast } from "@/domain/analytics/loadContrast";
import { signedDuration } from "@/domain/analytics/loadPrediction";
import { signedTokens } from "@/domain/budget/draft";
import { studyContrastSentence } from "@/domain/study/reference";

/**
 * The load contrast as the latency and budget pages show it (the same object their API routes
 * return), with the study's figures beside it from the one cited constant.
 */
export function LoadContrastLine({
  contrast,
  tokens,
  testId,
}: {
  contrast: LoadContrast;
  tokens: "median" | "counted";
  testId: string;
}) {
  const c = contrast;
  return (
    <p className="muted" data-testid={testId}>
      <span className="mono">{c.a}</span> vs <span className="mono">{c.b}</span>: {signedTokens(c.tokenDiff)}{" "}
      {tokens === "median" ? "median" : "counted"} start-up tokens predict{" "}
      <b data-testid="contrast-predicted">{signedDuration(c.predicted.ms)}</b> of load (95% CI{" "}
      {signedDuration(c.predicted.ci[0])} to {signedDuration(c.predicted.ci[1])}); measured{" "}
      <b data-testid="contrast-measured">{signedDuration(c.measuredDiffMs)}</b>.{" "}
      <span className="hint" data-testid="study-contrast">
        {studyContrastSentence()}
      </span>
    </p>
  );
}
