import { integer } from "../stats/format";

const POINTS_LABEL = { loads: "model loads", turns: "every turn", all: "loads and turns" } as const;

/**
 * "Prefill line over model loads (device any, build any): 5.20 s per 1,000 tokens (95% CI 5.10–5.30),
 * intercept 400 ms (95% CI 310–490), n = 120." Slopes are given per 1,000 tokens like the study.
 */
export function fitCaption(
  fit: {
    n: number;
    slopeMsPerToken: number;
    slopeCi: [number, number];
    interceptMs: number;
    interceptCi: [number, number];
  },
  sel: { device: string | null; build: string | null; points: keyof typeof POINTS_LABEL },
): string {
  const s = (v: number) => v.toFixed(2);
  const ms = (v: number) => `${Math.round(v).toLocaleString("en-US")}`;
  return (
    `Prefill line over ${POINTS_LABEL[sel.points]} (device ${sel.device ?? "any"}, build ${sel.build ?? "any"}): ` +
    `${s(fit.slopeMsPerToken)} s per 1,000 tokens (95% CI ${s(fit.slopeCi[0])}–${s(fit.slopeCi[1])}), ` +
    `intercept ${ms(fit.interceptMs)} ms (95% CI ${ms(fit.interceptCi[0])}–${ms(fit.interceptCi[1])}), n = ${integer(fit.n)}.`
  );
}
